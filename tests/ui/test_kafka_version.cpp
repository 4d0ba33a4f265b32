// SPDX-License-Identifier: MIT
// The Kafka version a run follows (cluster.kafka_version, issue #13) is shown where a teacher and a
// class see the run: the window title and the cluster view's heading, in every language, in the
// ordinary and the compact (presentation) drawing, without running into what is drawn below it.

#include "base/i18n.h"
#include "scenario/scenario.h"
#include "scene/brokeritem.h"
#include "scene/controlleritem.h"
#include "scene/framescene.h"
#include "scene/titleitem.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QApplication>

#include <gtest/gtest.h>

#include <optional>

using hw::ui::FrameScene;
using hw::ui::MainWindow;

namespace {

/// Leader failover, as the library has it or with the version given instead of its own.
hw::Scenario failover(std::optional<hw::KafkaVersion> version = std::nullopt)
{
    auto loaded = hw::loadScenario("builtin:leader-failover", version);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
        ADD_FAILURE() << error->toString();
    return std::get<hw::Scenario>(std::move(loaded));
}

/// A scenario whose file asks for Kafka 3.7.
hw::Scenario fileAtKafka37()
{
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "old-cluster",
 "title": {"en": "An old cluster", "zh_TW": "舊的集群", "zh_CN": "旧的集群"},
 "cluster": {"brokers": 3, "kafka_version": "3.7"},
 "topics": [{"name": "orders", "partitions": 2, "replication.factor": 3}],
 "producers": [{"id": "p1", "acks": "all"}],
 "steps": [{"produce": {"producer": "p1", "topic": "orders", "values": ["a"]}}]})",
        "old-cluster.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        ADD_FAILURE() << error->toString();
    return std::get<hw::Scenario>(std::move(parsed));
}

hw::ClusterState lastState(const hw::Scenario& scenario)
{
    auto played = hw::playScenario(scenario);
    if (auto* error = std::get_if<hw::ScenarioError>(&played))
        ADD_FAILURE() << error->toString();
    const auto& timeline = std::get<hw::Timeline>(played);
    return timeline.stateAt(timeline.frameCount() - 1);
}

/// The cluster view's heading: its first line (role "title"), whole even where it wraps.
struct Heading {
    const hw::ui::TitleItem* item = nullptr;
    QString text;
};

Heading clusterHeading(const FrameScene& scene)
{
    Heading heading;
    for (QGraphicsItem* item : scene.items()) {
        const auto* title = qgraphicsitem_cast<const hw::ui::TitleItem*>(item);
        if (!title || !title->isVisible())
            continue;
        QStringList parts;
        for (const hw::ui::TextRun& run : title->texts()) {
            if (run.role == QLatin1String("title"))
                parts << run.text;
        }
        if (!parts.isEmpty()) {
            EXPECT_EQ(heading.item, nullptr) << "two cluster headings";
            heading = { title, parts.join(QLatin1Char(' ')) };
        }
    }
    return heading;
}

/// The heading stays above the boxes the view draws under it.
void expectHeadingClear(const FrameScene& scene, const Heading& heading)
{
    ASSERT_NE(heading.item, nullptr);
    const QRectF box = heading.item->sceneBoundingRect();
    // Every text run of the heading lies inside the heading's own bounds.
    for (const hw::ui::TextRun& run : heading.item->texts()) {
        EXPECT_TRUE(heading.item->boundingRect().contains(run.box)) << run.text.toStdString();
    }
    for (QGraphicsItem* item : scene.items()) {
        if (!item->isVisible() || item->parentItem())
            continue;
        if (qgraphicsitem_cast<hw::ui::BrokerItem*>(item) || qgraphicsitem_cast<hw::ui::ControllerItem*>(item)) {
            EXPECT_FALSE(box.intersects(item->sceneBoundingRect())) << "the heading runs into a box";
        }
    }
}

struct EnglishAfterwards {
    ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
};

} // namespace

TEST(KafkaVersionShown, TheWindowTitleNamesTheVersionOfTheOpenScenario)
{
    const EnglishAfterwards english;
    MainWindow window;
    // The walkthrough the window opens on gives no version: the default, 4.4.
    EXPECT_TRUE(window.windowTitle().endsWith(QStringLiteral(" \u2014 Kafka 4.4 \u2014 HighWater")))
        << window.windowTitle().toStdString();
    ASSERT_TRUE(window.openParsedScenario(fileAtKafka37(), QStringLiteral("old-cluster.json")));
    EXPECT_EQ(window.windowTitle(), QStringLiteral("An old cluster[*] \u2014 Kafka 3.7 \u2014 HighWater"));
    ASSERT_TRUE(window.openParsedScenario(failover(hw::KafkaVersion::V4_0), QStringLiteral("builtin:leader-failover")));
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("Kafka 4.0"))) << window.windowTitle().toStdString();

    ASSERT_TRUE(window.openParsedScenario(fileAtKafka37(), QStringLiteral("old-cluster.json")));
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_TW")));
    QApplication::processEvents();
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("舊的集群[*]"))) << window.windowTitle().toStdString();
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("Kafka 3.7"))) << window.windowTitle().toStdString();
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents();
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("旧的集群[*]"))) << window.windowTitle().toStdString();
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("Kafka 3.7"))) << window.windowTitle().toStdString();
}

TEST(KafkaVersionShown, TheClusterViewHeadingOpensWithTheVersion)
{
    const EnglishAfterwards english;
    struct Case {
        hw::Scenario scenario;
        const char* heading;
    };
    const std::vector<Case> cases = {
        { failover(), "Kafka 4.4 cluster: 3 brokers \u00B7 1 topic \u00B7 1 partition" },
        { fileAtKafka37(), "Kafka 3.7 cluster: 3 brokers \u00B7 1 topic \u00B7 2 partitions" },
        { failover(hw::KafkaVersion::V3_9), "Kafka 3.9 cluster: 3 brokers \u00B7 1 topic \u00B7 1 partition" },
    };
    for (const Case& c : cases) {
        const hw::ClusterState state = lastState(c.scenario);
        for (const bool compact : { false, true }) {
            FrameScene scene;
            scene.setCompact(compact);
            scene.setViewKind(FrameScene::ViewKind::Cluster);
            scene.setFrame(state, 0);
            const Heading heading = clusterHeading(scene);
            EXPECT_EQ(heading.text.toStdString(), c.heading) << (compact ? "compact" : "ordinary");
            expectHeadingClear(scene, heading);
        }
    }

    // The version stays first in the translated headings.
    const hw::ClusterState old = lastState(fileAtKafka37());
    for (const char* language : { "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        FrameScene scene;
        scene.setViewKind(FrameScene::ViewKind::Cluster);
        scene.setFrame(old, 0);
        const Heading heading = clusterHeading(scene);
        EXPECT_TRUE(heading.text.startsWith(QStringLiteral("Kafka 3.7 ")))
            << language << ": " << heading.text.toStdString();
        expectHeadingClear(scene, heading);
    }
}
