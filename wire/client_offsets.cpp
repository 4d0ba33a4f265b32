// SPDX-License-Identifier: MIT
// The client half's offset APIs: ListOffsets 8 (with ReplicaId -2, a replica's log end offset) and Fetch 12
// (sent to any replica, its high watermark and log start offset), what the observer asks each broker about
// its own replicas (docs/real-kafka.md section 3). Field order, versions and tags follow <Api>Request.json
// and <Api>Response.json in clients/src/main/resources/common/message/ at 3.7.0 and 4.4.0.
#include "wire/client_fields.h"

namespace hw::wire::client::detail {

using wire::detail::writeCompactArray;
using wire::detail::writeCompactString;

// ---------------------------------------------------------------------------------------------
// ListOffsets 8

void writeListOffsets(Writer& w, const ListOffsetsRequest& body, std::int16_t)
{
    w.int32(body.replicaId);
    w.int8(body.isolationLevel);
    writeCompactArray(w, body.topics, [](Writer& out, const ListOffsetsTopic& topic) {
        writeCompactString(out, topic.name);
        writeCompactArray(out, topic.partitions, [](Writer& p, const ListOffsetsPartition& partition) {
            p.int32(partition.partitionIndex);
            p.int32(partition.currentLeaderEpoch);
            p.int64(partition.timestamp);
            p.emptyTaggedFields();
        });
        out.emptyTaggedFields();
    });
    w.emptyTaggedFields();
}

ListOffsetsResponse readListOffsets(FieldReader& in, std::int16_t)
{
    ListOffsetsResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    out.topics = in.array<ListOffsetsTopicResponse>(
        "Topics", 3, limits::topicsPerRequestMax, "limits::topicsPerRequestMax", [](FieldReader& topic) {
            ListOffsetsTopicResponse result;
            result.name = topic.string("Name");
            result.partitions
                = topic.partitions<ListOffsetsPartitionResponse>("Partitions", 27, [](FieldReader& partition) {
                      ListOffsetsPartitionResponse p;
                      p.partitionIndex = partition.int32("PartitionIndex");
                      p.errorCode = partition.error("ErrorCode");
                      p.timestamp = partition.int64("Timestamp");
                      p.offset = partition.int64("Offset");
                      p.leaderEpoch = partition.int32("LeaderEpoch");
                      partition.noTaggedFields();
                      return p;
                  });
            topic.noTaggedFields();
            return result;
        });
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// Fetch 12

void writeFetch(Writer& w, const FetchRequest& body, std::int16_t)
{
    w.int32(body.replicaId);
    w.int32(body.maxWaitMs);
    w.int32(body.minBytes);
    w.int32(body.maxBytes);
    w.int8(body.isolationLevel);
    w.int32(body.sessionId);
    w.int32(body.sessionEpoch);
    writeCompactArray(w, body.topics, [](Writer& out, const FetchTopic& topic) {
        writeCompactString(out, topic.topic);
        writeCompactArray(out, topic.partitions, [](Writer& p, const FetchPartition& partition) {
            p.int32(partition.partition);
            p.int32(partition.currentLeaderEpoch);
            p.int64(partition.fetchOffset);
            p.int32(partition.lastFetchedEpoch);
            p.int64(partition.logStartOffset);
            p.int32(partition.partitionMaxBytes);
            p.emptyTaggedFields();
        });
        out.emptyTaggedFields();
    });
    writeCompactArray(w, body.forgottenTopicsData, [](Writer& out, const ForgottenTopic& topic) {
        writeCompactString(out, topic.topic);
        writeCompactNodeIds(out, topic.partitions);
        out.emptyTaggedFields();
    });
    writeCompactString(w, body.rackId);
    // ClusterId is tag 0, written only when it is not null (its default), as Kafka's writer does.
    if (body.clusterId) {
        Writer field;
        writeCompactNullableString(field, body.clusterId);
        w.unsignedVarint(1);
        w.unsignedVarint(0);
        w.unsignedVarint(static_cast<std::uint32_t>(field.size()));
        w.raw(field.data());
    } else {
        w.emptyTaggedFields();
    }
}

namespace {

FetchPartitionResponse readFetchPartition(FieldReader& partition)
{
    FetchPartitionResponse p;
    p.partitionIndex = partition.int32("PartitionIndex");
    p.errorCode = partition.error("ErrorCode");
    p.highWatermark = partition.int64("HighWatermark");
    p.lastStableOffset = partition.int64("LastStableOffset");
    p.logStartOffset = partition.int64("LogStartOffset");
    p.abortedTransactions = partition.nullableArray<AbortedTransaction>("AbortedTransactions", 17,
        limits::abortedTransactionsPerPartitionMax, "limits::abortedTransactionsPerPartitionMax",
        [](FieldReader& aborted) {
            AbortedTransaction a;
            a.producerId = aborted.int64("ProducerId");
            a.firstOffset = aborted.int64("FirstOffset");
            aborted.noTaggedFields();
            return a;
        });
    p.preferredReadReplica = partition.int32("PreferredReadReplica");
    p.records = partition.nullableBytes("Records");
    partition.taggedFields([&](std::uint32_t tag, FieldReader& field) {
        switch (tag) {
        case 0: {
            FieldReader::Field name(field, "DivergingEpoch");
            EpochEndOffset diverging;
            diverging.epoch = field.int32("Epoch");
            diverging.endOffset = field.int64("EndOffset");
            field.noTaggedFields();
            p.divergingEpoch = diverging;
            return true;
        }
        case 1: {
            FieldReader::Field name(field, "CurrentLeader");
            LeaderIdAndEpoch leader;
            leader.leaderId = field.int32("LeaderId");
            leader.leaderEpoch = field.int32("LeaderEpoch");
            field.noTaggedFields();
            p.currentLeader = leader;
            return true;
        }
        case 2: {
            FieldReader::Field name(field, "SnapshotId");
            SnapshotId snapshot;
            snapshot.endOffset = field.int64("EndOffset");
            snapshot.epoch = field.int32("Epoch");
            field.noTaggedFields();
            p.snapshotId = snapshot;
            return true;
        }
        default:
            return false;
        }
    });
    return p;
}

} // namespace

FetchResponse readFetch(FieldReader& in, std::int16_t)
{
    FetchResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    out.errorCode = in.error("ErrorCode");
    out.sessionId = in.int32("SessionId");
    out.responses = in.array<FetchTopicResponse>(
        "Responses", 3, limits::topicsPerRequestMax, "limits::topicsPerRequestMax", [](FieldReader& topic) {
            FetchTopicResponse result;
            result.topic = topic.string("Topic");
            result.partitions = topic.partitions<FetchPartitionResponse>("Partitions", 37, readFetchPartition);
            topic.noTaggedFields();
            return result;
        });
    in.noTaggedFields();
    return out;
}

} // namespace hw::wire::client::detail
