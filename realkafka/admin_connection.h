// SPDX-License-Identifier: MIT
#pragma once

#include "wire/client_protocol.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

/// One blocking Kafka connection for the runner's admin requests (CreateTopics, IncrementalAlterConfigs,
/// ElectLeaders, Metadata): the wire codec's client half over an Asio socket, every request bounded by a
/// deadline. The observer has its own connection class (realkafka/kafka_connection.*); the two are kept
/// apart until the branches are merged.
namespace hw::realkafka {

/// A node that does not answer in time, closes the connection or answers with bytes that do not decode:
/// the message names the node (host:port) and the request.
class AdminError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class AdminConnection {
public:
    /// Connects to host:port and asks for its ApiVersions, within timeout. Throws AdminError.
    AdminConnection(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout);
    ~AdminConnection();
    AdminConnection(const AdminConnection&) = delete;
    AdminConnection& operator=(const AdminConnection&) = delete;

    /// Sends the request at the highest version both sides speak and returns the response. Throws
    /// AdminError on timeout, a closed connection, an API the broker lacks, or a response that does not
    /// decode.
    wire::client::Response request(const wire::client::Request& body);

    /// The broker's ApiVersions answer (its finalized features among them).
    const wire::client::ApiVersionsResponse& apiVersions() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace hw::realkafka
