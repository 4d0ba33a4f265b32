// SPDX-License-Identifier: MIT
#pragma once

#include "sim/component.h"

#include <cstdint>
#include <optional>
#include <vector>

/// The controller's partitions (Kafka's metadata/.../ReplicationControlManager.java and
/// PartitionChangeBuilder.java): AlterPartition, elections, fencing's and shutdown's effect on ISRs,
/// preferred elections, __consumer_offsets leadership, and publishing every change to the brokers.
namespace hw {

/// Who hears of a new __consumer_offsets leader.
class CoordinatorListener {
public:
    virtual ~CoordinatorListener() = default;
    virtual void loadGroups(std::int32_t offsetsPartition) = 0;
};

class ReplicationControl : private Component {
public:
    using Component::Component;

    /// Told when a __consumer_offsets partition gets a new leader (the group coordinator loads its
    /// groups, as BrokerMetadataPublisher calls GroupCoordinator.onElection).
    void setCoordinatorListener(CoordinatorListener* listener) { m_coordinatorListener = listener; }

    std::optional<Event> handleAlterPartitionRequest(const Message& message, const AlterPartitionRequest& request);
    void publish(std::int32_t partition, BrokerId onlyTo = noLeader);
    /// Every partition's registration, then every __consumer_offsets partition's, to one broker: a
    /// broker that registers or is unfenced catches up on the metadata log it missed.
    void publishAllTo(BrokerId broker);
    /// Removes a broker from every ISR and moves its leaderships (KRaft fencing / controlled shutdown).
    /// Returns the partitions changed; the first one and its outcome go into the event.
    int removeBrokerFromPartitions(BrokerId broker, Event& event);
    /// Gives leaderless partitions a leader where one can be had now. Returns how many got one.
    int electOfflineLeaders(Event& event);
    ApplyResult electPreferred(std::int32_t partition);
    void refreshOffsetsPartitions();
    /// The `config` step (IncrementalAlterConfigs; the controller applies it). Turning unclean leader
    /// election on lets the controller give offline partitions a leader now.
    ApplyResult alterConfig(const ConfigAction& action);

private:
    /// Applies a new leader and ISR to a partition's registration, bumping the epochs, and publishes it.
    void changePartition(std::int32_t partition, BrokerId leader, std::vector<BrokerId> isr);
    /// The controller's choice of leader among the ISR (PartitionChangeBuilder), or noLeader.
    BrokerId electFromIsr(const PartitionRegistration& reg, const std::vector<BrokerId>& isr) const;
    /// With unclean leader election on: the first live, unfenced replica other than `excluded`, made
    /// the only ISR member (flags gets Unclean), or noLeader.
    BrokerId electUnclean(Partition& partition, BrokerId excluded, std::vector<BrokerId>& isr, std::uint32_t& flags);
    /// changePartition, and the first change of a pass described in `first` (when given).
    void applyElection(std::int32_t partition, BrokerId leader, std::vector<BrokerId> isr, std::uint32_t flags,
                       Event* first);

    CoordinatorListener* m_coordinatorListener = nullptr;
};

} // namespace hw
