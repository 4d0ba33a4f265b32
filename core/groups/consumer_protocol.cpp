// SPDX-License-Identifier: MIT
#include "groups/consumer_protocol.h"

#include <algorithm>
#include <stdexcept>

namespace hw {

namespace {

// Kafka's classic (non-flexible) encoding: big-endian integers, INT16-length strings, INT32-length
// bytes and arrays, -1 for null.
class Out {
public:
    void int16(std::int16_t v) { put(static_cast<std::uint16_t>(v), 2); }
    void int32(std::int32_t v) { put(static_cast<std::uint32_t>(v), 4); }
    void string(const std::string& v)
    {
        int16(static_cast<std::int16_t>(v.size()));
        m_bytes += v;
    }
    void nullableString(const std::optional<std::string>& v)
    {
        if (v)
            string(*v);
        else
            int16(-1);
    }
    void nullableBytes(const std::optional<std::string>& v)
    {
        if (!v) {
            int32(-1);
            return;
        }
        int32(static_cast<std::int32_t>(v->size()));
        m_bytes += *v;
    }
    void topicPartitions(const std::vector<ConsumerTopicPartitions>& list)
    {
        int32(static_cast<std::int32_t>(list.size()));
        for (const ConsumerTopicPartitions& t : list) {
            string(t.topic);
            int32(static_cast<std::int32_t>(t.partitions.size()));
            for (std::int32_t p : t.partitions)
                int32(p);
        }
    }
    std::string take() { return std::move(m_bytes); }

private:
    void put(std::uint32_t v, int bytes)
    {
        for (int i = bytes - 1; i >= 0; --i)
            m_bytes.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
    }
    std::string m_bytes;
};

struct Malformed : std::runtime_error {
    Malformed() : std::runtime_error("malformed consumer protocol bytes") {}
};

class In {
public:
    explicit In(std::string_view bytes) : m_bytes(bytes) {}
    std::int16_t int16() { return static_cast<std::int16_t>(get(2)); }
    std::int32_t int32() { return static_cast<std::int32_t>(get(4)); }
    std::string string()
    {
        const std::int16_t n = int16();
        if (n < 0)
            throw Malformed();
        return take(static_cast<std::size_t>(n));
    }
    std::optional<std::string> nullableString()
    {
        const std::int16_t n = int16();
        if (n < 0)
            return std::nullopt;
        return take(static_cast<std::size_t>(n));
    }
    std::optional<std::string> nullableBytes()
    {
        const std::int32_t n = int32();
        if (n < 0)
            return std::nullopt;
        return take(static_cast<std::size_t>(n));
    }
    std::int32_t count(std::size_t minElementBytes)
    {
        const std::int32_t n = int32();
        if (n < 0 || n > consumerProtocolElementsMax ||
            static_cast<std::size_t>(n) * minElementBytes > m_bytes.size() - m_at)
            throw Malformed();
        return n;
    }
    std::vector<ConsumerTopicPartitions> topicPartitions()
    {
        std::vector<ConsumerTopicPartitions> out(static_cast<std::size_t>(count(6)));
        for (ConsumerTopicPartitions& t : out) {
            t.topic = string();
            t.partitions.resize(static_cast<std::size_t>(count(4)));
            for (std::int32_t& p : t.partitions)
                p = int32();
        }
        return out;
    }
    bool atEnd() const { return m_at == m_bytes.size(); }

private:
    std::uint32_t get(std::size_t n)
    {
        if (m_bytes.size() - m_at < n)
            throw Malformed();
        std::uint32_t v = 0;
        for (std::size_t i = 0; i < n; ++i)
            v = (v << 8) | static_cast<unsigned char>(m_bytes[m_at + i]);
        m_at += n;
        return v;
    }
    std::string take(std::size_t n)
    {
        if (m_bytes.size() - m_at < n)
            throw Malformed();
        std::string out(m_bytes.substr(m_at, n));
        m_at += n;
        return out;
    }
    std::string_view m_bytes;
    std::size_t m_at = 0;
};

void checkVersion(std::int16_t version)
{
    if (version < 0 || version > consumerProtocolVersionMax)
        throw std::logic_error("a consumer protocol struct has versions 0 to 3, not " + std::to_string(version));
}

} // namespace

std::string encodeConsumerSubscription(const ConsumerSubscription& value)
{
    checkVersion(value.version);
    Out out;
    out.int16(value.version);
    out.int32(static_cast<std::int32_t>(value.topics.size()));
    for (const std::string& topic : value.topics)
        out.string(topic);
    out.nullableBytes(value.userData);
    if (value.version >= 1)
        out.topicPartitions(value.ownedPartitions);
    if (value.version >= 2)
        out.int32(value.generationId);
    if (value.version >= 3)
        out.nullableString(value.rackId);
    return out.take();
}

std::string encodeConsumerAssignment(const ConsumerAssignment& value)
{
    checkVersion(value.version);
    Out out;
    out.int16(value.version);
    out.topicPartitions(value.partitions);
    out.nullableBytes(value.userData);
    return out.take();
}

std::optional<ConsumerSubscription> decodeConsumerSubscription(std::string_view bytes)
{
    try {
        In in(bytes);
        ConsumerSubscription out;
        out.version = in.int16();
        if (out.version < 0)
            return std::nullopt;
        const std::int16_t read = std::min(out.version, consumerProtocolVersionMax);
        out.topics.resize(static_cast<std::size_t>(in.count(2)));
        for (std::string& topic : out.topics)
            topic = in.string();
        out.userData = in.nullableBytes();
        if (read >= 1)
            out.ownedPartitions = in.topicPartitions();
        if (read >= 2)
            out.generationId = in.int32();
        if (read >= 3)
            out.rackId = in.nullableString();
        return out;
    } catch (const Malformed&) {
        return std::nullopt;
    }
}

std::optional<ConsumerAssignment> decodeConsumerAssignment(std::string_view bytes)
{
    try {
        In in(bytes);
        ConsumerAssignment out;
        out.version = in.int16();
        if (out.version < 0)
            return std::nullopt;
        out.partitions = in.topicPartitions();
        out.userData = in.nullableBytes();
        return out;
    } catch (const Malformed&) {
        return std::nullopt;
    }
}

} // namespace hw
