// SPDX-License-Identifier: MIT
#include "groups/assignor.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <list>
#include <set>
#include <tuple>
#include <utility>

namespace hw {

namespace {

using Partition = AssignorPartition;
using PartitionLists = std::vector<std::vector<Partition>>; // indexed like AssignorInput::members

constexpr std::size_t noMember = static_cast<std::size_t>(-1);

/// The group as every assignor sees it: members in member order with unique ids, each member's
/// effective subscription (existing topics only), and the existing topics.
struct AssignorInput {
    std::vector<const AssignorMember*> members;
    std::vector<std::set<std::string, std::less<>>> subscribed;
    std::map<std::string, std::int32_t, std::less<>> partitionCounts; // topics with at least one partition
};

AssignorInput prepare(const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics)
{
    AssignorInput group;
    for (const AssignorTopic& topic : topics) {
        // A topic listed twice keeps its first count; an empty topic has nothing to assign.
        if (topic.partitions > 0)
            group.partitionCounts.emplace(topic.name, topic.partitions);
    }

    std::vector<const AssignorMember*> sorted;
    sorted.reserve(members.size());
    for (const AssignorMember& member : members)
        sorted.push_back(&member);
    std::stable_sort(sorted.begin(), sorted.end(),
        [](const AssignorMember* a, const AssignorMember* b) { return assignorMemberLess(*a, *b); });

    std::set<std::string_view> seenIds;
    for (const AssignorMember* member : sorted) {
        if (!seenIds.insert(member->memberId).second)
            continue;
        group.members.push_back(member);
        auto& topicsOfMember = group.subscribed.emplace_back();
        for (const std::string& topic : member->topics) {
            if (group.partitionCounts.contains(topic))
                topicsOfMember.insert(topic);
        }
    }
    return group;
}

bool subscribes(const AssignorInput& group, std::size_t member, std::string_view topic)
{
    return group.subscribed[member].contains(topic);
}

/// Every partition of every topic at least one member subscribes to, sorted by (topic, partition).
std::vector<Partition> subscribedPartitions(const AssignorInput& group)
{
    std::set<std::string, std::less<>> topics;
    for (const auto& subscription : group.subscribed)
        topics.insert(subscription.begin(), subscription.end());
    std::vector<Partition> partitions;
    for (const std::string& topic : topics) {
        const std::int32_t count = group.partitionCounts.find(topic)->second;
        for (std::int32_t p = 0; p < count; ++p)
            partitions.push_back(Partition { topic, p });
    }
    return partitions;
}

GroupAssignment toAssignment(const AssignorInput& group, PartitionLists lists)
{
    GroupAssignment assignment;
    for (std::size_t m = 0; m < group.members.size(); ++m) {
        std::sort(lists[m].begin(), lists[m].end());
        assignment.emplace(group.members[m]->memberId, std::move(lists[m]));
    }
    return assignment;
}

PartitionLists rangeAssign(const AssignorInput& group)
{
    PartitionLists lists(group.members.size());
    for (const auto& [topic, count] : group.partitionCounts) {
        std::vector<std::size_t> consumers;
        for (std::size_t m = 0; m < group.members.size(); ++m) {
            if (subscribes(group, m, topic))
                consumers.push_back(m);
        }
        if (consumers.empty())
            continue;
        const auto consumerCount = static_cast<std::int32_t>(consumers.size());
        const std::int32_t perConsumer = count / consumerCount;
        const std::int32_t withExtra = count % consumerCount;
        for (std::int32_t i = 0; i < consumerCount; ++i) {
            const std::int32_t start = perConsumer * i + std::min(i, withExtra);
            const std::int32_t length = perConsumer + (i < withExtra ? 1 : 0);
            for (std::int32_t p = start; p < start + length; ++p)
                lists[consumers[static_cast<std::size_t>(i)]].push_back(Partition { topic, p });
        }
    }
    return lists;
}

PartitionLists roundRobinAssign(const AssignorInput& group)
{
    PartitionLists lists(group.members.size());
    if (group.members.empty())
        return lists;
    // Kafka's CircularIterator: skip members not subscribed to the topic, give the partition to the next
    // member that is, and continue from the one after it. Every partition here has a subscriber.
    std::size_t next = 0;
    for (const Partition& partition : subscribedPartitions(group)) {
        while (!subscribes(group, next, partition.topic))
            next = (next + 1) % group.members.size();
        lists[next].push_back(partition);
        next = (next + 1) % group.members.size();
    }
    return lists;
}

/// Each member's owned partitions that still count: the partition exists, the member subscribes to its
/// topic, and no member earlier in member order claimed it. In the member's own order, without repeats.
PartitionLists validOwned(const AssignorInput& group)
{
    PartitionLists owned(group.members.size());
    std::set<Partition> claimed;
    for (std::size_t m = 0; m < group.members.size(); ++m) {
        for (const Partition& partition : group.members[m]->owned) {
            const auto topic = group.partitionCounts.find(partition.topic);
            if (topic == group.partitionCounts.end() || partition.partition < 0 || partition.partition >= topic->second
                || !subscribes(group, m, partition.topic))
                continue;
            if (claimed.insert(partition).second)
                owned[m].push_back(partition);
        }
    }
    return owned;
}

bool allSubscriptionsEqual(const AssignorInput& group)
{
    return std::all_of(group.subscribed.begin(), group.subscribed.end(),
        [&](const auto& subscription) { return subscription == group.subscribed.front(); });
}

/// AbstractStickyAssignor.ConstrainedAssignmentBuilder without the rack-aware step: every member subscribes
/// to the same topics.
PartitionLists constrainedAssign(const AssignorInput& group, const PartitionLists& owned)
{
    const std::vector<Partition> all = subscribedPartitions(group);
    const std::size_t memberCount = group.members.size();
    const std::size_t minQuota = all.size() / memberCount;
    const std::size_t maxQuota = (all.size() + memberCount - 1) / memberCount;
    // The number of members that end with maxQuota partitions (zero when minQuota == maxQuota).
    const std::size_t expectedOverMin = all.size() % memberCount;
    std::size_t currentOverMin = 0;

    PartitionLists lists(memberCount);
    std::set<Partition> assigned;
    std::list<std::size_t> underMin; // members that still need partitions to reach minQuota
    std::list<std::size_t> atMin; // members at minQuota that may still take one more

    // 1. Keep owned partitions up to the member's quota. Kafka sorts them by (partition, topic), so a member
    //    trimmed to its quota keeps a spread of topics rather than all of the alphabetically first one.
    for (std::size_t m = 0; m < memberCount; ++m) {
        std::vector<Partition> mine = owned[m];
        std::sort(mine.begin(), mine.end(), [](const Partition& a, const Partition& b) {
            return std::tie(a.partition, a.topic) < std::tie(b.partition, b.topic);
        });
        std::size_t keep = 0;
        if (mine.size() < minQuota) {
            keep = mine.size();
            underMin.push_back(m);
        } else if (mine.size() >= maxQuota && currentOverMin < expectedOverMin) {
            keep = maxQuota;
            if (++currentOverMin == expectedOverMin)
                atMin.clear(); // every maxQuota slot is taken: members at minQuota are full
        } else {
            keep = minQuota;
            if (currentOverMin < expectedOverMin)
                atMin.push_back(m);
        }
        for (std::size_t i = 0; i < keep; ++i) {
            lists[m].push_back(mine[i]);
            assigned.insert(mine[i]);
        }
    }

    // 2. Deal the unassigned partitions in (topic, partition) order: round-robin over the members under
    //    minQuota, then one each to members at minQuota (in the order they got there) while slots remain.
    auto cursor = underMin.begin();
    for (const Partition& partition : all) {
        if (assigned.contains(partition))
            continue;
        std::size_t consumer = noMember;
        bool fromUnderMin = false;
        if (cursor == underMin.end() && !underMin.empty())
            cursor = underMin.begin();
        if (cursor != underMin.end()) {
            consumer = *cursor;
            fromUnderMin = true;
        } else if (!atMin.empty()) {
            consumer = atMin.front();
            atMin.pop_front();
        } else {
            // Unreachable: the quotas add up to exactly the partition count (Kafka throws here). Fall back
            // to the first member holding the fewest so that nothing is ever left out.
            consumer = 0;
            for (std::size_t m = 1; m < memberCount; ++m) {
                if (lists[m].size() < lists[consumer].size())
                    consumer = m;
            }
        }
        lists[consumer].push_back(partition);
        const std::size_t count = lists[consumer].size();
        if (fromUnderMin && count == minQuota) {
            cursor = underMin.erase(cursor);
            atMin.push_back(consumer);
        } else {
            if (fromUnderMin)
                ++cursor;
            if (count == maxQuota && minQuota != maxQuota)
                ++currentOverMin;
        }
    }
    return lists;
}

/// The general case (members subscribe to different topics); see runAssignor's comment.
PartitionLists generalAssign(const AssignorInput& group, const PartitionLists& owned)
{
    const std::size_t memberCount = group.members.size();
    PartitionLists lists = owned;
    std::vector<std::set<Partition>> ownedSets(memberCount);
    std::set<Partition> assigned;
    for (std::size_t m = 0; m < memberCount; ++m) {
        ownedSets[m].insert(owned[m].begin(), owned[m].end());
        assigned.insert(owned[m].begin(), owned[m].end());
    }

    std::map<std::string, std::size_t, std::less<>> eligibleCount;
    for (std::size_t m = 0; m < memberCount; ++m) {
        for (const std::string& topic : group.subscribed[m])
            ++eligibleCount[topic];
    }

    // The eligible member holding the fewest partitions, the first in member order on a tie.
    const auto leastLoaded = [&](const Partition& partition, std::size_t except) {
        std::size_t best = noMember;
        for (std::size_t m = 0; m < memberCount; ++m) {
            if (m == except || !subscribes(group, m, partition.topic))
                continue;
            if (best == noMember || lists[m].size() < lists[best].size())
                best = m;
        }
        return best;
    };

    std::vector<Partition> unassigned;
    for (const Partition& partition : subscribedPartitions(group)) {
        if (!assigned.contains(partition))
            unassigned.push_back(partition);
    }
    std::stable_sort(unassigned.begin(), unassigned.end(), [&](const Partition& a, const Partition& b) {
        return eligibleCount.find(a.topic)->second < eligibleCount.find(b.topic)->second;
    });
    for (const Partition& partition : unassigned)
        lists[leastLoaded(partition, noMember)].push_back(partition);

    // Balance: each move takes a partition from a member holding at least two more than the receiver, so
    // the sum of squared counts falls and the loop ends.
    for (bool moved = true; moved;) {
        moved = false;
        std::vector<std::size_t> byLoad(memberCount);
        for (std::size_t m = 0; m < memberCount; ++m)
            byLoad[m] = m;
        std::stable_sort(byLoad.begin(), byLoad.end(),
            [&](std::size_t a, std::size_t b) { return lists[a].size() > lists[b].size(); });
        for (const std::size_t giver : byLoad) {
            std::vector<Partition> candidates = lists[giver];
            std::sort(candidates.begin(), candidates.end());
            // Give away a partition the member did not own before this rebalance first: it costs no revocation.
            std::stable_partition(candidates.begin(), candidates.end(),
                [&](const Partition& partition) { return !ownedSets[giver].contains(partition); });
            for (const Partition& partition : candidates) {
                const std::size_t receiver = leastLoaded(partition, giver);
                if (receiver == noMember || lists[receiver].size() + 1 >= lists[giver].size())
                    continue;
                auto& from = lists[giver];
                from.erase(std::find(from.begin(), from.end(), partition));
                lists[receiver].push_back(partition);
                moved = true;
                break;
            }
            if (moved)
                break;
        }
    }
    return lists;
}

PartitionLists stickyAssign(const AssignorInput& group)
{
    if (group.members.empty())
        return {};
    const PartitionLists owned = validOwned(group);
    return allSubscriptionsEqual(group) ? constrainedAssign(group, owned) : generalAssign(group, owned);
}

/// CooperativeStickyAssignor.adjustAssignment: a partition given to a member that does not own it while
/// another member does (by its own, unfiltered claim) changes owner, so it waits for the follow-up rebalance.
std::vector<Partition> withholdMoving(const AssignorInput& group, PartitionLists& lists)
{
    std::map<Partition, std::set<std::size_t>> claimants;
    for (std::size_t m = 0; m < group.members.size(); ++m) {
        for (const Partition& partition : group.members[m]->owned)
            claimants[partition].insert(m);
    }
    std::vector<Partition> withheld;
    for (std::size_t m = 0; m < group.members.size(); ++m) {
        auto& mine = lists[m];
        const auto moving = [&](const Partition& partition) {
            const auto found = claimants.find(partition);
            if (found == claimants.end() || found->second.contains(m))
                return false;
            withheld.push_back(partition);
            return true;
        };
        mine.erase(std::remove_if(mine.begin(), mine.end(), moving), mine.end());
    }
    std::sort(withheld.begin(), withheld.end());
    return withheld;
}

} // namespace

std::string_view assignorName(AssignorKind kind)
{
    switch (kind) {
    case AssignorKind::Range:
        return "range";
    case AssignorKind::RoundRobin:
        return "roundrobin";
    case AssignorKind::Sticky:
        return "sticky";
    case AssignorKind::CooperativeSticky:
        return "cooperative-sticky";
    }
    return "range";
}

std::optional<AssignorKind> assignorFromName(std::string_view name)
{
    for (const AssignorKind kind :
        { AssignorKind::Range, AssignorKind::RoundRobin, AssignorKind::Sticky, AssignorKind::CooperativeSticky }) {
        if (assignorName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

bool assignorIsCooperative(AssignorKind kind)
{
    return kind == AssignorKind::CooperativeSticky;
}

bool assignorMemberLess(const AssignorMember& a, const AssignorMember& b)
{
    if (a.groupInstanceId && b.groupInstanceId) {
        if (*a.groupInstanceId != *b.groupInstanceId)
            return *a.groupInstanceId < *b.groupInstanceId;
        return a.memberId < b.memberId;
    }
    if (a.groupInstanceId.has_value() != b.groupInstanceId.has_value())
        return a.groupInstanceId.has_value();
    return a.memberId < b.memberId;
}

AssignorResult runAssignor(
    AssignorKind kind, const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics)
{
    const AssignorInput group = prepare(members, topics);
    AssignorResult result;
    PartitionLists lists;
    switch (kind) {
    case AssignorKind::Range:
        lists = rangeAssign(group);
        break;
    case AssignorKind::RoundRobin:
        lists = roundRobinAssign(group);
        break;
    case AssignorKind::Sticky:
        lists = stickyAssign(group);
        break;
    case AssignorKind::CooperativeSticky:
        lists = stickyAssign(group);
        result.withheld = withholdMoving(group, lists);
        break;
    }
    lists.resize(group.members.size());
    result.assignment = toAssignment(group, std::move(lists));
    return result;
}

GroupAssignment assignPartitions(
    AssignorKind kind, const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics)
{
    return runAssignor(kind, members, topics).assignment;
}

std::vector<AssignorPartition> withheldPartitions(
    AssignorKind kind, const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics)
{
    return runAssignor(kind, members, topics).withheld;
}

} // namespace hw
