// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <cstdint>

namespace hw::ui {

/// Where the large cluster's view is (AggregateLayout): all brokers, one broker's topics, a topic's
/// partitions on that broker, or one partition's replicas (drawn by PartitionLayout). The topic is kept
/// by name and the partition by its index in the topic, so that the place survives a poll that adds a
/// topic; a place the next frame no longer has goes up to the nearest level it still has.
struct Drill {
    enum class Level : std::uint8_t { Brokers, Broker, Topic, Partition };
    Level level = Level::Brokers;
    std::int32_t broker = 0;     // the model's broker id (Broker and below)
    QString topic;               // Topic and Partition
    std::int32_t partition = -1; // Partition: the partition's index in its topic
    friend bool operator==(const Drill&, const Drill&) = default;
};

} // namespace hw::ui
