// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

/// The SASL client mechanisms the observer authenticates with on a broker's SASL listener (issue 29): PLAIN
/// and SCRAM-SHA-256/512, as pure functions and a small state machine with no socket. They follow Kafka's
/// own client at 4.2.0 (clients/src/main/java/org/apache/kafka/common/security/):
/// - plain/internals/PlainSaslServer.java: the one PLAIN token is authzid NUL authcid NUL password, with an
///   empty authzid (RFC 4616);
/// - scram/internals/ScramSaslClient.java, ScramMessages.java, ScramFormatter.java, ScramMechanism.java:
///   the four SCRAM messages of RFC 5802 with gs2-header "n,," (no channel binding, no authzid), the user
///   name escaped as a saslname, the password as its UTF-8 bytes (ScramFormatter.normalize: no SASLprep),
///   4096 iterations at least (ScramMechanism.minIterations), and the server's signature checked.
/// A secret (the password, the salted password, the keys) never appears in an error message.
namespace hw::realkafka::sasl {

/// A SCRAM exchange that cannot go on: a malformed or refused server message. The message names the
/// mechanism and what was wrong, never a secret.
class SaslError : public std::runtime_error {
public:
    explicit SaslError(const std::string& what) : std::runtime_error(what) { }
};

/// SCRAM-SHA-256 or SCRAM-SHA-512 (ScramMechanism.java); both use at least 4096 iterations.
enum class ScramHash { Sha256, Sha512 };

/// "SCRAM-SHA-256" or "SCRAM-SHA-512".
const char* mechanismName(ScramHash hash);

/// ScramMechanism.minIterations: a server asking for fewer is refused (ScramSaslClient.evaluateChallenge).
constexpr int scramIterationsMin = 4096;

/// A server-first message longer than this is refused before parsing (Kafka's own are about 100 bytes).
constexpr std::size_t scramMessageBytesMax = 4096;

/// The PLAIN token: "" NUL user NUL password (PlainSaslServer.evaluateResponse reads it this way).
std::vector<std::uint8_t> plainToken(std::string_view user, std::string_view password);

/// ScramFormatter.saslName: '=' becomes "=3D" and ',' becomes "=2C".
std::string scramSaslName(std::string_view user);

/// The inverse of scramSaslName (ScramFormatter.username); throws SaslError on a stray '='.
std::string scramUserName(std::string_view saslName);

/// A fresh client nonce: 24 random bytes from OpenSSL's RAND_bytes, in base64 (32 printable characters with
/// no ','). Kafka uses ScramFormatter.secureRandomString (130 random bits in base 36); any printable string
/// without ',' is a valid nonce (RFC 5802 section 7).
std::string randomNonce();

/// Base64 (RFC 4648, with padding), as Kafka's Base64.getEncoder()/getDecoder().
std::string base64Encode(std::string_view bytes);
/// Throws SaslError when the text is not base64 (named by what).
std::string base64Decode(std::string_view text, const std::string& what);

/// The client side of one SCRAM exchange (ScramSaslClient's states). The nonce is given, so tests fix it;
/// KafkaConnection passes randomNonce().
class ScramClient {
public:
    ScramClient(ScramHash hash, std::string user, std::string password, std::string nonce);

    /// "n,,n=<saslname>,r=<nonce>" (ScramMessages.ClientFirstMessage with no extensions).
    std::string clientFirstMessage() const;

    /// Reads the server-first message ("r=<nonce>,s=<salt>,i=<iterations>") and answers with the
    /// client-final one ("c=biws,r=<nonce>,p=<proof>"). Throws SaslError when the message does not parse,
    /// its nonce does not start with ours or it asks for fewer than scramIterationsMin iterations.
    std::string clientFinalMessage(std::string_view serverFirst);

    /// Reads the server-final message: "v=<signature>" must equal HMAC(ServerKey, AuthMessage); "e=<text>" is
    /// the server's error. Throws SaslError on either failure.
    void verifyServerFinal(std::string_view serverFinal) const;

    /// The client's proof and the server's expected signature, base64, once clientFinalMessage ran (tests).
    const std::string& proof() const { return m_proof; }
    const std::string& expectedServerSignature() const { return m_serverSignature; }

private:
    ScramHash m_hash;
    std::string m_user;
    std::string m_password;
    std::string m_nonce;
    std::string m_proof;
    std::string m_serverSignature;
    bool m_finalSent = false;
};

/// The server side of one SCRAM exchange (ScramSaslServer's rules, simplified): what the tests' fake brokers
/// answer with. It knows the user's password and derives the stored credentials from the salt and
/// iterations it is given, as Kafka's ScramCredential holds them.
class ScramServer {
public:
    ScramServer(ScramHash hash, std::string user, std::string password, std::string salt, int iterations,
        std::string serverNonce);

    /// Reads the client-first message and answers "r=<client nonce><server nonce>,s=<salt>,i=<iterations>".
    /// Throws SaslError when the message does not parse or names another user.
    std::string serverFirstMessage(std::string_view clientFirst);

    /// Reads the client-final message: the proof must match the stored key. Returns "v=<signature>", or
    /// throws SaslError("invalid credentials") when the proof is wrong.
    std::string serverFinalMessage(std::string_view clientFinal) const;

private:
    ScramHash m_hash;
    std::string m_user;
    std::string m_password;
    std::string m_salt;
    int m_iterations;
    std::string m_serverNonce;
    std::string m_clientFirstBare;
    std::string m_serverFirst;
    std::string m_nonce;
};

} // namespace hw::realkafka::sasl
