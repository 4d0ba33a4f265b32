// SPDX-License-Identifier: MIT
#include "controller/striped_placer.h"

#include <algorithm>
#include <numeric>

namespace hw {

namespace {

/// The UTF-16 code units of a UTF-8 string: Java hashes and compares strings by them.
std::u16string utf16(const std::string& text)
{
    std::u16string out;
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        char32_t c = byte;
        std::size_t length = 1;
        if (byte >= 0xF0) {
            c = byte & 0x07U;
            length = 4;
        } else if (byte >= 0xE0) {
            c = byte & 0x0FU;
            length = 3;
        } else if (byte >= 0xC0) {
            c = byte & 0x1FU;
            length = 2;
        }
        for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3FU);
        i += length;
        if (c >= 0x10000) {
            c -= 0x10000;
            out.push_back(static_cast<char16_t>(0xD800 + (c >> 10)));
            out.push_back(static_cast<char16_t>(0xDC00 + (c & 0x3FF)));
        } else {
            out.push_back(static_cast<char16_t>(c));
        }
    }
    return out;
}

/// Optional<String>.hashCode(): 0 for no rack, else String.hashCode().
std::uint32_t javaHash(const std::optional<std::string>& rack)
{
    std::uint32_t h = 0;
    if (rack) {
        for (const char16_t unit : utf16(*rack))
            h = 31 * h + unit;
    }
    return h;
}

/// The order java.util.HashMap iterates its keys in, from the order they were put: by bucket
/// (the spread hash masked by the table size, which doubles past 0.75 full from 16), and in a
/// bucket by insertion (a resize keeps that order).
std::vector<std::size_t> hashMapOrder(const std::vector<std::optional<std::string>>& keys)
{
    std::size_t capacity = 16;
    while (static_cast<double>(keys.size()) > 0.75 * static_cast<double>(capacity))
        capacity *= 2;
    auto bucket = [capacity](const std::optional<std::string>& key) {
        const std::uint32_t h = javaHash(key);
        return static_cast<std::size_t>(h ^ (h >> 16)) & (capacity - 1);
    };
    std::vector<std::size_t> order(keys.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(
        order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return bucket(keys[a]) < bucket(keys[b]); });
    return order;
}

/// StripedReplicaPlacer's OptionalStringComparator: no rack first, then String.compareTo.
bool rackNameBefore(const std::optional<std::string>& a, const std::optional<std::string>& b)
{
    if (!a || !b)
        return !a && b;
    return utf16(*a) < utf16(*b);
}

PlacementError nonPositive(int replicationFactor)
{
    return { "Invalid replication factor " + std::to_string(replicationFactor)
        + ": the replication factor must be positive." };
}

PlacementError tooFew(int replicationFactor, int total)
{
    return { "The target replication factor of " + std::to_string(replicationFactor)
        + " cannot be reached because only " + std::to_string(total) + " broker(s) are registered." };
}

PlacementError allFenced()
{
    return { "All brokers are currently fenced." };
}

} // namespace

void StripedBrokerList::initialize(JavaRandom& random)
{
    if (m_brokers.empty())
        return;
    std::sort(m_brokers.begin(), m_brokers.end());
    m_offset = static_cast<std::size_t>(random.nextInt(static_cast<std::int32_t>(m_brokers.size())));
}

BrokerId StripedBrokerList::next(int epoch)
{
    if (m_brokers.empty())
        return -1;
    if (m_epoch != epoch) {
        m_epoch = epoch;
        m_index = 0;
        m_offset = (m_offset + 1) % m_brokers.size();
    }
    if (m_index >= m_brokers.size())
        return -1;
    const BrokerId broker = m_brokers[(m_index + m_offset) % m_brokers.size()];
    ++m_index;
    return broker;
}

StripedRackList::StripedRackList(JavaRandom& random, const std::vector<UsableBroker>& brokers) : m_random(random)
{
    for (const UsableBroker& broker : brokers) {
        auto found = std::find(m_names.begin(), m_names.end(), broker.rack);
        if (found == m_names.end()) {
            m_names.push_back(broker.rack);
            m_racks.emplace_back();
            found = m_names.end() - 1;
        }
        Rack& rack = m_racks[static_cast<std::size_t>(found - m_names.begin())];
        (broker.fenced ? rack.fenced : rack.unfenced).add(broker.id);
        ++m_total;
        if (!broker.fenced)
            ++m_unfenced;
    }
    // Each rack draws its start offsets (fenced, then unfenced) in HashMap order, before the names
    // are sorted and the rack offset is drawn.
    m_hashOrder = hashMapOrder(m_names);
    for (const std::size_t r : m_hashOrder) {
        m_racks[r].fenced.initialize(m_random);
        m_racks[r].unfenced.initialize(m_random);
    }
    m_order.resize(m_names.size());
    std::iota(m_order.begin(), m_order.end(), 0);
    std::stable_sort(m_order.begin(), m_order.end(), [this](std::int32_t a, std::int32_t b) {
        return rackNameBefore(m_names[static_cast<std::size_t>(a)], m_names[static_cast<std::size_t>(b)]);
    });
    m_offset
        = m_order.empty() ? 0 : static_cast<std::size_t>(m_random.nextInt(static_cast<std::int32_t>(m_order.size())));
}

std::vector<std::optional<std::string>> StripedRackList::rackNames() const
{
    std::vector<std::optional<std::string>> names;
    for (const std::int32_t r : m_order)
        names.push_back(m_names[static_cast<std::size_t>(r)]);
    return names;
}

StripedRackList::Rack& StripedRackList::rackAt(std::size_t position)
{
    return m_racks[static_cast<std::size_t>(m_order[position])];
}

std::variant<std::vector<BrokerId>, PlacementError> StripedRackList::place(int replicationFactor)
{
    if (replicationFactor <= 0)
        return nonPositive(replicationFactor);
    if (replicationFactor > m_total)
        return tooFew(replicationFactor, m_total);
    if (m_unfenced == 0)
        return allFenced();
    // After as many partitions as unfenced brokers, the racks and their brokers are shuffled (not
    // sorted again, and with their offsets kept).
    if (m_epoch == m_unfenced && m_unfenced > 1) {
        javaShuffle(m_order, m_random);
        for (const std::size_t r : m_hashOrder) {
            m_racks[r].fenced.shuffle(m_random);
            m_racks[r].unfenced.shuffle(m_random);
        }
        m_epoch = 0;
    }
    if (m_offset == m_order.size())
        m_offset = 0;
    std::vector<BrokerId> replicas;
    // The leader: the first rack from the offset on that still has an unfenced broker.
    std::size_t firstRack = m_offset;
    for (;;) {
        const BrokerId leader = rackAt(firstRack).unfenced.next(m_epoch);
        if (leader >= 0) {
            replicas.push_back(leader);
            break;
        }
        firstRack = (firstRack + 1) % m_order.size();
    }
    // The followers go round the racks from the offset (not from the leader's rack), skipping the
    // leader's rack once, unfenced brokers first.
    std::size_t rackIndex = m_offset;
    bool leaderRackSkipped = false;
    for (int replica = 1; replica < replicationFactor; ++replica) {
        BrokerId result = -1;
        do {
            if (!leaderRackSkipped && rackIndex == firstRack) {
                leaderRackSkipped = true;
            } else {
                Rack& rack = rackAt(rackIndex);
                result = rack.unfenced.next(m_epoch);
                if (result < 0)
                    result = rack.fenced.next(m_epoch);
            }
            rackIndex = (rackIndex + 1) % m_order.size();
        } while (result < 0);
        replicas.push_back(result);
    }
    ++m_epoch;
    ++m_offset;
    return replicas;
}

std::variant<Placement, PlacementError> placeStriped(
    const std::vector<UsableBroker>& brokers, int partitions, int replicationFactor, JavaRandom& random)
{
    StripedRackList racks(random, brokers);
    // StripedReplicaPlacer.place checks fenced before too few; RackList.place the other way round.
    if (replicationFactor <= 0)
        return nonPositive(replicationFactor);
    if (racks.unfencedBrokers() == 0)
        return allFenced();
    if (replicationFactor > racks.totalBrokers())
        return tooFew(replicationFactor, racks.totalBrokers());
    Placement placement;
    for (int p = 0; p < partitions; ++p) {
        auto replicas = racks.place(replicationFactor);
        if (auto* error = std::get_if<PlacementError>(&replicas))
            return *error;
        placement.push_back(std::move(std::get<std::vector<BrokerId>>(replicas)));
    }
    return placement;
}

} // namespace hw
