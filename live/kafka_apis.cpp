// SPDX-License-Identifier: MIT
#include "live/kafka_apis.h"

#include "model/limits.h"

#include <algorithm>
#include <tuple>
#include <variant>

namespace hw::live {

namespace {

wire::Bytes bytesOf(const std::string& text)
{
    return wire::Bytes(text.begin(), text.end());
}

std::string textOf(const wire::Bytes& bytes)
{
    return std::string(bytes.begin(), bytes.end());
}

wire::ErrorCode batchErrorCode(const wire::BatchError& error)
{
    return static_cast<wire::ErrorCode>(error.errorCode());
}

/// The broker's replica of a flat partition, or nullptr.
const Replica* replicaOn(const ClusterState& state, std::int32_t partition, BrokerId broker)
{
    for (const Replica& r : state.partitions[static_cast<std::size_t>(partition)].replicas) {
        if (r.broker == broker)
            return &r;
    }
    return nullptr;
}

} // namespace

wire::ErrorCode wireError(ErrorCode error)
{
    switch (error) {
    case ErrorCode::None:
        return wire::ErrorCode::None;
    case ErrorCode::NotEnoughReplicas:
        return wire::ErrorCode::NotEnoughReplicas;
    case ErrorCode::NotEnoughReplicasAfterAppend:
        return wire::ErrorCode::NotEnoughReplicasAfterAppend;
    case ErrorCode::RequestTimedOut:
    case ErrorCode::DeliveryTimeout:
        return wire::ErrorCode::RequestTimedOut;
    case ErrorCode::NotLeaderOrFollower:
        return wire::ErrorCode::NotLeaderOrFollower;
    case ErrorCode::OffsetOutOfRange:
        return wire::ErrorCode::OffsetOutOfRange;
    case ErrorCode::FencedLeaderEpoch:
        return wire::ErrorCode::FencedLeaderEpoch;
    case ErrorCode::UnknownLeaderEpoch:
        return wire::ErrorCode::UnknownLeaderEpoch;
    case ErrorCode::LeaderNotAvailable:
        return wire::ErrorCode::LeaderNotAvailable;
    case ErrorCode::InvalidRequest:
        return wire::ErrorCode::InvalidRequest;
    case ErrorCode::NotCoordinator:
        return wire::ErrorCode::NotCoordinator;
    case ErrorCode::CoordinatorNotAvailable:
        return wire::ErrorCode::CoordinatorNotAvailable;
    case ErrorCode::OutOfOrderSequenceNumber:
        return wire::ErrorCode::OutOfOrderSequenceNumber;
    case ErrorCode::InvalidProducerEpoch:
        return wire::ErrorCode::InvalidProducerEpoch;
    case ErrorCode::RebalanceInProgress:
        return wire::ErrorCode::RebalanceInProgress;
    case ErrorCode::UnknownMemberId:
        return wire::ErrorCode::UnknownMemberId;
    case ErrorCode::IllegalGeneration:
        return wire::ErrorCode::IllegalGeneration;
    case ErrorCode::InconsistentGroupProtocol:
        return wire::ErrorCode::InconsistentGroupProtocol;
    case ErrorCode::MemberIdRequired:
        return wire::ErrorCode::MemberIdRequired;
    case ErrorCode::InvalidSessionTimeout:
        return wire::ErrorCode::InvalidSessionTimeout;
    case ErrorCode::InvalidGroupId:
        return wire::ErrorCode::InvalidGroupId;
    case ErrorCode::UnknownTopicOrPartition:
        return wire::ErrorCode::UnknownTopicOrPartition;
    case ErrorCode::TopicAlreadyExists:
        return wire::ErrorCode::TopicAlreadyExists;
    case ErrorCode::InvalidTopic:
        return wire::ErrorCode::InvalidTopicException;
    case ErrorCode::InvalidPartitions:
        return wire::ErrorCode::InvalidPartitions;
    case ErrorCode::InvalidReplicationFactor:
        return wire::ErrorCode::InvalidReplicationFactor;
    case ErrorCode::InvalidReplicaAssignment:
        return wire::ErrorCode::InvalidReplicaAssignment;
    case ErrorCode::InvalidConfig:
        return wire::ErrorCode::InvalidConfig;
    case ErrorCode::PolicyViolation:
        return wire::ErrorCode::PolicyViolation;
    default:
        return wire::ErrorCode::UnknownServerError;
    }
}

std::int32_t findPartition(const ClusterState& state, const std::string& topic, std::int32_t partition)
{
    for (const Topic& t : state.topics) {
        if (t.name == topic) {
            if (partition < 0 || partition >= t.partitionCount)
                return -1;
            return t.firstPartition + partition;
        }
    }
    return -1;
}

std::int32_t findKnownPartition(const ClusterState& state, BrokerId broker, const std::string& topic,
                                std::int32_t partition)
{
    const std::int32_t flat = findPartition(state, topic, partition);
    return flat >= 0 && brokerKnowsPartition(state, broker, flat) ? flat : -1;
}

std::pair<std::int64_t, std::int64_t> topicId(const ClusterState& state, std::int32_t topic)
{
    // Kafka draws a random Uuid (ReplicationControlManager.createTopic); the model derives one from the
    // topic's index and name (FNV-1a), so a replay answers the same, never zero or Kafka's reserved ids.
    std::uint64_t hash = 14695981039346656037ULL;
    for (unsigned char c : state.topics[static_cast<std::size_t>(topic)].name) {
        hash ^= c;
        hash *= 1099511628211ULL;
    }
    return {static_cast<std::int64_t>((std::uint64_t{0x4857} << 48) | static_cast<std::uint32_t>(topic + 1)),
            static_cast<std::int64_t>(hash | 1)};
}

wire::Bytes encodeLogRecords(const ClusterState& state, const ReplicaLog& log, Offset from, std::int64_t count,
                             std::int32_t maxBytes)
{
    wire::Bytes out;
    Offset offset = from;
    const Offset end = from + count;
    while (offset < end) {
        // One batch: the records of one producer batch (batchEnd closes it) in one leader epoch.
        wire::RecordBatch batch;
        batch.baseOffset = offset;
        const Record& first = log.at(offset);
        const Payload& firstPayload = state.payloads[static_cast<std::size_t>(first.payload)];
        const LiveRecordInfo* firstLive = liveRecordOf(state, firstPayload);
        batch.partitionLeaderEpoch = first.epoch;
        batch.producerId = firstPayload.liveClient >= 0 && firstLive ? firstLive->producerId : -1;
        batch.producerEpoch = batch.producerId >= 0 ? first.producerEpoch : std::int16_t{-1};
        batch.baseSequence = batch.producerId >= 0 ? first.sequence : -1;
        batch.baseTimestamp = std::max<std::int64_t>(0, firstLive ? firstLive->timestampMs : -1);
        batch.maxTimestamp = batch.baseTimestamp;
        while (offset < end) {
            const Record& record = log.at(offset);
            const Payload& payload = state.payloads[static_cast<std::size_t>(record.payload)];
            const LiveRecordInfo* live = liveRecordOf(state, payload);
            const std::int64_t producerId = live ? live->producerId : -1;
            if (offset > batch.baseOffset &&
                (record.epoch != batch.partitionLeaderEpoch || producerId != (firstLive ? firstLive->producerId : -1) ||
                 payload.liveClient != firstPayload.liveClient))
                break;
            wire::Record r;
            r.offsetDelta = static_cast<std::int32_t>(offset - batch.baseOffset);
            const std::int64_t timestamp = std::max<std::int64_t>(0, live ? live->timestampMs : -1);
            r.timestampDelta = timestamp - batch.baseTimestamp;
            batch.maxTimestamp = std::max(batch.maxTimestamp, timestamp);
            if (payload.hasKey)
                r.key = bytesOf(payload.key);
            if (!(live && live->valueNull))
                r.value = bytesOf(payload.value);
            for (std::size_t i = 0; live && i < live->headers.size(); ++i) {
                const PayloadHeader& h = live->headers[i];
                wire::RecordHeader header;
                header.key = h.key;
                if (!h.valueNull)
                    header.value = bytesOf(h.value);
                r.headers.push_back(std::move(header));
            }
            batch.records.push_back(std::move(r));
            ++offset;
            if (record.batchEnd)
                break;
        }
        batch.lastOffsetDelta = static_cast<std::int32_t>(batch.records.size()) - 1;
        const wire::Bytes encoded = wire::encodeRecordBatch(batch, wire::Compression::None);
        // FetchResponse: whole batches up to the partition's max bytes, but at least one, so a batch
        // larger than the limit still makes progress (KIP-74).
        if (!out.empty() && out.size() + encoded.size() > static_cast<std::size_t>(std::max(0, maxBytes)))
            break;
        out.insert(out.end(), encoded.begin(), encoded.end());
    }
    return out;
}

KafkaApis::KafkaApis(std::string advertisedHost, int basePort)
    : m_host(std::move(advertisedHost)), m_basePort(basePort)
{
}

HandledRequest KafkaApis::handle(std::int32_t client, const wire::RequestFrame& frame, const ClusterState& state,
                                 std::size_t requestBytes)
{
    Pending pending;
    if (std::holds_alternative<wire::ProduceRequest>(frame.body))
        pending.produceBytes = static_cast<std::int64_t>(requestBytes);
    pending.header = frame.header;
    pending.broker = state.liveClient(client)->broker;
    HandledRequest handled;
    if (std::holds_alternative<wire::ApiVersionsRequest>(frame.body)) {
        // KafkaApis.handleApiVersionsRequest: INVALID_REQUEST when a v3 client's software name or
        // version does not match the pattern, else the versions this broker implements.
        wire::ApiVersionsResponse response;
        const auto& request = std::get<wire::ApiVersionsRequest>(frame.body);
        if (!request.isValid(frame.header.apiVersion)) {
            response.errorCode = wire::ErrorCode::InvalidRequest;
        } else if (frame.header.apiVersion >= 3 && request.clientSoftwareName == wire::observerSoftwareName) {
            // Not Kafka: a broker lists the same versions to every client of a listener. Only HighWater's
            // observer is told of (and may then send) the versions it reads the cluster with
            // (wire/protocol_observe.h), so every other client negotiates exactly what it did before.
            response.apiKeys.assign(wire::observerApis().begin(), wire::observerApis().end());
            m_observers.insert(client);
            handled.summary = "the observer (observer-only versions advertised)";
        }
        handled.response = wire::encodeResponse(frame.header, response);
        return handled;
    }
    if (isGroupApi(frame.header.apiKey)) {
        handled = handleGroup(client, pending, frame, state);
    } else if (const auto* metadata = std::get_if<wire::MetadataRequest>(&frame.body)) {
        handled = handleMetadata(pending, *metadata, state);
    } else if (const auto* produce = std::get_if<wire::ProduceRequest>(&frame.body)) {
        handled = handleProduce(pending, *produce, state);
    } else if (const auto* fetch = std::get_if<wire::FetchRequest>(&frame.body)) {
        handled = handleFetch(pending, *fetch, state);
    } else if (const auto* list = std::get_if<wire::ListOffsetsRequest>(&frame.body)) {
        handled = handleListOffsets(pending, *list, state);
    } else if (const auto* create = std::get_if<wire::CreateTopicsRequest>(&frame.body)) {
        handled = handleCreateTopics(pending, *create);
    } else if (const auto* init = std::get_if<wire::InitProducerIdRequest>(&frame.body)) {
        if (init->transactionalId) {
            // The simulation has no transaction coordinator: a transactional producer cannot start.
            wire::InitProducerIdResponse response;
            response.errorCode = wire::ErrorCode::TransactionalIdAuthorizationFailed;
            handled.response = wire::encodeResponse(frame.header, response);
            handled.summary = "transactional id refused (no transactions are simulated)";
            return handled;
        }
        pending.response = wire::InitProducerIdResponse{};
        pending.parts.push_back(Part{});
        pending.remaining = 1;
        handled.actions.push_back(LiveClientAction{LiveClientAction::Kind::Request, -1, client, {}, 0,
                                                   LiveInitProducerId{}});
        handled.awaitsEngine = true;
    }
    for (LiveClientAction& a : handled.actions)
        a.client = client;
    if (handled.awaitsEngine)
        m_pending[client] = std::move(pending);
    return handled;
}

HandledRequest KafkaApis::handleMetadata(Pending& p, const wire::MetadataRequest& request, const ClusterState& state)
{
    // Topics are listed in answer(), from the broker's metadata cache as the engine reports it; the
    // request's topic list rides along in the pending response.
    wire::MetadataResponse response;
    LiveMetadata metadata;
    if (request.topics) {
        for (const std::string& name : *request.topics) {
            response.topics.push_back(wire::MetadataTopic{wire::ErrorCode::None, name, false, {}});
            // allow_auto_topic_creation (versions 0-3: always): the broker asks the controller for the named
            // topics its metadata lacks when it handles the request (ReplicaManager::handleMetadataRequest,
            // with auto.create.topics.enable). Those it knows now it will still know then, so they are left
            // out of the recorded action. A request for all topics creates none (KafkaApis: !isAllTopics).
            if (request.allowAutoTopicCreation && !brokerKnowsTopic(state, p.broker, name) &&
                metadata.autoCreate.size() < hw::limits::liveTopicsPerRequestMax &&
                name.size() <= hw::limits::stringBytesMax &&
                std::find(metadata.autoCreate.begin(), metadata.autoCreate.end(), name) == metadata.autoCreate.end())
                metadata.autoCreate.push_back(name);
        }
    } else {
        p.allTopics = true;
    }
    p.response = std::move(response);
    p.parts.push_back(Part{});
    p.remaining = 1;
    HandledRequest handled;
    handled.actions.push_back(LiveClientAction{LiveClientAction::Kind::Request, -1, 0, {}, 0, std::move(metadata)});
    handled.awaitsEngine = true;
    return handled;
}

HandledRequest KafkaApis::handleCreateTopics(Pending& p, const wire::CreateTopicsRequest& request)
{
    // KafkaApis forwards CreateTopics to the controller (ForwardingManager), which creates or refuses each
    // topic (controller/topic_creation.h) and answers after writing the records; the engine models the hop.
    HandledRequest handled;
    LiveCreateTopics create;
    create.validateOnly = request.validateOnly;
    for (const wire::CreateTopicsTopic& topic : request.topics) {
        CreatableTopic t;
        t.name = topic.name;
        t.numPartitions = topic.numPartitions;
        t.replicationFactor = topic.replicationFactor;
        for (const wire::CreateTopicsAssignment& a : topic.assignments)
            t.assignments.push_back(CreatableAssignment{a.partitionIndex, {a.brokerIds.begin(), a.brokerIds.end()}});
        for (const wire::CreateTopicsConfig& c : topic.configs)
            t.configs.push_back(CreatableTopicConfig{c.name, c.value});
        create.topics.push_back(std::move(t));
    }
    p.createTopics = request;
    p.response = wire::CreateTopicsResponse{};
    if (create.topics.empty()) {
        handled.response = wire::encodeResponse(p.header, p.response);
        return handled;
    }
    handled.summary = std::to_string(create.topics.size()) + " topic(s)" + (create.validateOnly ? ", validate only" : "");
    p.parts.push_back(Part{});
    p.remaining = 1;
    handled.actions.push_back(LiveClientAction{LiveClientAction::Kind::Request, -1, 0, {}, 0, std::move(create)});
    handled.awaitsEngine = true;
    return handled;
}

HandledRequest KafkaApis::handleProduce(Pending& p, const wire::ProduceRequest& request, const ClusterState& state)
{
    HandledRequest handled;
    wire::ProduceResponse response;
    const bool validAcks = request.acks == -1 || request.acks == 0 || request.acks == 1;
    const wire::BatchLimits batchLimits = wire::defaultBatchLimits();
    std::int64_t records = 0;
    for (const wire::ProduceTopic& topic : request.topics) {
        wire::ProduceTopicResponse topicResponse;
        topicResponse.name = topic.name;
        for (const wire::ProducePartition& partition : topic.partitions) {
            wire::ProducePartitionResponse part;
            part.index = partition.index;
            const std::int32_t flat = findKnownPartition(state, p.broker, topic.name, partition.index);
            if (!validAcks) {
                part.errorCode = wire::ErrorCode::InvalidRequiredAcks;
            } else if (flat < 0) {
                part.errorCode = wire::ErrorCode::UnknownTopicOrPartition;
            } else if (!partition.records) {
                part.errorCode = wire::ErrorCode::InvalidRecord;
            } else {
                try {
                    // ProduceRequest.validateRecords, UnifiedLog.analyzeAndValidateRecords and
                    // LogValidator's checks, in Kafka's order (wire/record_batch.h).
                    const wire::RecordBatch batch =
                        wire::decodeProducedBatch(*partition.records, p.header.apiVersion, batchLimits);
                    handled.codec = batch.compression();
                    if (batch.isTransactional())
                        throw wire::BatchError(wire::BatchErrorKind::InvalidRecord,
                                               "a transactional batch (no transactions are simulated)");
                    LiveProduce produce;
                    produce.partition = flat;
                    produce.acks = request.acks == -1 ? Acks::All : request.acks == 1 ? Acks::Leader : Acks::None;
                    produce.timeoutMs = std::max(0, request.timeoutMs);
                    produce.producerId = batch.producerId;
                    produce.producerEpoch = batch.producerEpoch;
                    produce.baseSequence = batch.baseSequence;
                    if (static_cast<int>(batch.records.size()) > hw::limits::liveRecordsPerBatchMax)
                        throw wire::BatchError(wire::BatchErrorKind::MessageTooLarge,
                                               "more records than liveRecordsPerBatchMax");
                    for (const wire::Record& r : batch.records) {
                        LiveRecord payload;
                        std::size_t bytes = 0;
                        if (r.key) {
                            payload.hasKey = true;
                            payload.key = textOf(*r.key);
                            bytes += payload.key.size();
                        }
                        if (r.value) {
                            payload.value = textOf(*r.value);
                            bytes += payload.value.size();
                        } else {
                            payload.valueNull = true;
                        }
                        payload.timestampMs = batch.baseTimestamp + r.timestampDelta;
                        for (const wire::RecordHeader& h : r.headers) {
                            PayloadHeader header;
                            header.key = h.key;
                            if (h.value)
                                header.value = textOf(*h.value);
                            else
                                header.valueNull = true;
                            bytes += header.key.size() + header.value.size();
                            payload.headers.push_back(std::move(header));
                        }
                        // The bytes the simulation keeps per record (liveRecordBytesMax) stand in for
                        // message.max.bytes: a bigger record is refused as Kafka refuses a bigger batch.
                        if (bytes > hw::limits::liveRecordBytesMax)
                            throw wire::BatchError(wire::BatchErrorKind::MessageTooLarge,
                                                   "a record larger than liveRecordBytesMax");
                        produce.records.push_back(std::move(payload));
                    }
                    records += static_cast<std::int64_t>(produce.records.size());
                    handled.actions.push_back(
                        LiveClientAction{LiveClientAction::Kind::Request, -1, 0, {}, 0, std::move(produce)});
                    p.parts.push_back(Part{response.responses.size(), topicResponse.partitions.size(), flat, -1, 0, false});
                } catch (const wire::BatchError& error) {
                    part.errorCode = batchErrorCode(error);
                    handled.summary += std::string(handled.summary.empty() ? "" : "; ") + topic.name + "-" +
                                       std::to_string(partition.index) + ": " + error.what();
                }
            }
            topicResponse.partitions.push_back(part);
        }
        response.responses.push_back(std::move(topicResponse));
    }
    if (handled.summary.empty())
        handled.summary = std::to_string(records) + " record(s)";
    p.remaining = p.parts.size();
    if (request.acks == 0) {
        // KafkaApis: acks=0 gets no response at all; an error closes the connection instead, so the
        // producer learns of it (handleProduceRequest's sendNoOpResponseExemptThrottle / closeConnection).
        bool anyError = false;
        for (const auto& t : response.responses) {
            for (const auto& part : t.partitions)
                anyError = anyError || part.errorCode != wire::ErrorCode::None;
        }
        handled.closeConnection = anyError;
        // The bandwidth quota still counts an acks=0 request and mutes its channel (KafkaApis: "although
        // request throttling is exempt for acks == 0, the channel may be throttled due to bandwidth quota").
        handled.throttleMs = throttleProduce(p, state.nowMs);
        p.parts.clear();
        return handled;
    }
    p.response = std::move(response);
    if (p.remaining == 0) {
        handled.throttleMs = throttleProduce(p, state.nowMs);
        handled.response = wire::encodeResponse(p.header, p.response);
    } else
        handled.awaitsEngine = true;
    return handled;
}

HandledRequest KafkaApis::handleFetch(Pending& p, const wire::FetchRequest& request, const ClusterState& state)
{
    HandledRequest handled;
    wire::FetchResponse response;
    // Fetch sessions (KIP-227, version 7+) as a Kafka broker with no session slots answers them
    // (org.apache.kafka.server.FetchManager.newContext at 4.4.0 with
    // max.incremental.fetch.session.cache.slots=0): a full fetch (epoch 0 or -1) is answered in full with
    // session id 0, as FullFetchContext does when FetchSessionCache.maybeCreateSession finds no room; an
    // incremental fetch (epoch above 0) names a session the cache cannot hold, so SessionErrorContext
    // answers FETCH_SESSION_ID_NOT_FOUND with no partitions, and the client starts over with a full fetch.
    if (p.header.apiVersion >= 7 && request.sessionEpoch > 0) {
        response.errorCode = wire::ErrorCode::FetchSessionIdNotFound;
        p.response = std::move(response);
        handled.response = wire::encodeResponse(p.header, p.response);
        handled.summary = "incremental fetch of session " + std::to_string(request.sessionId) +
                          ": FETCH_SESSION_ID_NOT_FOUND (no fetch sessions are kept)";
        return handled;
    }
    for (const wire::FetchTopic& topic : request.topics) {
        wire::FetchTopicResponse topicResponse;
        topicResponse.topic = topic.name;
        for (const wire::FetchPartition& partition : topic.partitions) {
            wire::FetchPartitionResponse part;
            part.partitionIndex = partition.partition;
            // READ_COMMITTED gets an empty list of aborted transactions, READ_UNCOMMITTED null.
            if (request.isolationLevel == 1)
                part.abortedTransactions.emplace();
            const std::int32_t flat = findKnownPartition(state, p.broker, topic.name, partition.partition);
            if (flat < 0) {
                part.errorCode = wire::ErrorCode::UnknownTopicOrPartition;
            } else if (const Replica* replica = replicaOn(state, flat, p.broker);
                       replica && partition.currentLeaderEpoch >= 0 &&
                       partition.currentLeaderEpoch != replica->knownLeaderEpoch) {
                // KIP-320 (version 9+): Partition.checkCurrentLeaderEpoch at 4.4.0, reached through
                // ReplicaManager.getPartitionOrException before the leadership is checked: an epoch below
                // the broker's is FENCED_LEADER_EPOCH (the client's metadata is stale), one above it
                // UNKNOWN_LEADER_EPOCH (the broker's is). -1 skips the check.
                part.errorCode = partition.currentLeaderEpoch < replica->knownLeaderEpoch
                                     ? wire::ErrorCode::FencedLeaderEpoch
                                     : wire::ErrorCode::UnknownLeaderEpoch;
            } else if (partition.fetchOffset < 0) {
                // LocalLog.read: an offset below the log start (every negative one) is out of range, and
                // the error's partition data carries no offsets (ReplicaManager.readFromLog's
                // FetchPartitionData for an error: -1 each). The consumer resets by auto.offset.reset.
                part.errorCode = wire::ErrorCode::OffsetOutOfRange;
            } else {
                LiveFetch fetch;
                fetch.partition = flat;
                fetch.fetchOffset = partition.fetchOffset;
                fetch.maxRecords = limits::fetchRecordsPerPartitionMax;
                fetch.maxWaitMs = std::max(0, request.maxWaitMs);
                handled.actions.push_back(LiveClientAction{LiveClientAction::Kind::Request, -1, 0, {}, 0, fetch});
                p.parts.push_back(Part{response.responses.size(), topicResponse.partitions.size(), flat, -1,
                                       std::min(partition.partitionMaxBytes, request.maxBytes), false});
            }
            topicResponse.partitions.push_back(std::move(part));
        }
        response.responses.push_back(std::move(topicResponse));
    }
    p.remaining = p.parts.size();
    const bool anyUnknown = p.parts.size() < [&] {
        std::size_t n = 0;
        for (const auto& t : response.responses)
            n += t.partitions.size();
        return n;
    }();
    p.response = std::move(response);
    if (p.remaining == 0) {
        handled.response = wire::encodeResponse(p.header, p.response);
    } else {
        handled.awaitsEngine = true;
        // An error in one partition answers the request without waiting for the others' long polls
        // (DelayedFetch completes when any partition has an error).
        p.answerNow = anyUnknown;
    }
    return handled;
}

HandledRequest KafkaApis::handleListOffsets(Pending& p, const wire::ListOffsetsRequest& request,
                                            const ClusterState& state)
{
    HandledRequest handled;
    wire::ListOffsetsResponse response;
    for (const wire::ListOffsetsTopic& topic : request.topics) {
        wire::ListOffsetsTopicResponse topicResponse;
        topicResponse.name = topic.name;
        for (const wire::ListOffsetsPartition& partition : topic.partitions) {
            wire::ListOffsetsPartitionResponse part;
            part.partitionIndex = partition.partitionIndex;
            const std::int32_t flat = findKnownPartition(state, p.broker, topic.name, partition.partitionIndex);
            if (flat < 0) {
                part.errorCode = wire::ErrorCode::UnknownTopicOrPartition;
            } else if (partition.timestamp < -2) {
                // -3 (max timestamp, KIP-734) and below need ListOffsets v7+, which is not advertised.
                part.errorCode = wire::ErrorCode::UnsupportedVersion;
            } else {
                handled.actions.push_back(LiveClientAction{LiveClientAction::Kind::Request, -1, 0, {}, 0,
                                                           LiveListOffsets{flat, partition.timestamp}});
                p.parts.push_back(Part{response.topics.size(), topicResponse.partitions.size(), flat, -1, 0, false});
            }
            topicResponse.partitions.push_back(part);
        }
        response.topics.push_back(std::move(topicResponse));
    }
    p.remaining = p.parts.size();
    p.response = std::move(response);
    if (p.remaining == 0)
        handled.response = wire::encodeResponse(p.header, p.response);
    else
        handled.awaitsEngine = true;
    return handled;
}

void KafkaApis::bind(std::int32_t client, std::size_t actionIndex, std::int64_t requestNumber)
{
    auto it = m_pending.find(client);
    if (it != m_pending.end() && actionIndex < it->second.parts.size())
        it->second.parts[actionIndex].requestNumber = requestNumber;
}

std::optional<wire::Bytes> KafkaApis::answer(std::int32_t client, const Message& message, const ClusterState& state,
                                             bool& closeConnection)
{
    closeConnection = false;
    auto it = m_pending.find(client);
    if (it == m_pending.end())
        return std::nullopt;
    Pending& p = it->second;
    const bool unreachable = std::visit(
        [](const auto& body) {
            if constexpr (requires { body.error; })
                return body.error == ErrorCode::NetworkException;
            else
                return false;
        },
        message.body);
    if (unreachable) {
        // The broker went away with the request (the engine's NETWORK_EXCEPTION): a client sees its
        // connection drop, as with Kafka.
        closeConnection = true;
        m_pending.erase(it);
        return std::nullopt;
    }
    bool complete = false;
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, ProduceResponse>) {
                auto* response = std::get_if<wire::ProduceResponse>(&p.response);
                if (!response)
                    return;
                for (Part& part : p.parts) {
                    if (part.done || part.requestNumber != body.batch)
                        continue;
                    wire::ProducePartitionResponse& out = response->responses[part.topic].partitions[part.partition];
                    out.errorCode = wireError(body.error);
                    out.baseOffset = body.error == ErrorCode::None ? body.baseOffset : -1;
                    if (const Replica* r = replicaOn(state, part.flatPartition, p.broker))
                        out.logStartOffset = r->log.logStart;
                    part.done = true;
                    --p.remaining;
                }
                complete = p.remaining == 0;
            } else if constexpr (std::is_same_v<T, FetchResponse>) {
                auto* response = std::get_if<wire::FetchResponse>(&p.response);
                if (!response)
                    return;
                for (Part& part : p.parts) {
                    if (part.done || part.requestNumber != body.fetchId)
                        continue;
                    wire::FetchPartitionResponse& out = response->responses[part.topic].partitions[part.partition];
                    out.errorCode = wireError(body.error);
                    out.highWatermark = body.hw;
                    out.lastStableOffset = body.hw; // no transactions: the LSO is the HW
                    out.logStartOffset = body.logStart;
                    if (body.error == ErrorCode::None && body.recordCount > 0)
                        out.records = encodeLogRecords(state, body.leaderLog, body.fetchOffset, body.recordCount,
                                                       part.maxBytes);
                    part.done = true;
                    --p.remaining;
                    // DelayedFetch completes once it has data or an error to return.
                    if (body.error != ErrorCode::None || body.recordCount > 0)
                        p.answerNow = true;
                }
                complete = p.remaining == 0 || p.answerNow;
                if (complete) {
                    // Partitions whose long poll is still open answer empty with what the broker knows.
                    for (Part& part : p.parts) {
                        if (part.done)
                            continue;
                        wire::FetchPartitionResponse& out = response->responses[part.topic].partitions[part.partition];
                        if (const Replica* r = replicaOn(state, part.flatPartition, p.broker)) {
                            out.highWatermark = r->hw;
                            out.lastStableOffset = r->hw;
                            out.logStartOffset = r->log.logStart;
                        }
                        part.done = true;
                    }
                }
            } else if constexpr (std::is_same_v<T, ListOffsetsResponse>) {
                auto* response = std::get_if<wire::ListOffsetsResponse>(&p.response);
                if (!response)
                    return;
                for (Part& part : p.parts) {
                    if (part.done || part.flatPartition != body.partition)
                        continue;
                    wire::ListOffsetsPartitionResponse& out = response->topics[part.topic].partitions[part.partition];
                    out.errorCode = wireError(body.error);
                    out.offset = body.offset;
                    out.timestamp = body.timestampMs;
                    // The leader epoch is in ListOffsets v4+ only (not ignorable below).
                    if (p.header.apiVersion >= 4)
                        out.leaderEpoch = body.leaderEpoch;
                    part.done = true;
                    --p.remaining;
                    break;
                }
                complete = p.remaining == 0;
            } else if constexpr (std::is_same_v<T, MetadataResponse>) {
                auto* response = std::get_if<wire::MetadataResponse>(&p.response);
                if (!response)
                    return;
                const bool allTopics = p.allTopics;
                response->clusterId = std::string("highwater-") + state.name;
                // KRaft brokers name a random alive broker as the controller (clients cannot reach
                // the controllers); the answering broker is alive, and the choice stays deterministic.
                response->controllerId = message.from.id;
                for (BrokerId b : body.brokers)
                    response->brokers.push_back(wire::MetadataBroker{b, m_host, m_basePort + b, std::nullopt});
                auto describe = [&](wire::MetadataTopic& topic, const Topic& t) {
                    for (std::int32_t i = 0; i < t.partitionCount; ++i) {
                        const std::size_t flat = static_cast<std::size_t>(t.firstPartition + i);
                        wire::MetadataPartition part;
                        part.partitionIndex = i;
                        if (flat < body.partitions.size()) {
                            const PartitionMetadata& meta = body.partitions[flat];
                            part.leaderId = meta.leader;
                            part.replicaNodes.assign(meta.replicas.begin(), meta.replicas.end());
                            part.isrNodes.assign(meta.isr.begin(), meta.isr.end());
                            const bool leaderAlive = std::find(body.brokers.begin(), body.brokers.end(), meta.leader) !=
                                                     body.brokers.end();
                            // KRaftMetadataCache.getPartitionMetadata: no live leader is LEADER_NOT_AVAILABLE.
                            if (meta.leader == noLeader || !leaderAlive) {
                                part.errorCode = wire::ErrorCode::LeaderNotAvailable;
                                part.leaderId = -1;
                            }
                        }
                        topic.partitions.push_back(std::move(part));
                    }
                };
                // The topics this broker's metadata has: all of them once it learned their records.
                auto known = [&](const Topic& t) {
                    return static_cast<std::size_t>(t.firstPartition) < body.partitions.size();
                };
                if (allTopics) {
                    for (const Topic& t : state.topics) {
                        if (!known(t))
                            continue;
                        wire::MetadataTopic topic{wire::ErrorCode::None, t.name, false, {}};
                        describe(topic, t);
                        response->topics.push_back(std::move(topic));
                    }
                } else {
                    for (wire::MetadataTopic& topic : response->topics) {
                        const auto found = std::find_if(state.topics.begin(), state.topics.end(),
                                                        [&](const Topic& t) { return t.name == topic.name; });
                        // KafkaApis.getTopicMetadata (read on trunk and at 3.9): a topic the cache lacks is
                        // INVALID_TOPIC_EXCEPTION for a name Topic.validate refuses, else UNKNOWN_TOPIC_OR_PARTITION, whether the broker
                        // asked the controller to create it (DefaultAutoTopicCreationManager answers
                        // UNKNOWN_TOPIC_OR_PARTITION for the topics it sent) or not.
                        if (found == state.topics.end() || !known(*found))
                            topic.errorCode = topicNameError(topic.name).empty() ? wire::ErrorCode::UnknownTopicOrPartition
                                                                                 : wire::ErrorCode::InvalidTopicException;
                        else
                            describe(topic, *found);
                    }
                }
                p.remaining = 0;
                complete = true;
            } else if constexpr (std::is_same_v<T, FindCoordinatorResponse> || std::is_same_v<T, GroupResponse>) {
                complete = answerGroup(p, message, state);
            } else if constexpr (std::is_same_v<T, CreateTopicsResponse>) {
                auto* response = std::get_if<wire::CreateTopicsResponse>(&p.response);
                if (!response)
                    return;
                for (const CreatableTopicResult& result : body.topics) {
                    wire::CreateTopicsResult out;
                    out.name = result.name;
                    out.errorCode = wireError(result.error);
                    if (result.error != ErrorCode::None)
                        out.errorMessage = result.message;
                    out.configs.emplace();
                    if (result.error == ErrorCode::None) {
                        out.numPartitions = result.numPartitions;
                        out.replicationFactor = static_cast<std::int16_t>(result.replicationFactor);
                    }
                    if (result.topic >= 0 && result.topic < static_cast<std::int32_t>(state.topics.size())) {
                        std::tie(out.topicIdHigh, out.topicIdLow) = topicId(state, result.topic);
                        // The effective configs, sorted by name, as createTopic reports them (the model keeps
                        // four); the source is the request's (1, TOPIC_CONFIG), the broker's log.* setting
                        // (4, STATIC_BROKER_CONFIG) or Kafka's default (5, DEFAULT_CONFIG).
                        const TopicConfig& config = state.topics[static_cast<std::size_t>(result.topic)].config;
                        const TopicConfig kafka;
                        const std::pair<const char*, std::pair<std::int64_t, std::int64_t>> entries[] = {
                            {"retention.bytes", {config.retentionBytes, kafka.retentionBytes}},
                            {"retention.ms", {config.retentionMs, kafka.retentionMs}},
                            {"segment.bytes", {config.segmentBytes, kafka.segmentBytes}},
                            {"segment.ms", {config.segmentMs, kafka.segmentMs}},
                        };
                        for (const auto& [name, values] : entries) {
                            bool requested = false;
                            for (const wire::CreateTopicsTopic& t : p.createTopics.topics) {
                                if (t.name != result.name)
                                    continue;
                                for (const wire::CreateTopicsConfig& c : t.configs)
                                    requested = requested || c.name == name;
                            }
                            const std::int8_t source = requested ? 1 : values.first != values.second ? 4 : 5;
                            out.configs->push_back(
                                wire::CreateTopicsResultConfig{name, std::to_string(values.first), false, source, false});
                        }
                    }
                    response->topics.push_back(std::move(out));
                }
                p.remaining = 0;
                complete = true;
            } else if constexpr (std::is_same_v<T, InitProducerIdResponse>) {
                auto* response = std::get_if<wire::InitProducerIdResponse>(&p.response);
                if (!response)
                    return;
                response->errorCode = wireError(body.error);
                response->producerId = body.producerId;
                response->producerEpoch = body.producerEpoch;
                p.remaining = 0;
                complete = true;
            }
        },
        message.body);
    if (!complete)
        return std::nullopt;
    return finish(client, state.nowMs);
}

std::int32_t KafkaApis::throttleProduce(Pending& p, TimeMs nowMs)
{
    if (p.produceBytes < 0)
        return 0;
    // ClientQuotaManager keys the sensor by user and client.id; serve has no users (no SASL), so the
    // client.id alone, and a client without one shares the empty id's sensor as Kafka's do.
    const std::int32_t throttleMs = m_produceQuotas.recordAndGetThrottleTimeMs(
        p.header.clientId.value_or(std::string()), static_cast<double>(p.produceBytes), nowMs);
    p.produceBytes = -1;
    if (auto* response = std::get_if<wire::ProduceResponse>(&p.response))
        response->throttleTimeMs = throttleMs;
    return throttleMs;
}

std::int32_t KafkaApis::takeThrottleMs(std::int32_t client)
{
    auto it = m_throttles.find(client);
    if (it == m_throttles.end())
        return 0;
    const std::int32_t throttleMs = it->second;
    m_throttles.erase(it);
    return throttleMs;
}

wire::Bytes KafkaApis::finish(std::int32_t client, TimeMs nowMs)
{
    auto it = m_pending.find(client);
    if (const std::int32_t throttleMs = throttleProduce(it->second, nowMs); throttleMs > 0)
        m_throttles[client] = throttleMs;
    wire::Bytes frame = wire::encodeResponse(it->second.header, it->second.response);
    m_pending.erase(it);
    return frame;
}

} // namespace hw::live
