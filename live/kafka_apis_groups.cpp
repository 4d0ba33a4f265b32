// SPDX-License-Identifier: MIT
// KafkaApis' group requests (KafkaApis.scala handleFindCoordinatorRequest, handleJoinGroupRequest,
// handleSyncGroupRequest, handleHeartbeatRequest, handleLeaveGroupRequest, handleOffsetCommitRequest,
// handleOffsetFetchRequest, handleListGroupsRequest, handleDescribeGroupsRequest at 4.4.0): what is
// checked before the coordinator (topics that do not exist, the key type), the request the engine's
// group coordinator answers, and the answer turned into the response of the request's version.
#include "live/kafka_apis.h"

#include "groups/offsets_partition.h"

#include <algorithm>
#include <variant>

namespace hw::live {

namespace {

std::string textOf(const wire::Bytes& bytes)
{
    return std::string(bytes.begin(), bytes.end());
}

wire::Bytes bytesOf(const std::string& text)
{
    return wire::Bytes(text.begin(), text.end());
}

/// The member's host as Kafka's DescribeGroups shows it ("/127.0.0.1"), from the connection's
/// "address:port".
std::string clientHostOf(const std::string& peer)
{
    const auto colon = peer.rfind(':');
    return "/" + (colon == std::string::npos ? peer : peer.substr(0, colon));
}

} // namespace

/// ClassicGroupState.toString at 4.4.0, as DescribeGroups spells the state.
std::string kafkaGroupState(GroupState state)
{
    switch (state) {
    case GroupState::Empty:
        return "Empty";
    case GroupState::PreparingRebalance:
        return "PreparingRebalance";
    case GroupState::CompletingRebalance:
        return "CompletingRebalance";
    case GroupState::Stable:
        return "Stable";
    case GroupState::Dead:
        return "Dead";
    }
    return "Dead";
}

/// Whether `broker` believes it coordinates the offsets partition (the same check as the engine's).
bool coordinates(const ClusterState& state, BrokerId broker, std::int32_t offsetsPartition)
{
    const Broker& b = state.broker(broker);
    return b.alive && static_cast<std::size_t>(offsetsPartition) < b.knownCoordinators.size() &&
           b.knownCoordinators[static_cast<std::size_t>(offsetsPartition)] == broker;
}


std::vector<const Group*> groupsCoordinatedBy(const ClusterState& state, BrokerId broker)
{
    std::vector<const Group*> out;
    for (const Group& group : state.groups)
        if (coordinates(state, broker, group.offsetsPartition) && group.state != GroupState::Dead)
            out.push_back(&group);
    return out;
}

wire::DescribedGroup describeGroup(const ClusterState& state, BrokerId self, const std::string& id)
{
    wire::DescribedGroup out;
    out.groupId = id;
    const int partitions = static_cast<int>(state.offsetsPartitions.size());
    const int g = state.findGroup(id);
    if (partitions == 0 || !coordinates(state, self, offsetsPartitionFor(id, partitions))) {
        out.errorCode = wire::ErrorCode::NotCoordinator;
    } else if (g < 0) {
        // Kafka 4.x answers an unknown classic group as Dead with no error (GroupMetadataManager.
        // describeGroups: "Dead", GroupIdNotFound only for a consumer (KIP-848) group id), so
        // kafka-consumer-groups prints "does not exist".
        out.groupState = "Dead";
    } else {
        const Group& group = state.groups[static_cast<std::size_t>(g)];
        out.groupState = kafkaGroupState(group.state);
        out.protocolType = group.protocolType.empty() ? "consumer" : group.protocolType;
        // ClassicGroup.describe: the protocol is shown only in Stable, members' bytes likewise.
        const bool stable = group.state == GroupState::Stable;
        out.protocolData = stable ? group.protocolName : "";
        for (const GroupMember& m : group.members) {
            wire::DescribedGroupMember member;
            member.memberId = m.memberId;
            if (m.isLive()) {
                member.clientId = m.live.clientId;
                member.clientHost = m.live.clientHost;
                if (stable) {
                    for (const GroupProtocolOffer& offer : m.live.protocols) {
                        if (offer.name == group.protocolName)
                            member.memberMetadata = bytesOf(offer.metadata);
                    }
                    member.memberAssignment = bytesOf(m.live.assignment);
                }
            } else {
                member.clientId = state.consumers[static_cast<std::size_t>(m.consumer)].id;
                member.clientHost = "/simulated";
            }
            out.members.push_back(std::move(member));
        }
    }
    return out;
}

bool KafkaApis::isGroupApi(wire::ApiKey key)
{
    switch (key) {
    case wire::ApiKey::FindCoordinator:
    case wire::ApiKey::JoinGroup:
    case wire::ApiKey::SyncGroup:
    case wire::ApiKey::Heartbeat:
    case wire::ApiKey::LeaveGroup:
    case wire::ApiKey::OffsetCommit:
    case wire::ApiKey::OffsetFetch:
    case wire::ApiKey::ListGroups:
    case wire::ApiKey::DescribeGroups:
        return true;
    default:
        return false;
    }
}

HandledRequest KafkaApis::handleGroup(std::int32_t client, Pending& p, const wire::RequestFrame& frame,
                                      const ClusterState& state)
{
    HandledRequest handled;
    const std::string clientId = frame.header.clientId.value_or("");
    // `client` is the connection's handle (LiveClient::handle), not an index: slots are reused.
    const LiveClient* connection = state.liveClient(client);
    if (!connection) {
        // The server hands over requests of open connections only; a stale handle is closed, not answered.
        handled.closeConnection = true;
        handled.summary = "a request of a connection that is gone";
        return handled;
    }
    const std::string clientHost = clientHostOf(connection->id);
    auto respondNow = [&](const wire::Response& response) {
        handled.response = wire::encodeResponse(frame.header, response);
        return handled;
    };
    auto toEngine = [&](LiveRequest request, wire::Response response) {
        p.response = std::move(response);
        // One engine request; OffsetCommit and OffsetFetch keep a part per partition to place the answer.
        if (p.parts.empty())
            p.parts.push_back(Part{});
        p.remaining = 1;
        handled.actions.push_back(LiveClientAction{LiveClientAction::Kind::Request, -1, client, {}, 0, std::move(request)});
        handled.awaitsEngine = true;
        return handled;
    };
    auto groupRequest = [&](GroupRequestKind kind, const std::string& groupId, const std::string& memberId,
                            std::int32_t generation) {
        GroupRequest request;
        request.kind = kind;
        request.memberId = memberId;
        request.generation = generation;
        LiveGroupFields live;
        live.groupId = groupId;
        live.clientId = clientId;
        live.clientHost = clientHost;
        request.live = std::move(live);
        return request;
    };

    if (const auto* find = std::get_if<wire::FindCoordinatorRequest>(&frame.body)) {
        handled.summary = "FindCoordinator " + find->key;
        if (find->keyType != 0) {
            // The simulation has no transaction coordinator (InitProducerId refuses transactional ids
            // too): a transactional producer stops at once instead of looking for one forever.
            wire::FindCoordinatorResponse response;
            response.errorCode = wire::ErrorCode::TransactionalIdAuthorizationFailed;
            if (frame.header.apiVersion >= 1)
                response.errorMessage = "transactions are not simulated";
            handled.summary += " (transaction coordinator refused)";
            return respondNow(response);
        }
        return toEngine(LiveFindCoordinator{find->key}, wire::FindCoordinatorResponse{});
    }
    if (const auto* join = std::get_if<wire::JoinGroupRequest>(&frame.body)) {
        handled.summary = "JoinGroup " + join->groupId + " member '" + join->memberId + "'";
        GroupRequest request = groupRequest(GroupRequestKind::Join, join->groupId, join->memberId, -1);
        request.live->protocolType = join->protocolType;
        request.live->sessionTimeoutMs = join->sessionTimeoutMs;
        // JoinGroup v0 had no rebalance timeout: the session timeout served (JoinGroupRequest.json).
        request.live->rebalanceTimeoutMs = join->rebalanceTimeoutMs >= 0 ? join->rebalanceTimeoutMs : join->sessionTimeoutMs;
        request.live->requireKnownMemberId = frame.header.apiVersion >= 4;
        for (const wire::JoinGroupProtocol& protocol : join->protocols)
            request.live->protocols.push_back(GroupProtocolOffer{protocol.name, textOf(protocol.metadata)});
        return toEngine(LiveGroup{std::move(request)}, wire::JoinGroupResponse{});
    }
    if (const auto* sync = std::get_if<wire::SyncGroupRequest>(&frame.body)) {
        handled.summary = "SyncGroup " + sync->groupId + " member " + sync->memberId;
        GroupRequest request = groupRequest(GroupRequestKind::Sync, sync->groupId, sync->memberId, sync->generationId);
        for (const wire::SyncGroupAssignment& a : sync->assignments)
            request.live->assignments.push_back(GroupAssignmentBytes{a.memberId, textOf(a.assignment)});
        return toEngine(LiveGroup{std::move(request)}, wire::SyncGroupResponse{});
    }
    if (const auto* heartbeat = std::get_if<wire::HeartbeatRequest>(&frame.body)) {
        handled.summary = "Heartbeat " + heartbeat->groupId + " member " + heartbeat->memberId;
        return toEngine(LiveGroup{groupRequest(GroupRequestKind::Heartbeat, heartbeat->groupId, heartbeat->memberId,
                                               heartbeat->generationId)},
                        wire::HeartbeatResponse{});
    }
    if (const auto* leave = std::get_if<wire::LeaveGroupRequest>(&frame.body)) {
        handled.summary = "LeaveGroup " + leave->groupId + " member " + leave->memberId;
        return toEngine(LiveGroup{groupRequest(GroupRequestKind::Leave, leave->groupId, leave->memberId, -1)},
                        wire::LeaveGroupResponse{});
    }
    if (const auto* commit = std::get_if<wire::OffsetCommitRequest>(&frame.body)) {
        // KafkaApis.handleOffsetCommitRequest: a partition the cluster does not have is answered
        // UNKNOWN_TOPIC_OR_PARTITION here; the others go to the coordinator.
        GroupRequest request = groupRequest(GroupRequestKind::OffsetCommit, commit->groupId, commit->memberId,
                                            commit->generationId);
        wire::OffsetCommitResponse response;
        for (const wire::OffsetCommitTopic& topic : commit->topics) {
            wire::OffsetCommitTopicResponse topicResponse;
            topicResponse.name = topic.name;
            for (const wire::OffsetCommitPartition& partition : topic.partitions) {
                wire::OffsetCommitPartitionResponse part;
                part.partitionIndex = partition.partitionIndex;
                const std::int32_t flat = findPartition(state, topic.name, partition.partitionIndex);
                if (flat < 0) {
                    part.errorCode = wire::ErrorCode::UnknownTopicOrPartition;
                } else {
                    request.offsets.push_back(CommittedOffset{flat, partition.committedOffset});
                    p.parts.push_back(Part{response.topics.size(), topicResponse.partitions.size(), flat, -1, 0, false});
                }
                topicResponse.partitions.push_back(part);
            }
            response.topics.push_back(std::move(topicResponse));
        }
        handled.summary = "OffsetCommit " + commit->groupId + ": " + std::to_string(request.offsets.size()) + " offset(s)";
        if (p.parts.empty())
            return respondNow(response);
        return toEngine(LiveGroup{std::move(request)}, std::move(response));
    }
    if (const auto* fetch = std::get_if<wire::OffsetFetchRequest>(&frame.body)) {
        GroupRequest request = groupRequest(GroupRequestKind::OffsetFetch, fetch->groupId, {}, -1);
        wire::OffsetFetchResponse response;
        if (!fetch->topics) {
            request.live->allPartitions = true;
            p.allPartitions = true;
        } else {
            for (const wire::OffsetFetchTopic& topic : *fetch->topics) {
                wire::OffsetFetchTopicResponse topicResponse;
                topicResponse.name = topic.name;
                for (std::int32_t index : topic.partitionIndexes) {
                    wire::OffsetFetchPartitionResponse part;
                    part.partitionIndex = index;
                    part.metadata = "";
                    const std::int32_t flat = findPartition(state, topic.name, index);
                    // No such partition: no committed offset (-1), as Kafka answers a partition with none.
                    if (flat >= 0) {
                        request.partitions.push_back(flat);
                        p.parts.push_back(Part{response.topics.size(), topicResponse.partitions.size(), flat, -1, 0, false});
                    }
                    topicResponse.partitions.push_back(part);
                }
                response.topics.push_back(std::move(topicResponse));
            }
        }
        handled.summary = "OffsetFetch " + fetch->groupId;
        return toEngine(LiveGroup{std::move(request)}, std::move(response));
    }
    if (std::holds_alternative<wire::ListGroupsRequest>(frame.body)) {
        // GroupCoordinatorService.listGroups: the groups of the partitions this broker coordinates.
        wire::ListGroupsResponse response;
        const BrokerId self = connection->broker;
        if (!state.broker(self).alive)
            response.errorCode = wire::ErrorCode::CoordinatorNotAvailable;
        if (response.errorCode == wire::ErrorCode::None)
            for (const Group* group : groupsCoordinatedBy(state, self))
                response.groups.push_back(
                    wire::ListedGroup{group->id, group->protocolType.empty() ? "consumer" : group->protocolType});
        handled.summary = "ListGroups: " + std::to_string(response.groups.size()) + " group(s)";
        return respondNow(response);
    }
    if (const auto* describe = std::get_if<wire::DescribeGroupsRequest>(&frame.body)) {
        const BrokerId self = connection->broker;
        wire::DescribeGroupsResponse response;
        for (const std::string& id : describe->groups) {
            wire::DescribedGroup out = describeGroup(state, self, id);
            if (describe->includeAuthorizedOperations && frame.header.apiVersion >= 3)
                out.authorizedOperations = 0;
            response.groups.push_back(std::move(out));
        }
        handled.summary = "DescribeGroups: " + std::to_string(response.groups.size()) + " group(s)";
        return respondNow(response);
    }
    return handled;
}

bool KafkaApis::answerGroup(Pending& p, const Message& message, const ClusterState& state)
{
    if (const auto* found = std::get_if<FindCoordinatorResponse>(&message.body)) {
        auto* response = std::get_if<wire::FindCoordinatorResponse>(&p.response);
        if (!response)
            return false;
        response->errorCode = wireError(found->error);
        if (found->error == ErrorCode::None) {
            response->nodeId = found->coordinator;
            response->host = m_host;
            response->port = m_basePort + found->coordinator;
        } else {
            // Node.noNode(): what Kafka sends with an error.
            response->nodeId = -1;
            response->host.clear();
            response->port = -1;
        }
        return true;
    }
    const auto* answer = std::get_if<GroupResponse>(&message.body);
    if (!answer)
        return false;
    const wire::ErrorCode error = wireError(answer->error);
    const bool ok = answer->error == ErrorCode::None;
    if (auto* join = std::get_if<wire::JoinGroupResponse>(&p.response)) {
        join->errorCode = error;
        // JoinGroupResponse on an error: no generation, and the member id only with MEMBER_ID_REQUIRED.
        join->generationId = ok ? answer->generation : -1;
        join->memberId = ok || answer->error == ErrorCode::MemberIdRequired ? answer->memberId : "";
        if (ok) {
            join->protocolName = answer->live ? answer->live->protocolName : std::string();
            join->leader = answer->leader;
            for (const GroupMemberInfo& m : answer->members)
                join->members.push_back(wire::JoinGroupMember{m.memberId, bytesOf(m.metadata)});
        }
    } else if (auto* sync = std::get_if<wire::SyncGroupResponse>(&p.response)) {
        sync->errorCode = error;
        if (ok)
            sync->assignment = bytesOf(answer->live ? answer->live->assignmentBytes : std::string());
    } else if (auto* heartbeat = std::get_if<wire::HeartbeatResponse>(&p.response)) {
        heartbeat->errorCode = error;
    } else if (auto* leave = std::get_if<wire::LeaveGroupResponse>(&p.response)) {
        leave->errorCode = error;
    } else if (auto* commit = std::get_if<wire::OffsetCommitResponse>(&p.response)) {
        // The coordinator's verdict holds for every partition it was given.
        for (const Part& part : p.parts)
            commit->topics[part.topic].partitions[part.partition].errorCode = error;
    } else if (auto* fetch = std::get_if<wire::OffsetFetchResponse>(&p.response)) {
        if (p.header.apiVersion >= 2)
            fetch->errorCode = error;
        if (p.allPartitions) {
            // Every committed offset, grouped by topic in partition order (the coordinator sorts them).
            for (const CommittedOffset& c : answer->offsets) {
                const Partition& partition = state.partitions[static_cast<std::size_t>(c.partition)];
                const std::string& name = state.topics[static_cast<std::size_t>(partition.topic)].name;
                if (fetch->topics.empty() || fetch->topics.back().name != name)
                    fetch->topics.push_back(wire::OffsetFetchTopicResponse{name, {}});
                wire::OffsetFetchPartitionResponse out;
                out.partitionIndex = partition.index;
                out.committedOffset = c.offset;
                out.metadata = "";
                fetch->topics.back().partitions.push_back(out);
            }
        }
        for (const Part& part : p.parts) {
            wire::OffsetFetchPartitionResponse& out = fetch->topics[part.topic].partitions[part.partition];
            out.errorCode = error;
            for (const CommittedOffset& c : answer->offsets) {
                if (c.partition == part.flatPartition)
                    out.committedOffset = ok ? c.offset : -1;
            }
        }
    }
    return true;
}

} // namespace hw::live
