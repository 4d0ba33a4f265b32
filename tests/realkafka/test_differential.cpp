// SPDX-License-Identifier: MIT
// compareCheckpoints (realkafka/differential.h) without a JVM: the simulation of the leader-failover
// built-in beside "real" checkpoints made by hand from the simulation's own states, so that everything
// agrees, and then each fact changed on the real side alone to see exactly that fact differ; known
// differences, pending checkpoints, facts a version does not report, checkpoints on one side only, lost
// records and the JSON. The known-differences registry is checked against docs/real-kafka.md.
#include "realkafka/differential.h"

#include "engine/engine.h"
#include "scenario/builtin.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>

namespace hw::realkafka {
namespace {

Scenario builtin(const std::string& name)
{
    auto loaded = loadScenario("builtin:" + name);
    if (const auto* error = std::get_if<ScenarioError>(&loaded)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<Scenario>(loaded);
}

/// What an observer would have seen of the simulated state: every fact compareCheckpoints compares.
ClusterObservation observationOf(const ClusterState& s, bool withElr = true)
{
    ClusterObservation o;
    for (const Broker& broker : s.brokers) {
        o.registeredBrokers.push_back(broker.id);
        if (!broker.alive)
            o.stoppedBrokers.push_back(broker.id);
    }
    o.fencedBrokers = std::vector<std::int32_t> {};
    for (const BrokerRegistration& registration : s.registrations)
        if (registration.fenced)
            o.fencedBrokers->push_back(registration.id);
    for (std::size_t pi = 0; pi < s.partitions.size(); ++pi) {
        const Partition& partition = s.partitions[pi];
        ObservedPartition p;
        p.topic = s.topics[static_cast<std::size_t>(partition.topic)].name;
        p.partition = partition.index;
        p.leader = partition.registration.leader;
        p.leaderEpoch = partition.registration.leaderEpoch;
        p.replicas = { partition.registration.replicas.begin(), partition.registration.replicas.end() };
        p.isr = { partition.registration.isr.begin(), partition.registration.isr.end() };
        if (withElr) {
            p.elr = std::vector<std::int32_t>(partition.registration.elr.begin(), partition.registration.elr.end());
            p.lastKnownElr = std::vector<std::int32_t>(
                partition.registration.lastKnownElr.begin(), partition.registration.lastKnownElr.end());
        }
        for (const Replica& replica : partition.replicas) {
            ObservedReplica r { replica.broker, replica.log.logStart, replica.log.leo(), replica.hw, {},
                !s.broker(replica.broker).alive };
            for (Offset offset = replica.log.baseOffset; offset < replica.log.leo(); ++offset) {
                const Record& record = replica.log.at(offset);
                const Payload& payload = s.payloads[static_cast<std::size_t>(record.payload)];
                r.records.push_back({ offset, record.epoch,
                    payload.hasKey ? std::optional<std::string>(payload.key) : std::nullopt, payload.value, -1,
                    record.sequence, record.producerEpoch, record.batchEnd });
            }
            p.replicaStates.push_back(std::move(r));
        }
        o.partitions.push_back(std::move(p));
    }
    return o;
}

/// What Kafka's producer would have said of every simulated send.
std::vector<SendOutcome> sendsOf(const ClusterState& s)
{
    std::vector<SendOutcome> sends;
    for (const Producer& producer : s.producers) {
        producer.batches.forEach(0, producer.batches.size(), [&](std::size_t, const ProducerBatch& batch) {
            const Partition& partition = s.partitions[static_cast<std::size_t>(batch.partition)];
            for (std::int32_t i = 0; i < batch.count; ++i) {
                const Payload& payload = s.payloads[static_cast<std::size_t>(batch.firstPayload + i)];
                SendOutcome o;
                o.id = static_cast<std::int64_t>(sends.size());
                o.producer = producer.id;
                o.topic = s.topics[static_cast<std::size_t>(partition.topic)].name;
                o.partition = partition.index;
                if (payload.hasKey)
                    o.key = payload.key;
                o.value = payload.value;
                o.answered = batch.status != SendStatus::Pending && batch.status != SendStatus::InFlight;
                o.acked = batch.status == SendStatus::Acked;
                o.offset = o.acked && batch.baseOffset >= 0 ? batch.baseOffset + i : -1;
                sends.push_back(std::move(o));
            }
        });
    }
    return sends;
}

struct Fixture {
    Scenario scenario = builtin("leader-failover");
    Timeline timeline { Engine::createCluster(scenario.cluster) };
    std::vector<RealCheckpoint> real;

    Fixture()
    {
        if (const auto error = runScenario(scenario, timeline))
            ADD_FAILURE() << error->toString();
        for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
            const std::int32_t label = timeline.frame(f).label;
            if (label < 0)
                continue;
            const ClusterState state = timeline.stateAt(f);
            ObservedStep step;
            step.key = "checkpoint";
            step.quiescent = true;
            step.checkpoint = timeline.labels()[static_cast<std::size_t>(label)];
            step.observation = observationOf(state);
            real.push_back({ step, sendsOf(state) });
        }
    }

    RealCheckpoint& at(const std::string& label)
    {
        for (RealCheckpoint& checkpoint : real)
            if (checkpoint.observed.checkpoint == label)
                return checkpoint;
        throw std::logic_error("no checkpoint " + label);
    }

    Comparison compare(std::span<const KnownDifference> known = {}) const
    {
        return compareCheckpoints(scenario, timeline, real, "4.4.0", known);
    }
};

const CheckpointComparison* checkpointOf(const Comparison& c, const std::string& label)
{
    for (const CheckpointComparison& checkpoint : c.checkpoints)
        if (checkpoint.label == label)
            return &checkpoint;
    return nullptr;
}

/// "subject fact" of every fact with this verdict.
std::set<std::string> factsWith(const Comparison& c, Verdict verdict)
{
    std::set<std::string> out;
    for (const CheckpointComparison& checkpoint : c.checkpoints)
        for (const FactComparison& fact : checkpoint.facts)
            if (fact.verdict == verdict)
                out.insert(checkpoint.label + ": " + fact.subject + " " + fact.fact);
    return out;
}

const FactComparison* factOf(const CheckpointComparison& checkpoint, const std::string& subject, const std::string& fact)
{
    for (const FactComparison& f : checkpoint.facts)
        if (f.subject == subject && f.fact == fact)
            return &f;
    return nullptr;
}

ObservedPartition& partition0(RealCheckpoint& checkpoint)
{
    return checkpoint.observed.observation.partitions.at(0);
}

ObservedReplica& replicaOf(RealCheckpoint& checkpoint, std::int32_t broker)
{
    for (ObservedReplica& replica : partition0(checkpoint).replicaStates)
        if (replica.brokerId == broker)
            return replica;
    throw std::logic_error("no replica " + std::to_string(broker));
}

TEST(Differential, TheSameStatesAgreeAtEveryCheckpointButThePendingOne)
{
    const Fixture fixture;
    const Comparison c = fixture.compare();
    ASSERT_EQ(c.checkpoints.size(), 5u);
    EXPECT_EQ(c.scenario, "leader-failover");
    EXPECT_EQ(c.kafkaVersion, "4.4.0");
    EXPECT_TRUE(c.passes());
    EXPECT_EQ(factsWith(c, Verdict::Differ), std::set<std::string> {});
    const VerdictCounts counts = c.counts();
    EXPECT_EQ(counts.differ, 0u);
    EXPECT_EQ(counts.known, 0u);
    // Per checkpoint and partition: leader, leader_epoch, isr, elr, last_known_elr, lost_records, and
    // three facts of each of the three replicas.
    for (const CheckpointComparison& checkpoint : c.checkpoints) {
        EXPECT_EQ(checkpoint.facts.size(), 15u) << checkpoint.label;
        EXPECT_TRUE(checkpoint.observed);
        EXPECT_GE(checkpoint.simulatedFrame, 0);
        ASSERT_TRUE(checkpoint.step.has_value());
        EXPECT_TRUE(std::holds_alternative<CheckpointStep>(fixture.scenario.steps[*checkpoint.step]));
    }
    // Checkpoint 2 is marked pending in the built-in: every fact reported, none compared.
    const CheckpointComparison* pending = checkpointOf(c, "2");
    ASSERT_NE(pending, nullptr);
    EXPECT_FALSE(pending->compared);
    EXPECT_EQ(pending->notComparedWhy.rfind("pending: taken right after the leader was killed", 0), 0u)
        << pending->notComparedWhy;
    // The app says the reasons from their ids in the user's language.
    EXPECT_EQ(pending->notComparedId, hw::realkafka::ReasonId::Pending);
    EXPECT_EQ("pending: " + pending->pending, pending->notComparedWhy);
    for (const FactComparison& fact : pending->facts) {
        EXPECT_EQ(fact.verdict, Verdict::NotCompared) << fact.subject << " " << fact.fact;
        EXPECT_EQ(fact.reason.rfind("the checkpoint is pending: ", 0), 0u);
        EXPECT_EQ(fact.reasonId, hw::realkafka::ReasonId::Pending);
    }
    // The others are compared; broker 1 is down at checkpoint 3 on both sides, so its HW is not.
    const CheckpointComparison* three = checkpointOf(c, "3");
    ASSERT_NE(three, nullptr);
    EXPECT_TRUE(three->compared);
    const FactComparison* hw1 = factOf(*three, "orders-0 replica 1", "hw");
    ASSERT_NE(hw1, nullptr);
    EXPECT_EQ(hw1->verdict, Verdict::NotCompared);
    EXPECT_NE(hw1->reason.find("down on both sides"), std::string::npos) << hw1->reason;
    EXPECT_EQ(hw1->reasonId, hw::realkafka::ReasonId::StoppedReplicaHw);
    EXPECT_EQ(hw1->reasonNumber, 1);
    EXPECT_EQ(counts.notCompared, 15u + 1u);
    EXPECT_EQ(counts.agree, 5u * 15u - counts.notCompared);
}

TEST(Differential, TheLostAcks1RecordIsLostOnBothSides)
{
    const Fixture fixture;
    const Comparison c = fixture.compare();
    // m3 was acknowledged with acks=1 by broker 1 alone; broker 2, elected after the fence, never had it.
    const FactComparison* lost = factOf(*checkpointOf(c, "3"), "orders-0", "lost_records");
    ASSERT_NE(lost, nullptr);
    EXPECT_EQ(lost->simulated, "[3 m3]");
    EXPECT_EQ(lost->real, "[3 m3]");
    EXPECT_EQ(lost->verdict, Verdict::Agree);
    EXPECT_EQ(factOf(*checkpointOf(c, "1"), "orders-0", "lost_records")->simulated, "[]");
}

/// One change to the real side of a checkpoint and the facts it must make differ, and only those.
struct Mutation {
    const char* name;
    const char* label;
    std::function<void(RealCheckpoint&)> change;
    std::set<std::string> differs;
};

void PrintTo(const Mutation& m, std::ostream* os)
{
    *os << m.name;
}

class DifferentialFact : public ::testing::TestWithParam<Mutation> { };

TEST_P(DifferentialFact, DiffersAloneWhenOnlyTheRealSideChangesIt)
{
    const Mutation& m = GetParam();
    Fixture fixture;
    m.change(fixture.at(m.label));
    const Comparison c = fixture.compare();
    EXPECT_EQ(factsWith(c, Verdict::Differ), m.differs);
    EXPECT_FALSE(c.passes());
    EXPECT_EQ(c.counts().differ, m.differs.size());
}

INSTANTIATE_TEST_SUITE_P(EachFact, DifferentialFact,
    ::testing::Values(
        Mutation { "Leader", "1", [](RealCheckpoint& r) { partition0(r).leader = 2; }, { "1: orders-0 leader" } },
        Mutation { "LeaderEpoch", "1", [](RealCheckpoint& r) { partition0(r).leaderEpoch = 5; },
            { "1: orders-0 leader_epoch" } },
        Mutation { "Isr", "1", [](RealCheckpoint& r) { partition0(r).isr = { 1, 2 }; }, { "1: orders-0 isr" } },
        Mutation { "Elr", "4", [](RealCheckpoint& r) { partition0(r).elr = std::vector<std::int32_t> { 3 }; },
            { "4: orders-0 elr" } },
        Mutation { "LastKnownElr", "4",
            [](RealCheckpoint& r) { partition0(r).lastKnownElr = std::vector<std::int32_t> { 2 }; },
            { "4: orders-0 last_known_elr" } },
        Mutation { "Hw", "1", [](RealCheckpoint& r) { replicaOf(r, 2).hw = 2; }, { "1: orders-0 replica 2 hw" } },
        Mutation { "LeoAndRecords", "1",
            [](RealCheckpoint& r) {
                ObservedReplica& replica = replicaOf(r, 3);
                replica.records.pop_back();
                replica.leo = 2;
                replica.hw = 2;
            },
            { "1: orders-0 replica 3 leo", "1: orders-0 replica 3 records", "1: orders-0 replica 3 hw" } },
        Mutation { "RecordValue", "1", [](RealCheckpoint& r) { replicaOf(r, 2).records.at(1).value = "other"; },
            { "1: orders-0 replica 2 records" } },
        Mutation { "RecordKey", "1", [](RealCheckpoint& r) { replicaOf(r, 2).records.at(1).key = "k"; },
            { "1: orders-0 replica 2 records" } },
        Mutation { "RecordEpoch", "4", [](RealCheckpoint& r) { replicaOf(r, 3).records.at(0).leaderEpoch = 7; },
            { "4: orders-0 replica 3 records" } },
        // The leader's own record changes: its log differs, and the acknowledged m1 is lost on the real side.
        Mutation { "LostRecords", "1", [](RealCheckpoint& r) { replicaOf(r, 1).records.at(1).value = "other"; },
            { "1: orders-0 replica 1 records", "1: orders-0 lost_records" } },
        // The producer saw m3 fail: nothing of it is lost on the real side.
        Mutation { "LostNothingWhenTheSendFailed", "3",
            [](RealCheckpoint& r) {
                for (SendOutcome& send : r.sends)
                    if (send.value == "m3") {
                        send.acked = false;
                        send.offset = -1;
                        send.error = "org.apache.kafka.common.errors.TimeoutException";
                    }
            },
            { "3: orders-0 lost_records" } }),
    [](const ::testing::TestParamInfo<Mutation>& info) { return std::string(info.param.name); });

TEST(Differential, ADifferingLogNamesTheFirstOffsetThatDiffersAndShowsBothSidesFromThere)
{
    Fixture fixture;
    replicaOf(fixture.at("1"), 2).records.at(1).value = "other";
    const Comparison c = fixture.compare();
    const FactComparison* records = factOf(*checkpointOf(c, "1"), "orders-0 replica 2", "records");
    ASSERT_NE(records, nullptr);
    EXPECT_EQ(records->reason, "the logs differ from offset 1");
    EXPECT_EQ(records->reasonId, hw::realkafka::ReasonId::LogsDifferFrom);
    EXPECT_EQ(records->reasonNumber, 1);
    EXPECT_EQ(records->simulated, "1 m1 (epoch 0), 2 m2 (epoch 0)");
    EXPECT_EQ(records->real, "1 other (epoch 0), 2 m2 (epoch 0)");
    const FactComparison* same = factOf(*checkpointOf(c, "1"), "orders-0 replica 3", "records");
    EXPECT_EQ(same->simulated, "offsets 0-2");
    EXPECT_EQ(same->verdict, Verdict::Agree);
}

TEST(Differential, AKnownDifferenceMatchesExactlyAndNothingElse)
{
    Fixture fixture;
    partition0(fixture.at("1")).isr = { 1, 2 };
    const std::array<KnownDifference, 1> known { KnownDifference { "test-isr", "leader-failover", "4.4", "1",
        "orders-0", "isr", "[1,2,3]", "[1,2]", "the test says so", "Differential.AKnownDifference" } };
    const Comparison c = fixture.compare(known);
    EXPECT_TRUE(c.passes());
    const FactComparison* isr = factOf(*checkpointOf(c, "1"), "orders-0", "isr");
    ASSERT_NE(isr, nullptr);
    EXPECT_EQ(isr->verdict, Verdict::Known);
    EXPECT_EQ(isr->knownId, "test-isr");
    EXPECT_EQ(isr->reason, "the test says so");
    EXPECT_EQ(isr->reasonId, hw::realkafka::ReasonId::Known);
    EXPECT_EQ(c.counts().known, 1u);

    // Another real value, another checkpoint, another version: not that difference.
    for (const auto& [label, versions, real] : { std::tuple { "1", "4.4", "[1]" }, std::tuple { "4", "4.4", "[1,2]" },
             std::tuple { "1", "4.3", "[1,2]" } }) {
        Fixture other;
        partition0(other.at(label)).isr = { 1, 2 };
        const std::array<KnownDifference, 1> narrow { KnownDifference { "test-isr", "leader-failover", versions, "1",
            "orders-0", "isr", "[1,2,3]", real, "the test says so", "Differential.AKnownDifference" } };
        const Comparison d = other.compare(narrow);
        EXPECT_FALSE(d.passes()) << label << " " << versions << " " << real;
        EXPECT_EQ(d.counts().known, 0u);
    }
}

TEST(Differential, TheElrIsNotComparedWhereKafkaDoesNotReportIt)
{
    Fixture fixture;
    for (RealCheckpoint& checkpoint : fixture.real) {
        checkpoint.observed.observation.partitions.at(0).elr.reset();
        checkpoint.observed.observation.partitions.at(0).lastKnownElr.reset();
    }
    const Comparison c = fixture.compare();
    EXPECT_TRUE(c.passes());
    const FactComparison* elr = factOf(*checkpointOf(c, "1"), "orders-0", "elr");
    ASSERT_NE(elr, nullptr);
    EXPECT_EQ(elr->verdict, Verdict::NotCompared);
    EXPECT_EQ(elr->real, "-");
    EXPECT_EQ(elr->reason, "Kafka 4.4.0 does not report the ELR (DescribeTopicPartitions, Kafka 3.8+)");
    EXPECT_EQ(elr->reasonId, hw::realkafka::ReasonId::ElrNotReported);
    EXPECT_EQ(factOf(*checkpointOf(c, "1"), "orders-0", "last_known_elr")->reasonId,
        hw::realkafka::ReasonId::LastKnownElrNotReported);
    EXPECT_EQ(factOf(*checkpointOf(c, "1"), "orders-0", "last_known_elr")->verdict, Verdict::NotCompared);
}

TEST(Differential, ALogTheObserverDidNotReadIsNotCompared)
{
    Fixture fixture;
    // Checkpoint 1 observed without the logs, as the runner reads a pending checkpoint.
    for (ObservedReplica& replica : partition0(fixture.at("1")).replicaStates)
        replica.records.clear();
    const Comparison c = fixture.compare();
    EXPECT_TRUE(c.passes());
    const CheckpointComparison& one = *checkpointOf(c, "1");
    for (const std::string replica : { "1", "2", "3" }) {
        const FactComparison* records = factOf(one, "orders-0 replica " + replica, "records");
        ASSERT_NE(records, nullptr);
        EXPECT_EQ(records->verdict, Verdict::NotCompared);
        EXPECT_EQ(records->real, "not read");
        EXPECT_EQ(factOf(one, "orders-0 replica " + replica, "leo")->verdict, Verdict::Agree);
    }
    const FactComparison* lost = factOf(one, "orders-0", "lost_records");
    EXPECT_EQ(lost->verdict, Verdict::NotCompared);
    EXPECT_EQ(lost->reason, "the observer did not read this log (a pending checkpoint is read without the logs)");
    EXPECT_EQ(lost->reasonId, hw::realkafka::ReasonId::LogNotRead);
}

TEST(Differential, WithEveryBrokerStoppedOnlyTheLogsAreCompared)
{
    Fixture fixture;
    // As the observer sees a cluster whose brokers are all down: the partitions from the log folders, no
    // leader, epoch or ISR, each replica from its files.
    RealCheckpoint& one = fixture.at("1");
    one.observed.observation.stoppedBrokers = { 1, 2, 3 };
    ObservedPartition& p = partition0(one);
    p.leader = -1;
    p.leaderEpoch = -1;
    p.isr.clear();
    p.elr.reset();
    p.lastKnownElr.reset();
    const Comparison c = fixture.compare();
    const CheckpointComparison& checkpoint = *checkpointOf(c, "1");
    for (const std::string fact : { "leader", "leader_epoch", "isr", "elr", "last_known_elr" }) {
        const FactComparison* f = factOf(checkpoint, "orders-0", fact);
        ASSERT_NE(f, nullptr) << fact;
        EXPECT_EQ(f->verdict, Verdict::NotCompared) << fact;
        EXPECT_EQ(f->real, "-");
        EXPECT_EQ(f->reason.rfind("no broker is running", 0), 0u) << f->reason;
        EXPECT_EQ(f->reasonId, hw::realkafka::ReasonId::NoBrokerRunning) << fact;
    }
    EXPECT_EQ(factOf(checkpoint, "orders-0 replica 2", "records")->verdict, Verdict::Agree);
    EXPECT_EQ(factOf(checkpoint, "orders-0 replica 2", "leo")->verdict, Verdict::Agree);
    EXPECT_EQ(factsWith(c, Verdict::Differ), std::set<std::string> {});
}

TEST(Differential, ACheckpointOnOneSideOnlyDiffers)
{
    Fixture fixture;
    // The real run ended before checkpoint 5, and has one the simulation does not.
    fixture.real.erase(fixture.real.begin() + 4);
    fixture.real.at(0).observed.checkpoint = "renamed";
    fixture.real.at(0).observed.step = 2;
    const Comparison c = fixture.compare();
    EXPECT_FALSE(c.passes());
    ASSERT_EQ(c.checkpoints.size(), 6u);
    EXPECT_EQ(factsWith(c, Verdict::Differ),
        (std::set<std::string> { "1: checkpoint checkpoint", "5: checkpoint checkpoint", "renamed: checkpoint checkpoint" }));
    const CheckpointComparison* five = checkpointOf(c, "5");
    EXPECT_FALSE(five->observed);
    EXPECT_FALSE(five->compared);
    EXPECT_EQ(five->notComparedWhy, "only in the simulation: the real run has no checkpoint \"5\"");
    EXPECT_EQ(five->notComparedId, hw::realkafka::ReasonId::OnlySimulated);
    EXPECT_EQ(five->facts.at(0).reasonId, hw::realkafka::ReasonId::OnlySimulated);
    EXPECT_EQ(five->facts.at(0).real, "-");
    const CheckpointComparison* renamed = checkpointOf(c, "renamed");
    EXPECT_EQ(renamed->simulatedFrame, -1);
    EXPECT_EQ(renamed->notComparedWhy, "only in the real run: the simulation has no checkpoint \"renamed\"");
    EXPECT_EQ(renamed->notComparedId, hw::realkafka::ReasonId::OnlyReal);
    EXPECT_EQ(renamed->facts.at(0).reasonId, hw::realkafka::ReasonId::OnlyReal);
    EXPECT_EQ(renamed->facts.at(0).real, "after step 2");
}

TEST(Differential, TheJsonHoldsEveryCheckpointAndFact)
{
    Fixture fixture;
    partition0(fixture.at("1")).isr = { 1, 2 };
    const Comparison c = fixture.compare();
    const nlohmann::ordered_json j = c.toJson();
    EXPECT_EQ(j["scenario"], "leader-failover");
    EXPECT_EQ(j["kafka_version"], "4.4.0");
    EXPECT_EQ(j["passes"], false);
    EXPECT_EQ(j["counts"]["differ"], 1);
    EXPECT_EQ(j["counts"]["agree"], c.counts().agree);
    ASSERT_EQ(j["checkpoints"].size(), 5u);
    const auto& first = j["checkpoints"][0];
    EXPECT_EQ(first["label"], "1");
    EXPECT_EQ(first["compared"], true);
    EXPECT_EQ(first["facts"].size(), 15u);
    const auto& isr = first["facts"][2];
    EXPECT_EQ(isr["subject"], "orders-0");
    EXPECT_EQ(isr["fact"], "isr");
    EXPECT_EQ(isr["simulated"], "[1,2,3]");
    EXPECT_EQ(isr["real"], "[1,2]");
    EXPECT_EQ(isr["verdict"], "differ");
    EXPECT_EQ(j["checkpoints"][1]["compared"], false);
    EXPECT_EQ(j["checkpoints"][1]["facts"][0]["verdict"], "not-compared");
}

// ---------------------------------------------------------------------------------------------
// The registry and docs/real-kafka.md's "Known differences" list the same ids.

std::string readDoc()
{
    std::ifstream in(std::string(HW_DOCS_DIR) + "/real-kafka.md");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(KnownDifferences, TheDocListsEveryIdAndNothingElse)
{
    const std::string doc = readDoc();
    const std::size_t start = doc.find("\n## Known differences\n");
    ASSERT_NE(start, std::string::npos) << "docs/real-kafka.md has no \"## Known differences\" section";
    const std::size_t end = doc.find("\n## ", start + 1);
    const std::string section = doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
    // Each entry is a heading "### `id`".
    std::set<std::string> documented;
    const std::regex heading("\n### `([^`]+)`");
    for (auto it = std::sregex_iterator(section.begin(), section.end(), heading); it != std::sregex_iterator(); ++it)
        documented.insert((*it)[1]);
    std::set<std::string> registered;
    for (const KnownDifference& known : knownDifferences()) {
        EXPECT_TRUE(registered.insert(std::string(known.id)).second) << "twice: " << known.id;
        // Narrow: every field names one place and both values.
        for (const std::string_view field : { known.scenario, known.versions, known.checkpoint, known.subject,
                 known.fact, known.simulated, known.real, known.reason, known.test })
            EXPECT_FALSE(field.empty()) << known.id;
        const std::size_t entry = section.find("### `" + std::string(known.id) + "`");
        if (entry != std::string::npos) {
            const std::size_t next = section.find("\n### ", entry + 1);
            const std::string body = section.substr(entry, next == std::string::npos ? std::string::npos : next - entry);
            EXPECT_NE(body.find(std::string(known.test)), std::string::npos) << known.id << " does not name its test";
        }
    }
    EXPECT_EQ(documented, registered);
}

TEST(KnownDifferences, EligibleLeaderReplicasReachesCheckpoint11BeforeALeaderImbalanceCheck)
{
    // What elr-checkpoint-11-preferred-leader-rebalance* rests on: at checkpoint 11 the simulation's leader
    // is broker 4 in epoch 9 while the preferred replica, broker 1, is in the ISR, so Kafka's controller
    // elects broker 1 (epoch 10) at its next leader-imbalance check, 300 s after a leader change; the
    // scenario gets there in less than 300 simulated seconds.
    const Scenario scenario = builtin("eligible-leader-replicas");
    Timeline timeline(Engine::createCluster(scenario.cluster));
    ASSERT_FALSE(runScenario(scenario, timeline).has_value());
    const std::int64_t frame = timeline.findLabel("11");
    ASSERT_GE(frame, 0);
    const ClusterState state = timeline.stateAt(frame);
    const Partition& orders = state.partitions.at(0);
    EXPECT_EQ(orders.registration.leader, 4);
    EXPECT_EQ(orders.registration.leaderEpoch, 9);
    EXPECT_EQ(orders.registration.replicas.front(), 1);
    const auto& isr = orders.registration.isr;
    EXPECT_NE(std::find(isr.begin(), isr.end(), 1), isr.end());
    EXPECT_LT(timeline.frame(frame).timeMs, 300000);
    // The entries match exactly these values at 4.2 and nothing else.
    const auto leader = findKnownDifference(knownDifferences(), "eligible-leader-replicas", "4.2.2", "11", "orders-0",
        "leader", "4", "1");
    ASSERT_NE(leader, nullptr);
    EXPECT_EQ(leader->id, "elr-checkpoint-11-preferred-leader-rebalance");
    EXPECT_NE(findKnownDifference(knownDifferences(), "eligible-leader-replicas", "4.2.2", "11", "orders-0",
                  "leader_epoch", "9", "10"),
        nullptr);
    EXPECT_EQ(findKnownDifference(knownDifferences(), "eligible-leader-replicas", "4.2.2", "10", "orders-0", "leader",
                  "4", "1"),
        nullptr);
    EXPECT_EQ(findKnownDifference(knownDifferences(), "eligible-leader-replicas", "4.4.0", "11", "orders-0", "leader",
                  "4", "1"),
        nullptr);
}

TEST(KnownDifferences, AcksAndMinInsyncFencesBroker2FirstAndKeeps3InTheElr)
{
    // What acks-min-insync-*-elr-fence-order rest on: the simulation fences broker 2 before broker 3, and
    // keeps 3, fenced second, in the ELR at checkpoints 2 to 4.
    const Scenario scenario = builtin("acks-and-min-insync");
    Timeline timeline(Engine::createCluster(scenario.cluster));
    ASSERT_FALSE(runScenario(scenario, timeline).has_value());
    std::vector<std::int32_t> fenced;
    for (std::int64_t f = 0; f < timeline.findLabel("2"); ++f)
        if (timeline.frame(f).event.type == EventType::BrokerFenced)
            fenced.push_back(timeline.frame(f).event.peer);
    EXPECT_EQ(fenced, (std::vector<std::int32_t> { 2, 3 }));
    for (const std::string label : { "2", "3", "4" }) {
        const ClusterState state = timeline.stateAt(timeline.findLabel(label));
        EXPECT_EQ(std::vector<std::int32_t>(state.partitions.at(0).registration.elr.begin(),
                      state.partitions.at(0).registration.elr.end()),
            (std::vector<std::int32_t> { 3 }))
            << label;
        EXPECT_NE(findKnownDifference(knownDifferences(), "acks-and-min-insync", "4.4.0", label, "payments-0", "elr",
                      "[3]", "[2]"),
            nullptr);
    }
    EXPECT_EQ(findKnownDifference(knownDifferences(), "acks-and-min-insync", "4.4.0", "5", "payments-0", "elr", "[3]",
                  "[2]"),
        nullptr);
}

TEST(KnownDifferences, AVersionNamesItsReleasesOnly)
{
    EXPECT_TRUE(versionMatches("4.4", "4.4.0"));
    EXPECT_TRUE(versionMatches("4.4.0", "4.4.0"));
    EXPECT_FALSE(versionMatches("4.4", "4.40.0"));
    EXPECT_FALSE(versionMatches("4.4.1", "4.4.0"));
    EXPECT_TRUE(versionMatches("4", "4.4.0"));
    EXPECT_FALSE(versionMatches("3.9", "4.4.0"));
}

} // namespace
} // namespace hw::realkafka
