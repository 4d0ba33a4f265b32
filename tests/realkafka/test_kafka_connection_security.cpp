// SPDX-License-Identifier: MIT
// KafkaConnection with a SecurityConfig (issue 29), against brokers in the test, no JVM: a TLS server on
// loopback with the certificates in data/tls (made by data/tls/make-certificates.sh), and a fake broker that
// speaks ApiVersions, SaslHandshake 1 and SaslAuthenticate 2 with sasl::ScramServer or PLAIN behind them.
#include "realkafka/cluster_observer.h"
#include "realkafka/kafka_connection.h"
#include "realkafka/sasl.h"

#include "wire/protocol.h"

#include <asio.hpp>
#include <asio/ssl.hpp>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>

namespace hw::realkafka {
namespace {

using asio::ip::tcp;
using namespace std::chrono_literals;

const std::string tlsDir = std::string(HW_REALKAFKA_TEST_DATA_DIR) + "/tls/";
constexpr const char* password = "correct horse battery staple";

/// Given one request frame (without its size prefix), the whole answer frame to send, or nothing.
using Handler = std::function<wire::Bytes(const wire::Bytes& request)>;

std::int16_t apiKeyOf(const wire::Bytes& request)
{
    return static_cast<std::int16_t>((request[0] << 8) | request[1]);
}

std::uint32_t readInt32(const wire::Bytes& bytes, std::size_t at)
{
    return (std::uint32_t { bytes[at] } << 24) | (std::uint32_t { bytes[at + 1] } << 16)
        | (std::uint32_t { bytes[at + 2] } << 8) | bytes[at + 3];
}

void putInt16(wire::Bytes& out, std::int16_t value)
{
    out.push_back(static_cast<std::uint8_t>(static_cast<std::uint16_t>(value) >> 8));
    out.push_back(static_cast<std::uint8_t>(value));
}

void putInt32(wire::Bytes& out, std::uint32_t value)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void putUnsignedVarint(wire::Bytes& out, std::uint32_t value)
{
    while (value >= 0x80) {
        out.push_back(static_cast<std::uint8_t>(value | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(value));
}

/// The size prefix in front of a frame.
wire::Bytes framed(const wire::Bytes& body)
{
    wire::Bytes out(4 + body.size());
    const auto size = static_cast<std::uint32_t>(body.size());
    for (std::size_t i = 0; i < 4; ++i)
        out[i] = static_cast<std::uint8_t>(size >> (24 - 8 * i));
    std::copy(body.begin(), body.end(), out.begin() + 4);
    return out;
}

/// ApiVersions v3 from a broker with a SASL listener (ApiVersions 0-3, Metadata 0-12, SaslHandshake 0-1,
/// SaslAuthenticate 0-2).
wire::Bytes apiVersionsAnswer(const wire::Bytes& request)
{
    wire::RequestHeader header;
    header.apiKey = wire::ApiKey::ApiVersions;
    header.apiVersion = 3;
    header.correlationId = static_cast<std::int32_t>(readInt32(request, 4));
    wire::ApiVersionsResponse response;
    response.apiKeys = { { wire::ApiKey::ApiVersions, 0, 3 }, { wire::ApiKey::Metadata, 0, 12 },
        { wire::ApiKey::SaslHandshake, 0, 1 }, { wire::ApiKey::SaslAuthenticate, 0, 2 } };
    return wire::encodeResponse(header, response);
}

/// The request header's end: INT16 key, INT16 version, INT32 correlation id, INT16-prefixed client id, and
/// for a flexible request (SaslAuthenticate 2) one empty tagged-field count.
std::size_t bodyStart(const wire::Bytes& request, bool flexible)
{
    const std::size_t clientIdLength = (std::size_t { request[8] } << 8) | request[9];
    return 10 + clientIdLength + (flexible ? 1 : 0);
}

/// SaslHandshake v1 request: the mechanism (INT16 string).
std::string handshakeMechanism(const wire::Bytes& request)
{
    const std::size_t at = bodyStart(request, false);
    const std::size_t length = (std::size_t { request[at] } << 8) | request[at + 1];
    return std::string(request.begin() + static_cast<std::ptrdiff_t>(at + 2),
        request.begin() + static_cast<std::ptrdiff_t>(at + 2 + length));
}

/// SaslHandshake v1 response (header v0): error code and the enabled mechanisms.
wire::Bytes handshakeAnswer(const wire::Bytes& request, wire::ErrorCode error, const std::vector<std::string>& enabled)
{
    wire::Bytes body;
    putInt32(body, readInt32(request, 4));
    putInt16(body, static_cast<std::int16_t>(error));
    putInt32(body, static_cast<std::uint32_t>(enabled.size()));
    for (const std::string& name : enabled) {
        putInt16(body, static_cast<std::int16_t>(name.size()));
        body.insert(body.end(), name.begin(), name.end());
    }
    return framed(body);
}

/// SaslAuthenticate v2 request: the token (COMPACT_BYTES; the tests' tokens are under 127 bytes).
std::string authenticateToken(const wire::Bytes& request)
{
    const std::size_t at = bodyStart(request, true);
    const std::size_t length = request[at] - 1u;
    return std::string(request.begin() + static_cast<std::ptrdiff_t>(at + 1),
        request.begin() + static_cast<std::ptrdiff_t>(at + 1 + length));
}

/// SaslAuthenticate v2 response (header v1): error, message, token, session lifetime.
wire::Bytes authenticateAnswer(const wire::Bytes& request, wire::ErrorCode error,
    const std::optional<std::string>& message, const std::string& token)
{
    wire::Bytes body;
    putInt32(body, readInt32(request, 4));
    putUnsignedVarint(body, 0);
    putInt16(body, static_cast<std::int16_t>(error));
    if (message) {
        putUnsignedVarint(body, static_cast<std::uint32_t>(message->size() + 1));
        body.insert(body.end(), message->begin(), message->end());
    } else {
        putUnsignedVarint(body, 0);
    }
    putUnsignedVarint(body, static_cast<std::uint32_t>(token.size() + 1));
    body.insert(body.end(), token.begin(), token.end());
    putInt32(body, 0);
    putInt32(body, 0);
    putUnsignedVarint(body, 0);
    return framed(body);
}

/// What a SASL fake broker saw.
struct Seen {
    std::mutex mutex;
    std::vector<std::int16_t> apiKeys;
    std::string mechanism;
    bool authenticated = false;
};

/// A broker with SASL: ApiVersions, SaslHandshake (enabling only `enabled`), then SCRAM-SHA-256 for "alice"
/// with `password` through sasl::ScramServer, or PLAIN. A wrong password gets error 58 and Kafka's message:
/// for SCRAM SaslServerAuthenticator.handleSaslToken's (4.2.0) "Authentication failed during authentication
/// due to invalid credentials with SASL mechanism " + mechanism; for PLAIN PlainSaslServer.evaluateResponse's
/// "Authentication failed: Invalid username or password".
Handler saslBroker(Seen& seen, std::vector<std::string> enabled, std::string extraMessage = {})
{
    auto scram = std::make_shared<sasl::ScramServer>(
        sasl::ScramHash::Sha256, "alice", password, "pinch of salt", 4096, "ServerPart");
    auto round = std::make_shared<int>(0);
    return [&seen, enabled = std::move(enabled), extraMessage, scram, round](const wire::Bytes& request) {
        std::lock_guard lock(seen.mutex);
        const std::int16_t key = apiKeyOf(request);
        seen.apiKeys.push_back(key);
        if (key == static_cast<std::int16_t>(wire::ApiKey::ApiVersions))
            return apiVersionsAnswer(request);
        if (key == static_cast<std::int16_t>(wire::ApiKey::SaslHandshake)) {
            seen.mechanism = handshakeMechanism(request);
            const bool known = std::find(enabled.begin(), enabled.end(), seen.mechanism) != enabled.end();
            return handshakeAnswer(request, known ? wire::ErrorCode::None : wire::ErrorCode::UnsupportedSaslMechanism,
                enabled);
        }
        const std::string token = authenticateToken(request);
        const std::string refused = "Authentication failed during authentication due to invalid credentials with "
                                    "SASL mechanism "
            + seen.mechanism + extraMessage;
        if (seen.mechanism == "PLAIN") {
            if (token != std::string("\0alice\0", 7) + password)
                return authenticateAnswer(request, wire::ErrorCode::SaslAuthenticationFailed,
                    "Authentication failed: Invalid username or password" + extraMessage, "");
            seen.authenticated = true;
            return authenticateAnswer(request, wire::ErrorCode::None, std::nullopt, "");
        }
        try {
            if ((*round)++ == 0)
                return authenticateAnswer(
                    request, wire::ErrorCode::None, std::nullopt, scram->serverFirstMessage(token));
            const std::string serverFinal = scram->serverFinalMessage(token);
            seen.authenticated = true;
            return authenticateAnswer(request, wire::ErrorCode::None, std::nullopt, serverFinal);
        } catch (const sasl::SaslError&) {
            return authenticateAnswer(request, wire::ErrorCode::SaslAuthenticationFailed, refused, "");
        }
    };
}

/// A one-connection broker on a free loopback port, plain or TLS (data/tls/broker.pem, for "localhost"),
/// answering each request frame with the handler until the client closes. Silent: accept and never speak;
/// NotTls: answer the client's first bytes with a line of plain text and close, as a plaintext listener might;
/// MutualTls: TLS that requires a client certificate signed by data/tls/ca.pem.
class TestBroker {
public:
    enum class Mode { Plain, Tls, Silent, NotTls, MutualTls };

    TestBroker(Mode mode, Handler handler)
        : m_tls(asio::ssl::context::tls_server)
        , m_acceptor(m_io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0))
    {
        m_port = m_acceptor.local_endpoint().port();
        m_tls.use_certificate_chain_file(tlsDir + "broker.pem");
        m_tls.use_private_key_file(tlsDir + "broker.key", asio::ssl::context::pem);
        if (mode == Mode::MutualTls) {
            m_tls.set_verify_mode(asio::ssl::verify_peer | asio::ssl::verify_fail_if_no_peer_cert);
            m_tls.load_verify_file(tlsDir + "ca.pem");
        }
        m_thread = std::thread([this, mode, handler = std::move(handler)] {
            asio::error_code ec;
            tcp::socket socket(m_io);
            m_acceptor.accept(socket, ec);
            if (ec)
                return;
            if (mode == Mode::Silent) {
                std::array<std::uint8_t, 1024> ignored {};
                while (!ec)
                    socket.read_some(asio::buffer(ignored), ec);
                return;
            }
            if (mode == Mode::NotTls) {
                std::array<std::uint8_t, 16> hello {};
                asio::read(socket, asio::buffer(hello), ec);
                asio::write(socket, asio::buffer(std::string("HTTP/1.1 400 Bad Request\r\n\r\n")), ec);
                return;
            }
            if (mode == Mode::Plain) {
                serve(socket, handler);
                return;
            }
            asio::ssl::stream<tcp::socket&> stream(socket, m_tls);
            stream.handshake(asio::ssl::stream_base::server, ec);
            if (!ec)
                serve(stream, handler);
        });
    }
    ~TestBroker()
    {
        asio::error_code ignored;
        m_acceptor.close(ignored);
        m_thread.join();
    }
    std::uint16_t port() const { return m_port; }

private:
    template <typename Stream> static void serve(Stream& stream, const Handler& handler)
    {
        asio::error_code ec;
        while (true) {
            std::array<std::uint8_t, 4> size {};
            asio::read(stream, asio::buffer(size), ec);
            if (ec)
                return;
            wire::Bytes request(readInt32(wire::Bytes(size.begin(), size.end()), 0));
            asio::read(stream, asio::buffer(request), ec);
            if (ec)
                return;
            const wire::Bytes answer = handler(request);
            if (!answer.empty())
                asio::write(stream, asio::buffer(answer), ec);
        }
    }

    asio::io_context m_io;
    asio::ssl::context m_tls;
    tcp::acceptor m_acceptor;
    std::uint16_t m_port = 0;
    std::thread m_thread;
};

SecurityConfig tlsConfig(const std::string& ca = tlsDir + "ca.pem")
{
    SecurityConfig config;
    config.protocol = SecurityProtocol::Ssl;
    config.caLocation = ca;
    return config;
}

SecurityConfig saslConfig(SaslMechanism mechanism, const std::string& secret)
{
    SecurityConfig config;
    config.protocol = SecurityProtocol::SaslPlaintext;
    config.mechanism = mechanism;
    config.username = "alice";
    config.password = secret;
    return config;
}

/// Connects and expects a ConnectionError holding every fragment (and never the password), within bound.
void expectFailure(const std::string& host, std::uint16_t port, const SecurityConfig& config,
    const std::vector<std::string>& fragments, std::chrono::milliseconds timeout = 3000ms,
    std::chrono::milliseconds bound = 5000ms)
{
    const auto start = std::chrono::steady_clock::now();
    try {
        KafkaConnection connection(3, host, port, timeout, config);
        ADD_FAILURE() << "connected";
    } catch (const ConnectionError& error) {
        const std::string message = error.what();
        for (const std::string& fragment : fragments)
            EXPECT_NE(message.find(fragment), std::string::npos) << message << "\nlacks: " << fragment;
        EXPECT_EQ(message.find(password), std::string::npos) << "the password shows: " << message;
        if (!config.password.empty()) {
            EXPECT_EQ(message.find(config.password), std::string::npos) << "the password shows: " << message;
        }
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, bound);
}

wire::Bytes answerApiVersionsOnly(const wire::Bytes& request)
{
    return apiVersionsAnswer(request);
}

TEST(KafkaConnectionTls, AGoodHandshakeByHostNameThenApiVersions)
{
    TestBroker broker(TestBroker::Mode::Tls, answerApiVersionsOnly);
    KafkaConnection connection(3, "localhost", broker.port(), 3000ms, tlsConfig());
    EXPECT_EQ(connection.versionFor(wire::ApiKey::Metadata), std::optional<std::int16_t>(12));
}

TEST(KafkaConnectionTls, ABrokerCertificateFromAnotherCaIsRefused)
{
    TestBroker broker(TestBroker::Mode::Tls, answerApiVersionsOnly);
    expectFailure("localhost", broker.port(), tlsConfig(tlsDir + "other-ca.pem"),
        { "node 3 (localhost:", "TLS handshake", "does not verify", "other-ca.pem" });
}

TEST(KafkaConnectionTls, AWrongHostNameIsRefusedUnlessTheCheckIsOff)
{
    {
        TestBroker broker(TestBroker::Mode::Tls, answerApiVersionsOnly);
        expectFailure("127.0.0.1", broker.port(), tlsConfig(),
            { "TLS handshake", "certificate is not for \"127.0.0.1\"", "ssl.endpoint.identification.algorithm" });
    }
    TestBroker broker(TestBroker::Mode::Tls, answerApiVersionsOnly);
    SecurityConfig unchecked = tlsConfig();
    unchecked.verifyHostName = false;
    KafkaConnection connection(3, "127.0.0.1", broker.port(), 3000ms, unchecked);
    EXPECT_TRUE(connection.versionFor(wire::ApiKey::Metadata));
}

TEST(KafkaConnectionTls, ASilentPeerCostsTheTimeoutOfTheHandshake)
{
    TestBroker broker(TestBroker::Mode::Silent, nullptr);
    expectFailure("localhost", broker.port(), tlsConfig(), { "TLS handshake: no answer within 300 ms" }, 300ms, 2000ms);
}

TEST(KafkaConnectionTls, APlainListenerIsNotMistakenForTls)
{
    TestBroker broker(TestBroker::Mode::NotTls, nullptr);
    expectFailure("127.0.0.1", broker.port(), tlsConfig(), { "TLS handshake: " }, 3000ms, 1000ms);
}

TEST(KafkaConnectionTls, AClientCertificateWhenTheBrokerRequiresOne)
{
    {
        TestBroker broker(TestBroker::Mode::MutualTls, answerApiVersionsOnly);
        SecurityConfig config = tlsConfig();
        config.certificateLocation = tlsDir + "client.pem";
        config.keyLocation = tlsDir + "client.key";
        KafkaConnection connection(3, "localhost", broker.port(), 3000ms, config);
        EXPECT_TRUE(connection.versionFor(wire::ApiKey::Metadata));
    }
    // Without one the broker refuses it: in TLS 1.3 the client learns so at its first read.
    TestBroker broker(TestBroker::Mode::MutualTls, answerApiVersionsOnly);
    expectFailure("localhost", broker.port(), tlsConfig(), { "certificate required" });
}

TEST(KafkaConnectionSasl, ScramSha256WithTheRightPasswordAuthenticatesAfterApiVersions)
{
    Seen seen;
    TestBroker broker(TestBroker::Mode::Plain, saslBroker(seen, { "SCRAM-SHA-256", "PLAIN" }));
    KafkaConnection connection(3, "127.0.0.1", broker.port(), 3000ms,
        saslConfig(SaslMechanism::ScramSha256, password));
    std::lock_guard lock(seen.mutex);
    EXPECT_TRUE(seen.authenticated);
    EXPECT_EQ(seen.mechanism, "SCRAM-SHA-256");
    // SaslClientAuthenticator's order: ApiVersions, SaslHandshake, then two SaslAuthenticate rounds.
    EXPECT_EQ(seen.apiKeys, (std::vector<std::int16_t> { 18, 17, 36, 36 }));
}

TEST(KafkaConnectionSasl, AWrongPasswordIsError58WithKafkasMessageAndNoPassword)
{
    Seen seen;
    TestBroker broker(TestBroker::Mode::Plain, saslBroker(seen, { "SCRAM-SHA-256" }));
    expectFailure("127.0.0.1", broker.port(), saslConfig(SaslMechanism::ScramSha256, "Wr0ng-Passw0rd"),
        { "node 3 (127.0.0.1:", "SaslAuthenticate v2 (SCRAM-SHA-256, user \"alice\")", "SASL_AUTHENTICATION_FAILED",
            "invalid credentials with SASL mechanism SCRAM-SHA-256" });
    std::lock_guard lock(seen.mutex);
    EXPECT_FALSE(seen.authenticated);
}

TEST(KafkaConnectionSasl, AMechanismTheListenerDoesNotEnableNamesTheOnesItDoes)
{
    Seen seen;
    TestBroker broker(TestBroker::Mode::Plain, saslBroker(seen, { "PLAIN", "SCRAM-SHA-512" }));
    expectFailure("127.0.0.1", broker.port(), saslConfig(SaslMechanism::ScramSha256, password),
        { "SaslHandshake v1", "SCRAM-SHA-256 is not enabled", "the broker enables: PLAIN, SCRAM-SHA-512" });
}

TEST(KafkaConnectionSasl, ABrokerMessageEchoingThePasswordIsRedacted)
{
    const std::string wrong = "echo-me-not";
    Seen seen;
    TestBroker broker(TestBroker::Mode::Plain, saslBroker(seen, { "PLAIN" }, " (you sent " + wrong + ")"));
    expectFailure("127.0.0.1", broker.port(), saslConfig(SaslMechanism::Plain, wrong),
        { "SaslAuthenticate v2 (PLAIN, user \"alice\")", "SASL_AUTHENTICATION_FAILED: Authentication failed: Invalid "
                                                        "username or password (you sent (password))" });
}

TEST(KafkaConnectionSasl, PlainOverTlsAuthenticates)
{
    Seen seen;
    TestBroker broker(TestBroker::Mode::Tls, saslBroker(seen, { "PLAIN" }));
    SecurityConfig config = saslConfig(SaslMechanism::Plain, password);
    config.protocol = SecurityProtocol::SaslSsl;
    config.caLocation = tlsDir + "ca.pem";
    KafkaConnection connection(3, "localhost", broker.port(), 3000ms, config);
    std::lock_guard lock(seen.mutex);
    EXPECT_TRUE(seen.authenticated);
    EXPECT_EQ(seen.mechanism, "PLAIN");
}


// The ClusterObserver's connections are secured as its options say (issue 29): the bootstrap connection
// authenticates before its first request, and a wrong password fails the first poll with the broker's message.
TEST(ClusterObserverSecurity, AWrongPasswordFailsTheFirstPollWithTheBrokersMessageAndNoPassword)
{
    Seen seen;
    TestBroker broker(TestBroker::Mode::Plain, saslBroker(seen, { "SCRAM-SHA-256" }));
    ClusterObserverOptions options;
    options.bootstrap = "127.0.0.1:" + std::to_string(broker.port());
    options.security = saslConfig(SaslMechanism::ScramSha256, "Wr0ng-Passw0rd");
    options.requestTimeout = 3000ms;
    std::string message = "no error";
    try {
        ClusterObserver(options).poll();
    } catch (const ClusterObserverError& error) {
        message = error.what();
    }
    for (const std::string fragment : { "no bootstrap broker answered", "SaslAuthenticate v2 (SCRAM-SHA-256, user \"alice\")",
             "SASL_AUTHENTICATION_FAILED", "invalid credentials with SASL mechanism SCRAM-SHA-256" })
        EXPECT_NE(message.find(fragment), std::string::npos) << message << "\nlacks: " << fragment;
    EXPECT_EQ(message.find("Wr0ng-Passw0rd"), std::string::npos) << message;
    std::lock_guard lock(seen.mutex);
    EXPECT_FALSE(seen.authenticated);
}

TEST(ClusterObserverSecurity, SaslOverTlsAuthenticatesBeforeTheFirstDescribeCluster)
{
    Seen seen;
    TestBroker broker(TestBroker::Mode::Tls, saslBroker(seen, { "PLAIN" }));
    ClusterObserverOptions options;
    options.bootstrap = "localhost:" + std::to_string(broker.port());
    SecurityConfig config = saslConfig(SaslMechanism::Plain, password);
    config.protocol = SecurityProtocol::SaslSsl;
    config.caLocation = tlsDir + "ca.pem";
    options.security = config;
    options.requestTimeout = 3000ms;
    // The test broker speaks SASL only (its ApiVersions lists nothing else): once authenticated, the poll
    // fails at its first request, DescribeCluster, which the broker lacks.
    std::string message = "no error";
    try {
        ClusterObserver(options).poll();
    } catch (const ClusterObserverError& error) {
        message = error.what();
    }
    EXPECT_NE(message.find("DescribeCluster"), std::string::npos) << message;
    EXPECT_EQ(message.find("SASL"), std::string::npos) << message;
    std::lock_guard lock(seen.mutex);
    EXPECT_TRUE(seen.authenticated);
    EXPECT_EQ(seen.apiKeys, (std::vector<std::int16_t> { 18, 17, 36 }));
}

} // namespace
} // namespace hw::realkafka
