// SPDX-License-Identifier: MIT
#pragma once
// A Kafka client for the live lab's UI tests: a real socket (QTcpSocket) in the test's process speaking
// Kafka's protocol through wire/'s encoder, so each request crosses the server's Asio sockets, which
// the GUI thread polls.

#include "control/livesession.h"
#include "shell/livelabdialog.h"
#include "wire/protocol.h"
#include "wire/record_batch.h"

#include <QByteArray>
#include <QPushButton>
#include <QSpinBox>
#include <QHostAddress>
#include <QTcpSocket>
#include <QTest>

#include <string>
#include <unistd.h>
#include <vector>

namespace hw::uitest {

/// The longest any one expectation of a live test waits; each is met in milliseconds.
constexpr int liveWaitMs = 10000;

/// A Kafka client of its own making on a QTcpSocket: sends encoded requests and counts the responses.
class TestClient {
public:
    explicit TestClient(std::string clientId) : m_clientId(std::move(clientId)) {}

    bool connectTo(int port)
    {
        m_socket.connectToHost(QHostAddress::LocalHost, static_cast<quint16>(port));
        const bool settled = QTest::qWaitFor(
            [this] {
                return m_socket.state() == QAbstractSocket::ConnectedState
                    || m_socket.state() == QAbstractSocket::UnconnectedState;
            },
            liveWaitMs);
        return settled && connected();
    }

    void send(hw::wire::ApiKey key, std::int16_t version, const hw::wire::Request& body)
    {
        hw::wire::RequestHeader header;
        header.apiKey = key;
        header.apiVersion = version;
        header.correlationId = ++m_correlation;
        header.clientId = m_clientId;
        const hw::wire::Bytes frame = hw::wire::encodeRequest(header, body);
        m_socket.write(reinterpret_cast<const char*>(frame.data()), static_cast<qint64>(frame.size()));
        ++m_sent;
    }

    void hello()
    {
        send(hw::wire::ApiKey::ApiVersions, 0, hw::wire::ApiVersionsRequest {});
        send(hw::wire::ApiKey::Metadata, 1, hw::wire::MetadataRequest {});
    }

    /// One record to orders-0 with acks=1.
    void produce(const std::string& value) { produceBatch({ value }); }

    /// One batch of records to orders-0 with acks=1.
    void produceBatch(const std::vector<std::string>& values)
    {
        hw::wire::RecordBatch batch;
        batch.baseTimestamp = 1700000000000;
        batch.maxTimestamp = batch.baseTimestamp;
        batch.lastOffsetDelta = static_cast<std::int32_t>(values.size()) - 1;
        for (std::size_t i = 0; i < values.size(); ++i) {
            hw::wire::Record record;
            record.offsetDelta = static_cast<std::int32_t>(i);
            record.value = hw::wire::Bytes(values[i].begin(), values[i].end());
            batch.records.push_back(record);
        }
        hw::wire::ProduceRequest request;
        request.acks = 1;
        request.timeoutMs = 30000;
        request.topics.push_back(
            { "orders", { { 0, hw::wire::encodeRecordBatch(batch, hw::wire::Compression::None) } } });
        send(hw::wire::ApiKey::Produce, 3, request);
    }

    /// The responses read so far (whole frames).
    int responses()
    {
        m_buffer += m_socket.readAll();
        while (m_buffer.size() >= 4) {
            const auto* p = reinterpret_cast<const unsigned char*>(m_buffer.constData());
            const qsizetype size = (qsizetype { p[0] } << 24) | (qsizetype { p[1] } << 16) | (qsizetype { p[2] } << 8) | p[3];
            if (m_buffer.size() < 4 + size)
                break;
            m_buffer.remove(0, 4 + size);
            ++m_responses;
        }
        return m_responses;
    }
    bool waitForResponses(int count)
    {
        return QTest::qWaitFor([&] { return responses() >= count; }, liveWaitMs);
    }
    bool connected() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    int sent() const { return m_sent; }

private:
    std::string m_clientId;
    QTcpSocket m_socket;
    QByteArray m_buffer;
    std::int32_t m_correlation = 0;
    int m_responses = 0;
    int m_sent = 0;
};

/// Starts the dialog's live lab on free ports. ctest runs tests two at a time, and each dialog picks the
/// first free base port from 19092 when it opens, so two tests may pick the same one and the later Start
/// find it taken ("Address already in use"). This searches from a base of the process's own and, if the
/// port was taken between the search and Start, tries again from the next one.
inline bool startLiveLab(ui::LiveLabDialog& dialog, const ui::LiveSession& session, int brokers)
{
    int from = ui::LiveSession::defaultBasePort + 8 * (static_cast<int>(::getpid()) % 100);
    for (int attempt = 0; attempt < 5 && !session.isServing(); ++attempt) {
        const int port = ui::LiveSession::freeBasePort(QStringLiteral("127.0.0.1"), brokers, from);
        if (port > 0)
            dialog.portBox()->setValue(port);
        dialog.startButton()->click();
        from = (port > 0 ? port : from) + brokers + 1;
    }
    return session.isServing();
}

} // namespace hw::uitest
