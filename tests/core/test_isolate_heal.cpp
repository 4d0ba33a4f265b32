// SPDX-License-Identifier: MIT
// Isolate and heal against real Kafka (issue 28, defect 7). docs/real-kafka.md, "Isolate and heal:
// measured", ran Kafka 4.4.0 across a real network partition (tc, no proxy): a topic with partition 0
// led by broker 2 (replicas 2,1,3) and partition 1 led by broker 1 with broker 2 a follower (1,2,3),
// min.insync.replicas=2, acks=all producers sending a record to each every 100 ms, broker 2 cut off
// for 5, 15 and 40 s. These tests run the same cuts in the model and hold it to what Kafka did, in
// the measurement's own figures (seconds from the heal, two runs each), with the margins said at each
// check. Before the model retransmitted what a cut swallowed (sim/network.h), a 5 s cut stalled the
// producers 35 s after the heal where Kafka stalled 2 s.
#include "check/invariants.h"
#include "engine/engine.h"
#include "scenario/scenario.h"
#include "sim/network.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace {

using hw::EventType;
using hw::TimeMs;

constexpr TimeMs cutAtMs = 5000;

struct Figures {
    // Per partition (0: led by broker 2, 1: broker 2 a follower), in ms.
    std::optional<TimeMs> firstAckAfterHeal[2];
    TimeMs longestPause[2] = {0, 0};       // between consecutive acks, from the first ack on
    std::optional<TimeMs> firstAckAfterCut[2]; // the first ack after the cut began
    std::optional<TimeMs> backInIsr[2];    // broker 2 back in the controller's ISR, after the heal
    bool leftIsr[2] = {false, false};
    std::vector<std::string> invariantBreaks;
};

Figures runCut(TimeMs cutMs)
{
    const std::string text = R"({"format": "highwater/1", "name": "isolate-heal", "title": {"en": "isolate and heal"},
        "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
        "topics": [
          {"name": "a", "partitions": 1, "replication.factor": 3, "assignment": [[2, 1, 3]]},
          {"name": "b", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
        "producers": [{"id": "pa", "acks": "all", "rate_per_s": 10, "topic": "a"},
                      {"id": "pb", "acks": "all", "rate_per_s": 10, "topic": "b"}],
        "steps": [{"advance": {"ms": )" + std::to_string(cutAtMs) + R"(}}, {"isolate": {"broker": 2}},
                  {"advance": {"ms": )" + std::to_string(cutMs) + R"(}}, {"heal": {"broker": 2}},
                  {"advance": {"ms": 60000}}]})";
    auto parsed = hw::parseScenario(text, "isolate-heal.json");
    const auto* scenario = std::get_if<hw::Scenario>(&parsed);
    if (!scenario)
        throw std::runtime_error(std::get<hw::ScenarioError>(parsed).toString());
    hw::Timeline timeline(hw::Engine::createCluster(scenario->cluster));
    if (const auto error = hw::runScenario(*scenario, timeline))
        throw std::runtime_error(error->toString());

    Figures out;
    const TimeMs healMs = cutAtMs + cutMs;
    std::optional<TimeMs> lastAck[2];
    hw::InvariantChecker checker;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::FrameInfo& frame = timeline.frame(f);
        const hw::Event& e = frame.event;
        if (f % 64 == 0 || e.type == EventType::IsrUpdated || e.type == EventType::IsrChangedByController ||
            e.type == EventType::BrokerHealed) {
            const hw::ClusterState s = timeline.stateAt(f);
            for (const std::string& b : checker.check(s))
                out.invariantBreaks.push_back("frame " + std::to_string(f) + ": " + b);
            for (int p = 0; p < 2; ++p) {
                const auto& isr = s.partitions[static_cast<std::size_t>(p)].registration.isr;
                const bool in = std::find(isr.begin(), isr.end(), 2) != isr.end();
                if (!in && frame.timeMs >= cutAtMs)
                    out.leftIsr[p] = true;
                if (in && out.leftIsr[p] && frame.timeMs >= healMs && !out.backInIsr[p])
                    out.backInIsr[p] = frame.timeMs - healMs;
            }
        }
        if (e.type != EventType::ProduceAcked)
            continue;
        const int p = e.node; // producer index: pa writes partition 0, pb partition 1
        if (lastAck[p])
            out.longestPause[p] = std::max(out.longestPause[p], frame.timeMs - *lastAck[p]);
        lastAck[p] = frame.timeMs;
        if (frame.timeMs > cutAtMs && !out.firstAckAfterCut[p])
            out.firstAckAfterCut[p] = frame.timeMs - cutAtMs;
        if (frame.timeMs >= healMs && !out.firstAckAfterHeal[p])
            out.firstAckAfterHeal[p] = frame.timeMs - healMs;
    }
    // The figures, for docs/real-kafka.md's table.
    auto ms = [](const std::optional<TimeMs>& v) { return v ? std::to_string(*v) : std::string("-"); };
    for (int p = 0; p < 2; ++p)
        std::printf("cut %lld s, partition %d: first ack after the heal %s ms, longest pause %lld ms, first ack "
                    "after the cut %s ms, left the ISR %d, back in the ISR %s ms after the heal\n",
                    static_cast<long long>(cutMs / 1000), p, ms(out.firstAckAfterHeal[p]).c_str(),
                    static_cast<long long>(out.longestPause[p]), ms(out.firstAckAfterCut[p]).c_str(),
                    out.leftIsr[p] ? 1 : 0, ms(out.backInIsr[p]).c_str());
    return out;
}

TEST(IsolateHealLikeKafka, AFiveSecondCutStallsTheProducersAboutTwoSecondsAfterTheHealAsOnKafka)
{
    // Kafka 4.4.0: first ack 2.2 / 1.7 s after the heal (partition 0), 1.7 / 1.7 s (partition 1); the
    // longest pause of acks 7.3 / 6.9 s and 6.8 / 6.8 s; broker 2 never left an ISR (not fenced).
    const Figures f = runCut(5000);
    EXPECT_TRUE(f.invariantBreaks.empty()) << f.invariantBreaks.front();
    for (int p = 0; p < 2; ++p) {
        ASSERT_TRUE(f.firstAckAfterHeal[p]) << p;
        // The requests sent early in the cut come with the retransmission 6.3 s after their sending.
        EXPECT_GE(*f.firstAckAfterHeal[p], 1000) << p;
        EXPECT_LE(*f.firstAckAfterHeal[p], 3000) << p;
        EXPECT_GE(f.longestPause[p], 6000) << p;
        EXPECT_LE(f.longestPause[p], 8000) << p;
        EXPECT_FALSE(f.leftIsr[p]) << p;
    }
}

TEST(IsolateHealLikeKafka, AFifteenSecondCutWaitsForTheRetransmissionAfterTheFence)
{
    // Kafka 4.4.0: broker 2 fenced 7.9 / 9.3 s into the cut; partition 0 (led by 2) first ack 13.2 /
    // 12.1 s after the heal, longest pause 28.3 / 27.2 s (the producer's request sent at the cut waits
    // for the retransmission 25.5 s after its sending); partition 1 acks at once after the new ISR.
    const Figures f = runCut(15000);
    EXPECT_TRUE(f.invariantBreaks.empty()) << f.invariantBreaks.front();
    ASSERT_TRUE(f.firstAckAfterHeal[0]);
    EXPECT_GE(*f.firstAckAfterHeal[0], 9000);
    EXPECT_LE(*f.firstAckAfterHeal[0], 15000);
    EXPECT_GE(f.longestPause[0], 24000);
    EXPECT_LE(f.longestPause[0], 30000);
    EXPECT_TRUE(f.leftIsr[0]);
    EXPECT_TRUE(f.leftIsr[1]);
    ASSERT_TRUE(f.firstAckAfterHeal[1]);
    EXPECT_LE(*f.firstAckAfterHeal[1], 1000);
}

TEST(IsolateHealLikeKafka, AFortySecondCutEndsInTheRequestTimeoutAndBrokerTwoRejoinsWithinSeconds)
{
    // Kafka 4.4.0: partition 0's acks resumed 30.2 s into the cut (request.timeout.ms, then the new
    // leader); broker 2 back in both ISRs 2.2-2.5 s after the heal (its connections had timed out and
    // were new, so no retransmission held it).
    const Figures f = runCut(40000);
    EXPECT_TRUE(f.invariantBreaks.empty()) << f.invariantBreaks.front();
    ASSERT_TRUE(f.firstAckAfterCut[0]);
    EXPECT_GE(*f.firstAckAfterCut[0], 29500);
    EXPECT_LE(*f.firstAckAfterCut[0], 31500);
    for (int p = 0; p < 2; ++p) {
        ASSERT_TRUE(f.leftIsr[p]) << p;
        ASSERT_TRUE(f.backInIsr[p]) << p;
        EXPECT_LE(*f.backInIsr[p], 5000) << p;
    }
}

TEST(IsolateHealLikeKafka, ACutThatDoesNotRetransmitStillLosesWhatItSwallows)
{
    // retransmit: false keeps the lossy cut (a teaching device): after a 5 s cut the acks of the
    // requests it swallowed never come, and the producers wait out request.timeout.ms (30 s).
    const std::string text = R"({"format": "highwater/1", "name": "lossy", "title": {"en": "lossy"},
        "cluster": {"brokers": 3},
        "topics": [{"name": "a", "partitions": 1, "replication.factor": 3, "assignment": [[2, 1, 3]]}],
        "producers": [{"id": "pa", "acks": "all", "rate_per_s": 10, "topic": "a"}],
        "steps": [{"advance": {"ms": 5000}}, {"isolate": {"broker": 2, "retransmit": false}},
                  {"advance": {"ms": 5000}}, {"heal": {"broker": 2}}, {"advance": {"ms": 40000}}]})";
    auto parsed = hw::parseScenario(text, "lossy.json");
    const auto& scenario = std::get<hw::Scenario>(parsed);
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    ASSERT_FALSE(hw::runScenario(scenario, timeline));
    std::optional<TimeMs> firstAfterHeal;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        if (timeline.frame(f).event.type == EventType::ProduceAcked && timeline.frame(f).timeMs >= 10000) {
            firstAfterHeal = timeline.frame(f).timeMs - 10000;
            break;
        }
    }
    ASSERT_TRUE(firstAfterHeal);
    EXPECT_GE(*firstAfterHeal, 20000);
    EXPECT_TRUE(timeline.head().heldConnections.empty());
}

TEST(IsolateHealLikeKafka, TheRetransmissionTimerDoublesFromTheOldestLostMessage)
{
    // Linux: RTO 200 ms plus the round trip, doubling, each wait at most 120 s, 15 retransmissions.
    // With a 2 ms link (RTT 4 ms, RTO 204 ms): arrivals 2 + 204, + 408, + 816, ... after the sending.
    EXPECT_EQ(hw::Network::nextRetransmissionMs(0, 2, 0), 206);
    EXPECT_EQ(hw::Network::nextRetransmissionMs(0, 2, 206), 614);
    EXPECT_EQ(hw::Network::nextRetransmissionMs(0, 2, 5000), 2 + 204 * 31); // 0.2+0.4+0.8+1.6+3.3 s
    // Past the 120 s cap the waits stay 120 s; after the 15th there is none.
    TimeMs last = 0;
    TimeMs at = 0;
    int count = 0;
    while ((at = hw::Network::nextRetransmissionMs(0, 2, at)) >= 0) {
        EXPECT_LE(at - last, hw::Network::rtoMaxMs);
        last = at;
        ++count;
    }
    EXPECT_EQ(count, hw::Network::retransmissionsMax);
}

} // namespace
