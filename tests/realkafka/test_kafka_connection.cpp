// SPDX-License-Identifier: MIT
// KafkaConnection against a local Asio server that misbehaves on purpose: nothing listening, accepting and
// never answering, answering garbage, an oversized size prefix, a trickle, a wrong correlation id, a close.
// Each failure must come as a ConnectionError naming the node and the request, within the timeout.
#include "realkafka/kafka_connection.h"

#include "wire/protocol.h"

#include <asio.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

namespace hw::realkafka {
namespace {

using asio::ip::tcp;
using namespace std::chrono_literals;

/// One connection's behaviour: given the socket and the request frame just read (without its size
/// prefix), answer or not.
using Behaviour = std::function<void(tcp::socket&, const wire::Bytes& request)>;

/// A one-connection server on a free loopback port. It reads requests and hands each to the behaviour,
/// until the client closes the connection (which the client does on every failure).
class FakeBroker {
public:
    explicit FakeBroker(std::vector<Behaviour> behaviours)
        : m_acceptor(m_io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0))
    {
        m_port = m_acceptor.local_endpoint().port();
        m_thread = std::thread([this, behaviours = std::move(behaviours)] {
            asio::error_code ec;
            tcp::socket socket(m_io);
            m_acceptor.accept(socket, ec);
            if (ec)
                return;
            for (std::size_t i = 0;; ++i) {
                std::array<std::uint8_t, 4> size {};
                asio::read(socket, asio::buffer(size), ec);
                if (ec)
                    return;
                const std::size_t length = (std::size_t { size[0] } << 24) | (std::size_t { size[1] } << 16)
                    | (std::size_t { size[2] } << 8) | size[3];
                wire::Bytes request(length);
                asio::read(socket, asio::buffer(request), ec);
                if (ec)
                    return;
                if (i < behaviours.size())
                    behaviours[i](socket, request);
            }
        });
    }
    ~FakeBroker()
    {
        asio::error_code ignored;
        m_acceptor.close(ignored);
        m_thread.join();
    }
    std::uint16_t port() const { return m_port; }

private:
    asio::io_context m_io;
    tcp::acceptor m_acceptor;
    std::uint16_t m_port = 0;
    std::thread m_thread;
};

std::int32_t correlationIdOf(const wire::Bytes& request)
{
    // The request header v1/v2: INT16 key, INT16 version, INT32 correlation id.
    return static_cast<std::int32_t>((std::uint32_t { request[4] } << 24) | (std::uint32_t { request[5] } << 16)
        | (std::uint32_t { request[6] } << 8) | request[7]);
}

/// Answers ApiVersions v3 as a broker that speaks Metadata 0-12.
void answerApiVersions(tcp::socket& socket, const wire::Bytes& request)
{
    wire::RequestHeader header;
    header.apiKey = wire::ApiKey::ApiVersions;
    header.apiVersion = 3;
    header.correlationId = correlationIdOf(request);
    wire::ApiVersionsResponse response;
    response.apiKeys = { { wire::ApiKey::ApiVersions, 0, 3 }, { wire::ApiKey::Metadata, 0, 12 } };
    asio::write(socket, asio::buffer(wire::encodeResponse(header, response)));
}

void sendRaw(tcp::socket& socket, const wire::Bytes& bytes)
{
    asio::write(socket, asio::buffer(bytes));
}

void neverAnswer(tcp::socket&, const wire::Bytes&) { }

/// Connects with the timeout and expects a ConnectionError holding every fragment, within the bound.
void expectFailure(std::uint16_t port, std::chrono::milliseconds timeout, const std::vector<std::string>& fragments,
    std::chrono::milliseconds bound)
{
    const auto start = std::chrono::steady_clock::now();
    try {
        KafkaConnection connection(7, "127.0.0.1", port, timeout);
        ADD_FAILURE() << "connected";
    } catch (const ConnectionError& error) {
        const std::string message = error.what();
        for (const std::string& fragment : fragments)
            EXPECT_NE(message.find(fragment), std::string::npos) << message << "\nlacks: " << fragment;
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, bound);
}

TEST(KafkaConnection, NothingListeningIsAConnectErrorNamingTheNode)
{
    std::uint16_t port = 0;
    {
        asio::io_context io;
        tcp::acceptor probe(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
        port = probe.local_endpoint().port();
    }
    expectFailure(port, 2000ms, { "node 7 (127.0.0.1:" + std::to_string(port) + ")", "connect:" }, 2000ms);
}

TEST(KafkaConnection, ABootstrapConnectionIsNamedSoNotAsNodeMinusOne)
{
    // The ClusterObserver dials its bootstrap list with node id -1: its errors name a bootstrap broker.
    std::uint16_t port = 0;
    {
        asio::io_context io;
        tcp::acceptor probe(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
        port = probe.local_endpoint().port();
    }
    try {
        KafkaConnection connection(-1, "127.0.0.1", port, 2000ms);
        ADD_FAILURE() << "connected";
    } catch (const ConnectionError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind("bootstrap broker (127.0.0.1:" + std::to_string(port) + "): connect:", 0), 0U)
            << message;
        EXPECT_EQ(message.find("node -1"), std::string::npos) << message;
    }
}

TEST(KafkaConnection, AServerThatNeverAnswersCostsTheTimeoutAndNoMore)
{
    FakeBroker broker({ neverAnswer });
    expectFailure(broker.port(), 300ms, { "node 7", "ApiVersions v3 response", "no answer within 300 ms" }, 2000ms);
}

TEST(KafkaConnection, AnOversizedSizePrefixIsRefusedBeforeAnyAllocation)
{
    FakeBroker broker({ [](tcp::socket& socket, const wire::Bytes&) { sendRaw(socket, { 0x7f, 0xff, 0xff, 0xff }); } });
    expectFailure(broker.port(), 2000ms,
        { "ApiVersions v3 response", "a frame of 2147483647 bytes", "responseBytesMax" }, 2000ms);
}

TEST(KafkaConnection, ANegativeOrTinySizePrefixIsRefused)
{
    FakeBroker negative({ [](tcp::socket& socket, const wire::Bytes&) {
        sendRaw(socket, { 0xff, 0xff, 0xff, 0xfe });
    } });
    expectFailure(negative.port(), 2000ms, { "a frame of -2 bytes" }, 2000ms);
    FakeBroker tiny({ [](tcp::socket& socket, const wire::Bytes&) { sendRaw(socket, { 0, 0, 0, 2, 0, 0 }); } });
    expectFailure(tiny.port(), 2000ms, { "a frame of 2 bytes" }, 2000ms);
}

TEST(KafkaConnection, GarbageThatDoesNotDecodeNamesTheRequest)
{
    FakeBroker broker({ [](tcp::socket& socket, const wire::Bytes& request) {
        wire::Bytes frame { 0, 0, 0, 12 };
        const std::int32_t id = correlationIdOf(request);
        for (int shift = 24; shift >= 0; shift -= 8)
            frame.push_back(static_cast<std::uint8_t>(id >> shift));
        for (int i = 0; i < 8; ++i)
            frame.push_back(0xee);
        sendRaw(socket, frame);
    } });
    expectFailure(broker.port(), 2000ms, { "node 7", "ApiVersions v3 response does not decode" }, 2000ms);
}

TEST(KafkaConnection, AnotherCorrelationIdIsRefused)
{
    FakeBroker broker({ [](tcp::socket& socket, const wire::Bytes& request) {
        wire::Bytes shifted = request;
        shifted[7] = static_cast<std::uint8_t>(shifted[7] + 1);
        answerApiVersions(socket, shifted);
    } });
    expectFailure(broker.port(), 2000ms, { "correlation id 2, expected 1" }, 2000ms);
}

TEST(KafkaConnection, ATrickleIsBoundedByOneDeadlinePerRequest)
{
    // Four bytes of size prefix announcing 100 bytes, then one byte every 50 ms: 5 s in all, far beyond
    // the 400 ms timeout; the client must give up near the timeout, not per byte.
    FakeBroker broker({ [](tcp::socket& socket, const wire::Bytes&) {
        asio::error_code ec;
        asio::write(socket, asio::buffer(wire::Bytes { 0, 0, 0, 100 }), ec);
        for (int i = 0; i < 100 && !ec; ++i) {
            std::this_thread::sleep_for(50ms);
            asio::write(socket, asio::buffer(wire::Bytes { 0 }), ec);
        }
    } });
    expectFailure(broker.port(), 400ms, { "ApiVersions v3 response", "no answer within 400 ms" }, 1500ms);
}

TEST(KafkaConnection, AClosedConnectionIsNamed)
{
    FakeBroker broker({ [](tcp::socket& socket, const wire::Bytes&) { socket.close(); } });
    expectFailure(broker.port(), 2000ms, { "ApiVersions v3 response" }, 2000ms);
}

TEST(KafkaConnection, NegotiatesVersionsAndTimesOutALaterRequest)
{
    FakeBroker broker({ answerApiVersions, neverAnswer });
    KafkaConnection connection(3, "127.0.0.1", broker.port(), 300ms);
    EXPECT_EQ(connection.versionFor(wire::ApiKey::Metadata), std::optional<std::int16_t>(12));
    EXPECT_EQ(connection.versionFor(wire::ApiKey::DescribeTopicPartitions), std::nullopt);
    try {
        connection.request(wire::client::DescribeTopicPartitionsRequest { { "t" }, 2000, std::nullopt });
        ADD_FAILURE() << "a request the broker does not speak was sent";
    } catch (const ConnectionError& error) {
        EXPECT_NE(std::string(error.what()).find("node 3 (127.0.0.1:"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("DescribeTopicPartitions"), std::string::npos) << error.what();
    }
    const auto start = std::chrono::steady_clock::now();
    try {
        connection.request(wire::client::MetadataRequest {});
        ADD_FAILURE() << "an unanswered request returned";
    } catch (const ConnectionError& error) {
        EXPECT_NE(std::string(error.what()).find("Metadata v12 response: no answer within 300 ms"), std::string::npos)
            << error.what();
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, 1500ms);
    // A failed connection stays failed: no half-read answer can be mistaken for the next one.
    EXPECT_THROW(connection.request(wire::client::MetadataRequest {}), ConnectionError);
}

} // namespace
} // namespace hw::realkafka
