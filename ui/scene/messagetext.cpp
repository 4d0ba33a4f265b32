// SPDX-License-Identifier: MIT
#include "scene/messagetext.h"

#include "base/narration.h"

namespace hw::ui {

QString MessageText::nodeName(const hw::NodeRef& node, const hw::ClusterState& state)
{
    switch (node.kind) {
    case hw::NodeKind::Broker:
        return tr("broker %1").arg(node.id);
    case hw::NodeKind::Controller:
        return tr("the controller");
    case hw::NodeKind::Producer:
        if (node.id >= 0 && node.id < static_cast<std::int32_t>(state.producers.size()))
            return tr("producer %1").arg(QString::fromStdString(state.producers[static_cast<std::size_t>(node.id)].id));
        return tr("a producer");
    case hw::NodeKind::Consumer:
        if (node.id >= 0 && node.id < static_cast<std::int32_t>(state.consumers.size()))
            return tr("consumer %1").arg(QString::fromStdString(state.consumers[static_cast<std::size_t>(node.id)].id));
        return tr("a consumer");
    case hw::NodeKind::LiveClient:
        if (const hw::LiveClient* client = state.liveClient(node.id))
            return tr("live client %1").arg(QString::fromStdString(client->id));
        return tr("a live client");
    }
    return QString();
}

std::optional<MessageInfo> MessageText::describe(const hw::QueuedEvent& queued, const hw::ClusterState& state)
{
    const auto* message = std::get_if<hw::Message>(&queued.what);
    if (!message)
        return std::nullopt;
    MessageInfo info;
    info.from = message->from;
    info.to = message->to;
    info.sentMs = message->sentMs;
    info.arrivesMs = queued.atMs;
    info.sequence = queued.sequence;
    using Kind = MessageItem::Kind;
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, hw::ProduceRequest>) {
                info.kind = Kind::Produce;
                info.partition = body.partition;
                std::int64_t count = 0;
                if (body.producer >= 0 && body.producer < static_cast<std::int32_t>(state.producers.size())) {
                    const hw::Producer& p = state.producers[static_cast<std::size_t>(body.producer)];
                    if (body.batch >= 0 && static_cast<std::size_t>(body.batch) < p.batches.size())
                        count = p.batches[static_cast<std::size_t>(body.batch)].count;
                }
                info.label = tr("Produce \u00D7%1").arg(count);
            } else if constexpr (std::is_same_v<T, hw::ProduceResponse>) {
                info.partition = body.partition;
                if (body.error != hw::ErrorCode::None) {
                    info.kind = Kind::Error;
                    info.label = tr("Error: %1").arg(Narration::errorName(body.error));
                } else {
                    info.kind = Kind::Produce;
                    info.label = tr("Ack @%1").arg(body.baseOffset);
                }
            } else if constexpr (std::is_same_v<T, hw::FetchRequest>) {
                info.kind = Kind::Fetch;
                info.partition = body.partition;
                info.label = tr("Fetch(%1)").arg(body.fetchOffset);
            } else if constexpr (std::is_same_v<T, hw::FetchResponse>) {
                info.partition = body.partition;
                if (body.error != hw::ErrorCode::None) {
                    info.kind = Kind::Error;
                    info.label = tr("Error: %1").arg(Narration::errorName(body.error));
                } else if (body.divergingEpoch >= 0) {
                    info.kind = Kind::Fetch;
                    info.label
                        = tr("Diverging: epoch %1 ends at %2").arg(body.divergingEpoch).arg(body.divergingEndOffset);
                } else if (body.recordCount > 0) {
                    info.kind = Kind::Fetch;
                    info.label = body.recordCount == 1 ? tr("Record %1, HW %2").arg(body.fetchOffset).arg(body.hw)
                                                       : tr("Records %1..%2, HW %3")
                                                             .arg(body.fetchOffset)
                                                             .arg(body.fetchOffset + body.recordCount - 1)
                                                             .arg(body.hw);
                } else {
                    info.kind = Kind::Fetch;
                    info.label = tr("No records, HW %1").arg(body.hw);
                }
            } else if constexpr (std::is_same_v<T, hw::AlterPartitionRequest>) {
                info.kind = Kind::Isr;
                info.partition = body.partition;
                info.label = tr("AlterPartition ISR %1").arg(Narration::brokerSet(body.newIsr));
            } else if constexpr (std::is_same_v<T, hw::AlterPartitionResponse>) {
                info.partition = body.partition;
                if (body.error != hw::ErrorCode::None) {
                    info.kind = Kind::Error;
                    info.label = tr("AlterPartition: %1").arg(Narration::errorName(body.error));
                } else {
                    info.kind = Kind::Isr;
                    info.label = tr("ISR %1 committed").arg(Narration::brokerSet(body.isr));
                }
            } else if constexpr (std::is_same_v<T, hw::BrokerHeartbeatRequest>) {
                info.kind = Kind::Heartbeat;
                info.label = tr("Heartbeat");
            } else if constexpr (std::is_same_v<T, hw::BrokerHeartbeatResponse>) {
                info.kind = Kind::Heartbeat;
                info.label = tr("Heartbeat reply");
            } else if constexpr (std::is_same_v<T, hw::PartitionChange>) {
                info.kind = Kind::Metadata;
                // A change of a __consumer_offsets partition indexes offsetsPartitions, not partitions.
                info.partition = body.offsets ? -1 : body.partition;
                if (body.offsets)
                    info.label
                        = tr("__consumer_offsets-%1: leader %2").arg(body.partition).arg(body.registration.leader);
                else
                    info.label = body.registration.leader == hw::noLeader
                        ? tr("No leader, epoch %1").arg(body.registration.leaderEpoch)
                        : tr("Leader %1, epoch %2").arg(body.registration.leader).arg(body.registration.leaderEpoch);
            } else if constexpr (std::is_same_v<T, hw::FindCoordinatorRequest>) {
                info.kind = Kind::Group;
                info.label = tr("FindCoordinator");
            } else if constexpr (std::is_same_v<T, hw::FindCoordinatorResponse>) {
                info.kind = body.error == hw::ErrorCode::None ? Kind::Group : Kind::Error;
                info.label = body.error != hw::ErrorCode::None ? tr("Error: %1").arg(Narration::errorName(body.error))
                    : body.coordinator == hw::noLeader         ? tr("No coordinator")
                                                               : tr("Coordinator: broker %1").arg(body.coordinator);
            } else if constexpr (std::is_same_v<T, hw::GroupRequest>) {
                info.kind = body.kind == hw::GroupRequestKind::Heartbeat ? Kind::Heartbeat : Kind::Group;
                info.label = Narration::groupRequestName(static_cast<std::int32_t>(body.kind));
            } else if constexpr (std::is_same_v<T, hw::GroupResponse>) {
                const QString name = Narration::groupRequestName(static_cast<std::int32_t>(body.kind));
                info.kind = body.error != hw::ErrorCode::None      ? Kind::Error
                    : body.kind == hw::GroupRequestKind::Heartbeat ? Kind::Heartbeat
                                                                   : Kind::Group;
                info.label = body.error == hw::ErrorCode::None
                    ? tr("%1 reply").arg(name)
                    : tr("%1: %2").arg(name, Narration::errorName(body.error));
            } else if constexpr (std::is_same_v<T, hw::ListOffsetsRequest>) {
                info.kind = Kind::Group;
                info.partition = body.partition;
                info.label = body.earliest ? tr("ListOffsets (earliest)") : tr("ListOffsets (latest)");
            } else if constexpr (std::is_same_v<T, hw::ListOffsetsResponse>) {
                info.partition = body.partition;
                info.kind = body.error == hw::ErrorCode::None ? Kind::Group : Kind::Error;
                info.label = body.error == hw::ErrorCode::None ? tr("Offset %1").arg(body.offset)
                                                               : tr("Error: %1").arg(Narration::errorName(body.error));
            } else if constexpr (std::is_same_v<T, hw::MetadataRequest>) {
                info.kind = Kind::Metadata;
                info.label = tr("Metadata?");
            } else if constexpr (std::is_same_v<T, hw::MetadataResponse>) {
                info.kind = body.error == hw::ErrorCode::None ? Kind::Metadata : Kind::Error;
                info.label = body.error == hw::ErrorCode::None ? tr("Metadata")
                                                               : tr("Error: %1").arg(Narration::errorName(body.error));
            }
        },
        message->body);
    if (message->connectionError) {
        info.kind = Kind::Error;
        info.label = tr("Connection lost");
    }
    return info;
}

} // namespace hw::ui
