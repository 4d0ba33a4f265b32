// SPDX-License-Identifier: MIT
// The live lab's box of real clients in the cluster view (issue 28: "with 90 clients the boxes
// aggregate (per group, per topic) and stay legible"): a line per connection up to rowsMax, above it a
// line per group, per topic produced to, per topic read without a group and one for the connections
// with no data yet, at most aggregateRowsMax; each says LIVE in words, none is cut or covers another.
// The clients' requests are applied to the window's live timeline as the live lab's server applies
// them (SimController::liveTimeline, liveAdvanced), without sockets.
#include "base/i18n.h"
#include "base/theme.h"
#include "control/simcontroller.h"
#include "groups/consumer_protocol.h"
#include "scenario/scenario.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/liveclientsitem.h"
#include "scene/messageitem.h"
#include "scene/messagetext.h"
#include "scene/replicalogitem.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"

#include <QApplication>
#include <QDir>
#include <QGraphicsItem>
#include <QPixmap>
#include <QRegularExpression>
#include <QTest>

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <optional>
#include <variant>

namespace {

using hw::ui::LiveClientsItem;
using hw::ui::MainWindow;
using RowKind = LiveClientsItem::RowKind;

const char* classScenarioJson()
{
    return R"({"format": "highwater/1", "name": "class", "seed": 1,
 "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 3, "replication.factor": 3},
            {"name": "payments", "partitions": 2, "replication.factor": 3}],
 "steps": [{"advance": {"ms": 3000}}]})";
}

/// A window serving the class scenario live, its real clients made by hand.
struct LiveClass {
    MainWindow window;
    QHash<std::int32_t, QString> names;

    explicit LiveClass(QSize size)
    {
        auto parsed = hw::parseScenario(classScenarioJson(), "class.json");
        EXPECT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
        EXPECT_TRUE(window.openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("class.json")));
        window.resize(size);
        window.show();
        QApplication::processEvents();
        window.resize(size);
        QApplication::processEvents();
        window.controller()->setLive(true);
        window.setViewKind(hw::ui::FrameScene::ViewKind::Cluster);
    }
    ~LiveClass() { window.controller()->setLive(false); }

    hw::Timeline& timeline() { return window.controller()->liveTimeline(); }

    /// A connection to `broker` from `address`, named client.id `name`: its handle.
    std::int32_t connect(hw::BrokerId broker, const std::string& address, const QString& name)
    {
        hw::LiveClientAction a;
        a.kind = hw::LiveClientAction::Kind::Connect;
        a.id = address;
        a.broker = broker;
        const hw::ApplyResult r = timeline().apply(a);
        EXPECT_TRUE(r.ok()) << r.error;
        const std::int32_t handle = r.event ? r.event->peer : -1;
        names.insert(handle, name);
        return handle;
    }

    void send(std::int32_t client, hw::LiveRequest body)
    {
        hw::LiveClientAction a;
        a.kind = hw::LiveClientAction::Kind::Request;
        a.client = client;
        a.request = std::move(body);
        const hw::ApplyResult r = timeline().apply(a);
        EXPECT_TRUE(r.ok()) << r.error;
    }

    /// partition: index into ClusterState::partitions (orders 0-2, payments 3-4).
    void produce(std::int32_t client, std::int32_t partition)
    {
        hw::LiveProduce p;
        p.partition = partition;
        p.records.push_back(hw::LiveRecord{});
        p.records.back().value = "hello";
        send(client, p);
    }

    void fetch(std::int32_t client, std::int32_t partition) { send(client, hw::LiveFetch{partition, 0, 100, 0}); }

    void groupRequest(std::int32_t client, hw::GroupRequestKind kind, const std::string& group, const std::string& topic)
    {
        hw::GroupRequest r;
        r.kind = kind;
        hw::LiveGroupFields live;
        live.groupId = group;
        live.clientId = "rdkafka";
        live.clientHost = "/127.0.0.1";
        live.protocolType = "consumer";
        live.sessionTimeoutMs = 45000;
        live.rebalanceTimeoutMs = 30000;
        if (kind == hw::GroupRequestKind::Join) {
            hw::ConsumerSubscription s;
            s.version = 1;
            s.topics = {topic};
            live.protocols.push_back(hw::GroupProtocolOffer{"range", hw::encodeConsumerSubscription(s)});
        } else {
            r.memberId = "rdkafka-" + std::to_string(client);
            r.generation = 1;
        }
        r.live = live;
        send(client, hw::LiveGroup{r});
    }

    /// Shows the present with the clients' names, as the live lab does after each request.
    void show()
    {
        window.scene()->setLiveClientNames(names);
        window.controller()->liveAdvanced(static_cast<double>(timeline().head().nowMs));
        QApplication::processEvents();
        QTest::qWait(50);
    }

    const LiveClientsItem* box() const
    {
        for (QGraphicsItem* item : window.scene()->items()) {
            if (item->type() == LiveClientsItem::Type)
                return static_cast<const LiveClientsItem*>(item);
        }
        return nullptr;
    }
};

int port = 40000;
std::string nextAddress()
{
    return "127.0.0.1:" + std::to_string(port++);
}

/// The class of issue 28: 90 connections. Groups orders-app (30, reading orders), billing (20, reading
/// payments) and audit (10, members that fetched nothing yet); producers to orders (14) and payments
/// (8); 3 consumers reading orders without a group; 5 that only asked for metadata.
void makeClass(LiveClass& c)
{
    for (int i = 0; i < 30; ++i) {
        const std::int32_t h = c.connect(1 + i % 3, nextAddress(), QStringLiteral("rdkafka"));
        c.groupRequest(h, hw::GroupRequestKind::Join, "orders-app", "orders");
        c.fetch(h, i % 3);
    }
    for (int i = 0; i < 20; ++i) {
        const std::int32_t h = c.connect(1 + i % 3, nextAddress(), QStringLiteral("billing-svc"));
        c.groupRequest(h, hw::GroupRequestKind::Join, "billing", "payments");
        c.fetch(h, 3 + i % 2);
    }
    for (int i = 0; i < 10; ++i) {
        const std::int32_t h = c.connect(1 + i % 3, nextAddress(), QStringLiteral("audit"));
        c.groupRequest(h, hw::GroupRequestKind::Heartbeat, "audit", "orders");
    }
    for (int i = 0; i < 14; ++i) {
        const std::int32_t h = c.connect(1 + i % 3, nextAddress(), QStringLiteral("rdkafka"));
        c.send(h, hw::LiveMetadata{});
        c.produce(h, i % 3);
    }
    for (int i = 0; i < 8; ++i) {
        const std::int32_t h = c.connect(1 + i % 3, nextAddress(), QStringLiteral("rdkafka"));
        c.produce(h, 3 + i % 2);
    }
    for (int i = 0; i < 3; ++i) {
        const std::int32_t h = c.connect(1 + i % 3, nextAddress(), QStringLiteral("ada"));
        c.fetch(h, i);
    }
    for (int i = 0; i < 5; ++i) {
        const std::int32_t h = c.connect(1 + i % 3, nextAddress(), QStringLiteral("adminclient-1"));
        c.send(h, hw::LiveMetadata{});
    }
    c.show();
}

QString withoutSpaces(QString text)
{
    text.remove(QLatin1Char(' '));
    return text;
}

/// Every line of the box is whole (its runs, joined, are its text: nothing cut to "…"), says LIVE in
/// words, stays inside the box, and no run covers another; its text is no smaller than the
/// producers' and consumers' lines.
void expectLegible(const LiveClientsItem& box, const QString& live, const std::string& where)
{
    const QRectF bounds = box.boundingRect();
    const int normalPx = hw::ui::theme::font(hw::ui::theme::smallSize).pixelSize();
    for (std::size_t r = 0; r < box.rows().size(); ++r) {
        const LiveClientsItem::Row& row = box.rows()[r];
        const std::string line = where + ", line " + std::to_string(r) + " \"" + row.text.toStdString() + "\"";
        EXPECT_TRUE(row.text.startsWith(live)) << line << ": says " << live.toStdString();
        const QList<hw::ui::TextRun> runs = box.rowRuns(r);
        ASSERT_FALSE(runs.isEmpty()) << line;
        QString drawn;
        for (const hw::ui::TextRun& run : runs) {
            EXPECT_FALSE(run.text.contains(QChar(0x2026))) << line << ": \"" << run.text.toStdString() << "\" is cut";
            EXPECT_TRUE(bounds.contains(run.box)) << line << ": \"" << run.text.toStdString() << "\" leaves the box";
            EXPECT_GE(run.font.pixelSize(), normalPx) << line;
            drawn += run.text;
        }
        EXPECT_EQ(withoutSpaces(drawn), withoutSpaces(row.text)) << line << ": drawn whole";
    }
    const QList<hw::ui::TextRun>& all = box.texts();
    for (qsizetype i = 0; i < all.size(); ++i)
        for (qsizetype j = i + 1; j < all.size(); ++j) {
            const QRectF common = all[i].box.intersected(all[j].box);
            EXPECT_FALSE(common.width() > 0.5 && common.height() > 0.5)
                << where << ": \"" << all[i].text.toStdString() << "\" and \"" << all[j].text.toStdString()
                << "\" overlap";
        }
}

/// The row of a kind and key, or nullptr.
const LiveClientsItem::Row* rowOf(const LiveClientsItem& box, RowKind kind, const QString& key = QString())
{
    for (const LiveClientsItem::Row& row : box.rows()) {
        if (row.kind == kind && row.key == key)
            return &row;
    }
    return nullptr;
}

/// Saves the window as a PNG when HW_LIVE_BOX_PNG_DIR names a directory (for looking at it).
void maybeSave(MainWindow& window, const QString& name)
{
    const QString dir = qEnvironmentVariable("HW_LIVE_BOX_PNG_DIR");
    if (dir.isEmpty())
        return;
    const QString path = QDir(dir).filePath(name);
    EXPECT_TRUE(window.grab().save(path)) << path.toStdString();
    std::cout << "[ saved ] " << path.toStdString() << "\n";
}

struct EnglishAfterwards {
    ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
};

} // namespace

TEST(LiveClientsBox, NinetyClientsAggregateByGroupAndTopicInAtMostTenWholeLines)
{
    EnglishAfterwards english;
    struct Case {
        const char* language;
        QString live;
        QSize size;
    };
    const Case cases[] = {
        { "en", QStringLiteral("LIVE"), QSize(1280, 720) },
        { "zh_TW", QStringLiteral("\u5373\u6642"), QSize(1280, 720) },
        { "en", QStringLiteral("LIVE"), QSize(1920, 1080) },
        { "zh_TW", QStringLiteral("\u5373\u6642"), QSize(1920, 1080) },
    };
    for (const Case& c : cases) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(c.language)));
        const std::string where = std::string(c.language) + " " + std::to_string(c.size.width()) + "x"
            + std::to_string(c.size.height());
        LiveClass live(c.size);
        makeClass(live);
        const LiveClientsItem* box = live.box();
        ASSERT_NE(box, nullptr) << where;
        ASSERT_LE(box->rows().size(), static_cast<std::size_t>(LiveClientsItem::aggregateRowsMax)) << where;
        EXPECT_EQ(box->rows().size(), 7u) << where << ": 3 groups, 2 topics produced to, 1 read, no data yet";
        std::size_t counted = 0;
        for (const LiveClientsItem::Row& row : box->rows())
            counted += row.clients.size();
        EXPECT_EQ(counted, 90u) << where;
        struct Expected {
            RowKind kind;
            QString key;
            std::size_t count;
        };
        const Expected expected[] = {
            { RowKind::Group, QStringLiteral("orders-app"), 30 },
            { RowKind::Group, QStringLiteral("billing"), 20 },
            { RowKind::Group, QStringLiteral("audit"), 10 },
            { RowKind::Producing, QStringLiteral("orders"), 14 },
            { RowKind::Producing, QStringLiteral("payments"), 8 },
            { RowKind::Reading, QStringLiteral("orders"), 3 },
            { RowKind::NoData, QString(), 5 },
        };
        for (const Expected& e : expected) {
            const LiveClientsItem::Row* row = rowOf(*box, e.kind, e.key);
            ASSERT_NE(row, nullptr) << where << ": " << e.key.toStdString();
            EXPECT_EQ(row->clients.size(), e.count) << where << ": " << row->text.toStdString();
            EXPECT_TRUE(row->text.contains(QRegularExpression(QStringLiteral("\u00D7 %1(?!\\d)").arg(e.count))))
                << where << ": " << row->text.toStdString();
            if (!e.key.isEmpty())
                EXPECT_TRUE(row->text.contains(e.key)) << where << ": " << row->text.toStdString();
        }
        // The most numerous first; the groups name the topics their members read.
        EXPECT_EQ(box->rows().front().key, QStringLiteral("orders-app")) << where;
        EXPECT_TRUE(rowOf(*box, RowKind::Group, QStringLiteral("orders-app"))->text.endsWith(QStringLiteral("\u2192 orders")))
            << where;
        EXPECT_TRUE(rowOf(*box, RowKind::Group, QStringLiteral("billing"))->text.endsWith(QStringLiteral("\u2192 payments")))
            << where;
        EXPECT_FALSE(rowOf(*box, RowKind::Group, QStringLiteral("audit"))->text.contains(QChar(0x2192)))
            << where << ": its members fetched nothing yet";
        expectLegible(*box, c.live, where);
        // The title counts every connection.
        const hw::ui::TextRun* title = box->textWithRole(QStringLiteral("live:title"));
        ASSERT_NE(title, nullptr);
        EXPECT_TRUE(title->text.contains(QStringLiteral("90"))) << where;
        // On screen, the lines are as large as the brokers' own small text (nothing in the box is
        // drawn smaller than the rest of the view's labels).
        const qreal scale = live.window.view()->transform().m22();
        std::cout << "[ measured ] " << where << ": live lines " << box->rowRuns(0).front().font.pixelSize() * scale
                  << " px on screen, box " << box->boundingRect().height() * scale << " px tall\n";
        maybeSave(live.window,
            QStringLiteral("live-box-90-%1-%2x%3.png").arg(QString::fromLatin1(c.language)).arg(c.size.width()).arg(c.size.height()));
    }
}

TEST(LiveClientsBox, AboveTenKindsTheLastLineCountsTheRest)
{
    LiveClass live(QSize(1280, 720));
    // 12 groups of one member each and 2 more of the largest group: 14 connections, 12 lines' worth.
    for (int g = 0; g < 12; ++g) {
        const int members = g == 0 ? 3 : 1;
        for (int m = 0; m < members; ++m) {
            const std::int32_t h = live.connect(1, nextAddress(), QStringLiteral("rdkafka"));
            live.groupRequest(h, hw::GroupRequestKind::Join, "group-" + std::to_string(g), "orders");
        }
    }
    live.show();
    const LiveClientsItem* box = live.box();
    ASSERT_NE(box, nullptr);
    ASSERT_EQ(box->rows().size(), static_cast<std::size_t>(LiveClientsItem::aggregateRowsMax));
    EXPECT_EQ(box->rows().front().key, QStringLiteral("group-0"));
    EXPECT_EQ(box->rows().front().clients.size(), 3u);
    const LiveClientsItem::Row& rest = box->rows().back();
    EXPECT_EQ(rest.kind, RowKind::Rest);
    EXPECT_EQ(rest.clients.size(), 3u) << "the last three by name after the largest: " << rest.text.toStdString();
    EXPECT_EQ(rest.text, QStringLiteral("LIVE \u00B7 3 more clients in other groups and topics"));
    expectLegible(*box, QStringLiteral("LIVE"), "12 groups");
}

TEST(LiveClientsBox, UpToEightClientsEachHasALineByClientIdAndAddress)
{
    EnglishAfterwards english;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        LiveClass live(QSize(1280, 720));
        std::vector<std::pair<std::int32_t, std::string>> clients;
        for (int i = 0; i < LiveClientsItem::rowsMax; ++i) {
            const std::string address = nextAddress();
            const std::int32_t h = live.connect(1 + i % 3, address, QStringLiteral("student-%1").arg(i));
            clients.emplace_back(h, address);
            if (i % 2 == 0)
                live.produce(h, 0);
        }
        live.show();
        const LiveClientsItem* box = live.box();
        ASSERT_NE(box, nullptr) << language;
        ASSERT_EQ(box->rows().size(), clients.size()) << language;
        for (std::size_t i = 0; i < clients.size(); ++i) {
            const LiveClientsItem::Row& row = box->rows()[i];
            EXPECT_EQ(row.kind, RowKind::Client);
            EXPECT_EQ(row.clients, std::vector<std::int32_t>{clients[i].first});
            EXPECT_TRUE(row.text.contains(QStringLiteral("student-%1").arg(i))) << row.text.toStdString();
            EXPECT_TRUE(row.text.contains(QString::fromStdString(clients[i].second))) << row.text.toStdString();
        }
        expectLegible(*box, std::string(language) == "en" ? QStringLiteral("LIVE") : QStringLiteral("\u5373\u6642"), language);
        // One more connection and the lines aggregate.
        live.connect(2, nextAddress(), QString());
        live.show();
        ASSERT_NE(live.box(), nullptr);
        EXPECT_EQ(live.box()->rows().front().kind, RowKind::NoData) << language;
    }
}

// A closed connection's slot goes to the next: the new one's name is its own, not the closed one's
// (the names are by handle, which changes with the slot's incarnation).
TEST(LiveClientsBox, AReusedSlotShowsItsNewClientsName)
{
    LiveClass live(QSize(1280, 720));
    const std::int32_t first = live.connect(1, nextAddress(), QStringLiteral("first"));
    hw::LiveClientAction close;
    close.kind = hw::LiveClientAction::Kind::Disconnect;
    close.client = first;
    ASSERT_TRUE(live.timeline().apply(close).ok());
    const std::string address = nextAddress();
    const std::int32_t second = live.connect(1, address, QStringLiteral("second"));
    ASSERT_NE(first, second);
    live.show();
    const LiveClientsItem* box = live.box();
    ASSERT_NE(box, nullptr);
    ASSERT_EQ(box->rows().size(), 1u);
    EXPECT_EQ(box->rows()[0].clients, std::vector<std::int32_t>{second});
    EXPECT_TRUE(box->rows()[0].text.startsWith(QStringLiteral("LIVE \u00B7 second \u00B7 127.0.0.1:")))
        << box->rows()[0].text.toStdString();
}

// A real consumer in a group opens a connection per broker: its group requests go to the coordinator,
// its fetches to the leaders on connections that name no group. Those count with the group of a member
// with the same client.id on the same host, not as consumers reading without a group; a consumer on
// another host with the same default client.id still reads without one.
TEST(LiveClientsBox, AGroupMembersFetchConnectionsCountWithItsGroup)
{
    LiveClass live(QSize(1280, 720));
    for (int student = 1; student <= 3; ++student) {
        const std::string host = "10.0.0." + std::to_string(student);
        const std::int32_t member = live.connect(1, host + ":40001", QStringLiteral("rdkafka"));
        live.groupRequest(member, hw::GroupRequestKind::Join, "class-app", "orders");
        for (int broker = 2; broker <= 3; ++broker) {
            const std::int32_t fetcher = live.connect(broker, host + ":4000" + std::to_string(broker), QStringLiteral("rdkafka"));
            live.fetch(fetcher, broker - 1);
        }
    }
    const std::int32_t alone = live.connect(1, "10.0.0.50:40001", QStringLiteral("rdkafka"));
    live.fetch(alone, 0);
    live.show();
    const LiveClientsItem* box = live.box();
    ASSERT_NE(box, nullptr);
    ASSERT_EQ(box->rows().size(), 2u);
    const LiveClientsItem::Row* group = rowOf(*box, RowKind::Group, QStringLiteral("class-app"));
    ASSERT_NE(group, nullptr);
    EXPECT_EQ(group->clients.size(), 9u) << group->text.toStdString();
    EXPECT_TRUE(group->text.endsWith(QStringLiteral("\u2192 orders"))) << group->text.toStdString();
    const LiveClientsItem::Row* reading = rowOf(*box, RowKind::Reading, QStringLiteral("orders"));
    ASSERT_NE(reading, nullptr);
    EXPECT_EQ(reading->clients, (std::vector<std::int32_t>{ alone }));
}

namespace {

/// The live clients' messages in flight that the cluster view draws (heartbeats are hidden by
/// default), by the broker at their other end and whether they are requests.
std::map<std::pair<std::int32_t, bool>, std::size_t> liveMessagesInFlight(const hw::ClusterState& state)
{
    std::map<std::pair<std::int32_t, bool>, std::size_t> out;
    for (const hw::QueuedEvent& queued : state.queue) {
        const auto* m = std::get_if<hw::Message>(&queued.what);
        if (!m)
            continue;
        const bool request = m->from.kind == hw::NodeKind::LiveClient;
        if (!request && m->to.kind != hw::NodeKind::LiveClient)
            continue;
        const std::optional<hw::ui::MessageInfo> info = hw::ui::MessageText::describe(queued, state);
        if (!info || info->kind == hw::ui::MessageItem::Kind::Heartbeat)
            continue;
        const hw::NodeRef& other = request ? m->to : m->from;
        EXPECT_EQ(other.kind, hw::NodeKind::Broker);
        ++out[{ other.id, request }];
    }
    return out;
}

/// Whether a message item stands for a live client's message (its sequence is one).
bool isLive(const hw::ClusterState& state, const hw::ui::MessageItem& item)
{
    for (const hw::QueuedEvent& queued : state.queue) {
        if (queued.sequence != item.target().message)
            continue;
        const auto* m = std::get_if<hw::Message>(&queued.what);
        return m && (m->from.kind == hw::NodeKind::LiveClient || m->to.kind == hw::NodeKind::LiveClient);
    }
    return false;
}

} // namespace

// Ninety clients' requests were ninety tracks over the brokers' rows and partition names. Above
// rowsMax connections they travel as one bundle per broker and direction: one track, a dot per
// message, one label counting them; the tooltip lists the first few.
TEST(LiveClientsBox, NinetyClientsMessagesTravelInOneBundlePerBrokerAndDirection)
{
    LiveClass live(QSize(1280, 720));
    makeClass(live);
    const LiveClientsItem* box = live.box();
    ASSERT_NE(box, nullptr);
    ASSERT_TRUE(box->aggregated());
    const hw::ClusterState& state = live.timeline().head();
    const auto expected = liveMessagesInFlight(state);
    ASSERT_GE(expected.size(), 3u) << "requests to each of the 3 brokers are on their way";
    std::size_t expectedMessages = 0;
    for (const auto& [key, count] : expected)
        expectedMessages += count;
    ASSERT_GT(expectedMessages, 30u);

    // Half way along the tracks: at the moment of sending every dot stands at the box's anchor, the
    // bundles' dots one on another.
    live.window.scene()->setDisplayTime(static_cast<double>(state.nowMs) + state.config.networkLatencyMs / 2.0);
    std::size_t bundles = 0;
    std::size_t dots = 0;
    const QRegularExpression counted(QStringLiteral("^LIVE \u00B7 (\\d+) (request|answer)s?$"));
    for (const hw::ui::MessageItem* item : live.window.scene()->messageItems()) {
        if (!isLive(state, *item))
            continue;
        ++bundles;
        const std::size_t members = 1 + item->followerCount();
        dots += members;
        const QRegularExpressionMatch match = counted.match(item->label());
        ASSERT_TRUE(match.hasMatch()) << item->label().toStdString();
        EXPECT_EQ(match.captured(1).toULongLong(), members) << item->label().toStdString();
        // The tooltip lists five of them and counts the rest.
        const QString tip = live.window.scene()->toolTipAt(item->dotPosition());
        EXPECT_TRUE(tip.startsWith(item->label())) << tip.toStdString();
        if (members > 5) {
            EXPECT_TRUE(tip.endsWith(QStringLiteral("\u2026 and %1 more").arg(members - 5))) << tip.toStdString();
        }
        // A visible label covers no replica row's text (the partitions' names among them).
        if (item->isLabelVisible()) {
            const QRectF label = item->texts().constFirst().box;
            for (const hw::ui::ReplicaLogItem* row : live.window.scene()->replicaItems()) {
                for (const QRectF& text : row->textBoxes())
                    EXPECT_FALSE(label.intersects(text)) << item->label().toStdString();
            }
        }
    }
    EXPECT_EQ(bundles, expected.size()) << "one bundle per broker and direction";
    EXPECT_LE(bundles, 2u * 3u);
    EXPECT_EQ(dots, expectedMessages) << "every live message has its dot";
    maybeSave(live.window, QStringLiteral("live-bundles-90-en-1280x720.png"));
}

TEST(LiveClientsBox, UpToEightClientsEachMessageHasItsOwnTrack)
{
    LiveClass live(QSize(1280, 720));
    for (int i = 0; i < 3; ++i) {
        const std::int32_t h = live.connect(1 + i, nextAddress(), QStringLiteral("rdkafka"));
        live.produce(h, i);
    }
    live.show();
    ASSERT_NE(live.box(), nullptr);
    ASSERT_FALSE(live.box()->aggregated());
    const hw::ClusterState& state = live.timeline().head();
    std::size_t expectedMessages = 0;
    for (const auto& [key, count] : liveMessagesInFlight(state))
        expectedMessages += count;
    ASSERT_EQ(expectedMessages, 3u);
    std::size_t items = 0;
    for (const hw::ui::MessageItem* item : live.window.scene()->messageItems()) {
        if (!isLive(state, *item))
            continue;
        ++items;
        EXPECT_EQ(item->followerCount(), 0u);
        EXPECT_FALSE(item->label().startsWith(QStringLiteral("LIVE"))) << item->label().toStdString();
    }
    EXPECT_EQ(items, expectedMessages);
}
