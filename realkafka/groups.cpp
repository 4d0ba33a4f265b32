// SPDX-License-Identifier: MIT
#include "realkafka/groups.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace hw::realkafka {

namespace {

std::string_view resetName(OffsetReset reset)
{
    switch (reset) {
    case OffsetReset::Earliest:
        return "earliest";
    case OffsetReset::Latest:
        return "latest";
    case OffsetReset::None:
        return "none";
    }
    return "latest";
}

bool byTopicPartition(const ObservedPartitionRef& a, const ObservedPartitionRef& b)
{
    return std::tie(a.topic, a.partition) < std::tie(b.topic, b.partition);
}

} // namespace

std::map<std::string, std::string> offsetsTopicConfigs()
{
    return { { "cleanup.policy", "compact" }, { "compression.type", "producer" }, { "segment.bytes", "104857600" } };
}

nlohmann::json consumerConfig(const ConsumerSpec& spec, const ClusterConfig& config, const std::string& bootstrap)
{
    return {
        { "bootstrap.servers", bootstrap },
        { "group.id", spec.group },
        { "client.id", spec.id },
        { "auto.offset.reset", std::string(resetName(spec.reset)) },
        { "enable.auto.commit", spec.autoCommit },
        { "max.poll.records", spec.maxPollRecords },
        { "session.timeout.ms", config.sessionTimeoutMs },
        { "heartbeat.interval.ms", config.heartbeatIntervalMs },
        { "max.poll.interval.ms", config.rebalanceTimeoutMs },
        { "auto.commit.interval.ms", config.autoCommitIntervalMs },
        { "fetch.max.wait.ms", config.fetchMaxWaitMs },
        { "request.timeout.ms", config.requestTimeoutMs },
        { "retry.backoff.ms", config.retryBackoffMs },
        { "retry.backoff.max.ms", config.retryBackoffMaxMs },
    };
}

ClusterObservation groupObservation(const std::vector<GroupDescription>& described,
                                    const std::vector<ConsumerStatus>& statuses, const std::vector<std::string>& made,
                                    const std::vector<ConsumedRecord>& consumed)
{
    const auto statusOf = [&](const std::string& name) -> const ConsumerStatus* {
        for (const ConsumerStatus& status : statuses)
            if (status.name == name && status.open)
                return &status;
        return nullptr;
    };
    ClusterObservation observation;
    for (const GroupDescription& description : described) {
        ObservedGroup group;
        group.id = description.group;
        group.state = description.state;
        group.protocol = description.protocol;
        group.coordinator = description.coordinator;
        for (const GroupDescription::Member& m : description.members) {
            ObservedMember member { m.memberId, m.clientId, {} };
            for (const HarnessPartition& p : m.assignment)
                member.assignment.push_back({ p.topic, p.partition });
            std::sort(member.assignment.begin(), member.assignment.end(), byTopicPartition);
            group.members.push_back(std::move(member));
        }
        std::sort(group.members.begin(), group.members.end(),
            [](const ObservedMember& a, const ObservedMember& b) { return std::tie(a.consumer, a.memberId) < std::tie(b.consumer, b.memberId); });
        // DescribeGroups names neither the generation nor the leader: the members do (their JoinGroup
        // answers, and which of them ran the assignor). Only a member the coordinator lists counts, so that
        // a consumer that was dropped and has not heard of it yet does not speak for the group.
        for (const ObservedMember& member : group.members) {
            const ConsumerStatus* status = statusOf(member.consumer);
            if (status && status->memberId == member.memberId)
                group.generation = std::max(group.generation, status->generation);
        }
        for (const ObservedMember& member : group.members) {
            const ConsumerStatus* status = statusOf(member.consumer);
            if (status && status->memberId == member.memberId && status->leader && status->generation == group.generation)
                group.leader = member.consumer;
        }
        for (const GroupDescription::Committed& c : description.committed)
            group.committed.push_back({ c.topic, c.partition, c.offset });
        observation.groups.push_back(std::move(group));
    }
    for (const std::string& name : made) {
        ObservedConsumer consumer;
        consumer.id = name;
        if (const ConsumerStatus* status = statusOf(name)) {
            consumer.group = status->group;
            consumer.running = true;
            consumer.memberId = status->memberId;
            consumer.generation = status->generation;
            for (const ConsumerStatus::Owned& owned : status->assignment)
                consumer.positions.push_back({ owned.topic, owned.partition, owned.position });
            std::sort(consumer.positions.begin(), consumer.positions.end(),
                [](const ObservedPosition& a, const ObservedPosition& b) {
                    return std::tie(a.topic, a.partition) < std::tie(b.topic, b.partition);
                });
        }
        for (const ConsumedRecord& record : consumed)
            if (record.consumer == name)
                consumer.received.push_back({ record.topic, record.partition, record.offset, record.value });
        observation.consumers.push_back(std::move(consumer));
    }
    return observation;
}

bool groupSettled(const ClusterObservation& facts, const std::string& group, const std::vector<std::string>& running,
                  const std::vector<ObservedPartitionRef>& subscribed)
{
    const auto found = std::find_if(facts.groups.begin(), facts.groups.end(),
        [&](const ObservedGroup& g) { return g.id == group; });
    if (found == facts.groups.end())
        return false;
    const ObservedGroup& g = *found;
    if (running.empty())
        return g.state == "Empty" || g.state == "Dead";
    if (g.state != "Stable" || g.members.size() != running.size())
        return false;
    std::set<std::pair<std::string, std::int32_t>> assigned;
    for (const std::string& name : running) {
        const auto consumer = std::find_if(facts.consumers.begin(), facts.consumers.end(),
            [&](const ObservedConsumer& c) { return c.id == name; });
        const auto member = std::find_if(g.members.begin(), g.members.end(),
            [&](const ObservedMember& m) { return m.consumer == name; });
        if (consumer == facts.consumers.end() || member == g.members.end() || !consumer->running
            || consumer->memberId != member->memberId || consumer->generation != g.generation)
            return false;
        if (consumer->positions.size() != member->assignment.size())
            return false;
        for (std::size_t i = 0; i < member->assignment.size(); ++i) {
            const ObservedPosition& position = consumer->positions[i];
            if (position.topic != member->assignment[i].topic || position.partition != member->assignment[i].partition
                || !position.offset)
                return false;
            assigned.insert({ position.topic, position.partition });
        }
    }
    return std::all_of(subscribed.begin(), subscribed.end(),
        [&](const ObservedPartitionRef& p) { return assigned.count({ p.topic, p.partition }) > 0; });
}

} // namespace hw::realkafka
