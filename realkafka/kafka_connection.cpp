// SPDX-License-Identifier: MIT
#include "realkafka/kafka_connection.h"

#include "realkafka/sasl.h"
#include "wire/limits.h"

#include <asio.hpp>
#include <asio/ssl.hpp>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <array>
#include <functional>
#include <sstream>
#include <utility>

namespace hw::realkafka {

using asio::ip::tcp;
namespace client = wire::client;

namespace {

/// The smallest response frame: a response header is at least its INT32 correlation id.
constexpr std::int32_t responseBytesMin = 4;

/// The client software name and version ApiVersions v3 sends (shown by the broker's metrics).
constexpr const char* softwareName = wire::observerSoftwareName;
constexpr const char* softwareVersion = "1";

} // namespace

struct KafkaConnection::Impl {
    Impl(std::int32_t id, std::string address, std::uint16_t portNumber, std::chrono::milliseconds limit)
        : nodeId(id), host(std::move(address)), port(portNumber), timeout(limit)
    {
    }

    std::int32_t nodeId;
    std::string host;
    std::uint16_t port;
    std::chrono::milliseconds timeout;
    asio::io_context io;
    tcp::socket socket { io };
    bool broken = false;
    std::int32_t nextCorrelationId = 1;
    client::ApiVersionsResponse versions;
    /// TLS (issue 29): the stream wraps the socket above, so a timeout still closes the socket.
    std::unique_ptr<asio::ssl::context> tls;
    std::unique_ptr<asio::ssl::stream<tcp::socket&>> stream;
    /// Set by the verify callback when the chain verified but the host name did not match.
    bool hostNameMismatch = false;
    /// The SASL password, kept out of every message (redact()).
    std::string secret;

    std::string describe() const
    {
        // A negative id is a bootstrap connection: the broker's id is not known yet.
        std::ostringstream out;
        if (nodeId < 0)
            out << "bootstrap broker";
        else
            out << "node " << nodeId;
        out << " (" << host << ':' << port << ')';
        return out.str();
    }

    [[noreturn]] void fail(const std::string& what)
    {
        broken = true;
        asio::error_code ignored;
        socket.close(ignored);
        throw ConnectionError(describe() + ": " + redact(what));
    }

    /// The text with every occurrence of the SASL password replaced: a broker's or OpenSSL's words never
    /// carry it into a message.
    std::string redact(std::string text) const
    {
        if (secret.empty())
            return text;
        for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at))
            text.replace(at, secret.size(), "(password)");
        return text;
    }

    /// Runs the io_context until the started operation completes or the deadline passes. On timeout the
    /// socket is closed (which completes the operation with operation_aborted) and the error thrown.
    void runUntil(std::chrono::steady_clock::time_point deadline, const bool& done, const std::string& what,
        const std::function<void()>& abort = nullptr)
    {
        io.restart();
        while (!done) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= deadline || io.run_one_for(deadline - now) == 0) {
                if (done)
                    break;
                asio::error_code ignored;
                socket.close(ignored);
                if (abort)
                    abort();
                // Let the aborted handler run so no operation outlives this call.
                io.restart();
                io.run();
                fail(what + ": no answer within " + std::to_string(timeout.count()) + " ms");
            }
        }
    }

    void connect()
    {
        asio::error_code ec;
        const asio::ip::address address = asio::ip::make_address(host, ec);
        if (ec)
            fail("\"" + host + "\" is not an IP address");
        bool done = false;
        asio::error_code result;
        socket.async_connect(tcp::endpoint(address, port), [&](const asio::error_code& e) {
            result = e;
            done = true;
        });
        runUntil(std::chrono::steady_clock::now() + timeout, done, "connect");
        if (result)
            fail("connect: " + result.message());
        socket.set_option(tcp::no_delay(true), ec);
    }

    /// Resolves a host name and connects to the first address that answers, all within the timeout. Only
    /// for a secured connection (the plain one takes IP addresses, connect()).
    void connectByName()
    {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        tcp::resolver resolver(io);
        bool done = false;
        asio::error_code result;
        tcp::resolver::results_type endpoints;
        resolver.async_resolve(host, std::to_string(port),
            [&](const asio::error_code& e, tcp::resolver::results_type found) {
                result = e;
                endpoints = std::move(found);
                done = true;
            });
        runUntil(deadline, done, "resolve \"" + host + "\"", [&] { resolver.cancel(); });
        if (result)
            fail("resolve \"" + host + "\": " + result.message());
        done = false;
        asio::async_connect(socket, endpoints, [&](const asio::error_code& e, const tcp::endpoint&) {
            result = e;
            done = true;
        });
        runUntil(deadline, done, "connect");
        if (result)
            fail("connect: " + result.message());
        asio::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
    }

    /// The TLS handshake (SslFactory / SslEngineFactory's client side, with PEM files as librdkafka reads
    /// them): TLS 1.2 at least, the peer's chain verified, the host name checked unless turned off, SNI for a
    /// host name (RFC 6066 forbids it for an address), an optional client certificate.
    void startTls(const SecurityConfig& config, bool hostIsAddress)
    {
        tls = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_client);
        SSL_CTX_set_min_proto_version(tls->native_handle(), TLS1_2_VERSION);
        tls->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_compression);
        tls->set_verify_mode(asio::ssl::verify_peer);
        asio::error_code ec;
        if (config.caLocation.empty()) {
            tls->set_default_verify_paths(ec);
            if (ec)
                fail("TLS: OpenSSL's default certificate paths: " + ec.message());
        } else {
            tls->load_verify_file(config.caLocation, ec);
            if (ec)
                fail("TLS: ssl.ca.location \"" + config.caLocation + "\": " + ec.message());
        }
        if (!config.certificateLocation.empty()) {
            tls->use_certificate_chain_file(config.certificateLocation, ec);
            if (ec)
                fail("TLS: ssl.certificate.location \"" + config.certificateLocation + "\": " + ec.message());
            tls->use_private_key_file(config.keyLocation, asio::ssl::context::pem, ec);
            if (ec)
                fail("TLS: ssl.key.location \"" + config.keyLocation + "\": " + ec.message());
        }
        if (config.verifyHostName) {
            tls->set_verify_callback([this, check = asio::ssl::host_name_verification(host)](
                                         bool preverified, asio::ssl::verify_context& context) mutable {
                const bool verified = check(preverified, context);
                if (preverified && !verified)
                    hostNameMismatch = true;
                return verified;
            });
        }
        stream = std::make_unique<asio::ssl::stream<tcp::socket&>>(socket, *tls);
        if (!hostIsAddress && SSL_set_tlsext_host_name(stream->native_handle(), host.c_str()) != 1)
            fail("TLS: SNI for \"" + host + "\" refused by OpenSSL");

        bool done = false;
        asio::error_code result;
        stream->async_handshake(asio::ssl::stream_base::client, [&](const asio::error_code& e) {
            result = e;
            done = true;
        });
        runUntil(std::chrono::steady_clock::now() + timeout, done, "TLS handshake");
        if (!result)
            return;
        if (hostNameMismatch)
            fail("TLS handshake: the broker's certificate is not for \"" + host
                + "\" (ssl.endpoint.identification.algorithm=https; empty turns the check off)");
        const long verifyResult = SSL_get_verify_result(stream->native_handle());
        if (verifyResult != X509_V_OK)
            fail("TLS handshake: the broker's certificate does not verify: "
                + std::string(X509_verify_cert_error_string(verifyResult))
                + (config.caLocation.empty() ? std::string(" (OpenSSL's default CAs)")
                                             : " (ssl.ca.location \"" + config.caLocation + "\")"));
        if (result == asio::error::eof || result == asio::ssl::error::stream_truncated)
            fail("TLS handshake: the broker closed the connection (is its listener TLS?)");
        fail("TLS handshake: " + result.message());
    }

    template <typename Buffer, typename Handler> void writeAsync(const Buffer& buffer, Handler&& handler)
    {
        if (stream)
            asio::async_write(*stream, buffer, std::forward<Handler>(handler));
        else
            asio::async_write(socket, buffer, std::forward<Handler>(handler));
    }

    template <typename Buffer, typename Handler> void readAsync(const Buffer& buffer, Handler&& handler)
    {
        if (stream)
            asio::async_read(*stream, buffer, std::forward<Handler>(handler));
        else
            asio::async_read(socket, buffer, std::forward<Handler>(handler));
    }

    template <typename Operation>
    void transfer(Operation operation, std::chrono::steady_clock::time_point deadline, const std::string& what)
    {
        bool done = false;
        asio::error_code result;
        operation([&](const asio::error_code& e, std::size_t) {
            result = e;
            done = true;
        });
        runUntil(deadline, done, what);
        if (result == asio::error::eof)
            fail(what + ": the broker closed the connection");
        if (result)
            fail(what + ": " + result.message());
    }

    client::Response exchange(const client::Request& body, wire::ApiKey key, std::int16_t version)
    {
        const std::string what = std::string(wire::apiName(key)) + " v" + std::to_string(version);
        if (broken)
            throw ConnectionError(describe() + ": " + what + ": the connection failed earlier");
        wire::RequestHeader header;
        header.apiKey = key;
        header.rawApiKey = static_cast<std::int16_t>(key);
        header.apiVersion = version;
        header.correlationId = nextCorrelationId++;
        header.clientId = observerClientId;
        const wire::Bytes frame = client::encodeRequest(header, body);

        // One deadline for the whole exchange: a broker that trickles its answer byte by byte still
        // costs at most the timeout.
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        transfer([&](auto handler) { writeAsync(asio::buffer(frame), handler); }, deadline,
            what + " request");
        std::array<std::uint8_t, 4> sizeBytes {};
        transfer([&](auto handler) { readAsync(asio::buffer(sizeBytes), handler); }, deadline,
            what + " response");
        const std::int32_t size
            = static_cast<std::int32_t>((std::uint32_t { sizeBytes[0] } << 24) | (std::uint32_t { sizeBytes[1] } << 16)
                | (std::uint32_t { sizeBytes[2] } << 8) | std::uint32_t { sizeBytes[3] });
        if (size < responseBytesMin || size > wire::limits::responseBytesMax)
            fail(what + " response: a frame of " + std::to_string(size) + " bytes, expected "
                + std::to_string(responseBytesMin) + " to " + std::to_string(wire::limits::responseBytesMax)
                + " (wire::limits::responseBytesMax)");
        wire::Bytes answer(static_cast<std::size_t>(size));
        transfer([&](auto handler) { readAsync(asio::buffer(answer), handler); }, deadline,
            what + " response");
        std::int32_t correlationId = 0;
        client::Response response;
        try {
            response = client::parseResponse(key, version, answer, &correlationId);
        } catch (const wire::DecodeError& error) {
            fail(what + " response does not decode: " + error.what());
        }
        if (correlationId != header.correlationId)
            fail(what + " response: correlation id " + std::to_string(correlationId) + ", expected "
                + std::to_string(header.correlationId));
        return response;
    }
};

KafkaConnection::KafkaConnection(
    std::int32_t nodeId, const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout)
    : m_impl(std::make_unique<Impl>(nodeId, host, port, timeout))
{
    m_impl->connect();
    askApiVersions();
}

KafkaConnection::KafkaConnection(std::int32_t nodeId, const std::string& host, std::uint16_t port,
    std::chrono::milliseconds timeout, const SecurityConfig& security)
    : m_impl(std::make_unique<Impl>(nodeId, host, port, timeout))
{
    if (security.usesSasl())
        m_impl->secret = security.password;
    asio::error_code notAnAddress;
    asio::ip::make_address(host, notAnAddress);
    if (security.protocol == SecurityProtocol::Plaintext || !notAnAddress)
        m_impl->connect();
    else
        m_impl->connectByName();
    if (security.usesTls())
        m_impl->startTls(security, !notAnAddress);
    // SaslClientAuthenticator (4.2.0): SEND_APIVERSIONS_REQUEST, RECEIVE_APIVERSIONS_RESPONSE,
    // SEND_HANDSHAKE_REQUEST, RECEIVE_HANDSHAKE_RESPONSE, then INITIAL/INTERMEDIATE SaslAuthenticate rounds.
    askApiVersions();
    if (security.usesSasl())
        authenticate(security);
}

void KafkaConnection::askApiVersions()
{
    client::ApiVersionsRequest hello;
    hello.clientSoftwareName = softwareName;
    hello.clientSoftwareVersion = softwareVersion;
    // Version 3 is the first flexible one; every broker from 3.7 on speaks it (clientApis()).
    const std::int16_t helloVersion = client::clientVersions(wire::ApiKey::ApiVersions)->maxVersion;
    auto answer
        = std::get<client::ApiVersionsResponse>(m_impl->exchange(hello, wire::ApiKey::ApiVersions, helloVersion));
    if (answer.errorCode != wire::ErrorCode::None)
        m_impl->fail("ApiVersions v" + std::to_string(helloVersion) + ": error "
            + std::string(wire::errorName(answer.errorCode)));
    m_impl->versions = std::move(answer);
}

void KafkaConnection::authenticate(const SecurityConfig& security)
{
    const std::string mechanism = saslMechanismName(security.mechanism);
    const std::optional<std::int16_t> handshakeVersion = versionFor(wire::ApiKey::SaslHandshake);
    const std::optional<std::int16_t> authenticateVersion = versionFor(wire::ApiKey::SaslAuthenticate);
    if (!handshakeVersion || !authenticateVersion)
        m_impl->fail("SASL " + mechanism
            + ": the broker does not speak SaslHandshake 1 and SaslAuthenticate 0-2 (is its listener SASL?)");
    const std::string handshakeWhat = "SaslHandshake v" + std::to_string(*handshakeVersion);
    const auto handshake = std::get<client::SaslHandshakeResponse>(m_impl->exchange(
        client::SaslHandshakeRequest { mechanism }, wire::ApiKey::SaslHandshake, *handshakeVersion));
    if (handshake.errorCode == wire::ErrorCode::UnsupportedSaslMechanism) {
        // SaslClientAuthenticator.handleSaslHandshakeResponse: "Client SASL mechanism '%s' not enabled in the
        // server, enabled mechanisms are %s".
        std::string enabled;
        for (const std::string& name : handshake.mechanisms)
            enabled += (enabled.empty() ? "" : ", ") + name;
        m_impl->fail(handshakeWhat + ": SASL mechanism " + mechanism
            + " is not enabled on this listener; the broker enables: " + (enabled.empty() ? "none" : enabled));
    }
    if (handshake.errorCode != wire::ErrorCode::None)
        m_impl->fail(handshakeWhat + ": error " + std::string(wire::errorName(handshake.errorCode)));

    const std::string authenticateWhat = "SaslAuthenticate v" + std::to_string(*authenticateVersion) + " ("
        + mechanism + ", user \"" + security.username + "\")";
    // One round: the token out, the server's token back. An error (SASL_AUTHENTICATION_FAILED, 58) carries
    // the broker's message, as SaslClientAuthenticator.receiveToken throws error.exception(errorMessage).
    auto round = [&](const std::string& token) {
        client::SaslAuthenticateRequest request;
        request.authBytes.assign(token.begin(), token.end());
        const auto answer = std::get<client::SaslAuthenticateResponse>(
            m_impl->exchange(request, wire::ApiKey::SaslAuthenticate, *authenticateVersion));
        if (answer.errorCode != wire::ErrorCode::None)
            m_impl->fail(authenticateWhat + ": " + std::string(wire::errorName(answer.errorCode))
                + (answer.errorMessage ? ": " + *answer.errorMessage : std::string()));
        return std::string(answer.authBytes.begin(), answer.authBytes.end());
    };
    if (security.mechanism == SaslMechanism::Plain) {
        const std::vector<std::uint8_t> token = sasl::plainToken(security.username, security.password);
        round(std::string(token.begin(), token.end()));
        return;
    }
    const sasl::ScramHash hash
        = security.mechanism == SaslMechanism::ScramSha256 ? sasl::ScramHash::Sha256 : sasl::ScramHash::Sha512;
    try {
        sasl::ScramClient scram(hash, security.username, security.password, sasl::randomNonce());
        const std::string serverFirst = round(scram.clientFirstMessage());
        const std::string serverFinal = round(scram.clientFinalMessage(serverFirst));
        scram.verifyServerFinal(serverFinal);
    } catch (const sasl::SaslError& error) {
        m_impl->fail(authenticateWhat + ": " + error.what());
    }
}

KafkaConnection::~KafkaConnection() = default;

const client::ApiVersionsResponse& KafkaConnection::apiVersions() const
{
    return m_impl->versions;
}

std::string KafkaConnection::describe() const
{
    return m_impl->describe();
}

std::optional<std::int16_t> KafkaConnection::versionFor(wire::ApiKey key) const
{
    return client::negotiateVersion(key, m_impl->versions.apiKeys);
}

client::Response KafkaConnection::request(const client::Request& body)
{
    const wire::ApiKey key = client::apiKeyOf(body);
    const std::optional<std::int16_t> version = versionFor(key);
    if (!version)
        throw ConnectionError(describe() + ": " + std::string(wire::apiName(key))
            + ": the broker does not speak a version HighWater does");
    return request(body, *version);
}

client::Response KafkaConnection::request(const client::Request& body, std::int16_t version)
{
    return m_impl->exchange(body, client::apiKeyOf(body), version);
}

} // namespace hw::realkafka
