// SPDX-License-Identifier: MIT
// The frame of an observed state (a poll of a real cluster, issue 29; model/observed_state.h): the frame's
// top level as for any frame, the "observed" object, brokers by their real node ids, the topics, each
// partition with its health and each replica's offsets (null where the broker did not answer, no
// records), and the groups in a schema that carries KIP-848's epochs. docs/frame-format.md, section
// "Observed frames", describes every key.
#include "scenario/frame_json.h"

#include "scenario/frame_json_internal.h"
#include "scenario/narration.h"

namespace hw {

using namespace frame_json;

namespace {

Json optionalOffset(const std::optional<Offset>& offset)
{
    return offset ? Json(*offset) : Json(nullptr);
}

Json ids(const std::vector<std::int32_t>& list)
{
    Json out = Json::array();
    for (std::int32_t id : list)
        out.push_back(id);
    return out;
}

Json optionalIds(const std::optional<std::vector<std::int32_t>>& list)
{
    return list ? ids(*list) : Json(nullptr);
}

Json orNull(const std::string& text)
{
    return text.empty() ? Json(nullptr) : Json(text);
}

std::string_view observedBrokerState(const ObservedBrokerSlot& b)
{
    if (!b.present)
        return "gone";
    if (b.facts.fenced)
        return "fenced";
    if (!b.facts.answered)
        return "not-answering";
    return "online";
}

Json topicPartitions(const std::vector<ObservedTopicPartition>& list)
{
    Json out = Json::array();
    for (const ObservedTopicPartition& tp : list)
        out.push_back(Json{{"topic", tp.topic}, {"partition", tp.partition}});
    return out;
}

Json observedPartitionJson(const ClusterState& s, const Partition& p)
{
    const ObservedPartitionFacts& f = p.observed->facts;
    Json part;
    part["topic"] = s.topics[static_cast<std::size_t>(p.topic)].name;
    part["partition"] = p.index;
    part["replicas"] = ids(f.replicas);
    part["leader"] = f.leader;
    part["leader_epoch"] = f.leaderEpoch;
    part["isr"] = ids(f.isr);
    std::vector<std::int32_t> osr;
    for (std::int32_t b : f.replicas) {
        if (std::find(f.isr.begin(), f.isr.end(), b) == f.isr.end())
            osr.push_back(b);
    }
    part["osr"] = ids(osr);
    part["elr"] = optionalIds(f.elr);
    part["last_known_elr"] = optionalIds(f.lastKnownElr);
    part["offline_replicas"] = ids(f.offlineReplicas);
    part["health"] = partitionHealthName(p.observed->health);
    Json hw = nullptr;
    Json states = Json::array();
    for (std::int32_t broker : f.replicas) {
        const ObservedReplicaFacts* facts = nullptr;
        for (const ObservedReplicaFacts& r : f.replicaFacts) {
            if (r.broker == broker)
                facts = &r;
        }
        Json rs;
        rs["broker"] = broker;
        rs["leo"] = facts ? optionalOffset(facts->leo) : Json(nullptr);
        rs["hw"] = facts ? optionalOffset(facts->hw) : Json(nullptr);
        rs["log_start"] = facts ? optionalOffset(facts->logStart) : Json(nullptr);
        rs["error"] = facts ? orNull(facts->error) : Json(nullptr);
        if (broker == f.leader && f.leader >= 0)
            hw = rs["hw"];
        states.push_back(std::move(rs));
    }
    part["hw"] = hw;
    part["replica_states"] = states;
    return part;
}

Json observedGroupJson(const ClusterState& s, const ObservedGroupFacts& g)
{
    const bool consumer = g.type == "consumer"; // KIP-848
    Json group;
    group["id"] = g.id;
    group["type"] = g.type;
    group["state"] = g.state;
    group["protocol_type"] = g.protocolType;
    group["protocol"] = g.protocol;
    group["coordinator"] = g.coordinator;
    group["group_epoch"] = consumer ? Json(g.groupEpoch) : Json(nullptr);
    group["assignment_epoch"] = consumer ? Json(g.assignmentEpoch) : Json(nullptr);
    Json members = Json::array();
    for (const ObservedGroupMember& m : g.members) {
        Json member;
        member["member_id"] = m.memberId;
        member["instance_id"] = orNull(m.instanceId);
        member["client_id"] = m.clientId;
        member["client_host"] = m.clientHost;
        member["member_epoch"] = consumer ? Json(m.memberEpoch) : Json(nullptr);
        member["assignment"] = topicPartitions(m.assignment);
        member["target_assignment"] = consumer ? topicPartitions(m.targetAssignment) : Json(nullptr);
        members.push_back(std::move(member));
    }
    group["members"] = members;
    Json committed = Json::array();
    for (const ObservedCommittedOffset& c : g.committed) {
        const std::optional<Offset> lag = observedLag(s, c);
        committed.push_back(Json{{"topic", c.topic},
                                 {"partition", c.partition},
                                 {"offset", c.offset},
                                 {"lag", lag ? Json(*lag) : Json(nullptr)}});
    }
    group["committed"] = committed;
    return group;
}

} // namespace

Json frame_json::observedFrameJson(const FrameHeader& header, const ClusterState& s)
{
    const ObservedInfo& o = *s.observed;
    Json out;
    putFrameHeader(out, header, s, header.kafkaVersion.empty() ? orNull(o.poll.kafkaVersion) : Json(header.kafkaVersion));
    out["observed"] = Json{{"cluster_id", o.poll.clusterId},
                           {"interval_ms", o.poll.intervalMs},
                           {"poll_ms", o.poll.pollMs},
                           {"stretched", o.poll.stretched},
                           {"fencing_known", o.poll.fencingKnown},
                           {"elr_known", o.poll.elrKnown}};
    Json brokers = Json::array();
    for (const ObservedBrokerSlot& b : o.brokers) {
        brokers.push_back(Json{{"id", b.facts.id},
                               {"state", observedBrokerState(b)},
                               {"host", b.facts.host},
                               {"port", b.facts.port},
                               {"rack", orNull(b.facts.rack)},
                               {"error", orNull(b.facts.error)}});
    }
    out["brokers"] = brokers;
    // Not observable (observed_state.cpp's pollInfo): null, never a broker that controls nothing.
    out["controller"] = o.poll.controllerId < 0 ? Json(nullptr) : Json(o.poll.controllerId);
    Json topics = Json::array();
    for (std::size_t t = 0; t < s.topics.size(); ++t) {
        const ObservedTopicInfo& info = o.topics[t];
        topics.push_back(Json{{"name", s.topics[t].name},
                              {"topic_id", orNull(info.topicId)},
                              {"partitions", s.topics[t].partitionCount},
                              {"min_insync_replicas",
                               info.minInsyncReplicas ? Json(*info.minInsyncReplicas) : Json(nullptr)}});
    }
    out["topics"] = topics;
    Json partitions = Json::array();
    for (const Partition& p : s.partitions) {
        if (p.observed)
            partitions.push_back(observedPartitionJson(s, p));
    }
    out["partitions"] = partitions;
    // The keys every frame has, empty: a real cluster's clients are not observed, and nothing is lost or
    // diverged that the poll could tell.
    out["producers"] = Json::array();
    Json groups = Json::array();
    for (const ObservedGroupFacts& g : o.groups)
        groups.push_back(observedGroupJson(s, g));
    out["groups"] = groups;
    out["consumers"] = Json::array();
    out["lost"] = Json::array();
    out["diverged"] = Json::array();
    return out;
}

} // namespace hw
