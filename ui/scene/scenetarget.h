// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

namespace hw::ui {

/// What a drawn item stands for: the key the inspector, the context menus and the selection use, so
/// that a selection survives the scene being rebuilt for the next frame.
struct SceneTarget {
    enum class Kind : std::uint8_t { None, Broker, Replica, Partition, Producer, Controller, Message, Consumer, Group };
    Kind kind = Kind::None;
    std::int32_t broker = 0; // Broker, Replica
    std::int32_t partition = -1; // Replica, Partition (index into ClusterState::partitions)
    std::int32_t index = -1; // Producer, Consumer, Group: index into the state's list (-1: consumers without a group)
    std::uint64_t message = 0; // Message: its queue sequence number

    static SceneTarget forBroker(std::int32_t id) { return { Kind::Broker, id, -1, -1, 0 }; }
    static SceneTarget forReplica(std::int32_t partition, std::int32_t broker)
    {
        return { Kind::Replica, broker, partition, -1, 0 };
    }
    static SceneTarget forPartition(std::int32_t partition) { return { Kind::Partition, 0, partition, -1, 0 }; }
    static SceneTarget forProducer(std::int32_t index) { return { Kind::Producer, 0, -1, index, 0 }; }
    static SceneTarget forController() { return { Kind::Controller, 0, -1, -1, 0 }; }
    static SceneTarget forMessage(std::uint64_t sequence) { return { Kind::Message, 0, -1, -1, sequence }; }
    static SceneTarget forConsumer(std::int32_t index) { return { Kind::Consumer, 0, -1, index, 0 }; }
    static SceneTarget forGroup(std::int32_t index) { return { Kind::Group, 0, -1, index, 0 }; }

    bool isValid() const { return kind != Kind::None; }
    friend bool operator==(const SceneTarget&, const SceneTarget&) = default;
};

} // namespace hw::ui
