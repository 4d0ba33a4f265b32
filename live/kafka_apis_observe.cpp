// SPDX-License-Identifier: MIT
// The observer's requests (issue 29): the versions only wire::observerApis() lists, answered at once from the
// state with no engine action, so observing `serve` adds no frame to its timeline. What each answer holds
// follows Kafka 4.x's brokers (cited per API below).
#include "live/kafka_apis.h"

#include "groups/offsets_partition.h"
#include "model/limits.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <variant>

namespace hw::live {

namespace {

namespace client = wire::client;

/// KafkaConfig's max.request.partition.size.limit default (ServerConfigs at 4.4.0): the most partitions one
/// DescribeTopicPartitions response holds, whatever the request's ResponsePartitionLimit.
constexpr std::int32_t describeTopicPartitionsLimit = 2000;

const Replica* replicaOf(const ClusterState& state, std::int32_t flat, BrokerId broker)
{
    for (const Replica& r : state.partitions[static_cast<std::size_t>(flat)].replicas)
        if (r.broker == broker)
            return &r;
    return nullptr;
}

/// Partition.checkCurrentLeaderEpoch at 4.4.0: -1 skips the check, an epoch below the broker's is
/// FENCED_LEADER_EPOCH, one above it UNKNOWN_LEADER_EPOCH.
wire::ErrorCode checkLeaderEpoch(const Replica& replica, std::int32_t currentLeaderEpoch)
{
    if (currentLeaderEpoch < 0 || currentLeaderEpoch == replica.knownLeaderEpoch)
        return wire::ErrorCode::None;
    return currentLeaderEpoch < replica.knownLeaderEpoch ? wire::ErrorCode::FencedLeaderEpoch
                                                         : wire::ErrorCode::UnknownLeaderEpoch;
}

/// The epoch of the record at `offset` by the replica's leader epoch cache (LeaderEpochFileCache.epochForOffset),
/// or -1 when the cache has no entry at or before it.
std::int32_t epochAt(const Replica& replica, Offset offset)
{
    std::int32_t epoch = -1;
    for (const EpochEntry& entry : replica.epochCache)
        if (entry.startOffset <= offset)
            epoch = entry.epoch;
    return epoch;
}

std::int32_t latestEpoch(const Replica& replica)
{
    return replica.epochCache.empty() ? -1 : replica.epochCache.back().epoch;
}

} // namespace

HandledRequest KafkaApis::handleObserver(std::int32_t client, const wire::ObserverRequestFrame& frame,
                                         const ClusterState& state) const
{
    HandledRequest handled;
    const BrokerId broker = state.liveClient(client)->broker;
    const std::int16_t version = frame.header.apiVersion;
    std::int32_t partitionsAnswered = 0;

    if (const auto* list = std::get_if<wire::ListOffsetsRequest>(&frame.body)) {
        // ListOffsets 5-8. ReplicaManager.fetchOffset at 4.4.0: fetchOnlyFromLeader is replicaId !=
        // DEBUGGING_REPLICA_ID (-2), and the isolation level applies to a consumer (-1) only, so the observer's
        // -2 gets the asked broker's own replica's log end offset (latest) or log start (earliest), whatever its
        // role; a consumer gets the leader's high watermark (the last stable offset is the same: no
        // transactions are simulated). Timestamps other than -1, -2 and -4 (earliest local: the log start, no
        // tiered storage) need the engine's timestamp index, which this path does not ask: UNSUPPORTED_VERSION.
        wire::ListOffsetsResponse response;
        for (const wire::ListOffsetsTopic& topic : list->topics) {
            wire::ListOffsetsTopicResponse topicResponse;
            topicResponse.name = topic.name;
            for (const wire::ListOffsetsPartition& partition : topic.partitions) {
                ++partitionsAnswered;
                wire::ListOffsetsPartitionResponse part;
                part.partitionIndex = partition.partitionIndex;
                const std::int32_t flat = findKnownPartition(state, broker, topic.name, partition.partitionIndex);
                const Replica* replica = flat < 0 ? nullptr : replicaOf(state, flat, broker);
                const bool debugging = list->replicaId == client::debuggingReplicaId;
                if (flat < 0) {
                    part.errorCode = wire::ErrorCode::UnknownTopicOrPartition;
                } else if (!replica || (!debugging && !replica->isLeader())) {
                    part.errorCode = wire::ErrorCode::NotLeaderOrFollower;
                } else if (const wire::ErrorCode fenced = checkLeaderEpoch(*replica, partition.currentLeaderEpoch);
                           fenced != wire::ErrorCode::None) {
                    part.errorCode = fenced;
                } else if (partition.timestamp == client::latestTimestamp) {
                    part.offset = debugging ? replica->log.leo() : replica->hw;
                    part.leaderEpoch = latestEpoch(*replica);
                } else if (partition.timestamp == -2 || partition.timestamp == -4) {
                    part.offset = replica->log.logStart;
                    part.leaderEpoch = epochAt(*replica, replica->log.logStart);
                } else {
                    part.errorCode = wire::ErrorCode::UnsupportedVersion;
                }
                topicResponse.partitions.push_back(part);
            }
            response.topics.push_back(std::move(topicResponse));
        }
        handled.response = wire::encodeObserverResponse(frame.header, response);
        handled.summary = std::to_string(partitionsAnswered) + " partitions, replica " +
                          std::to_string(list->replicaId) + ", from the state";
        return handled;
    }

    if (const auto* fetch = std::get_if<client::FetchRequest>(&frame.body)) {
        // Fetch 11-12 of a consumer. From version 11 KafkaApis.handleFetchRequest passes ClientMetadata, so
        // FetchParams.fetchOnlyLeader is false for a consumer (isFromConsumer && clientMetadata.isEmpty) and
        // ReplicaManager.readFromLog reads the asked broker's own replica, leader or follower; a follower
        // names no preferred read replica (findPreferredReadReplica starts from partition.leaderIdIfLocal, and
        // no replica.selector.class is set). So the high watermark, log start and records are that replica's;
        // READ_UNCOMMITTED reads up to its high watermark, READ_COMMITTED up to its last stable offset, the
        // same here. Sessions as handleFetch: a full fetch is answered with session id 0, an incremental one
        // with FETCH_SESSION_ID_NOT_FOUND. Not Kafka: MaxWaitMs is not waited (the observer sends 0), and a
        // replica fetch (ReplicaId 0+) is refused with INVALID_REQUEST: only the simulation replicates.
        client::FetchResponse response;
        if (fetch->sessionEpoch > 0) {
            response.errorCode = wire::ErrorCode::FetchSessionIdNotFound;
        } else if (fetch->replicaId >= 0) {
            response.errorCode = wire::ErrorCode::InvalidRequest;
        } else {
            for (const client::FetchTopic& topic : fetch->topics) {
                client::FetchTopicResponse topicResponse;
                topicResponse.topic = topic.topic;
                for (const client::FetchPartition& partition : topic.partitions) {
                    ++partitionsAnswered;
                    client::FetchPartitionResponse part;
                    part.partitionIndex = partition.partition;
                    part.records = wire::Bytes{}; // MemoryRecords.EMPTY: a broker never sends null records
                    if (fetch->isolationLevel == 1)
                        part.abortedTransactions = std::vector<wire::AbortedTransaction>{};
                    const std::int32_t flat = findKnownPartition(state, broker, topic.topic, partition.partition);
                    const Replica* replica = flat < 0 ? nullptr : replicaOf(state, flat, broker);
                    wire::ErrorCode error = wire::ErrorCode::None;
                    if (flat < 0)
                        error = wire::ErrorCode::UnknownTopicOrPartition;
                    else if (!replica)
                        error = wire::ErrorCode::NotLeaderOrFollower;
                    else
                        error = checkLeaderEpoch(*replica, partition.currentLeaderEpoch);
                    if (error == wire::ErrorCode::None &&
                        (partition.fetchOffset < replica->log.logStart || partition.fetchOffset > replica->log.leo()))
                        error = wire::ErrorCode::OffsetOutOfRange; // LocalLog.read: outside [log start, LEO]
                    if (error != wire::ErrorCode::None) {
                        // FetchResponse.partitionResponse(error): every offset -1.
                        part.errorCode = error;
                        part.abortedTransactions.reset();
                        topicResponse.partitions.push_back(std::move(part));
                        continue;
                    }
                    part.highWatermark = replica->hw;
                    part.lastStableOffset = replica->hw;
                    part.logStartOffset = replica->log.logStart;
                    const std::int64_t count = std::min<std::int64_t>(replica->hw - partition.fetchOffset,
                                                                      limits::fetchRecordsPerPartitionMax);
                    if (count > 0 && replica->log.holds(partition.fetchOffset))
                        *part.records = encodeLogRecords(state, replica->log, partition.fetchOffset, count,
                                                         partition.partitionMaxBytes);
                    topicResponse.partitions.push_back(std::move(part));
                }
                response.responses.push_back(std::move(topicResponse));
            }
        }
        handled.response = wire::encodeObserverResponse(frame.header, response);
        handled.summary = std::to_string(partitionsAnswered) + " partitions, from broker " + std::to_string(broker) +
                          "'s own replicas";
        return handled;
    }

    if (const auto* describe = std::get_if<client::DescribeClusterRequest>(&frame.body)) {
        // KafkaApis.handleDescribeCluster at 4.4.0 (KRaft): the brokers of the metadata image that are not
        // fenced (KRaftMetadataCache.getAliveBrokerNodes), every registered one with IncludeFencedBrokers (v2),
        // each with its fencing; the ClusterId; as ControllerId a random alive broker (a client cannot reach
        // KRaft's controllers), here the answering broker, as the Metadata response names it. A controller
        // endpoint type is refused as AuthHelper.computeDescribeClusterResponse refuses it at 4.4.0: CONTROLLER
        // (2) is MISMATCHED_ENDPOINT_TYPE, any other UNSUPPORTED_ENDPOINT_TYPE, both INVALID_REQUEST in
        // version 0, with the message alone.
        client::DescribeClusterResponse response;
        if (describe->endpointType != 1) {
            const bool controller = describe->endpointType == 2;
            response.errorCode = version == 0 ? wire::ErrorCode::InvalidRequest
                                 : controller ? wire::ErrorCode::MismatchedEndpointType
                                              : wire::ErrorCode::UnsupportedEndpointType;
            response.errorMessage =
                controller ? std::string("The request was sent to an endpoint of type BROKER, but we wanted an "
                                         "endpoint of type CONTROLLER")
                           : "Unsupported endpoint type " + std::to_string(describe->endpointType);
        } else {
            response.clusterId = std::string("highwater-") + state.name;
            response.controllerId = broker;
            for (const Broker& b : state.brokers) {
                const bool fenced = state.registrations[static_cast<std::size_t>(b.id - 1)].fenced;
                if (fenced && !describe->includeFencedBrokers)
                    continue;
                response.brokers.push_back(
                    client::DescribeClusterBroker{b.id, m_host, m_basePort + b.id, b.rack, version >= 2 && fenced});
            }
        }
        handled.response = wire::encodeObserverResponse(frame.header, response);
        handled.summary = std::to_string(response.brokers.size()) + " brokers";
        return handled;
    }

    if (const auto* list = std::get_if<client::ListGroupsRequest>(&frame.body)) {
        // ListGroups 3-5 as handleGroup answers 0-2 (GroupCoordinatorService.listGroups at 4.4.0: the groups of
        // the offsets partitions this broker coordinates), with the state (4+) and the type (5+, "classic": the
        // only protocol simulated); StatesFilter and TypesFilter match case-insensitively, as
        // GroupMetadataManager.listGroups lowercases both sides.
        const auto lower = [](std::string text) {
            std::transform(text.begin(), text.end(), text.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            return text;
        };
        const auto matches = [&](const std::vector<std::string>& filter, const std::string& value) {
            return filter.empty() || std::any_of(filter.begin(), filter.end(), [&](const std::string& wanted) {
                       return lower(wanted) == lower(value);
                   });
        };
        client::ListGroupsResponse response;
        if (!state.broker(broker).alive)
            response.errorCode = wire::ErrorCode::CoordinatorNotAvailable;
        else
            for (const Group* group : groupsCoordinatedBy(state, broker)) {
                client::ListedGroup listed{group->id, group->protocolType.empty() ? "consumer" : group->protocolType,
                                           kafkaGroupState(group->state), "classic"};
                if (!matches(list->statesFilter, listed.groupState) || !matches(list->typesFilter, listed.groupType))
                    continue;
                if (version < 4)
                    listed.groupState.clear();
                if (version < 5)
                    listed.groupType.clear();
                response.groups.push_back(std::move(listed));
            }
        handled.response = wire::encodeObserverResponse(frame.header, response);
        handled.summary = std::to_string(response.groups.size()) + " group(s)";
        return handled;
    }

    if (const auto* describe = std::get_if<client::DescribeGroupsRequest>(&frame.body)) {
        // DescribeGroups 5 as handleGroup answers 0-4 (ClassicGroup.describe at 4.4.0).
        client::DescribeGroupsResponse response;
        for (const std::string& id : describe->groups) {
            const wire::DescribedGroup group = describeGroup(state, broker, id);
            client::DescribedGroup out{group.errorCode, group.groupId, group.groupState, group.protocolType,
                                       group.protocolData, {}, group.authorizedOperations};
            if (describe->includeAuthorizedOperations)
                out.authorizedOperations = 0;
            for (const wire::DescribedGroupMember& m : group.members)
                out.members.push_back(client::DescribedGroupMember{m.memberId, m.groupInstanceId, m.clientId,
                                                                   m.clientHost, m.memberMetadata, m.memberAssignment});
            response.groups.push_back(std::move(out));
        }
        handled.response = wire::encodeObserverResponse(frame.header, response);
        handled.summary = std::to_string(response.groups.size()) + " group(s)";
        return handled;
    }

    if (const auto* offsets = std::get_if<client::OffsetFetchRequest>(&frame.body)) {
        // OffsetFetch 6-8 from the coordinator's committed offsets, as the engine answers 1-5
        // (GroupCoordinator's OffsetFetch) but read from the state: NOT_COORDINATOR when this broker does not
        // coordinate the group (with no topics), else each asked partition's committed offset, -1 when none
        // (an unknown group or topic too), or with null topics every committed offset by topic in partition
        // order. Metadata "" and leader epoch -1: the model keeps neither (as for the lower versions).
        client::OffsetFetchResponse response;
        const int offsetsPartitions = static_cast<int>(state.offsetsPartitions.size());
        for (const client::OffsetFetchRequestGroup& asked : offsets->groups) {
            client::OffsetFetchResponseGroup out;
            out.groupId = asked.groupId;
            if (offsetsPartitions == 0 ||
                !coordinates(state, broker, offsetsPartitionFor(asked.groupId, offsetsPartitions))) {
                out.errorCode = wire::ErrorCode::NotCoordinator;
                response.groups.push_back(std::move(out));
                continue;
            }
            const int g = state.findGroup(asked.groupId);
            static const std::vector<CommittedOffset> none;
            const std::vector<CommittedOffset>& committed =
                g < 0 ? none : state.groups[static_cast<std::size_t>(g)].committed;
            const auto committedAt = [&](std::int32_t flat) {
                for (const CommittedOffset& c : committed)
                    if (c.partition == flat)
                        return c.offset;
                return Offset{-1};
            };
            if (!asked.topics) {
                for (const CommittedOffset& c : committed) {
                    const Partition& partition = state.partitions[static_cast<std::size_t>(c.partition)];
                    const std::string& name = state.topics[static_cast<std::size_t>(partition.topic)].name;
                    if (out.topics.empty() || out.topics.back().name != name)
                        out.topics.push_back(client::OffsetFetchResponseTopics{name, {}});
                    out.topics.back().partitions.push_back(client::OffsetFetchResponsePartitions{
                        partition.index, c.offset, -1, "", wire::ErrorCode::None});
                }
            } else {
                for (const client::OffsetFetchRequestTopics& topic : *asked.topics) {
                    client::OffsetFetchResponseTopics topicOut{topic.name, {}};
                    for (std::int32_t index : topic.partitionIndexes) {
                        const std::int32_t flat = findPartition(state, topic.name, index);
                        topicOut.partitions.push_back(client::OffsetFetchResponsePartitions{
                            index, flat < 0 ? Offset{-1} : committedAt(flat), -1, "", wire::ErrorCode::None});
                    }
                    out.topics.push_back(std::move(topicOut));
                }
            }
            response.groups.push_back(std::move(out));
        }
        handled.response = wire::encodeObserverResponse(frame.header, response);
        handled.summary = std::to_string(response.groups.size()) + " group(s)";
        return handled;
    }

    if (const auto* configs = std::get_if<client::DescribeConfigsRequest>(&frame.body)) {
        // DescribeConfigs 4 for topics, as ConfigHelper.describeConfigs and createTopicConfigEntry answer it at
        // 4.4.0 (core/src/main/scala/kafka/server/ConfigHelper.scala): an unknown topic is
        // UNKNOWN_TOPIC_OR_PARTITION with no message and no configs; ConfigurationKeys null or empty lists every
        // config, else the named ones (a name the topic lacks is left out); each config is not read-only, not
        // sensitive, its source TOPIC_CONFIG (1) when set on the topic, STATIC_BROKER_CONFIG (4) for a broker
        // setting, DEFAULT_CONFIG (5) at Kafka's default; synonyms and documentation only when asked (none
        // here: the model keeps no synonyms, and no documentation is served). The configs are the ones the
        // model knows, by name: min.insync.replicas and unclean.leader.election.enable (cluster-wide in the
        // model: a broker setting unless at Kafka's default), retention.bytes, retention.ms, segment.bytes and
        // segment.ms (the topic's own). Not Kafka: a broker or logger resource is INVALID_REQUEST ("Unsupported
        // resource type"), where Kafka lists the broker's configs; the observer asks for topics only.
        constexpr std::int8_t topicConfig = 1, staticBrokerConfig = 4, defaultConfig = 5;
        constexpr std::int8_t booleanType = 1, intType = 3, longType = 5;
        client::DescribeConfigsResponse response;
        const TopicConfig kafkaDefaults;
        for (const client::DescribeConfigsResource& resource : configs->resources) {
            client::DescribeConfigsResult result;
            result.resourceType = resource.resourceType;
            result.resourceName = resource.resourceName;
            const auto topic = std::find_if(state.topics.begin(), state.topics.end(),
                                            [&](const Topic& t) { return t.name == resource.resourceName; });
            if (resource.resourceType != client::ConfigResourceType::Topic) {
                result.errorCode = wire::ErrorCode::InvalidRequest;
                result.errorMessage = "Unsupported resource type: " +
                                      std::to_string(static_cast<int>(resource.resourceType));
            } else if (topic == state.topics.end() || !brokerKnowsTopic(state, broker, topic->name)) {
                result.errorCode = wire::ErrorCode::UnknownTopicOrPartition;
            } else {
                const auto add = [&](const char* name, std::string value, std::int8_t source, std::int8_t type) {
                    const bool asked = !resource.configurationKeys || resource.configurationKeys->empty() ||
                                       std::find(resource.configurationKeys->begin(),
                                                 resource.configurationKeys->end(),
                                                 name) != resource.configurationKeys->end();
                    if (!asked)
                        return;
                    client::DescribeConfigsResourceResult config;
                    config.name = name;
                    config.value = std::move(value);
                    config.configSource = source;
                    config.configType = type;
                    result.configs.push_back(std::move(config));
                };
                const ClusterConfig& cluster = state.config;
                const TopicConfig& own = topic->config;
                add("min.insync.replicas", std::to_string(cluster.minInsyncReplicas),
                    cluster.minInsyncReplicas == 1 ? defaultConfig : staticBrokerConfig, intType);
                add("retention.bytes", std::to_string(own.retentionBytes),
                    own.retentionBytes == kafkaDefaults.retentionBytes ? defaultConfig : topicConfig, longType);
                add("retention.ms", std::to_string(own.retentionMs),
                    own.retentionMs == kafkaDefaults.retentionMs ? defaultConfig : topicConfig, longType);
                add("segment.bytes", std::to_string(own.segmentBytes),
                    own.segmentBytes == kafkaDefaults.segmentBytes ? defaultConfig : topicConfig, intType);
                add("segment.ms", std::to_string(own.segmentMs),
                    own.segmentMs == kafkaDefaults.segmentMs ? defaultConfig : topicConfig, longType);
                add("unclean.leader.election.enable", cluster.uncleanLeaderElectionEnable ? "true" : "false",
                    cluster.uncleanLeaderElectionEnable ? staticBrokerConfig : defaultConfig, booleanType);
            }
            response.results.push_back(std::move(result));
        }
        handled.response = wire::encodeObserverResponse(frame.header, response);
        handled.summary = std::to_string(response.results.size()) + " resource(s)";
        return handled;
    }

    const auto& request = std::get<client::DescribeTopicPartitionsRequest>(frame.body);
    // DescribeTopicPartitionsRequestHandler and KRaftMetadataCache.describeTopicResponse at 4.4.0: the named
    // topics (all the broker knows when none are named, unknown ones then left out) in name order from the
    // cursor's topic, its partitions from the cursor's index; at most min(ResponsePartitionLimit,
    // max.request.partition.size.limit) partitions, the cursor naming where the next page starts. An unknown
    // named topic is UNKNOWN_TOPIC_OR_PARTITION; a cursor outside the named topics or with a negative index
    // is INVALID_REQUEST (an InvalidRequestException, which answers every named topic with it). Partitions
    // from the controller's registrations: leader (-1 with LEADER_NOT_AVAILABLE when none), leader epoch,
    // replicas, ISR, ELR and last known ELR (empty, never null), no offline replicas (no log directories).
    client::DescribeTopicPartitionsResponse response;
    const bool allTopics = request.topics.empty();
    std::set<std::string> names;
    if (allTopics) {
        for (const Topic& t : state.topics)
            if (brokerKnowsTopic(state, broker, t.name))
                names.insert(t.name);
    } else {
        names.insert(request.topics.begin(), request.topics.end());
    }
    const bool badCursor = request.cursor && ((!allTopics && !names.contains(request.cursor->topicName)) ||
                                              request.cursor->partitionIndex < 0);
    if (badCursor) {
        for (const std::string& name : names)
            response.topics.push_back(
                client::DescribeTopicPartitionsTopic{wire::ErrorCode::InvalidRequest, name, {}, false, {}});
        handled.response = wire::encodeObserverResponse(frame.header, response);
        handled.summary = "a cursor outside the request: INVALID_REQUEST";
        return handled;
    }
    std::int32_t remaining = std::min(request.responsePartitionLimit, describeTopicPartitionsLimit);
    for (const std::string& name : names) {
        if (request.cursor && name < request.cursor->topicName)
            continue;
        if (remaining <= 0) {
            response.nextCursor = client::TopicPartitionsCursor{name, 0};
            break;
        }
        const auto it = std::find_if(state.topics.begin(), state.topics.end(),
                                     [&](const Topic& t) { return t.name == name; });
        if (it == state.topics.end() || !brokerKnowsTopic(state, broker, name)) {
            if (!allTopics)
                response.topics.push_back(client::DescribeTopicPartitionsTopic{
                    wire::ErrorCode::UnknownTopicOrPartition, name, {}, false, {}});
            continue;
        }
        const auto topicIndex = static_cast<std::int32_t>(it - state.topics.begin());
        client::DescribeTopicPartitionsTopic topic;
        topic.name = name;
        const auto [high, low] = topicId(state, topicIndex);
        topic.topicId = client::Uuid{static_cast<std::uint64_t>(high), static_cast<std::uint64_t>(low)};
        topic.isInternal = name == "__consumer_offsets";
        const std::int32_t start =
            request.cursor && name == request.cursor->topicName ? request.cursor->partitionIndex : 0;
        std::int32_t index = start;
        for (; index < it->partitionCount && remaining > 0; ++index, --remaining) {
            const PartitionRegistration& reg =
                state.partitions[static_cast<std::size_t>(it->firstPartition + index)].registration;
            client::DescribeTopicPartitionsPartition part;
            part.partitionIndex = index;
            part.leaderId = reg.leader == noLeader ? -1 : reg.leader;
            if (reg.leader == noLeader)
                part.errorCode = wire::ErrorCode::LeaderNotAvailable;
            part.leaderEpoch = reg.leaderEpoch;
            part.replicaNodes.assign(reg.replicas.begin(), reg.replicas.end());
            part.isrNodes.assign(reg.isr.begin(), reg.isr.end());
            part.eligibleLeaderReplicas = std::vector<std::int32_t>(reg.elr.begin(), reg.elr.end());
            part.lastKnownElr = std::vector<std::int32_t>(reg.lastKnownElr.begin(), reg.lastKnownElr.end());
            topic.partitions.push_back(std::move(part));
        }
        partitionsAnswered += static_cast<std::int32_t>(topic.partitions.size());
        response.topics.push_back(std::move(topic));
        if (index < it->partitionCount) {
            response.nextCursor = client::TopicPartitionsCursor{name, index};
            break;
        }
    }
    handled.response = wire::encodeObserverResponse(frame.header, response);
    handled.summary = std::to_string(response.topics.size()) + " topics, " + std::to_string(partitionsAnswered) +
                      " partitions";
    return handled;
}

} // namespace hw::live
