// SPDX-License-Identifier: MIT
// The client half's SASL APIs: SaslHandshake 1 (not flexible) and SaslAuthenticate 2, what the observer sends
// on a connection to a SASL listener before anything else. Field order and versions follow <Api>Request.json
// and <Api>Response.json in clients/src/main/resources/common/message/ at 3.7.0 and 4.4.0.
#include "wire/client_fields.h"

namespace hw::wire::client::detail {

// ---------------------------------------------------------------------------------------------
// SaslHandshake 1: "flexibleVersions": "none", so INT16 strings and INT32 array counts, no tagged fields.

void writeSaslHandshake(Writer& w, const SaslHandshakeRequest& body, std::int16_t)
{
    wire::detail::writeString(w, body.mechanism);
}

SaslHandshakeResponse readSaslHandshake(FieldReader& in, std::int16_t)
{
    SaslHandshakeResponse out;
    out.errorCode = in.error("ErrorCode");
    out.mechanisms = in.nonFlexibleStrings(
        "Mechanisms", limits::saslMechanismsPerResponseMax, "limits::saslMechanismsPerResponseMax");
    return out;
}

// ---------------------------------------------------------------------------------------------
// SaslAuthenticate 2

void writeSaslAuthenticate(Writer& w, const SaslAuthenticateRequest& body, std::int16_t)
{
    w.compactBytes(ByteView(body.authBytes.data(), wire::detail::checkedCount(body.authBytes.size())));
    w.emptyTaggedFields();
}

SaslAuthenticateResponse readSaslAuthenticate(FieldReader& in, std::int16_t)
{
    SaslAuthenticateResponse out;
    out.errorCode = in.error("ErrorCode");
    out.errorMessage = in.nullableString("ErrorMessage");
    out.authBytes = in.bytes("AuthBytes");
    out.sessionLifetimeMs = in.int64("SessionLifetimeMs");
    in.noTaggedFields();
    return out;
}

} // namespace hw::wire::client::detail
