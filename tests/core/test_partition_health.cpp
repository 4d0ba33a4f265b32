// SPDX-License-Identifier: MIT
#include "model/observed.h"

#include <gtest/gtest.h>

namespace hw {
namespace {

ObservedPartitionFacts partition(std::int32_t leader, std::vector<std::int32_t> replicas, std::vector<std::int32_t> isr)
{
    ObservedPartitionFacts facts;
    facts.leader = leader;
    facts.replicas = std::move(replicas);
    facts.isr = std::move(isr);
    return facts;
}

const std::vector<std::int32_t> allLive{1, 2, 3};

TEST(PartitionHealth, FollowsKafkasGaugesWorstFirst)
{
    // Replication factor 3, min.insync.replicas 2.
    EXPECT_EQ(partitionHealth(partition(1, {1, 2, 3}, {1, 2, 3}), 2, allLive), PartitionHealth::Healthy);
    EXPECT_EQ(partitionHealth(partition(1, {1, 2, 3}, {1, 2}), 2, allLive), PartitionHealth::AtMinIsr);
    EXPECT_EQ(partitionHealth(partition(1, {1, 2, 3}, {1}), 2, allLive), PartitionHealth::UnderMinIsr);
    EXPECT_EQ(partitionHealth(partition(-1, {1, 2, 3}, {}), 2, allLive), PartitionHealth::Offline);
    // With min ISR 1, losing one follower is only under-replicated.
    EXPECT_EQ(partitionHealth(partition(1, {1, 2, 3}, {1, 2}), 1, allLive), PartitionHealth::UnderReplicated);
}

TEST(PartitionHealth, TheEffectiveMinIsrIsAtMostTheReplicationFactor)
{
    // Partition.effectiveMinIsr: min.insync.replicas 3 on a single replica counts as 1, so its full ISR
    // is at min ISR (the gauge is 1), not under it.
    EXPECT_EQ(partitionHealth(partition(2, {2}, {2}), 3, allLive), PartitionHealth::AtMinIsr);
    // min ISR 3 of 3 with the full ISR: at min ISR too, as AtMinIsr's gauge says.
    EXPECT_EQ(partitionHealth(partition(1, {1, 2, 3}, {1, 2, 3}), 3, allLive), PartitionHealth::AtMinIsr);
    // Not known: Kafka's default of 1.
    EXPECT_EQ(partitionHealth(partition(1, {1, 2, 3}, {1, 2, 3}), std::nullopt, allLive), PartitionHealth::Healthy);
}

TEST(PartitionHealth, ALeaderThatIsNotALiveBrokerIsOffline)
{
    EXPECT_EQ(partitionHealth(partition(3, {1, 2, 3}, {3}), 2, {1, 2}), PartitionHealth::Offline);
}

TEST(PartitionHealth, NamesAreTheFrameFormatsWords)
{
    EXPECT_EQ(partitionHealthName(PartitionHealth::Healthy), "healthy");
    EXPECT_EQ(partitionHealthName(PartitionHealth::UnderReplicated), "under-replicated");
    EXPECT_EQ(partitionHealthName(PartitionHealth::AtMinIsr), "at-min-isr");
    EXPECT_EQ(partitionHealthName(PartitionHealth::UnderMinIsr), "under-min-isr");
    EXPECT_EQ(partitionHealthName(PartitionHealth::Offline), "offline");
}

} // namespace
} // namespace hw
