// SPDX-License-Identifier: MIT
// The client half's group APIs: what the observer reads a real cluster's consumer groups with (it joins none).
// ListGroups 4-5, DescribeGroups 5, OffsetFetch 8 and ConsumerGroupDescribe 0-1. Field order, versions and tags follow
// <Api>Request.json and <Api>Response.json in clients/src/main/resources/common/message/ at 3.7.0, 3.8.0, 4.0.2 and
// 4.4.0.
#include "wire/client_fields.h"

namespace hw::wire::client::detail {

using wire::detail::requireDefault;
using wire::detail::writeCompactArray;
using wire::detail::writeCompactString;

// ---------------------------------------------------------------------------------------------
// ListGroups 4-5

void writeListGroups(Writer& w, const ListGroupsRequest& body, std::int16_t version)
{
    writeCompactStrings(w, body.statesFilter);
    if (version >= 5)
        writeCompactStrings(w, body.typesFilter);
    else
        requireDefault(body.typesFilter, std::vector<std::string> {}, "typesFilter", ApiKey::ListGroups, version);
    w.emptyTaggedFields();
}

ListGroupsResponse readListGroups(FieldReader& in, std::int16_t version)
{
    ListGroupsResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    out.errorCode = in.error("ErrorCode");
    // A group is at least an empty GroupId, ProtocolType and GroupState (and GroupType from 5) and its tagged
    // fields.
    out.groups = in.array<ListedGroup>("Groups", version >= 5 ? 5 : 4, limits::groupsPerMessageMax,
        "limits::groupsPerMessageMax", [version](FieldReader& group) {
            ListedGroup g;
            g.groupId = group.string("GroupId");
            g.protocolType = group.string("ProtocolType");
            g.groupState = group.string("GroupState");
            if (version >= 5)
                g.groupType = group.string("GroupType");
            group.noTaggedFields();
            return g;
        });
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// DescribeGroups 5

void writeDescribeGroups(Writer& w, const DescribeGroupsRequest& body, std::int16_t)
{
    writeCompactStrings(w, body.groups);
    w.boolean(body.includeAuthorizedOperations);
    w.emptyTaggedFields();
}

DescribeGroupsResponse readDescribeGroups(FieldReader& in, std::int16_t)
{
    DescribeGroupsResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    // A group is at least ErrorCode, an empty GroupId, GroupState, ProtocolType and ProtocolData, an empty
    // Members, AuthorizedOperations and its tagged fields.
    out.groups = in.array<DescribedGroup>(
        "Groups", 12, limits::groupsPerMessageMax, "limits::groupsPerMessageMax", [](FieldReader& group) {
            DescribedGroup g;
            g.errorCode = group.error("ErrorCode");
            g.groupId = group.string("GroupId");
            g.groupState = group.string("GroupState");
            g.protocolType = group.string("ProtocolType");
            g.protocolData = group.string("ProtocolData");
            // A member is at least an empty MemberId, a null GroupInstanceId, an empty ClientId, ClientHost,
            // MemberMetadata and MemberAssignment, and its tagged fields.
            g.members = group.array<DescribedGroupMember>("Members", 7, limits::groupMembersPerMessageMax,
                "limits::groupMembersPerMessageMax", [](FieldReader& member) {
                    DescribedGroupMember m;
                    m.memberId = member.string("MemberId");
                    m.groupInstanceId = member.nullableString("GroupInstanceId");
                    m.clientId = member.string("ClientId");
                    m.clientHost = member.string("ClientHost");
                    m.memberMetadata = member.bytes("MemberMetadata");
                    m.memberAssignment = member.bytes("MemberAssignment");
                    member.noTaggedFields();
                    return m;
                });
            g.authorizedOperations = group.int32("AuthorizedOperations");
            group.noTaggedFields();
            return g;
        });
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// OffsetFetch 8

void writeOffsetFetch(Writer& w, const OffsetFetchRequest& body, std::int16_t)
{
    writeCompactArray(w, body.groups, [](Writer& out, const OffsetFetchRequestGroup& group) {
        writeCompactString(out, group.groupId);
        if (group.topics) {
            writeCompactArray(out, *group.topics, [](Writer& t, const OffsetFetchRequestTopics& topic) {
                writeCompactString(t, topic.name);
                writeCompactNodeIds(t, topic.partitionIndexes);
                t.emptyTaggedFields();
            });
        } else {
            out.unsignedVarint(0); // null: every committed partition
        }
        out.emptyTaggedFields();
    });
    w.boolean(body.requireStable);
    w.emptyTaggedFields();
}

OffsetFetchResponse readOffsetFetch(FieldReader& in, std::int16_t)
{
    OffsetFetchResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    // A group is at least an empty GroupId, an empty Topics, ErrorCode and its tagged fields.
    out.groups = in.array<OffsetFetchResponseGroup>(
        "Groups", 5, limits::groupsPerMessageMax, "limits::groupsPerMessageMax", [](FieldReader& group) {
            OffsetFetchResponseGroup g;
            g.groupId = group.string("GroupId");
            g.topics = group.array<OffsetFetchResponseTopics>(
                "Topics", 3, limits::topicsPerRequestMax, "limits::topicsPerRequestMax", [](FieldReader& topic) {
                    OffsetFetchResponseTopics t;
                    t.name = topic.string("Name");
                    // A partition is PartitionIndex, CommittedOffset, CommittedLeaderEpoch, a null Metadata,
                    // ErrorCode and its tagged fields.
                    t.partitions = topic.partitions<OffsetFetchResponsePartitions>(
                        "Partitions", 20, [](FieldReader& partition) {
                            OffsetFetchResponsePartitions p;
                            p.partitionIndex = partition.int32("PartitionIndex");
                            p.committedOffset = partition.int64("CommittedOffset");
                            p.committedLeaderEpoch = partition.int32("CommittedLeaderEpoch");
                            p.metadata = partition.nullableString("Metadata");
                            p.errorCode = partition.error("ErrorCode");
                            partition.noTaggedFields();
                            return p;
                        });
                    topic.noTaggedFields();
                    return t;
                });
            g.errorCode = group.error("ErrorCode");
            group.noTaggedFields();
            return g;
        });
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// ConsumerGroupDescribe 0-1

void writeConsumerGroupDescribe(Writer& w, const ConsumerGroupDescribeRequest& body, std::int16_t)
{
    writeCompactStrings(w, body.groupIds);
    w.boolean(body.includeAuthorizedOperations);
    w.emptyTaggedFields();
}

namespace {

// Assignment (a struct that is not nullable: written in place, with its own tagged fields).
ConsumerGroupAssignment readAssignment(FieldReader& in, const char* name)
{
    FieldReader::Field field(in, name);
    ConsumerGroupAssignment out;
    // A TopicPartitions is TopicId, an empty TopicName, an empty Partitions and its tagged fields.
    out.topicPartitions = in.array<ConsumerGroupTopicPartitions>("TopicPartitions", 19, limits::topicsPerRequestMax,
        "limits::topicsPerRequestMax", [](FieldReader& topic) {
            ConsumerGroupTopicPartitions t;
            t.topicId = topic.uuid("TopicId");
            t.topicName = topic.string("TopicName");
            t.partitions
                = topic.int32s("Partitions", limits::partitionsPerRequestMax, "limits::partitionsPerRequestMax");
            topic.noTaggedFields();
            return t;
        });
    in.noTaggedFields();
    return out;
}

} // namespace

ConsumerGroupDescribeResponse readConsumerGroupDescribe(FieldReader& in, std::int16_t version)
{
    ConsumerGroupDescribeResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    // A group is at least ErrorCode, a null ErrorMessage, an empty GroupId and GroupState, GroupEpoch,
    // AssignmentEpoch, an empty AssignorName and Members, AuthorizedOperations and its tagged fields.
    out.groups = in.array<ConsumerGroupDescribedGroup>(
        "Groups", 20, limits::groupsPerMessageMax, "limits::groupsPerMessageMax", [version](FieldReader& group) {
            ConsumerGroupDescribedGroup g;
            g.errorCode = group.error("ErrorCode");
            g.errorMessage = group.nullableString("ErrorMessage");
            g.groupId = group.string("GroupId");
            g.groupState = group.string("GroupState");
            g.groupEpoch = group.int32("GroupEpoch");
            g.assignmentEpoch = group.int32("AssignmentEpoch");
            g.assignorName = group.string("AssignorName");
            // A member is at least an empty MemberId, null InstanceId and RackId, MemberEpoch, an empty
            // ClientId, ClientHost and SubscribedTopicNames, a null SubscribedTopicRegex, two empty
            // assignments (2 bytes each), MemberType from version 1, and its tagged fields.
            g.members = group.array<ConsumerGroupMember>("Members", version >= 1 ? 18 : 17,
                limits::groupMembersPerMessageMax, "limits::groupMembersPerMessageMax", [version](FieldReader& member) {
                    ConsumerGroupMember m;
                    m.memberId = member.string("MemberId");
                    m.instanceId = member.nullableString("InstanceId");
                    m.rackId = member.nullableString("RackId");
                    m.memberEpoch = member.int32("MemberEpoch");
                    m.clientId = member.string("ClientId");
                    m.clientHost = member.string("ClientHost");
                    m.subscribedTopicNames = member.strings(
                        "SubscribedTopicNames", limits::topicsPerRequestMax, "limits::topicsPerRequestMax");
                    m.subscribedTopicRegex = member.nullableString("SubscribedTopicRegex");
                    m.assignment = readAssignment(member, "Assignment");
                    m.targetAssignment = readAssignment(member, "TargetAssignment");
                    if (version >= 1)
                        m.memberType = member.int8("MemberType");
                    member.noTaggedFields();
                    return m;
                });
            g.authorizedOperations = group.int32("AuthorizedOperations");
            group.noTaggedFields();
            return g;
        });
    in.noTaggedFields();
    return out;
}

} // namespace hw::wire::client::detail
