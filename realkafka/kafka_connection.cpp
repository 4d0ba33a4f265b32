// SPDX-License-Identifier: MIT
#include "realkafka/kafka_connection.h"

#include "wire/limits.h"

#include <asio.hpp>

#include <array>
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

    std::string describe() const
    {
        std::ostringstream out;
        out << "node " << nodeId << " (" << host << ':' << port << ')';
        return out.str();
    }

    [[noreturn]] void fail(const std::string& what)
    {
        broken = true;
        asio::error_code ignored;
        socket.close(ignored);
        throw ConnectionError(describe() + ": " + what);
    }

    /// Runs the io_context until the started operation completes or the deadline passes. On timeout the
    /// socket is closed (which completes the operation with operation_aborted) and the error thrown.
    void runUntil(std::chrono::steady_clock::time_point deadline, const bool& done, const std::string& what)
    {
        io.restart();
        while (!done) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= deadline || io.run_one_for(deadline - now) == 0) {
                if (done)
                    break;
                asio::error_code ignored;
                socket.close(ignored);
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
        transfer([&](auto handler) { asio::async_write(socket, asio::buffer(frame), handler); }, deadline,
            what + " request");
        std::array<std::uint8_t, 4> sizeBytes {};
        transfer([&](auto handler) { asio::async_read(socket, asio::buffer(sizeBytes), handler); }, deadline,
            what + " response");
        const std::int32_t size
            = static_cast<std::int32_t>((std::uint32_t { sizeBytes[0] } << 24) | (std::uint32_t { sizeBytes[1] } << 16)
                | (std::uint32_t { sizeBytes[2] } << 8) | std::uint32_t { sizeBytes[3] });
        if (size < responseBytesMin || size > wire::limits::responseBytesMax)
            fail(what + " response: a frame of " + std::to_string(size) + " bytes, expected "
                + std::to_string(responseBytesMin) + " to " + std::to_string(wire::limits::responseBytesMax)
                + " (wire::limits::responseBytesMax)");
        wire::Bytes answer(static_cast<std::size_t>(size));
        transfer([&](auto handler) { asio::async_read(socket, asio::buffer(answer), handler); }, deadline,
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
