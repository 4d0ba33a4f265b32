// SPDX-License-Identifier: MIT
// The client half's group APIs: what the observer reads a real cluster's consumer groups with (it joins
// none). ListGroups 4-5, DescribeGroups 5 and OffsetFetch 8. Field order, versions and tags follow <Api>Request.json and <Api>Response.json in
// clients/src/main/resources/common/message/ at 3.7.0, 3.8.0 and 4.4.0.
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

} // namespace hw::wire::client::detail
