// SPDX-License-Identifier: MIT
// The bodies of the classic consumer group protocol: FindCoordinator (0-2), JoinGroup (2-4), SyncGroup
// (0-2), Heartbeat (0-2), LeaveGroup (0-2), OffsetCommit (2-6), OffsetFetch (1-5), ListGroups (0-2) and
// DescribeGroups (0-4), none of them flexible. Field order and versions follow <Api>Request.json and
// <Api>Response.json in clients/src/main/resources/common/message/ at 4.4.0 (the versions here have not
// changed since 2.x). Member metadata and assignments are opaque bytes (groups/consumer_protocol.h in
// the engine reads the consumer protocol's).
#include "wire/protocol_fields.h"

namespace hw::wire::detail {

namespace {

template <typename T, typename ReadOne>
std::vector<T> readMembers(Reader& r, std::size_t minElementBytes, ReadOne&& readOne)
{
    return readArray<T>(r, minElementBytes, limits::groupMembersPerMessageMax, "members",
        "limits::groupMembersPerMessageMax", readOne);
}

std::optional<std::string> readNullable(Reader& r)
{
    return r.nullableString();
}

} // namespace

// ---------------------------------------------------------------------------------------------
// FindCoordinator

FindCoordinatorRequest readFindCoordinatorRequest(Reader& r, std::int16_t version)
{
    FindCoordinatorRequest out;
    out.key = r.string();
    if (version >= 1)
        out.keyType = r.int8();
    return out;
}

void writeFindCoordinatorRequest(Writer& w, const FindCoordinatorRequest& body, std::int16_t version)
{
    writeString(w, body.key);
    if (version >= 1)
        w.int8(body.keyType);
    else
        requireDefault<std::int8_t>(body.keyType, 0, "KeyType", ApiKey::FindCoordinator, version);
}

FindCoordinatorResponse readFindCoordinatorResponse(Reader& r, std::int16_t version)
{
    FindCoordinatorResponse out;
    if (version >= 1)
        out.throttleTimeMs = r.int32();
    out.errorCode = readError(r);
    if (version >= 1)
        out.errorMessage = readNullable(r);
    out.nodeId = r.int32();
    out.host = r.string();
    out.port = r.int32();
    return out;
}

void writeFindCoordinatorResponse(Writer& w, const FindCoordinatorResponse& body, std::int16_t version)
{
    // ThrottleTimeMs and ErrorMessage are ignorable: version 0 drops them.
    if (version >= 1)
        w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    if (version >= 1)
        writeNullableString(w, body.errorMessage);
    w.int32(body.nodeId);
    writeString(w, body.host);
    w.int32(body.port);
}

// ---------------------------------------------------------------------------------------------
// JoinGroup

JoinGroupRequest readJoinGroupRequest(Reader& r, std::int16_t)
{
    JoinGroupRequest out;
    out.groupId = r.string();
    out.sessionTimeoutMs = r.int32();
    out.rebalanceTimeoutMs = r.int32();
    out.memberId = r.string();
    out.protocolType = r.string();
    // A protocol is at least a name (2) and a metadata length (4).
    out.protocols = readArray<JoinGroupProtocol>(r, 6, limits::groupProtocolsPerJoinMax, "protocols",
        "limits::groupProtocolsPerJoinMax", [](Reader& in) {
            JoinGroupProtocol protocol;
            protocol.name = in.string();
            protocol.metadata = copyOf(in.bytes());
            return protocol;
        });
    return out;
}

void writeJoinGroupRequest(Writer& w, const JoinGroupRequest& body, std::int16_t)
{
    writeString(w, body.groupId);
    w.int32(body.sessionTimeoutMs);
    w.int32(body.rebalanceTimeoutMs);
    writeString(w, body.memberId);
    writeString(w, body.protocolType);
    writeArray(w, body.protocols, [](Writer& out, const JoinGroupProtocol& protocol) {
        writeString(out, protocol.name);
        writeBytes(out, protocol.metadata);
    });
}

JoinGroupResponse readJoinGroupResponse(Reader& r, std::int16_t)
{
    JoinGroupResponse out;
    out.throttleTimeMs = r.int32();
    out.errorCode = readError(r);
    out.generationId = r.int32();
    out.protocolName = r.string();
    out.leader = r.string();
    out.memberId = r.string();
    out.members = readMembers<JoinGroupMember>(r, 6, [](Reader& in) {
        JoinGroupMember member;
        member.memberId = in.string();
        member.metadata = copyOf(in.bytes());
        return member;
    });
    return out;
}

void writeJoinGroupResponse(Writer& w, const JoinGroupResponse& body, std::int16_t)
{
    w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    w.int32(body.generationId);
    writeString(w, body.protocolName);
    writeString(w, body.leader);
    writeString(w, body.memberId);
    writeArray(w, body.members, [](Writer& out, const JoinGroupMember& member) {
        writeString(out, member.memberId);
        writeBytes(out, member.metadata);
    });
}

// ---------------------------------------------------------------------------------------------
// SyncGroup

SyncGroupRequest readSyncGroupRequest(Reader& r, std::int16_t)
{
    SyncGroupRequest out;
    out.groupId = r.string();
    out.generationId = r.int32();
    out.memberId = r.string();
    out.assignments = readMembers<SyncGroupAssignment>(r, 6, [](Reader& in) {
        SyncGroupAssignment assignment;
        assignment.memberId = in.string();
        assignment.assignment = copyOf(in.bytes());
        return assignment;
    });
    return out;
}

void writeSyncGroupRequest(Writer& w, const SyncGroupRequest& body, std::int16_t)
{
    writeString(w, body.groupId);
    w.int32(body.generationId);
    writeString(w, body.memberId);
    writeArray(w, body.assignments, [](Writer& out, const SyncGroupAssignment& assignment) {
        writeString(out, assignment.memberId);
        writeBytes(out, assignment.assignment);
    });
}

SyncGroupResponse readSyncGroupResponse(Reader& r, std::int16_t version)
{
    SyncGroupResponse out;
    if (version >= 1)
        out.throttleTimeMs = r.int32();
    out.errorCode = readError(r);
    out.assignment = copyOf(r.bytes());
    return out;
}

void writeSyncGroupResponse(Writer& w, const SyncGroupResponse& body, std::int16_t version)
{
    if (version >= 1)
        w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    writeBytes(w, body.assignment);
}

// ---------------------------------------------------------------------------------------------
// Heartbeat and LeaveGroup

HeartbeatRequest readHeartbeatRequest(Reader& r, std::int16_t)
{
    HeartbeatRequest out;
    out.groupId = r.string();
    out.generationId = r.int32();
    out.memberId = r.string();
    return out;
}

void writeHeartbeatRequest(Writer& w, const HeartbeatRequest& body, std::int16_t)
{
    writeString(w, body.groupId);
    w.int32(body.generationId);
    writeString(w, body.memberId);
}

HeartbeatResponse readHeartbeatResponse(Reader& r, std::int16_t version)
{
    HeartbeatResponse out;
    if (version >= 1)
        out.throttleTimeMs = r.int32();
    out.errorCode = readError(r);
    return out;
}

void writeHeartbeatResponse(Writer& w, const HeartbeatResponse& body, std::int16_t version)
{
    if (version >= 1)
        w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
}

LeaveGroupRequest readLeaveGroupRequest(Reader& r, std::int16_t)
{
    LeaveGroupRequest out;
    out.groupId = r.string();
    out.memberId = r.string();
    return out;
}

void writeLeaveGroupRequest(Writer& w, const LeaveGroupRequest& body, std::int16_t)
{
    writeString(w, body.groupId);
    writeString(w, body.memberId);
}

LeaveGroupResponse readLeaveGroupResponse(Reader& r, std::int16_t version)
{
    LeaveGroupResponse out;
    if (version >= 1)
        out.throttleTimeMs = r.int32();
    out.errorCode = readError(r);
    return out;
}

void writeLeaveGroupResponse(Writer& w, const LeaveGroupResponse& body, std::int16_t version)
{
    if (version >= 1)
        w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
}

// ---------------------------------------------------------------------------------------------
// OffsetCommit

OffsetCommitRequest readOffsetCommitRequest(Reader& r, std::int16_t version)
{
    OffsetCommitRequest out;
    PartitionBudget budget;
    out.groupId = r.string();
    out.generationId = r.int32();
    out.memberId = r.string();
    if (version <= 4)
        out.retentionTimeMs = r.int64();
    // A partition is at least an index (4), an offset (8), the epoch from version 6 (4) and a
    // metadata length (2).
    const std::size_t partitionBytes = version >= 6 ? 18 : 14;
    out.topics = readTopics<OffsetCommitTopic>(r, 6, [&](Reader& in) {
        OffsetCommitTopic topic;
        topic.name = in.string();
        topic.partitions = readPartitions<OffsetCommitPartition>(in, budget, partitionBytes, [&](Reader& p) {
            OffsetCommitPartition partition;
            partition.partitionIndex = p.int32();
            partition.committedOffset = p.int64();
            if (version >= 6)
                partition.committedLeaderEpoch = p.int32();
            partition.committedMetadata = p.nullableString();
            return partition;
        });
        return topic;
    });
    return out;
}

void writeOffsetCommitRequest(Writer& w, const OffsetCommitRequest& body, std::int16_t version)
{
    writeString(w, body.groupId);
    w.int32(body.generationId);
    writeString(w, body.memberId);
    // RetentionTimeMs (2-4) and CommittedLeaderEpoch (6+) are ignorable.
    if (version <= 4)
        w.int64(body.retentionTimeMs);
    writeArray(w, body.topics, [&](Writer& out, const OffsetCommitTopic& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const OffsetCommitPartition& partition) {
            p.int32(partition.partitionIndex);
            p.int64(partition.committedOffset);
            if (version >= 6)
                p.int32(partition.committedLeaderEpoch);
            writeNullableString(p, partition.committedMetadata);
        });
    });
}

OffsetCommitResponse readOffsetCommitResponse(Reader& r, std::int16_t version)
{
    OffsetCommitResponse out;
    PartitionBudget budget;
    if (version >= 3)
        out.throttleTimeMs = r.int32();
    out.topics = readTopics<OffsetCommitTopicResponse>(r, 6, [&](Reader& in) {
        OffsetCommitTopicResponse topic;
        topic.name = in.string();
        topic.partitions = readPartitions<OffsetCommitPartitionResponse>(in, budget, 6, [](Reader& p) {
            OffsetCommitPartitionResponse partition;
            partition.partitionIndex = p.int32();
            partition.errorCode = readError(p);
            return partition;
        });
        return topic;
    });
    return out;
}

void writeOffsetCommitResponse(Writer& w, const OffsetCommitResponse& body, std::int16_t version)
{
    if (version >= 3)
        w.int32(body.throttleTimeMs);
    writeArray(w, body.topics, [](Writer& out, const OffsetCommitTopicResponse& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [](Writer& p, const OffsetCommitPartitionResponse& partition) {
            p.int32(partition.partitionIndex);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
        });
    });
}

// ---------------------------------------------------------------------------------------------
// OffsetFetch

OffsetFetchRequest readOffsetFetchRequest(Reader& r, std::int16_t version)
{
    OffsetFetchRequest out;
    PartitionBudget budget;
    out.groupId = r.string();
    const auto readTopic = [&](Reader& in) {
        OffsetFetchTopic topic;
        topic.name = in.string();
        topic.partitionIndexes = readPartitions<std::int32_t>(in, budget, 4, [](Reader& p) { return p.int32(); });
        return topic;
    };
    // Topics are nullable from version 2 (null: every committed offset of the group).
    if (version >= 2) {
        Reader peek = r;
        if (peek.int32() < 0) {
            r = peek;
            return out;
        }
    }
    out.topics = readTopics<OffsetFetchTopic>(r, 6, readTopic);
    return out;
}

void writeOffsetFetchRequest(Writer& w, const OffsetFetchRequest& body, std::int16_t version)
{
    writeString(w, body.groupId);
    if (!body.topics) {
        if (version < 2)
            encodeBug("OffsetFetch v" + std::to_string(version) + " cannot ask for every offset (null topics need v2)");
        w.int32(-1);
        return;
    }
    writeArray(w, *body.topics, [](Writer& out, const OffsetFetchTopic& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitionIndexes, [](Writer& p, std::int32_t index) { p.int32(index); });
    });
}

OffsetFetchResponse readOffsetFetchResponse(Reader& r, std::int16_t version)
{
    OffsetFetchResponse out;
    PartitionBudget budget;
    if (version >= 3)
        out.throttleTimeMs = r.int32();
    // A partition is at least an index (4), an offset (8), the epoch from version 5 (4), a metadata
    // length (2) and an error (2).
    const std::size_t partitionBytes = version >= 5 ? 20 : 16;
    out.topics = readTopics<OffsetFetchTopicResponse>(r, 6, [&](Reader& in) {
        OffsetFetchTopicResponse topic;
        topic.name = in.string();
        topic.partitions = readPartitions<OffsetFetchPartitionResponse>(in, budget, partitionBytes, [&](Reader& p) {
            OffsetFetchPartitionResponse partition;
            partition.partitionIndex = p.int32();
            partition.committedOffset = p.int64();
            if (version >= 5)
                partition.committedLeaderEpoch = p.int32();
            partition.metadata = p.nullableString();
            partition.errorCode = readError(p);
            return partition;
        });
        return topic;
    });
    if (version >= 2)
        out.errorCode = readError(r);
    return out;
}

void writeOffsetFetchResponse(Writer& w, const OffsetFetchResponse& body, std::int16_t version)
{
    if (version >= 3)
        w.int32(body.throttleTimeMs);
    writeArray(w, body.topics, [&](Writer& out, const OffsetFetchTopicResponse& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const OffsetFetchPartitionResponse& partition) {
            p.int32(partition.partitionIndex);
            p.int64(partition.committedOffset);
            if (version >= 5)
                p.int32(partition.committedLeaderEpoch);
            writeNullableString(p, partition.metadata);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
        });
    });
    // The top-level ErrorCode is ignorable: version 1 drops it (a client reads the partitions' codes).
    if (version >= 2)
        w.int16(static_cast<std::int16_t>(body.errorCode));
}

// ---------------------------------------------------------------------------------------------
// ListGroups and DescribeGroups

ListGroupsRequest readListGroupsRequest(Reader&, std::int16_t)
{
    return {};
}

void writeListGroupsRequest(Writer&, const ListGroupsRequest&, std::int16_t) {}

ListGroupsResponse readListGroupsResponse(Reader& r, std::int16_t version)
{
    ListGroupsResponse out;
    if (version >= 1)
        out.throttleTimeMs = r.int32();
    out.errorCode = readError(r);
    out.groups = readArray<ListedGroup>(
        r, 4, limits::groupsPerMessageMax, "groups", "limits::groupsPerMessageMax", [](Reader& in) {
            ListedGroup group;
            group.groupId = in.string();
            group.protocolType = in.string();
            return group;
        });
    return out;
}

void writeListGroupsResponse(Writer& w, const ListGroupsResponse& body, std::int16_t version)
{
    if (version >= 1)
        w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    writeArray(w, body.groups, [](Writer& out, const ListedGroup& group) {
        writeString(out, group.groupId);
        writeString(out, group.protocolType);
    });
}

DescribeGroupsRequest readDescribeGroupsRequest(Reader& r, std::int16_t version)
{
    DescribeGroupsRequest out;
    out.groups = readArray<std::string>(
        r, 2, limits::groupsPerMessageMax, "groups", "limits::groupsPerMessageMax", [](Reader& in) { return in.string(); });
    if (version >= 3)
        out.includeAuthorizedOperations = readBool(r);
    return out;
}

void writeDescribeGroupsRequest(Writer& w, const DescribeGroupsRequest& body, std::int16_t version)
{
    writeArray(w, body.groups, [](Writer& out, const std::string& group) { writeString(out, group); });
    if (version >= 3)
        w.boolean(body.includeAuthorizedOperations);
    else
        requireDefault(body.includeAuthorizedOperations, false, "IncludeAuthorizedOperations", ApiKey::DescribeGroups,
            version);
}

DescribeGroupsResponse readDescribeGroupsResponse(Reader& r, std::int16_t version)
{
    DescribeGroupsResponse out;
    if (version >= 1)
        out.throttleTimeMs = r.int32();
    // A group is at least an error (2), four strings (8) and a member count (4).
    out.groups = readArray<DescribedGroup>(
        r, 14, limits::groupsPerMessageMax, "groups", "limits::groupsPerMessageMax", [&](Reader& in) {
            DescribedGroup group;
            group.errorCode = readError(in);
            group.groupId = in.string();
            group.groupState = in.string();
            group.protocolType = in.string();
            group.protocolData = in.string();
            group.members = readMembers<DescribedGroupMember>(in, 14, [&](Reader& m) {
                DescribedGroupMember member;
                member.memberId = m.string();
                if (version >= 4)
                    member.groupInstanceId = m.nullableString();
                member.clientId = m.string();
                member.clientHost = m.string();
                member.memberMetadata = copyOf(m.bytes());
                member.memberAssignment = copyOf(m.bytes());
                return member;
            });
            if (version >= 3)
                group.authorizedOperations = in.int32();
            return group;
        });
    return out;
}

void writeDescribeGroupsResponse(Writer& w, const DescribeGroupsResponse& body, std::int16_t version)
{
    if (version >= 1)
        w.int32(body.throttleTimeMs);
    writeArray(w, body.groups, [&](Writer& out, const DescribedGroup& group) {
        out.int16(static_cast<std::int16_t>(group.errorCode));
        writeString(out, group.groupId);
        writeString(out, group.groupState);
        writeString(out, group.protocolType);
        writeString(out, group.protocolData);
        writeArray(out, group.members, [&](Writer& m, const DescribedGroupMember& member) {
            writeString(m, member.memberId);
            // GroupInstanceId (4+) is ignorable; AuthorizedOperations (3+) is not, but is dropped below 3
            // only at its default.
            if (version >= 4)
                writeNullableString(m, member.groupInstanceId);
            writeString(m, member.clientId);
            writeString(m, member.clientHost);
            writeBytes(m, member.memberMetadata);
            writeBytes(m, member.memberAssignment);
        });
        if (version >= 3)
            out.int32(group.authorizedOperations);
        else
            requireDefault<std::int32_t>(group.authorizedOperations, -2147483648, "AuthorizedOperations",
                ApiKey::DescribeGroups, version);
    });
}

} // namespace hw::wire::detail
