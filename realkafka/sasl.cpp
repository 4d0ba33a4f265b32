// SPDX-License-Identifier: MIT
#include "realkafka/sasl.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <algorithm>
#include <charconv>
#include <utility>

namespace hw::realkafka::sasl {

namespace {

const EVP_MD* digestOf(ScramHash hash)
{
    return hash == ScramHash::Sha256 ? EVP_sha256() : EVP_sha512();
}

std::string hmac(ScramHash hash, std::string_view key, std::string_view data)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (HMAC(digestOf(hash), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &length)
        == nullptr)
        throw SaslError(std::string(mechanismName(hash)) + ": HMAC failed in OpenSSL");
    return std::string(reinterpret_cast<const char*>(out), length);
}

std::string digest(ScramHash hash, std::string_view data)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(data.data(), data.size(), out, &length, digestOf(hash), nullptr) != 1)
        throw SaslError(std::string(mechanismName(hash)) + ": the digest failed in OpenSSL");
    return std::string(reinterpret_cast<const char*>(out), length);
}

/// ScramFormatter.hi: PBKDF2 with the mechanism's HMAC over the password's UTF-8 bytes.
std::string saltedPassword(ScramHash hash, std::string_view password, std::string_view salt, int iterations)
{
    std::string out(static_cast<std::size_t>(EVP_MD_get_size(digestOf(hash))), '\0');
    if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
            reinterpret_cast<const unsigned char*>(salt.data()), static_cast<int>(salt.size()), iterations,
            digestOf(hash), static_cast<int>(out.size()), reinterpret_cast<unsigned char*>(out.data()))
        != 1)
        throw SaslError(std::string(mechanismName(hash)) + ": PBKDF2 failed in OpenSSL");
    return out;
}

std::string exclusiveOr(std::string_view a, std::string_view b)
{
    std::string out(a.size(), '\0');
    for (std::size_t i = 0; i < a.size(); ++i)
        out[i] = static_cast<char>(a[i] ^ b[i]);
    return out;
}

bool equalInConstantTime(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

/// The message's comma-separated attributes ("r=abc" -> {'r', "abc"}).
struct Attribute {
    char name;
    std::string_view value;
};

std::vector<Attribute> attributesOf(std::string_view message, const std::string& what)
{
    if (message.size() > scramMessageBytesMax)
        throw SaslError(what + ": " + std::to_string(message.size()) + " bytes, at most "
            + std::to_string(scramMessageBytesMax) + " expected (sasl::scramMessageBytesMax)");
    std::vector<Attribute> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = message.find(',', start);
        const std::string_view part = message.substr(start, comma == std::string_view::npos ? comma : comma - start);
        if (part.size() < 2 || part[1] != '=')
            throw SaslError(what + " is not a SCRAM message: an attribute is not of the form x=value");
        out.push_back({ part[0], part.substr(2) });
        if (comma == std::string_view::npos)
            return out;
        start = comma + 1;
    }
}

/// The SCRAM messages' printable text: the server's words may end up in an error message, so only printable
/// ASCII is quoted and the rest is replaced.
std::string printable(std::string_view text)
{
    std::string out;
    for (const char c : text.substr(0, 200))
        out += (c >= 0x20 && c < 0x7f) ? c : '?';
    return out;
}

std::string authMessage(std::string_view clientFirstBare, std::string_view serverFirst, std::string_view finalBare)
{
    std::string out(clientFirstBare);
    out += ',';
    out += serverFirst;
    out += ',';
    out += finalBare;
    return out;
}

/// "c=biws": base64 of the gs2-header "n,," (ScramSaslClient.handleServerFirstMessage).
constexpr const char* channelBinding = "c=biws";

} // namespace

const char* mechanismName(ScramHash hash)
{
    return hash == ScramHash::Sha256 ? "SCRAM-SHA-256" : "SCRAM-SHA-512";
}

std::vector<std::uint8_t> plainToken(std::string_view user, std::string_view password)
{
    std::vector<std::uint8_t> out(user.size() + password.size() + 2, 0);
    std::copy(user.begin(), user.end(), out.begin() + 1);
    std::copy(password.begin(), password.end(), out.begin() + 2 + static_cast<std::ptrdiff_t>(user.size()));
    return out;
}

std::string scramSaslName(std::string_view user)
{
    std::string out;
    for (const char c : user) {
        if (c == '=')
            out += "=3D";
        else if (c == ',')
            out += "=2C";
        else
            out += c;
    }
    return out;
}

std::string scramUserName(std::string_view saslName)
{
    std::string out;
    for (std::size_t i = 0; i < saslName.size(); ++i) {
        if (saslName[i] != '=') {
            out += saslName[i];
            continue;
        }
        const std::string_view escape = saslName.substr(i, 3);
        if (escape == "=3D")
            out += '=';
        else if (escape == "=2C")
            out += ',';
        else
            throw SaslError("SCRAM user name: '=' not followed by 3D or 2C");
        i += 2;
    }
    return out;
}

std::string randomNonce()
{
    unsigned char bytes[24];
    if (RAND_bytes(bytes, sizeof bytes) != 1)
        throw SaslError("SCRAM nonce: OpenSSL's RAND_bytes failed");
    return base64Encode(std::string_view(reinterpret_cast<const char*>(bytes), sizeof bytes));
}

std::string base64Encode(std::string_view bytes)
{
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int length = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
        reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(length));
    return out;
}

std::string base64Decode(std::string_view text, const std::string& what)
{
    if (text.size() % 4 != 0)
        throw SaslError(what + " is not base64: its length is not a multiple of 4");
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool alphabet = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+'
            || c == '/';
        const bool padding = c == '=' && i + 2 >= text.size() && (i + 1 == text.size() || text[i + 1] == '=');
        if (!alphabet && !padding)
            throw SaslError(what + " is not base64: character " + std::to_string(i + 1));
    }
    std::string out(text.size() / 4 * 3, '\0');
    const int length = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
        reinterpret_cast<const unsigned char*>(text.data()), static_cast<int>(text.size()));
    if (length < 0)
        throw SaslError(what + " is not base64");
    std::size_t padding = 0;
    if (!text.empty() && text.back() == '=')
        padding = text[text.size() - 2] == '=' ? 2 : 1;
    out.resize(static_cast<std::size_t>(length) - padding);
    return out;
}

ScramClient::ScramClient(ScramHash hash, std::string user, std::string password, std::string nonce)
    : m_hash(hash), m_user(std::move(user)), m_password(std::move(password)), m_nonce(std::move(nonce))
{
}

std::string ScramClient::clientFirstMessage() const
{
    return "n,,n=" + scramSaslName(m_user) + ",r=" + m_nonce;
}

std::string ScramClient::clientFinalMessage(std::string_view serverFirst)
{
    const std::string what = std::string(mechanismName(m_hash)) + " server-first message";
    const std::vector<Attribute> attributes = attributesOf(serverFirst, what);
    // ScramMessages.ServerFirstMessage: [m=...,] r=nonce,s=salt,i=iterations[,extensions]; Kafka ignores
    // the reserved m= and the extensions.
    std::size_t at = !attributes.empty() && attributes[0].name == 'm' ? 1 : 0;
    if (attributes.size() < at + 3 || attributes[at].name != 'r' || attributes[at + 1].name != 's'
        || attributes[at + 2].name != 'i')
        throw SaslError(what + " is not r=<nonce>,s=<salt>,i=<iterations>: \"" + printable(serverFirst) + "\"");
    const std::string_view nonce = attributes[at].value;
    if (nonce.substr(0, m_nonce.size()) != m_nonce || nonce.size() <= m_nonce.size())
        throw SaslError("Invalid server nonce: does not start with client nonce (" + what + ")");
    const std::string salt = base64Decode(attributes[at + 1].value, what + ": the salt");
    const std::string_view digits = attributes[at + 2].value;
    int iterations = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), iterations);
    if (error != std::errc() || end != digits.data() + digits.size() || iterations <= 0)
        throw SaslError(what + ": invalid iterations \"" + printable(digits) + "\"");
    if (iterations < scramIterationsMin)
        throw SaslError("Requested iterations " + std::to_string(iterations) + " is less than the minimum "
            + std::to_string(scramIterationsMin) + " for " + mechanismName(m_hash));

    // ScramFormatter.clientProof and serverSignature (RFC 5802 section 3).
    const std::string salted = saltedPassword(m_hash, m_password, salt, iterations);
    const std::string clientKey = hmac(m_hash, salted, "Client Key");
    const std::string storedKey = digest(m_hash, clientKey);
    const std::string finalBare = std::string(channelBinding) + ",r=" + std::string(nonce);
    const std::string clientFirstBare = clientFirstMessage().substr(3);
    const std::string message = authMessage(clientFirstBare, serverFirst, finalBare);
    const std::string clientSignature = hmac(m_hash, storedKey, message);
    m_proof = base64Encode(exclusiveOr(clientKey, clientSignature));
    const std::string serverKey = hmac(m_hash, salted, "Server Key");
    m_serverSignature = base64Encode(hmac(m_hash, serverKey, message));
    m_finalSent = true;
    return finalBare + ",p=" + m_proof;
}

void ScramClient::verifyServerFinal(std::string_view serverFinal) const
{
    const std::string what = std::string(mechanismName(m_hash)) + " server-final message";
    if (!m_finalSent)
        throw SaslError(what + " before the client-final message");
    // ScramMessages.ServerFinalMessage: e=<error> | v=<signature>[,extensions].
    if (serverFinal.substr(0, 2) == "e=")
        throw SaslError("Sasl authentication using " + std::string(mechanismName(m_hash))
            + " failed with error: " + printable(serverFinal.substr(2)));
    const std::vector<Attribute> attributes = attributesOf(serverFinal, what);
    if (attributes[0].name != 'v')
        throw SaslError(what + " is neither v=<signature> nor e=<error>: \"" + printable(serverFinal) + "\"");
    if (!equalInConstantTime(
            base64Decode(attributes[0].value, what), base64Decode(m_serverSignature, "the expected signature")))
        throw SaslError("Invalid server signature in " + what);
}

ScramServer::ScramServer(ScramHash hash, std::string user, std::string password, std::string salt, int iterations,
    std::string serverNonce)
    : m_hash(hash)
    , m_user(std::move(user))
    , m_password(std::move(password))
    , m_salt(std::move(salt))
    , m_iterations(iterations)
    , m_serverNonce(std::move(serverNonce))
{
}

std::string ScramServer::serverFirstMessage(std::string_view clientFirst)
{
    const std::string what = std::string(mechanismName(m_hash)) + " client-first message";
    if (clientFirst.substr(0, 3) != "n,,")
        throw SaslError(what + " does not start with the gs2-header \"n,,\"");
    m_clientFirstBare = std::string(clientFirst.substr(3));
    const std::vector<Attribute> attributes = attributesOf(m_clientFirstBare, what);
    if (attributes.size() < 2 || attributes[0].name != 'n' || attributes[1].name != 'r')
        throw SaslError(what + " is not n=<user>,r=<nonce>");
    if (scramUserName(attributes[0].value) != m_user)
        throw SaslError("invalid credentials: unknown user");
    m_nonce = std::string(attributes[1].value) + m_serverNonce;
    m_serverFirst = "r=" + m_nonce + ",s=" + base64Encode(m_salt) + ",i=" + std::to_string(m_iterations);
    return m_serverFirst;
}

std::string ScramServer::serverFinalMessage(std::string_view clientFinal) const
{
    const std::string what = std::string(mechanismName(m_hash)) + " client-final message";
    const std::size_t proofAt = clientFinal.rfind(",p=");
    if (proofAt == std::string_view::npos)
        throw SaslError(what + " has no proof");
    const std::string_view finalBare = clientFinal.substr(0, proofAt);
    if (finalBare != std::string(channelBinding) + ",r=" + m_nonce)
        throw SaslError(what + ": wrong channel binding or nonce");
    const std::string proof = base64Decode(clientFinal.substr(proofAt + 3), what + ": the proof");
    const std::string salted = saltedPassword(m_hash, m_password, m_salt, m_iterations);
    const std::string storedKey = digest(m_hash, hmac(m_hash, salted, "Client Key"));
    const std::string message = authMessage(m_clientFirstBare, m_serverFirst, finalBare);
    const std::string clientSignature = hmac(m_hash, storedKey, message);
    // ScramSaslServer.verifyClientProof: H(proof XOR ClientSignature) must be the stored key.
    if (proof.size() != clientSignature.size()
        || !equalInConstantTime(digest(m_hash, exclusiveOr(proof, clientSignature)), storedKey))
        throw SaslError("invalid credentials");
    return "v=" + base64Encode(hmac(m_hash, hmac(m_hash, salted, "Server Key"), message));
}

} // namespace hw::realkafka::sasl
