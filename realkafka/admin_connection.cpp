// SPDX-License-Identifier: MIT
#include "realkafka/admin_connection.h"

#include "wire/limits.h"

#include <asio.hpp>

#include <optional>

namespace hw::realkafka {

using asio::ip::tcp;
namespace client = wire::client;

namespace {

std::string requestName(wire::ApiKey key)
{
    switch (key) {
    case wire::ApiKey::Metadata: return "Metadata";
    case wire::ApiKey::CreateTopics: return "CreateTopics";
    case wire::ApiKey::IncrementalAlterConfigs: return "IncrementalAlterConfigs";
    case wire::ApiKey::ElectLeaders: return "ElectLeaders";
    case wire::ApiKey::ListOffsets: return "ListOffsets";
    case wire::ApiKey::Fetch: return "Fetch";
    case wire::ApiKey::DescribeTopicPartitions: return "DescribeTopicPartitions";
    case wire::ApiKey::DescribeCluster: return "DescribeCluster";
    default: return "API " + std::to_string(static_cast<int>(key));
    }
}

} // namespace

struct AdminConnection::Impl {
    asio::io_context io;
    tcp::socket socket { io };
    std::string node;
    std::chrono::milliseconds timeout;
    std::int32_t nextCorrelationId = 1;
    client::ApiVersionsResponse versions;

    /// Runs the io_context until `done` or the deadline; on the deadline the socket is closed, which
    /// ends the pending operation, and the request is reported as timed out.
    void runUntil(const bool& done, const std::string& what)
    {
        io.restart();
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (!done) {
            const auto left = deadline - std::chrono::steady_clock::now();
            if (left <= std::chrono::steady_clock::duration::zero()) {
                std::error_code ignored;
                socket.close(ignored);
                io.run_for(std::chrono::milliseconds(100)); // lets the aborted handlers run
                throw AdminError(node + " did not answer " + what + " within " + std::to_string(timeout.count()) + " ms");
            }
            io.run_one_for(left);
        }
    }

    client::Response exchange(wire::ApiKey key, std::int16_t version, const client::Request& body, const std::string& what)
    {
        wire::RequestHeader header;
        header.apiKey = key;
        header.rawApiKey = static_cast<std::int16_t>(key);
        header.apiVersion = version;
        header.correlationId = nextCorrelationId++;
        header.clientId = "highwater-real";
        const wire::Bytes frame = client::encodeRequest(header, body);
        bool done = false;
        std::error_code error;
        asio::async_write(socket, asio::buffer(frame.data(), frame.size()), [&](std::error_code ec, std::size_t) {
            error = ec;
            done = true;
        });
        runUntil(done, what);
        if (error)
            throw AdminError(node + ": cannot send " + what + ": " + error.message());
        std::array<std::uint8_t, 4> sizeBytes {};
        done = false;
        asio::async_read(socket, asio::buffer(sizeBytes), [&](std::error_code ec, std::size_t) {
            error = ec;
            done = true;
        });
        runUntil(done, what);
        if (error)
            throw AdminError(node + " closed the connection instead of answering " + what + " (" + error.message() + ")");
        const std::uint32_t size = (std::uint32_t(sizeBytes[0]) << 24) | (std::uint32_t(sizeBytes[1]) << 16)
            | (std::uint32_t(sizeBytes[2]) << 8) | std::uint32_t(sizeBytes[3]);
        if (size > static_cast<std::uint32_t>(wire::limits::responseBytesMax))
            throw AdminError(node + " answered " + what + " with a " + std::to_string(size) + "-byte frame, more than "
                + std::to_string(wire::limits::responseBytesMax));
        wire::Bytes payload(size);
        done = false;
        asio::async_read(socket, asio::buffer(payload.data(), payload.size()), [&](std::error_code ec, std::size_t) {
            error = ec;
            done = true;
        });
        runUntil(done, what);
        if (error)
            throw AdminError(node + " closed the connection in the middle of its answer to " + what);
        std::int32_t correlationId = 0;
        try {
            client::Response response = client::parseResponse(key, version,
                wire::ByteView(payload.data(), payload.size()), &correlationId);
            if (correlationId != header.correlationId)
                throw AdminError(node + " answered " + what + " with correlation id " + std::to_string(correlationId)
                    + ", expected " + std::to_string(header.correlationId));
            return response;
        } catch (const wire::DecodeError& e) {
            throw AdminError(node + "'s answer to " + what + " does not decode: " + e.what());
        }
    }
};

AdminConnection::AdminConnection(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->node = host + ":" + std::to_string(port);
    m_impl->timeout = timeout;
    bool done = false;
    std::error_code error;
    m_impl->socket.async_connect(tcp::endpoint(asio::ip::make_address(host), port), [&](std::error_code ec) {
        error = ec;
        done = true;
    });
    m_impl->runUntil(done, "a connection");
    if (error)
        throw AdminError("cannot connect to " + m_impl->node + ": " + error.message());
    const wire::VersionRange range = *client::clientVersions(wire::ApiKey::ApiVersions);
    client::ApiVersionsRequest request;
    request.clientSoftwareName = "highwater";
    request.clientSoftwareVersion = "1";
    m_impl->versions = std::get<client::ApiVersionsResponse>(
        m_impl->exchange(wire::ApiKey::ApiVersions, range.maxVersion, request, "ApiVersions"));
    if (m_impl->versions.errorCode != wire::ErrorCode::None)
        throw AdminError(m_impl->node + " refused ApiVersions: " + std::string(wire::errorName(m_impl->versions.errorCode)));
}

AdminConnection::~AdminConnection() = default;

client::Response AdminConnection::request(const client::Request& body)
{
    const wire::ApiKey key = client::apiKeyOf(body);
    const std::string name = requestName(key);
    const std::optional<std::int16_t> version = client::negotiateVersion(key, m_impl->versions.apiKeys);
    if (!version)
        throw AdminError(m_impl->node + " does not speak " + name + " at a version HighWater speaks");
    return m_impl->exchange(key, *version, body, name);
}

const client::ApiVersionsResponse& AdminConnection::apiVersions() const
{
    return m_impl->versions;
}

} // namespace hw::realkafka
