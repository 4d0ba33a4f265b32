// SPDX-License-Identifier: MIT
// The scenario's simulated clients: the "producers" section (acks, idempotence and the settings a
// producer may override, checked with the cluster's configuration as ProducerConfig would, and a
// steady producer's rate) and the "consumers" section, whose reader also reads an add_consumer step.
#include "scenario/scenario_reader_internal.h"

#include "clients/producer_config.h"
#include "groups/assignor.h"
#include "model/limits.h"

namespace hw::scenario_reader {

ConsumerSpec readConsumer(const Json& c, const std::string& path, const ClusterSpec& cluster,
                          const std::vector<ConsumerSpec>& existing, bool declared)
{
    requireObject(c, path, "a consumer");
    if (declared)
        checkKeys(c, path, {"id", "group", "subscribe", "assign", "assignor", "auto.offset.reset", "auto.commit",
                            "auto.poll", "max.poll.records", "poll.interval.ms", "start"});
    else
        checkKeys(c, path, {"id", "group", "subscribe", "assign", "assignor", "auto.offset.reset", "auto.commit",
                            "auto.poll", "max.poll.records", "poll.interval.ms"});
    const Context names{cluster};
    ConsumerSpec consumer;
    consumer.id = readString(required(c, "id", path), child(path, "id"));
    for (const ConsumerSpec& other : existing) {
        if (other.id == consumer.id)
            fail(child(path, "id"), "a second consumer with id \"" + consumer.id + "\"");
    }
    if (c.contains("group"))
        consumer.group = readString(c["group"], child(path, "group"));
    if (c.contains("subscribe")) {
        const Json& topics = c["subscribe"];
        const std::string topicsPath = child(path, "subscribe");
        if (!topics.is_array() || topics.empty())
            fail(topicsPath, "expected a non-empty array of topic names, got " + describe(topics));
        for (std::size_t t = 0; t < topics.size(); ++t)
            consumer.topics.push_back(names.topicIndex(topics[t], child(topicsPath, t)));
    }
    if (c.contains("assign")) {
        const Json& assign = c["assign"];
        const std::string assignPath = child(path, "assign");
        if (!consumer.group.empty())
            fail(assignPath, "a consumer in a group gets its partitions from the group; \"assign\" is for "
                             "consumers without a group");
        if (!assign.is_array() || assign.empty())
            fail(assignPath, "expected a non-empty array of {\"topic\": ..., \"partition\": ...}, got " +
                                 describe(assign));
        for (std::size_t a = 0; a < assign.size(); ++a) {
            const std::string itemPath = child(assignPath, a);
            requireObject(assign[a], itemPath, "a topic partition");
            checkKeys(assign[a], itemPath, {"topic", "partition"});
            const int topic = names.topicIndex(required(assign[a], "topic", itemPath), child(itemPath, "topic"));
            const int partition = assign[a].contains("partition")
                                      ? names.partitionIndex(assign[a]["partition"],
                                                                  child(itemPath, "partition"), topic)
                                      : 0;
            consumer.manualPartitions.push_back(names.flatPartition(topic, partition));
        }
    }
    if (consumer.group.empty() && consumer.manualPartitions.empty())
        fail(path, "a consumer needs a \"group\" (with \"subscribe\") or an \"assign\" list");
    if (!consumer.group.empty() && consumer.topics.empty())
        fail(path, "a consumer in a group needs \"subscribe\"");
    if (c.contains("assignor")) {
        const std::string name = readString(c["assignor"], child(path, "assignor"));
        const auto kind = assignorFromName(name);
        if (!kind)
            fail(child(path, "assignor"),
                 "expected \"range\", \"roundrobin\", \"sticky\" or \"cooperative-sticky\", got " +
                     describe(c["assignor"]));
        consumer.assignor = *kind;
    }
    if (c.contains("auto.offset.reset")) {
        const std::string reset = readString(c["auto.offset.reset"], child(path, "auto.offset.reset"));
        if (reset == "earliest")
            consumer.reset = OffsetReset::Earliest;
        else if (reset == "latest")
            consumer.reset = OffsetReset::Latest;
        else if (reset == "none")
            consumer.reset = OffsetReset::None;
        else
            fail(child(path, "auto.offset.reset"),
                 "expected \"earliest\", \"latest\" or \"none\", got " + describe(c["auto.offset.reset"]));
    }
    if (c.contains("auto.commit"))
        consumer.autoCommit = readBool(c["auto.commit"], child(path, "auto.commit"));
    if (c.contains("auto.poll"))
        consumer.autoPoll = readBool(c["auto.poll"], child(path, "auto.poll"));
    if (c.contains("max.poll.records"))
        consumer.maxPollRecords = static_cast<std::int32_t>(
            readInt(c["max.poll.records"], child(path, "max.poll.records"), 1, limits::fetchRecordsMax));
    if (c.contains("poll.interval.ms"))
        consumer.pollIntervalMs = readInt(c["poll.interval.ms"], child(path, "poll.interval.ms"), 0, limits::pollIntervalMsMax);
    if (c.contains("start"))
        consumer.start = readBool(c["start"], child(path, "start"));
    return consumer;
}

void readProducers(const Json& producers, ClusterSpec& cluster)
{
    if (!producers.is_array())
        fail("/producers", "expected an array of producers, got " + describe(producers));
    if (producers.size() > static_cast<std::size_t>(limits::producersMax))
        fail("/producers", "at most " + std::to_string(limits::producersMax) + " producers");
    for (std::size_t i = 0; i < producers.size(); ++i) {
        const std::string path = child("/producers", i);
        const Json& p = producers[i];
        requireObject(p, path, "a producer");
        checkKeys(p, path, {"id", "acks", "rate_per_s", "topic", "keys", "enable.idempotence",
                            "max.in.flight.requests.per.connection", "linger.ms", "retries", "delivery.timeout.ms"});
        ProducerSpec producer;
        producer.id = readString(required(p, "id", path), child(path, "id"));
        for (const ProducerSpec& other : cluster.producers) {
            if (other.id == producer.id)
                fail(child(path, "id"), "a second producer with id \"" + producer.id + "\"");
        }
        if (p.contains("acks"))
            producer.acks = readAcks(p["acks"], child(path, "acks"));
        if (p.contains("enable.idempotence"))
            producer.enableIdempotence = readBool(p["enable.idempotence"], child(path, "enable.idempotence"));
        auto readSetting = [&](const char* key, std::optional<std::int64_t>& into) {
            if (p.contains(key)) {
                const ConfigKeyInfo* info = findConfigKey(key);
                into = readInt(p[key], child(path, key), info->min, info->max);
            }
        };
        readSetting("max.in.flight.requests.per.connection", producer.maxInFlight);
        readSetting("linger.ms", producer.lingerMs);
        readSetting("retries", producer.retries);
        readSetting("delivery.timeout.ms", producer.deliveryTimeoutMs);
        {
            ProducerSettings settings;
            Acks acks = Acks::All;
            if (auto error = resolveProducerSettings(producer, cluster, settings, acks))
                fail(error->producerKey ? child(path, error->key) : child("/cluster/config", error->key),
                     error->key + " " + error->message +
                         (error->producerKey ? "" : " (for producer \"" + producer.id + "\")"));
        }
        if (p.contains("rate_per_s")) {
            producer.ratePerSecond = readInt(p["rate_per_s"], child(path, "rate_per_s"), 1, 1000);
            const Context topicsOnly{cluster};
            producer.rateTopic = topicsOnly.topicIndex(required(p, "topic", path), child(path, "topic"));
        } else if (p.contains("topic")) {
            fail(child(path, "topic"), "\"topic\" goes with \"rate_per_s\" (a producer's steady stream)");
        }
        if (p.contains("keys")) {
            const Json& keys = p["keys"];
            if (!keys.is_null()) {
                if (!keys.is_array() || keys.empty() || keys.size() > 1000)
                    fail(child(path, "keys"), "expected null or an array of 1..1000 key strings, got " + describe(keys));
                for (std::size_t k = 0; k < keys.size(); ++k)
                    producer.keys.push_back(readString(keys[k], child(child(path, "keys"), k), true));
            }
        }
        cluster.producers.push_back(std::move(producer));
    }
}

void readConsumers(const Json& consumers, ClusterSpec& cluster)
{
    if (!consumers.is_array())
        fail("/consumers", "expected an array of consumers, got " + describe(consumers));
    if (consumers.size() > static_cast<std::size_t>(limits::consumersMax))
        fail("/consumers", "at most " + std::to_string(limits::consumersMax) + " consumers");
    for (std::size_t i = 0; i < consumers.size(); ++i) {
        const std::string path = child("/consumers", i);
        const Json& c = consumers[i];
        ConsumerSpec consumer = readConsumer(c, path, cluster, cluster.consumers, true);
        cluster.consumers.push_back(std::move(consumer));
    }
}

} // namespace hw::scenario_reader
