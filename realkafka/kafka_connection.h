// SPDX-License-Identifier: MIT
#pragma once

#include "realkafka/security_config.h"
#include "wire/client_protocol.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/// A blocking client connection to one real Kafka broker (issue 27): what the observer uses to ask a broker
/// for its metadata, offsets and high watermarks. It plays the part of Kafka's NetworkClient for one node
/// and one request at a time (clients/.../NetworkClient.java at 4.4.0): connect, ApiVersions first, then
/// each request at the highest version both sides speak (wire::client::negotiateVersion), so a 3.7 broker
/// and a 4.4 broker are asked the same questions in the words each knows.
///
/// Every step has a deadline (connect, each write, each read): a broker that accepts and never answers, or
/// trickles bytes, costs at most the timeout per request and never hangs the caller. A size prefix above
/// wire::limits::responseBytesMax (or below the 4-byte response header) is refused before any allocation.
/// Standalone Asio (Debian's libasio-dev), like live/, on a private io_context: no thread, no Qt.
///
/// With a SecurityConfig (issue 29) the connection can be TLS (asio::ssl over OpenSSL: TLS 1.2 at least, the
/// peer verified against ssl.ca.location or OpenSSL's default paths, the host name checked unless turned off,
/// SNI for host names, an optional client certificate) and SASL (PLAIN, SCRAM-SHA-256/512, realkafka/sasl.h)
/// in the order of Kafka's SaslClientAuthenticator at 4.2.0 (clients/.../security/authenticator/
/// SaslClientAuthenticator.java): ApiVersions, SaslHandshake, then SaslAuthenticate rounds. The TLS
/// handshake and each SASL exchange run under the same per-step deadline. Without one, or with PLAINTEXT,
/// the connection is exactly the plain one.
namespace hw::realkafka {

/// A connection or request that failed: the message names the node, its address, the request and what
/// went wrong ("node 2 (127.0.0.1:40231): ListOffsets v8: no answer within 10000 ms").
class ConnectionError : public std::runtime_error {
public:
    explicit ConnectionError(const std::string& what) : std::runtime_error(what) { }
};

/// The client id every request of the observer carries: it shows in the brokers' request logs.
constexpr const char* observerClientId = wire::observerSoftwareName;

class KafkaConnection {
public:
    /// Connects to host:port and asks for ApiVersions, each step within timeout. nodeId only names the
    /// node in error messages ("node 2 (HOST:PORT)"; a negative one, a bootstrap connection whose broker id
    /// is not known yet, "bootstrap broker (HOST:PORT)"). Throws ConnectionError.
    KafkaConnection(
        std::int32_t nodeId, const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout);

    /// The same, secured as the config says. Unless PLAINTEXT, the host may be a name (resolved under the
    /// timeout, though a hung name server holds the call until getaddrinfo returns); it is what the broker's
    /// certificate is checked against and what SNI sends. A wrong password fails with a ConnectionError
    /// holding the broker's message and the mechanism, never the password.
    KafkaConnection(std::int32_t nodeId, const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout,
        const SecurityConfig& security);
    ~KafkaConnection();
    KafkaConnection(const KafkaConnection&) = delete;
    KafkaConnection& operator=(const KafkaConnection&) = delete;

    /// The broker's ApiVersions answer (its API ranges and finalized features).
    const wire::client::ApiVersionsResponse& apiVersions() const;

    /// The version negotiateVersion picks for the key with this broker, or nullopt when there is none
    /// (DescribeTopicPartitions before 3.8).
    std::optional<std::int16_t> versionFor(wire::ApiKey key) const;

    /// Sends the request at versionFor(its key) and returns the decoded response. Throws ConnectionError
    /// when the broker lacks the API, the deadline passes, the connection breaks or the answer does not
    /// decode (or carries another correlation id). After a failure the connection is closed and every
    /// later call throws.
    wire::client::Response request(const wire::client::Request& body);

    /// The same at an explicit version (which must be in clientApis() and the broker's range).
    wire::client::Response request(const wire::client::Request& body, std::int16_t version);

    /// "node 2 (127.0.0.1:40231)": how error messages name this connection.
    std::string describe() const;

private:
    void askApiVersions();
    void authenticate(const SecurityConfig& security);

    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace hw::realkafka
