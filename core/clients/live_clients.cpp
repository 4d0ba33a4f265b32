// SPDX-License-Identifier: MIT
#include "clients/live_clients.h"

#include "model/limits.h"

#include <algorithm>
#include <string>
#include <variant>

namespace hw {

std::string_view liveRequestName(std::int32_t kind)
{
    switch (kind) {
    case 0:
        return "Produce";
    case 1:
        return "Fetch";
    case 2:
        return "ListOffsets";
    case 3:
        return "Metadata";
    case 4:
        return "InitProducerId";
    case 5:
        return "FindCoordinator";
    case 6:
        return "Group";
    case 7:
        return "CreateTopics";
    default:
        return "unknown";
    }
}

std::string_view liveRequestLabel(const Event& e)
{
    if (e.detail != 6)
        return liveRequestName(e.detail);
    switch (static_cast<GroupRequestKind>(e.value)) {
    case GroupRequestKind::Join:
        return "JoinGroup";
    case GroupRequestKind::Sync:
        return "SyncGroup";
    case GroupRequestKind::Heartbeat:
        return "Heartbeat";
    case GroupRequestKind::Leave:
        return "LeaveGroup";
    case GroupRequestKind::OffsetCommit:
        return "OffsetCommit";
    case GroupRequestKind::OffsetFetch:
        return "OffsetFetch";
    }
    return "Group";
}

ApplyResult LiveClients::apply(const LiveClientAction& action)
{
    if (action.atMs >= 0) {
        // The request arrived at atMs: everything due before it has happened (the server steps the
        // engine up to the arrival time first, as a replay does), and the clock moves there.
        if (action.atMs < m_state.nowMs)
            return {std::nullopt, "the clock is already at " + std::to_string(m_state.nowMs) + " ms"};
        if (!m_state.queue.empty() && m_state.queue.front().atMs < action.atMs)
            return {std::nullopt, "events are due before " + std::to_string(action.atMs) + " ms"};
        m_state.nowMs = action.atMs;
    }
    switch (action.kind) {
    case LiveClientAction::Kind::Connect:
        return connect(action);
    case LiveClientAction::Kind::Disconnect: {
        LiveClient* client = m_state.liveClient(action.client);
        if (!client)
            return {std::nullopt, "no live client " + std::to_string(action.client)};
        if (!client->connected)
            return {std::nullopt, "live client " + client->id + " is not connected"};
        client->connected = false;
        return {Event::at(EventType::LiveClientDisconnected, client->broker, action.client), {}};
    }
    case LiveClientAction::Kind::Request:
        return request(action);
    }
    return {std::nullopt, "unknown live client action"};
}

ApplyResult LiveClients::connect(const LiveClientAction& action)
{
    if (action.broker < 1 || action.broker > static_cast<BrokerId>(m_state.brokers.size()))
        return {std::nullopt, "no broker " + std::to_string(action.broker)};
    if (action.id.empty() || action.id.size() > limits::stringBytesMax)
        return {std::nullopt, "a live client's id must have 1 to " + std::to_string(limits::stringBytesMax) + " bytes"};
    // The lowest free slot, so that a replay picks the same; a new one only when every slot is in use.
    std::size_t slot = 0;
    while (slot < m_state.liveClients.size() &&
           (m_state.liveClients[slot].connected ||
            m_state.liveClients[slot].handle / limits::liveClientsMax + 1 >= limits::liveClientIncarnationsMax))
        ++slot;
    if (slot >= static_cast<std::size_t>(limits::liveClientsMax))
        return {std::nullopt, "at most " + std::to_string(limits::liveClientsMax) +
                                  " live clients are connected at once (liveClientsMax)"};
    LiveClient client;
    client.id = action.id;
    client.broker = action.broker;
    if (slot == m_state.liveClients.size()) {
        client.handle = static_cast<std::int32_t>(slot);
        m_state.liveClients.push_back(std::move(client));
    } else {
        client.handle = m_state.liveClients[slot].handle + limits::liveClientsMax;
        m_state.liveClients[slot] = std::move(client);
    }
    return {Event::at(EventType::LiveClientConnected, action.broker, m_state.liveClients[slot].handle), {}};
}

namespace {

std::string checkRecords(const LiveProduce& produce)
{
    if (produce.records.empty() || static_cast<int>(produce.records.size()) > limits::liveRecordsPerBatchMax)
        return "a live batch has 1 to " + std::to_string(limits::liveRecordsPerBatchMax) + " records";
    for (const LiveRecord& record : produce.records) {
        std::size_t bytes = record.key.size() + record.value.size();
        for (const PayloadHeader& header : record.headers)
            bytes += header.key.size() + header.value.size();
        if (bytes > limits::liveRecordBytesMax)
            return "a live record keeps at most " + std::to_string(limits::liveRecordBytesMax) + " bytes";
    }
    return {};
}

/// What a recorded or decoded live group request must hold: the real member's part, partitions that
/// exist, and sizes within the named limits.
std::string checkGroupRequest(const GroupRequest& request, std::int32_t partitionCount)
{
    if (!request.live)
        return "a live group request carries the live member's fields";
    const LiveGroupFields& live = *request.live;
    if (live.groupId.size() > limits::stringBytesMax || request.memberId.size() > limits::stringBytesMax ||
        live.clientId.size() > limits::stringBytesMax || live.protocolType.size() > limits::stringBytesMax)
        return "a group id, member id, client id or protocol type keeps at most " +
               std::to_string(limits::stringBytesMax) + " bytes";
    if (live.protocols.size() > limits::liveGroupProtocolsMax)
        return "a JoinGroup offers at most " + std::to_string(limits::liveGroupProtocolsMax) + " protocols";
    std::size_t bytes = 0;
    for (const GroupProtocolOffer& offer : live.protocols)
        bytes += offer.name.size() + offer.metadata.size();
    for (const GroupAssignmentBytes& entry : live.assignments)
        bytes += entry.memberId.size() + entry.assignment.size();
    if (bytes > limits::liveGroupBytesMax)
        return "a live group request's protocols and assignments keep at most " +
               std::to_string(limits::liveGroupBytesMax) + " bytes";
    for (const CommittedOffset& offset : request.offsets) {
        if (offset.partition < 0 || offset.partition >= partitionCount)
            return "no partition " + std::to_string(offset.partition);
    }
    for (std::int32_t p : request.partitions) {
        if (p < 0 || p >= partitionCount)
            return "no partition " + std::to_string(p);
    }
    return {};
}

/// A live Metadata request's names: at most liveTopicsPerRequestMax, each of at most stringBytesMax bytes.
std::string checkTopicNames(const std::vector<std::string>& names)
{
    if (names.size() > limits::liveTopicsPerRequestMax)
        return "a live request names at most " + std::to_string(limits::liveTopicsPerRequestMax) +
               " topics (liveTopicsPerRequestMax)";
    for (const std::string& name : names) {
        if (name.size() > limits::stringBytesMax)
            return "a topic name keeps at most " + std::to_string(limits::stringBytesMax) + " bytes";
    }
    return {};
}

/// A recorded or decoded CreateTopics: names, replicas and configs within the named limits (what Kafka
/// refuses in them, the controller answers).
std::string checkCreateTopics(const LiveCreateTopics& create)
{
    std::vector<std::string> names;
    for (const CreatableTopic& topic : create.topics)
        names.push_back(topic.name);
    if (std::string error = checkTopicNames(names); !error.empty())
        return error;
    for (const CreatableTopic& topic : create.topics) {
        if (topic.assignments.size() > static_cast<std::size_t>(limits::partitionsMax) * 16 ||
            topic.configs.size() > limits::liveTopicConfigsMax)
            return "a live CreateTopics topic has at most " + std::to_string(limits::partitionsMax * 16) +
                   " assignments and " + std::to_string(limits::liveTopicConfigsMax) + " configs";
        for (const CreatableAssignment& a : topic.assignments) {
            if (a.brokers.size() > static_cast<std::size_t>(limits::brokersMax) * 4)
                return "a live CreateTopics assignment names at most " + std::to_string(limits::brokersMax * 4) +
                       " brokers";
        }
        for (const CreatableTopicConfig& c : topic.configs) {
            if (c.name.size() > limits::stringBytesMax || (c.value && c.value->size() > limits::stringBytesMax))
                return "a topic config's name and value keep at most " + std::to_string(limits::stringBytesMax) +
                       " bytes";
        }
    }
    return {};
}

/// The group a connection's group request names, and whether it makes the connection a member's.
/// JoinGroup, SyncGroup and Heartbeat come from members only (AbstractCoordinator sends them, at
/// Kafka 4.0: JoinGroupRequest.json, SyncGroupRequest.json, HeartbeatRequest.json); an OffsetCommit from a member carries its
/// generation, one with generation -1 comes from an admin or a consumer that assigns itself, which Kafka
/// accepts into a "simple" group (OffsetMetadataManager.validateOffsetCommit, group-coordinator, Kafka
/// 4.0). LeaveGroup and OffsetFetch say nothing new (an admin fetches any group's offsets).
void rememberGroup(LiveClient& client, const GroupRequest& request)
{
    switch (request.kind) {
    case GroupRequestKind::Join:
    case GroupRequestKind::Sync:
    case GroupRequestKind::Heartbeat:
        client.role = LiveClientRole::GroupMember;
        client.group = request.live->groupId;
        break;
    case GroupRequestKind::OffsetCommit:
        if (request.generation >= 0)
            client.role = LiveClientRole::GroupMember;
        client.group = request.live->groupId;
        break;
    case GroupRequestKind::Leave:
    case GroupRequestKind::OffsetFetch:
        break;
    }
}

} // namespace

ApplyResult LiveClients::request(const LiveClientAction& action)
{
    LiveClient* found = m_state.liveClient(action.client);
    if (!found)
        return {std::nullopt, "no live client " + std::to_string(action.client)};
    LiveClient& client = *found;
    if (!client.connected)
        return {std::nullopt, "live client " + client.id + " is not connected"};
    const auto partitionCount = static_cast<std::int32_t>(m_state.partitions.size());
    const NodeRef from = NodeRef::liveClient(action.client);
    const NodeRef to = NodeRef::broker(client.broker);
    Event e = Event::at(EventType::LiveRequestSent, action.client, client.broker);
    e.detail = static_cast<std::int32_t>(action.request.index());
    ++client.requests;

    if (const auto* produce = std::get_if<LiveProduce>(&action.request)) {
        if (produce->partition < 0 || produce->partition >= partitionCount)
            return {std::nullopt, "no partition " + std::to_string(produce->partition)};
        if (std::string error = checkRecords(*produce); !error.empty())
            return {std::nullopt, error};
        ProduceRequest request;
        request.producer = action.client;
        request.batch = client.requests;
        request.partition = produce->partition;
        request.acks = produce->acks;
        request.timeoutMs = produce->timeoutMs;
        request.producerId = produce->producerId;
        request.producerEpoch = produce->producerEpoch;
        request.baseSequence = produce->baseSequence;
        request.count = static_cast<std::int32_t>(produce->records.size());
        request.firstPayload = static_cast<std::int32_t>(m_state.payloads.size());
        for (std::size_t i = 0; i < produce->records.size(); ++i) {
            const LiveRecord& record = produce->records[i];
            Payload payload;
            payload.hasKey = record.hasKey;
            payload.key = record.key;
            payload.value = record.value;
            payload.producer = -1;
            payload.liveClient = action.client;
            payload.sequence = static_cast<std::int64_t>(i);
            payload.liveRecord = static_cast<std::int32_t>(m_state.liveRecords.size());
            payload.timestampMs = m_state.nowMs; // the run's clock, for retention (log_segments.h)
            m_state.liveRecords.push_back(
                LiveRecordInfo{record.valueNull, produce->producerId, record.timestampMs, record.headers});
            m_state.payloads.push_back(std::move(payload));
        }
        e.partition = produce->partition;
        e.count = request.count;
        client.producedPartition = produce->partition;
        if (client.role == LiveClientRole::NoData)
            client.role = LiveClientRole::Producer;
        m_net.send(from, to, request);
    } else if (const auto* fetch = std::get_if<LiveFetch>(&action.request)) {
        if (fetch->partition < 0 || fetch->partition >= partitionCount)
            return {std::nullopt, "no partition " + std::to_string(fetch->partition)};
        FetchRequest request;
        request.partition = fetch->partition;
        request.replica = -1;
        request.liveClient = action.client;
        request.fetchId = client.requests;
        request.fetchOffset = fetch->fetchOffset;
        request.maxRecords = std::clamp(fetch->maxRecords, 1, limits::fetchRecordsMax);
        request.maxWaitMs = std::max<TimeMs>(0, fetch->maxWaitMs);
        e.partition = fetch->partition;
        e.offset = fetch->fetchOffset;
        // A Fetch names no group (clients/src/main/resources/common/message/FetchRequest.json has no
        // group field): on a connection that is not a member's it is a consumer that assigns itself its
        // partitions (KafkaConsumer.assign). A real member's fetches may go over its other connections,
        // to the leaders, which then count as self-assigned too.
        client.fetchedPartition = fetch->partition;
        if (client.role != LiveClientRole::GroupMember)
            client.role = LiveClientRole::SelfAssigned;
        m_net.send(from, to, request);
    } else if (const auto* list = std::get_if<LiveListOffsets>(&action.request)) {
        if (list->partition < 0 || list->partition >= partitionCount)
            return {std::nullopt, "no partition " + std::to_string(list->partition)};
        if (list->timestamp < -2)
            return {std::nullopt, "a ListOffsets timestamp is -2 (earliest), -1 (latest) or a time"};
        ListOffsetsRequest request;
        request.consumer = action.client;
        request.partition = list->partition;
        request.earliest = list->timestamp == -2;
        request.timestampMs = list->timestamp >= 0 ? list->timestamp : -1;
        e.partition = list->partition;
        e.value = list->timestamp;
        m_net.send(from, to, request);
    } else if (const auto* metadata = std::get_if<LiveMetadata>(&action.request)) {
        if (std::string error = checkTopicNames(metadata->autoCreate); !error.empty())
            return {std::nullopt, error};
        m_net.send(from, to, MetadataRequest{action.client, metadata->autoCreate});
    } else if (const auto* create = std::get_if<LiveCreateTopics>(&action.request)) {
        if (std::string error = checkCreateTopics(*create); !error.empty())
            return {std::nullopt, error};
        if (!create->topics.empty())
            e.text = create->topics.front().name;
        e.count = static_cast<std::int64_t>(create->topics.size());
        m_net.send(from, to, CreateTopicsRequest{action.client, create->topics, create->validateOnly, false});
    } else if (const auto* find = std::get_if<LiveFindCoordinator>(&action.request)) {
        if (find->groupId.size() > limits::stringBytesMax)
            return {std::nullopt, "a group id keeps at most " + std::to_string(limits::stringBytesMax) + " bytes"};
        e.text = find->groupId;
        m_net.send(from, to, FindCoordinatorRequest{action.client, find->groupId, true});
    } else if (const auto* group = std::get_if<LiveGroup>(&action.request)) {
        if (std::string error = checkGroupRequest(group->request, partitionCount); !error.empty())
            return {std::nullopt, error};
        GroupRequest request = group->request;
        request.consumer = action.client;
        request.group = -1;
        e.text = request.live->groupId;
        e.value = static_cast<std::int64_t>(request.kind);
        rememberGroup(client, request);
        m_net.send(from, to, std::move(request));
    } else {
        m_net.send(from, to, InitProducerIdRequest{action.client});
    }
    return {e, {}};
}

std::optional<Event> LiveClients::handleAnswer(const Message& message)
{
    const std::int32_t index = message.to.id;
    const LiveClient* client = m_state.liveClient(index);
    // The connection closed while the answer was on its way (its slot may serve another one by now).
    if (!client || !client->connected)
        return std::nullopt;
    if (m_sink)
        m_sink->answer(index, message);
    Event e = Event::at(EventType::LiveResponseReceived, index, message.from.id);
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, ProduceResponse>) {
                e.detail = 0;
                e.partition = body.partition;
                e.error = body.error;
                e.offset = body.baseOffset;
                if (body.duplicate)
                    e.flags |= Duplicate;
            } else if constexpr (std::is_same_v<T, FetchResponse>) {
                e.detail = 1;
                e.partition = body.partition;
                e.error = body.error;
                e.offset = body.fetchOffset;
                e.count = body.recordCount;
                e.value = body.hw;
            } else if constexpr (std::is_same_v<T, ListOffsetsResponse>) {
                e.detail = 2;
                e.partition = body.partition;
                e.error = body.error;
                e.offset = body.offset;
            } else if constexpr (std::is_same_v<T, MetadataResponse>) {
                e.detail = 3;
                e.error = body.error;
            } else if constexpr (std::is_same_v<T, InitProducerIdResponse>) {
                e.detail = 4;
                e.error = body.error;
                e.value = body.producerId;
            } else if constexpr (std::is_same_v<T, FindCoordinatorResponse>) {
                e.detail = 5;
                e.error = body.error;
                e.value = body.coordinator;
            } else if constexpr (std::is_same_v<T, CreateTopicsResponse>) {
                e.detail = 7;
                for (const CreatableTopicResult& result : body.topics) {
                    if (result.error == ErrorCode::None)
                        ++e.count;
                    else if (e.error == ErrorCode::None)
                        e.error = result.error;
                }
                if (!body.topics.empty())
                    e.text = body.topics.front().name;
            } else if constexpr (std::is_same_v<T, GroupResponse>) {
                e.detail = 6;
                e.error = body.error;
                e.value = static_cast<std::int64_t>(body.kind);
                e.text = body.memberId;
            }
        },
        message.body);
    // An empty long poll that ran out is not worth a frame, as for a simulated consumer.
    if (e.detail == 1 && e.error == ErrorCode::None && e.count == 0)
        return std::nullopt;
    return e;
}

} // namespace hw
