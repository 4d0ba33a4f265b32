// SPDX-License-Identifier: MIT
// Real members of consumer groups (issue 28): a live client's FindCoordinator, JoinGroup, SyncGroup,
// Heartbeat, LeaveGroup, OffsetCommit and OffsetFetch are answered by the engine's group coordinator,
// the one of the simulated consumers, beside them. Protocol selection, a real leader's opaque
// assignment, a simulated leader assigning to real members, session expiry and a coordinator failover.
#include "check/invariants.h"
#include "engine/engine.h"
#include "groups/consumer_protocol.h"
#include "model/config.h"
#include "model/kafka_version.h"
#include "scenario/frame_json.h"

#include <gtest/gtest.h>

#include <variant>

using namespace hw;

namespace {

constexpr std::int32_t sessionMs = 10000;

ClusterSpec groupSpec(std::vector<ConsumerSpec> consumers = {})
{
    ClusterSpec spec;
    spec.name = "live-groups";
    spec.brokers = 3;
    spec.config = defaultsFor(KafkaVersion::V4_2);
    spec.config.offsetsTopicNumPartitions = 3;
    spec.config.groupInitialRebalanceDelayMs = 100;
    TopicSpec topic;
    topic.name = "orders";
    topic.partitions = 4;
    topic.replicationFactor = 3;
    topic.assignment = {{1, 2, 3}, {2, 3, 1}, {3, 1, 2}, {1, 2, 3}};
    spec.topics.push_back(topic);
    spec.consumers = std::move(consumers);
    return spec;
}

struct RecordingSink : LiveClientSink {
    std::vector<std::pair<std::int32_t, Message>> answers;
    void answer(std::int32_t client, const Message& message) override { answers.emplace_back(client, message); }
};

/// Steps until nothing is queued before `untilMs`, checking the invariants after every event.
void runUntil(Engine& engine, TimeMs untilMs)
{
    InvariantChecker checker;
    while (engine.hasQueuedEvents() && engine.nextEventTimeMs() <= untilMs) {
        engine.step();
        const auto problems = checker.check(engine.state());
        ASSERT_TRUE(problems.empty()) << problems.front();
    }
}

std::string subscription(std::vector<std::string> topics, std::optional<std::string> userData = std::nullopt)
{
    ConsumerSubscription s;
    s.version = 1;
    s.topics = std::move(topics);
    s.userData = std::move(userData);
    return encodeConsumerSubscription(s);
}

/// A test's real clients: one connection each, to one broker, with helpers for each group request.
class Live {
public:
    explicit Live(ClusterSpec spec) : engine(Engine::createCluster(spec)) { engine.setLiveClientSink(&sink); }

    std::int32_t connect(BrokerId broker)
    {
        LiveClientAction a;
        a.kind = LiveClientAction::Kind::Connect;
        a.id = "127.0.0.1:" + std::to_string(40000 + connections);
        a.broker = broker;
        const ApplyResult r = engine.apply(a);
        EXPECT_TRUE(r.ok()) << r.error;
        return connections++;
    }

    void send(std::int32_t client, LiveRequest body)
    {
        LiveClientAction a;
        a.kind = LiveClientAction::Kind::Request;
        a.client = client;
        a.request = std::move(body);
        const ApplyResult r = engine.apply(a);
        ASSERT_TRUE(r.ok()) << r.error;
    }

    GroupRequest request(GroupRequestKind kind, std::string memberId = {}, std::int32_t generation = -1)
    {
        GroupRequest r;
        r.kind = kind;
        r.memberId = std::move(memberId);
        r.generation = generation;
        LiveGroupFields live;
        live.groupId = "g";
        live.clientId = "client";
        live.clientHost = "/127.0.0.1";
        live.protocolType = "consumer";
        live.sessionTimeoutMs = sessionMs;
        live.rebalanceTimeoutMs = 30000;
        r.live = live;
        return r;
    }

    LiveGroup join(std::vector<std::pair<std::string, std::string>> protocols, std::string memberId = {})
    {
        GroupRequest r = request(GroupRequestKind::Join, std::move(memberId));
        for (auto& [name, metadata] : protocols)
            r.live->protocols.push_back(GroupProtocolOffer{name, metadata});
        return LiveGroup{r};
    }

    /// The last answer `client` got, of type T.
    template <typename T> const T* last(std::int32_t client) const
    {
        for (auto it = sink.answers.rbegin(); it != sink.answers.rend(); ++it) {
            if (it->first == client)
                return std::get_if<T>(&it->second.body);
        }
        return nullptr;
    }

    /// Runs what is due in the next `forMs` and moves the clock there: the clock moves only with events,
    /// and a quiet stretch must pass too (a silent member's session runs out in it).
    void run(TimeMs forMs)
    {
        const TimeMs until = engine.state().nowMs + forMs;
        runUntil(engine, until);
        if (engine.state().nowMs < until)
            ASSERT_TRUE(engine.apply(AdvanceAction{until}).ok());
    }

    /// The group's coordinator as broker 1 answers FindCoordinator for "g".
    BrokerId coordinator()
    {
        const std::int32_t c = connect(1);
        send(c, LiveFindCoordinator{"g"});
        run(100);
        const auto* found = last<FindCoordinatorResponse>(c);
        EXPECT_NE(found, nullptr);
        EXPECT_EQ(found->error, ErrorCode::None);
        return found ? found->coordinator : noLeader;
    }

    const Group& group() const { return engine.state().groups[static_cast<std::size_t>(engine.state().findGroup("g"))]; }

    Engine engine;
    RecordingSink sink;
    std::int32_t connections = 0;
};

} // namespace

TEST(LiveGroups, TheProtocolIsTheOneAllSupportWithTheMostVotes)
{
    Live live(groupSpec());
    const BrokerId coordinator = live.coordinator();
    const std::int32_t a = live.connect(coordinator), b = live.connect(coordinator), c = live.connect(coordinator);
    const std::string meta = subscription({"orders"});
    // a prefers roundrobin, b and c prefer range; all three support both (ClassicGroup.selectProtocol).
    live.send(a, live.join({{"roundrobin", meta}, {"range", meta}}));
    live.send(b, live.join({{"range", meta}, {"roundrobin", meta}}));
    live.send(c, live.join({{"range", meta}, {"roundrobin", meta}, {"sticky", meta}}));
    live.run(1000);
    for (std::int32_t client : {a, b, c}) {
        const auto* joined = live.last<GroupResponse>(client);
        ASSERT_NE(joined, nullptr);
        EXPECT_EQ(joined->error, ErrorCode::None);
        EXPECT_EQ(joined->live->protocolName, "range");
        EXPECT_EQ(joined->generation, 1);
    }
    // The leader (the first to join) gets every member's metadata as sent.
    const auto* leader = live.last<GroupResponse>(a);
    EXPECT_EQ(leader->leader, leader->memberId);
    ASSERT_EQ(leader->members.size(), 3u);
    for (const GroupMemberInfo& m : leader->members)
        EXPECT_EQ(m.metadata, meta);
    EXPECT_TRUE(live.last<GroupResponse>(b)->members.empty());
    // A member that supports none of them is refused and the group is unchanged.
    const std::int32_t d = live.connect(coordinator);
    live.send(d, live.join({{"cooperative-sticky", meta}}));
    live.run(100);
    EXPECT_EQ(live.last<GroupResponse>(d)->error, ErrorCode::InconsistentGroupProtocol);
    EXPECT_EQ(live.group().members.size(), 3u);
}

TEST(LiveGroups, JoinGroupV4GivesTheMemberIdFirstAndARealLeadersAssignmentIsPassedOnAsSent)
{
    Live live(groupSpec());
    const BrokerId coordinator = live.coordinator();
    const std::int32_t a = live.connect(coordinator), b = live.connect(coordinator);
    const std::string meta = subscription({"orders"});
    auto joinV4 = [&](std::int32_t client) {
        LiveGroup request = live.join({{"range", meta}});
        request.request.live->requireKnownMemberId = true;
        live.send(client, request);
        live.run(10);
        const auto* answer = live.last<GroupResponse>(client);
        EXPECT_EQ(answer->error, ErrorCode::MemberIdRequired);
        EXPECT_FALSE(answer->memberId.empty());
        request.request.memberId = answer->memberId;
        live.send(client, request);
    };
    joinV4(a);
    joinV4(b);
    live.run(1000);
    const auto* ja = live.last<GroupResponse>(a);
    const auto* jb = live.last<GroupResponse>(b);
    ASSERT_EQ(ja->error, ErrorCode::None);
    ASSERT_EQ(jb->error, ErrorCode::None);
    ASSERT_EQ(ja->leader, ja->memberId);
    // The leader's assignor ran in the client: the bytes carry user data the broker never reads.
    ConsumerAssignment toA{0, {{"orders", {0, 1}}}, std::string("leader's user data")};
    ConsumerAssignment toB{0, {{"orders", {2, 3}}}, std::nullopt};
    const std::string bytesA = encodeConsumerAssignment(toA), bytesB = encodeConsumerAssignment(toB);
    const std::string bMember = jb->memberId, aMember = ja->memberId;
    live.send(b, LiveGroup{live.request(GroupRequestKind::Sync, bMember, 1)});
    live.run(10);
    EXPECT_EQ(live.group().state, GroupState::CompletingRebalance) << "b waits for the leader's assignment";
    GroupRequest sync = live.request(GroupRequestKind::Sync, aMember, 1);
    sync.live->assignments = {{aMember, bytesA}, {bMember, bytesB}};
    live.send(a, LiveGroup{sync});
    live.run(100);
    EXPECT_EQ(live.last<GroupResponse>(a)->live->assignmentBytes, bytesA);
    EXPECT_EQ(live.last<GroupResponse>(b)->live->assignmentBytes, bytesB);
    EXPECT_EQ(live.group().state, GroupState::Stable);
    // Decoded only for the frames: flat partitions 0..3 of the one topic.
    for (const GroupMember& m : live.group().members)
        EXPECT_EQ(m.assignment, (m.memberId == aMember ? std::vector<std::int32_t>{0, 1} : std::vector<std::int32_t>{2, 3}));
    // Commit and read back through the same committed offsets the simulated consumers use.
    GroupRequest commit = live.request(GroupRequestKind::OffsetCommit, aMember, 1);
    commit.offsets = {{0, 7}, {1, 9}};
    live.send(a, LiveGroup{commit});
    live.run(100);
    EXPECT_EQ(live.last<GroupResponse>(a)->error, ErrorCode::None);
    GroupRequest fetch = live.request(GroupRequestKind::OffsetFetch);
    fetch.partitions = {0, 1, 2};
    live.send(b, LiveGroup{fetch});
    live.run(100);
    const auto* fetched = live.last<GroupResponse>(b);
    ASSERT_NE(fetched, nullptr);
    EXPECT_EQ(fetched->offsets, (std::vector<CommittedOffset>{{0, 7}, {1, 9}, {2, -1}}));
    // A commit with a stale generation is refused.
    commit.generation = 0;
    live.send(a, LiveGroup{commit});
    live.run(100);
    EXPECT_EQ(live.last<GroupResponse>(a)->error, ErrorCode::IllegalGeneration);
}

TEST(LiveGroups, ASimulatedLeaderAssignsToARealMemberInConsumerProtocolBytes)
{
    ConsumerSpec sim;
    sim.id = "sim-1";
    sim.group = "g";
    sim.topics = {0};
    sim.assignor = AssignorKind::Range;
    sim.reset = OffsetReset::Earliest;
    Live live(groupSpec({sim}));
    live.run(2000); // the simulated consumer joins first and leads
    ASSERT_EQ(live.group().state, GroupState::Stable);
    const BrokerId coordinator = live.coordinator();
    const std::int32_t a = live.connect(coordinator);
    // The real member offers roundrobin first, but range is the only protocol both support.
    live.send(a, live.join({{"roundrobin", subscription({"orders"})}, {"range", subscription({"orders"})}}));
    live.run(6000);
    const auto* joined = live.last<GroupResponse>(a);
    ASSERT_NE(joined, nullptr);
    ASSERT_EQ(joined->error, ErrorCode::None);
    EXPECT_EQ(joined->live->protocolName, "range");
    EXPECT_NE(joined->leader, joined->memberId);
    live.send(a, LiveGroup{live.request(GroupRequestKind::Sync, joined->memberId, joined->generation)});
    live.run(3000);
    const auto* synced = live.last<GroupResponse>(a);
    ASSERT_NE(synced, nullptr);
    ASSERT_EQ(synced->error, ErrorCode::None);
    const auto assignment = decodeConsumerAssignment(synced->live->assignmentBytes);
    ASSERT_TRUE(assignment.has_value());
    ASSERT_EQ(assignment->partitions.size(), 1u);
    EXPECT_EQ(assignment->partitions[0].topic, "orders");
    // The range assignor: members sorted by id, "client-..." before "sim-1-...": partitions 0 and 1.
    EXPECT_EQ(assignment->partitions[0].partitions, (std::vector<std::int32_t>{0, 1}));
    const Group& g = live.group();
    EXPECT_EQ(g.state, GroupState::Stable);
    std::vector<std::int32_t> all;
    for (const GroupMember& m : g.members)
        all.insert(all.end(), m.assignment.begin(), m.assignment.end());
    std::sort(all.begin(), all.end());
    EXPECT_EQ(all, (std::vector<std::int32_t>{0, 1, 2, 3}));
}

// Issue 28: the cluster view groups real clients by what their requests showed, so each connection
// remembers its role, its group and the last partition it produced to and fetched, and frames say so.
TEST(LiveGroups, EachConnectionRemembersItsRoleGroupAndPartitions)
{
    Live live(groupSpec());
    const BrokerId coordinator = live.coordinator(); // connection 0: a FindCoordinator only
    const std::int32_t asker = 0;
    const std::int32_t member = live.connect(coordinator), producer = live.connect(1), reader = live.connect(2),
                       committer = live.connect(coordinator);
    live.send(member, live.join({{"range", subscription({"orders"})}}));
    LiveProduce produce;
    produce.records.push_back(LiveRecord{});
    produce.partition = 2;
    live.send(producer, produce);
    produce.partition = 3;
    live.send(producer, produce);
    live.send(reader, LiveFetch{1, 0, 10, 0});
    // An OffsetCommit with generation -1 comes from a consumer outside the group's membership.
    GroupRequest commit = live.request(GroupRequestKind::OffsetCommit);
    commit.offsets.push_back(CommittedOffset{0, 0});
    live.send(committer, LiveGroup{commit});
    live.send(committer, LiveFetch{0, 0, 10, 0});
    live.run(1000);

    auto client = [&](std::int32_t handle) { return *live.engine.state().liveClient(handle); };
    EXPECT_EQ(client(asker).role, LiveClientRole::NoData);
    EXPECT_EQ(client(asker).group, "") << "a FindCoordinator makes no member";
    EXPECT_EQ(client(asker).producedPartition, -1);
    EXPECT_EQ(client(asker).fetchedPartition, -1);
    EXPECT_EQ(client(member).role, LiveClientRole::GroupMember);
    EXPECT_EQ(client(member).group, "g");
    EXPECT_EQ(client(member).fetchedPartition, -1);
    EXPECT_EQ(client(producer).role, LiveClientRole::Producer);
    EXPECT_EQ(client(producer).group, "");
    EXPECT_EQ(client(producer).producedPartition, 3) << "the last partition produced to";
    EXPECT_EQ(client(producer).fetchedPartition, -1);
    EXPECT_EQ(client(reader).role, LiveClientRole::SelfAssigned);
    EXPECT_EQ(client(reader).fetchedPartition, 1);
    EXPECT_EQ(client(committer).role, LiveClientRole::SelfAssigned);
    EXPECT_EQ(client(committer).group, "g");
    EXPECT_EQ(client(committer).fetchedPartition, 0);

    // A member's fetch keeps it a member; its heartbeat names the group again.
    live.send(member, LiveFetch{2, 0, 10, 0});
    live.send(member, LiveGroup{live.request(GroupRequestKind::Heartbeat, "m", 1)});
    live.run(100);
    EXPECT_EQ(client(member).role, LiveClientRole::GroupMember);
    EXPECT_EQ(client(member).fetchedPartition, 2);
    // A member's OffsetCommit carries its generation: a connection that only commits is a member's.
    const std::int32_t memberCommits = live.connect(coordinator);
    live.send(memberCommits, LiveGroup{live.request(GroupRequestKind::OffsetCommit, "m", 1)});
    EXPECT_EQ(client(memberCommits).role, LiveClientRole::GroupMember);

    const auto json = frameToJson(FrameHeader{}, live.engine.state());
    const auto& clients = json.at("live_clients");
    ASSERT_EQ(clients.size(), 6u);
    EXPECT_EQ(clients[asker].at("role"), "no-data");
    EXPECT_TRUE(clients[asker].at("group").is_null());
    EXPECT_TRUE(clients[asker].at("produced").is_null());
    EXPECT_EQ(clients[member].at("role"), "group-member");
    EXPECT_EQ(clients[member].at("group"), "g");
    EXPECT_EQ(clients[member].at("fetched").at("partition"), 2);
    EXPECT_EQ(clients[producer].at("role"), "producer");
    EXPECT_EQ(clients[producer].at("produced").at("topic"), "orders");
    EXPECT_EQ(clients[producer].at("produced").at("partition"), 3);
    EXPECT_TRUE(clients[producer].at("fetched").is_null());
    EXPECT_EQ(clients[reader].at("role"), "self-assigned");
    EXPECT_EQ(clients[committer].at("group"), "g");
}

TEST(LiveGroups, ASilentRealMemberIsEvictedAfterItsSessionTimeout)
{
    Live live(groupSpec());
    const BrokerId coordinator = live.coordinator();
    const std::int32_t a = live.connect(coordinator), b = live.connect(coordinator);
    const std::string meta = subscription({"orders"});
    live.send(a, live.join({{"range", meta}}));
    live.send(b, live.join({{"range", meta}}));
    live.run(1000);
    const std::string aMember = live.last<GroupResponse>(a)->memberId;
    const std::string bMember = live.last<GroupResponse>(b)->memberId;
    GroupRequest sync = live.request(GroupRequestKind::Sync, aMember, 1);
    sync.live->assignments = {{aMember, encodeConsumerAssignment({0, {{"orders", {0, 1}}}, std::nullopt})},
                              {bMember, encodeConsumerAssignment({0, {{"orders", {2, 3}}}, std::nullopt})}};
    live.send(a, LiveGroup{sync});
    live.send(b, LiveGroup{live.request(GroupRequestKind::Sync, bMember, 1)});
    live.run(100);
    ASSERT_EQ(live.group().state, GroupState::Stable);
    // a heartbeats, b says nothing: after session.timeout.ms b is gone and the group rebalances.
    for (int i = 0; i < 12; ++i) {
        live.send(a, LiveGroup{live.request(GroupRequestKind::Heartbeat, aMember, 1)});
        live.run(1000);
    }
    ASSERT_EQ(live.group().members.size(), 1u);
    EXPECT_EQ(live.group().members[0].memberId, aMember);
    EXPECT_EQ(live.last<GroupResponse>(a)->error, ErrorCode::RebalanceInProgress);
    live.send(b, LiveGroup{live.request(GroupRequestKind::Heartbeat, bMember, 1)});
    live.run(100);
    EXPECT_EQ(live.last<GroupResponse>(b)->error, ErrorCode::UnknownMemberId);
}

TEST(LiveGroups, AfterTheCoordinatorDiesTheNewOneKnowsTheGroupAndTheOldIsNotAsked)
{
    Live live(groupSpec());
    const BrokerId coordinator = live.coordinator();
    const std::int32_t a = live.connect(coordinator);
    live.send(a, live.join({{"range", subscription({"orders"})}}));
    live.run(1000);
    const auto* joined = live.last<GroupResponse>(a);
    ASSERT_EQ(joined->error, ErrorCode::None);
    const std::string member = joined->memberId;
    GroupRequest sync = live.request(GroupRequestKind::Sync, member, 1);
    sync.live->assignments = {{member, encodeConsumerAssignment({0, {{"orders", {0, 1, 2, 3}}}, std::nullopt})}};
    live.send(a, LiveGroup{sync});
    GroupRequest commit = live.request(GroupRequestKind::OffsetCommit, member, 1);
    commit.offsets = {{2, 5}};
    live.send(a, LiveGroup{commit});
    live.run(100);
    ASSERT_EQ(live.last<GroupResponse>(a)->error, ErrorCode::None);
    BrokerAction kill;
    kill.broker = coordinator;
    ASSERT_TRUE(live.engine.apply(kill).ok());
    live.run(15000); // the controller fences the dead broker and elects new leaders
    // Any other broker now names a new coordinator, which has the group, its generation and commits.
    const BrokerId other = coordinator == 1 ? 2 : 1;
    const std::int32_t finder = live.connect(other);
    live.send(finder, LiveFindCoordinator{"g"});
    live.run(100);
    const auto* found = live.last<FindCoordinatorResponse>(finder);
    ASSERT_NE(found, nullptr);
    ASSERT_EQ(found->error, ErrorCode::None);
    EXPECT_NE(found->coordinator, coordinator);
    // A broker that is not the coordinator says NOT_COORDINATOR.
    const BrokerId notCoordinator = found->coordinator == 2 ? 3 : 2;
    const std::int32_t wrong = live.connect(notCoordinator == coordinator ? 1 : notCoordinator);
    if (notCoordinator != coordinator) {
        live.send(wrong, LiveGroup{live.request(GroupRequestKind::Heartbeat, member, 1)});
        live.run(100);
        EXPECT_EQ(live.last<GroupResponse>(wrong)->error, ErrorCode::NotCoordinator);
    }
    const std::int32_t b = live.connect(found->coordinator);
    GroupRequest fetch = live.request(GroupRequestKind::OffsetFetch);
    fetch.partitions = {2};
    live.send(b, LiveGroup{fetch});
    live.run(100);
    EXPECT_EQ(live.last<GroupResponse>(b)->offsets, (std::vector<CommittedOffset>{{2, 5}}));
    // The member's session restarted on the new coordinator (loadGroups): its heartbeat is accepted.
    live.send(b, LiveGroup{live.request(GroupRequestKind::Heartbeat, member, 1)});
    live.run(100);
    EXPECT_EQ(live.last<GroupResponse>(b)->error, ErrorCode::None);
}

TEST(LiveGroups, ConsumerProtocolBytesRoundTripInEveryVersion)
{
    for (std::int16_t version = 0; version <= consumerProtocolVersionMax; ++version) {
        ConsumerSubscription s;
        s.version = version;
        s.topics = {"orders", "payments"};
        s.userData = std::string("\x00\x01", 2);
        if (version >= 1)
            s.ownedPartitions = {{"orders", {1, 3}}};
        if (version >= 2)
            s.generationId = 4;
        if (version >= 3)
            s.rackId = "rack-a";
        EXPECT_EQ(decodeConsumerSubscription(encodeConsumerSubscription(s)), s) << version;
        ConsumerAssignment a{version, {{"orders", {0, 2}}, {"payments", {}}}, std::nullopt};
        EXPECT_EQ(decodeConsumerAssignment(encodeConsumerAssignment(a)), a) << version;
    }
    // Truncated, negative counts and a version below 0 do not decode; a newer version is read as 3.
    const std::string bytes = encodeConsumerSubscription({1, {"orders"}, std::nullopt, {}, -1, std::nullopt});
    EXPECT_FALSE(decodeConsumerSubscription(bytes.substr(0, bytes.size() - 1)).has_value());
    EXPECT_FALSE(decodeConsumerSubscription(std::string("\xff\xff", 2)).has_value());
    EXPECT_FALSE(decodeConsumerAssignment(std::string("\x00\x00\xff\xff\xff\xfe", 6)).has_value());
    std::string newer = encodeConsumerSubscription({3, {"orders"}, std::nullopt, {}, 2, std::nullopt});
    newer[1] = 9;
    newer += "future fields";
    const auto read = decodeConsumerSubscription(newer);
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->version, 9);
    EXPECT_EQ(read->topics, std::vector<std::string>{"orders"});
    EXPECT_EQ(read->generationId, 2);
}
