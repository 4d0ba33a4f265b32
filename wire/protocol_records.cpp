// SPDX-License-Identifier: MIT
// The bodies of the APIs that move records and offsets, requests and responses: Produce (versions 3-7),
// Fetch (4-10), ListOffsets (1-4) and InitProducerId (0-1), which an idempotent producer calls before its
// first Produce. Field order and versions follow <Api>Request.json and <Api>Response.json in
// clients/src/main/resources/common/message/ at 3.7.0. Records travel as opaque bytes (wire/record_batch.h).
#include "wire/protocol_fields.h"

namespace hw::wire::detail {

// ---------------------------------------------------------------------------------------------
// Requests

ProduceRequest readProduceRequest(Reader& r, std::int16_t)
{
    ProduceRequest out;
    PartitionBudget budget;
    out.transactionalId = r.nullableString();
    out.acks = r.int16();
    out.timeoutMs = r.int32();
    // A topic is at least a name (2) and a partition count (4); a partition an index (4) and a records
    // length (4).
    out.topics = readTopics<ProduceTopic>(r, 6, [&](Reader& in) {
        ProduceTopic topic;
        topic.name = in.string();
        topic.partitions = readPartitions<ProducePartition>(in, budget, 8, [](Reader& p) {
            ProducePartition partition;
            partition.index = p.int32();
            if (const auto records = p.nullableBytes())
                partition.records = copyOf(*records);
            return partition;
        });
        return topic;
    });
    return out;
}

void writeProduceRequest(Writer& w, const ProduceRequest& body, std::int16_t)
{
    writeNullableString(w, body.transactionalId);
    w.int16(body.acks);
    w.int32(body.timeoutMs);
    writeArray(w, body.topics, [](Writer& out, const ProduceTopic& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [](Writer& p, const ProducePartition& partition) {
            p.int32(partition.index);
            if (partition.records)
                writeBytes(p, *partition.records);
            else
                p.nullableBytes(std::nullopt);
        });
    });
}

FetchRequest readFetchRequest(Reader& r, std::int16_t version)
{
    FetchRequest out;
    PartitionBudget budget;
    out.replicaId = r.int32();
    out.maxWaitMs = r.int32();
    out.minBytes = r.int32();
    out.maxBytes = r.int32();
    out.isolationLevel = r.int8();
    if (version >= 7) {
        out.sessionId = r.int32();
        out.sessionEpoch = r.int32();
    }
    const std::size_t partitionBytes = (version >= 5 ? 24 : 16) + (version >= 9 ? 4 : 0);
    out.topics = readTopics<FetchTopic>(r, 6, [&](Reader& in) {
        FetchTopic topic;
        topic.name = in.string();
        topic.partitions = readPartitions<FetchPartition>(in, budget, partitionBytes, [&](Reader& p) {
            FetchPartition partition;
            partition.partition = p.int32();
            if (version >= 9)
                partition.currentLeaderEpoch = p.int32();
            partition.fetchOffset = p.int64();
            if (version >= 5)
                partition.logStartOffset = p.int64();
            partition.partitionMaxBytes = p.int32();
            return partition;
        });
        return topic;
    });
    if (version >= 7) {
        // A forgotten topic is at least a name (2) and a partition count (4); its partitions share the
        // request's partition budget.
        out.forgottenTopics = readTopics<FetchForgottenTopic>(r, 6, [&](Reader& in) {
            FetchForgottenTopic topic;
            topic.name = in.string();
            topic.partitions = readPartitions<std::int32_t>(in, budget, 4, [](Reader& p) { return p.int32(); });
            return topic;
        });
    }
    return out;
}

void writeFetchRequest(Writer& w, const FetchRequest& body, std::int16_t version)
{
    w.int32(body.replicaId);
    w.int32(body.maxWaitMs);
    w.int32(body.minBytes);
    w.int32(body.maxBytes);
    w.int8(body.isolationLevel);
    // SessionId, SessionEpoch and CurrentLeaderEpoch are ignorable: older versions drop them.
    if (version >= 7) {
        w.int32(body.sessionId);
        w.int32(body.sessionEpoch);
    }
    writeArray(w, body.topics, [&](Writer& out, const FetchTopic& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const FetchPartition& partition) {
            p.int32(partition.partition);
            if (version >= 9)
                p.int32(partition.currentLeaderEpoch);
            p.int64(partition.fetchOffset);
            // LogStartOffset is ignorable: version 4 drops it.
            if (version >= 5)
                p.int64(partition.logStartOffset);
            p.int32(partition.partitionMaxBytes);
        });
    });
    // ForgottenTopicsData is not ignorable: versions 4-6 can only say none.
    if (version >= 7) {
        writeArray(w, body.forgottenTopics, [](Writer& out, const FetchForgottenTopic& topic) {
            writeString(out, topic.name);
            writeArray(out, topic.partitions, [](Writer& p, std::int32_t partition) { p.int32(partition); });
        });
    } else if (!body.forgottenTopics.empty()) {
        encodeBug("a non-default forgottenTopics cannot be written in " + versionText(ApiKey::Fetch, version)
            + " (the field is not ignorable)");
    }
}

ListOffsetsRequest readListOffsetsRequest(Reader& r, std::int16_t version)
{
    ListOffsetsRequest out;
    PartitionBudget budget;
    out.replicaId = r.int32();
    if (version >= 2)
        out.isolationLevel = r.int8();
    const std::size_t partitionBytes = version >= 4 ? 16 : 12;
    out.topics = readTopics<ListOffsetsTopic>(r, 6, [&](Reader& in) {
        ListOffsetsTopic topic;
        topic.name = in.string();
        topic.partitions = readPartitions<ListOffsetsPartition>(in, budget, partitionBytes, [&](Reader& p) {
            ListOffsetsPartition partition;
            partition.partitionIndex = p.int32();
            if (version >= 4)
                partition.currentLeaderEpoch = p.int32();
            partition.timestamp = p.int64();
            return partition;
        });
        return topic;
    });
    return out;
}

void writeListOffsetsRequest(Writer& w, const ListOffsetsRequest& body, std::int16_t version)
{
    w.int32(body.replicaId);
    // IsolationLevel has no "ignorable" in ListOffsetsRequest.json: version 1 can only say 0.
    if (version >= 2)
        w.int8(body.isolationLevel);
    else
        requireDefault<std::int8_t>(body.isolationLevel, 0, "isolationLevel", ApiKey::ListOffsets, version);
    writeArray(w, body.topics, [&](Writer& out, const ListOffsetsTopic& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const ListOffsetsPartition& partition) {
            p.int32(partition.partitionIndex);
            if (version >= 4)
                p.int32(partition.currentLeaderEpoch);
            p.int64(partition.timestamp);
        });
    });
}

InitProducerIdRequest readInitProducerIdRequest(Reader& r, std::int16_t)
{
    InitProducerIdRequest out;
    out.transactionalId = r.nullableString();
    out.transactionTimeoutMs = r.int32();
    return out;
}

void writeInitProducerIdRequest(Writer& w, const InitProducerIdRequest& body, std::int16_t)
{
    writeNullableString(w, body.transactionalId);
    w.int32(body.transactionTimeoutMs);
}
// ---------------------------------------------------------------------------------------------
// Responses

ProduceResponse readProduceResponse(Reader& r, std::int16_t version)
{
    ProduceResponse out;
    PartitionBudget budget;
    const std::size_t partitionBytes = version >= 5 ? 30 : 22;
    out.responses = readTopics<ProduceTopicResponse>(r, 6, [&](Reader& in) {
        ProduceTopicResponse topic;
        topic.name = in.string();
        topic.partitions = readPartitions<ProducePartitionResponse>(in, budget, partitionBytes, [&](Reader& p) {
            ProducePartitionResponse partition;
            partition.index = p.int32();
            partition.errorCode = readError(p);
            partition.baseOffset = p.int64();
            partition.logAppendTimeMs = p.int64();
            if (version >= 5)
                partition.logStartOffset = p.int64();
            return partition;
        });
        return topic;
    });
    out.throttleTimeMs = r.int32();
    return out;
}

void writeProduceResponse(Writer& w, const ProduceResponse& body, std::int16_t version)
{
    writeArray(w, body.responses, [&](Writer& out, const ProduceTopicResponse& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const ProducePartitionResponse& partition) {
            p.int32(partition.index);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int64(partition.baseOffset);
            p.int64(partition.logAppendTimeMs);
            // LogStartOffset is ignorable: versions 3-4 drop it.
            if (version >= 5)
                p.int64(partition.logStartOffset);
        });
    });
    w.int32(body.throttleTimeMs);
}

FetchResponse readFetchResponse(Reader& r, std::int16_t version)
{
    FetchResponse out;
    PartitionBudget budget;
    out.throttleTimeMs = r.int32();
    if (version >= 7) {
        out.errorCode = readError(r);
        out.sessionId = r.int32();
    }
    const std::size_t partitionBytes = version >= 5 ? 38 : 30;
    out.responses = readTopics<FetchTopicResponse>(r, 6, [&](Reader& in) {
        FetchTopicResponse topic;
        topic.topic = in.string();
        topic.partitions = readPartitions<FetchPartitionResponse>(in, budget, partitionBytes, [&](Reader& p) {
            FetchPartitionResponse partition;
            partition.partitionIndex = p.int32();
            partition.errorCode = readError(p);
            partition.highWatermark = p.int64();
            partition.lastStableOffset = p.int64();
            if (version >= 5)
                partition.logStartOffset = p.int64();
            const std::size_t at = p.offset();
            if (const auto count = p.nullableArrayLength(16)) {
                checkCount(*count, limits::abortedTransactionsPerPartitionMax, "aborted transactions",
                    "limits::abortedTransactionsPerPartitionMax", at);
                partition.abortedTransactions = readElements<AbortedTransaction>(p, *count, [](Reader& a) {
                    AbortedTransaction aborted;
                    aborted.producerId = a.int64();
                    aborted.firstOffset = a.int64();
                    return aborted;
                });
            }
            if (const auto records = p.nullableBytes())
                partition.records = copyOf(*records);
            return partition;
        });
        return topic;
    });
    return out;
}

void writeFetchResponse(Writer& w, const FetchResponse& body, std::int16_t version)
{
    w.int32(body.throttleTimeMs);
    // ErrorCode is ignorable (versions 4-6 drop it); SessionId is not (versions 4-6 need 0).
    if (version >= 7) {
        w.int16(static_cast<std::int16_t>(body.errorCode));
        w.int32(body.sessionId);
    } else {
        requireDefault(body.sessionId, 0, "sessionId", ApiKey::Fetch, version);
    }
    writeArray(w, body.responses, [&](Writer& out, const FetchTopicResponse& topic) {
        writeString(out, topic.topic);
        writeArray(out, topic.partitions, [&](Writer& p, const FetchPartitionResponse& partition) {
            p.int32(partition.partitionIndex);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int64(partition.highWatermark);
            p.int64(partition.lastStableOffset);
            // LogStartOffset is ignorable: version 4 drops it.
            if (version >= 5)
                p.int64(partition.logStartOffset);
            if (partition.abortedTransactions) {
                writeArray(p, *partition.abortedTransactions, [](Writer& a, const AbortedTransaction& aborted) {
                    a.int64(aborted.producerId);
                    a.int64(aborted.firstOffset);
                });
            } else {
                p.arrayLength(-1);
            }
            writeBytes(p, partition.records);
        });
    });
}

ListOffsetsResponse readListOffsetsResponse(Reader& r, std::int16_t version)
{
    ListOffsetsResponse out;
    PartitionBudget budget;
    if (version >= 2)
        out.throttleTimeMs = r.int32();
    const std::size_t partitionBytes = version >= 4 ? 26 : 22;
    out.topics = readTopics<ListOffsetsTopicResponse>(r, 6, [&](Reader& in) {
        ListOffsetsTopicResponse topic;
        topic.name = in.string();
        topic.partitions = readPartitions<ListOffsetsPartitionResponse>(in, budget, partitionBytes, [&](Reader& p) {
            ListOffsetsPartitionResponse partition;
            partition.partitionIndex = p.int32();
            partition.errorCode = readError(p);
            partition.timestamp = p.int64();
            partition.offset = p.int64();
            if (version >= 4)
                partition.leaderEpoch = p.int32();
            return partition;
        });
        return topic;
    });
    return out;
}

void writeListOffsetsResponse(Writer& w, const ListOffsetsResponse& body, std::int16_t version)
{
    // ThrottleTimeMs is ignorable (version 1 drops it); LeaderEpoch is not (versions 1-3 need -1).
    if (version >= 2)
        w.int32(body.throttleTimeMs);
    writeArray(w, body.topics, [&](Writer& out, const ListOffsetsTopicResponse& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const ListOffsetsPartitionResponse& partition) {
            p.int32(partition.partitionIndex);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int64(partition.timestamp);
            p.int64(partition.offset);
            if (version >= 4)
                p.int32(partition.leaderEpoch);
            else
                requireDefault(partition.leaderEpoch, -1, "leaderEpoch", ApiKey::ListOffsets, version);
        });
    });
}

InitProducerIdResponse readInitProducerIdResponse(Reader& r, std::int16_t)
{
    InitProducerIdResponse out;
    out.throttleTimeMs = r.int32();
    out.errorCode = readError(r);
    out.producerId = r.int64();
    out.producerEpoch = r.int16();
    return out;
}

void writeInitProducerIdResponse(Writer& w, const InitProducerIdResponse& body, std::int16_t)
{
    w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    w.int64(body.producerId);
    w.int16(body.producerEpoch);
}
} // namespace hw::wire::detail
