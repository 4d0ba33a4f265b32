// SPDX-License-Identifier: MIT
#pragma once

#include "model/ids.h"
#include "model/java_random.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

/// Kafka's StripedReplicaPlacer (metadata/src/main/java/org/apache/kafka/metadata/placement/
/// StripedReplicaPlacer.java, the same code from 3.7.0 to 4.2.0), ported draw for draw: with the same
/// java.util.Random sequence it places replicas exactly as Kafka does. docs/research/
/// kafka-placement-and-version-plumbing.md has the algorithm and the cases of Kafka's
/// StripedReplicaPlacerTest that tests/core/test_striped_placer.cpp checks.
namespace hw {

/// A broker the placer may use (ClusterControlManager.usableBrokers: registered and not in controlled
/// shutdown; fenced ones get follower replicas only when no unfenced broker is left).
struct UsableBroker {
    BrokerId id = 0;
    std::optional<std::string> rack; // none: a rack of its own, sorted first
    bool fenced = false;
};

/// Why a placement cannot be made, in Kafka's words (InvalidReplicationFactorException).
struct PlacementError {
    std::string message;
    friend bool operator==(const PlacementError&, const PlacementError&) = default;
};

using Placement = std::vector<std::vector<BrokerId>>;

/// StripedReplicaPlacer.BrokerList: brokers taken round from a start offset that moves by one in
/// each new epoch, only when the list is asked for a broker then.
class StripedBrokerList {
public:
    void add(BrokerId broker) { m_brokers.push_back(broker); }
    std::size_t size() const { return m_brokers.size(); }
    /// Sorts the brokers and draws the start offset (a list of one still draws nextInt(1)).
    void initialize(JavaRandom& random);
    /// The next broker for this epoch, or -1 when every one was given out.
    BrokerId next(int epoch);
    void shuffle(JavaRandom& random) { javaShuffle(m_brokers, random); }

    std::vector<BrokerId> m_brokers;
    int m_epoch = 0;
    std::size_t m_index = 0;
    std::size_t m_offset = 0;
};

/// StripedReplicaPlacer.RackList: the racks, each with its unfenced and fenced brokers, and the
/// partitions placed so far in this call.
class StripedRackList {
public:
    StripedRackList(JavaRandom& random, const std::vector<UsableBroker>& brokers);
    int totalBrokers() const { return m_total; }
    int unfencedBrokers() const { return m_unfenced; }
    /// The rack names in placement order: no rack first, then by Java's String.compareTo (until a
    /// reshuffle changes the order).
    std::vector<std::optional<std::string>> rackNames() const;
    /// The replicas of the next partition, its leader first.
    std::variant<std::vector<BrokerId>, PlacementError> place(int replicationFactor);

private:
    struct Rack {
        StripedBrokerList fenced;
        StripedBrokerList unfenced;
    };
    Rack& rackAt(std::size_t position);

    JavaRandom& m_random;
    std::vector<std::optional<std::string>> m_names; // by first appearance, as the racks are
    std::vector<Rack> m_racks;
    std::vector<std::size_t> m_hashOrder; // indexes into m_racks, in java.util.HashMap's iteration order
    std::vector<std::int32_t> m_order; // indexes into m_racks, in the rack list's order (rackNames)
    int m_total = 0;
    int m_unfenced = 0;
    std::size_t m_offset = 0;
    int m_epoch = 0;
};

/// StripedReplicaPlacer.place: `partitions` partitions of `replicationFactor` replicas each. Every
/// draw of the rack list is made before the checks, as in Kafka.
std::variant<Placement, PlacementError> placeStriped(
    const std::vector<UsableBroker>& brokers, int partitions, int replicationFactor, JavaRandom& random);

} // namespace hw
