// SPDX-License-Identifier: MIT
// The scenario's "cluster" section: the brokers, their racks (broker.rack), the Kafka version that
// decides the defaults, and the configuration, whose keys and values are checked as the version's
// rules allow. The configuration's reader and acks serve the `config` step and the producers too.
#include "scenario/scenario_reader_internal.h"

#include "model/limits.h"

namespace hw::scenario_reader {

Acks readAcks(const Json& value, const std::string& path)
{
    if (value.is_string()) {
        const std::string s = value.get<std::string>();
        if (s == "all" || s == "-1")
            return Acks::All;
        if (s == "1")
            return Acks::Leader;
        if (s == "0")
            return Acks::None;
    } else if (value.is_number_integer()) {
        const auto n = value.get<std::int64_t>();
        if (n == -1)
            return Acks::All;
        if (n == 1)
            return Acks::Leader;
        if (n == 0)
            return Acks::None;
    }
    fail(path, "expected acks \"all\", 1 or 0, got " + describe(value));
}

namespace {

ConfigValue readConfigValue(const Json& value, const std::string& path, const ConfigKeyInfo& info)
{
    ConfigValue out;
    out.kind = info.kind;
    switch (info.kind) {
    case ConfigValue::Kind::Integer:
        out.integer = readInt(value, path, info.min, info.max);
        break;
    case ConfigValue::Kind::Boolean:
        out.boolean = readBool(value, path);
        break;
    case ConfigValue::Kind::Text:
        if (info.name == "acks") {
            const Acks acks = readAcks(value, path);
            out.text = acks == Acks::All ? "all" : acks == Acks::Leader ? "1" : "0";
            break;
        }
        out.text = readString(value, path);
        break;
    }
    return out;
}

} // namespace

std::vector<ConfigAction> readConfigObject(const Json& value, const std::string& path, const ClusterConfig& base,
                                           bool inStep)
{
    requireObject(value, path, "configuration keys and values");
    std::vector<ConfigAction> out;
    ClusterConfig probe = base;
    for (const auto& item : value.items()) {
        const std::string itemPath = child(path, item.key());
        if (item.key() == "kafka_version" || item.key() == "cluster.kafka_version")
            fail(itemPath, "kafka_version is fixed for the run; expected it once, as cluster.kafka_version");
        if (inStep && isFixedForRun(item.key())) {
            const bool controllerKey
                = item.key() == "auto.leader.rebalance.enable" || item.key() == "leader.imbalance.check.interval.seconds";
            fail(itemPath, item.key() +
                               (item.key() == "eligible.leader.replicas.enable"
                                    ? " is fixed for the run (a feature level set when the cluster is formatted); "
                                    : controllerKey ? " is fixed for the run (the controller reads it when it starts); "
                                                    : " is fixed for the run (a producer reads it once, when it is created); ") +
                               "expected it in cluster.config");
        }
        const ConfigKeyInfo* info = findConfigKey(item.key());
        if (!info) {
            std::string known;
            for (const ConfigKeyInfo& k : configKeys())
                known += (known.empty() ? "" : ", ") + std::string(k.name);
            fail(itemPath, "unknown configuration key \"" + item.key() + "\"; expected one of: " + known);
        }
        ConfigAction action{item.key(), readConfigValue(item.value(), itemPath, *info)};
        std::string expected = setConfig(probe, action.key, action.value);
        if (!expected.empty())
            fail(itemPath, "expected " + expected);
        out.push_back(std::move(action));
    }
    return out;
}

namespace {

/// cluster.racks: one broker.rack per broker, a name or null (no rack). Names are printable ASCII so
/// that Java's String.compareTo and String.hashCode, which the striped placer's order and draws follow,
/// are those of the bytes.
std::vector<std::optional<std::string>> readRacks(const Json& value, const std::string& path, int brokers)
{
    if (!value.is_array())
        fail(path, "expected an array with one rack per broker (a name, or null for no rack), got " + describe(value));
    if (value.size() != static_cast<std::size_t>(brokers))
        fail(path, "expected " + std::to_string(brokers) + " racks, one per broker, got " +
                       std::to_string(value.size()));
    std::vector<std::optional<std::string>> racks;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string itemPath = child(path, i);
        const Json& item = value[i];
        if (item.is_null()) {
            racks.emplace_back();
            continue;
        }
        if (!item.is_string())
            fail(itemPath, "expected a rack name (a string) or null for no rack, got " + describe(item));
        const std::string name = item.get<std::string>();
        if (name.empty())
            fail(itemPath, "expected a non-empty rack name, or null for no rack");
        if (name.size() > limits::rackBytesMax)
            fail(itemPath, "a rack name longer than the limit of " + std::to_string(limits::rackBytesMax) + " bytes");
        for (std::size_t c = 0; c < name.size(); ++c) {
            const auto byte = static_cast<unsigned char>(name[c]);
            if (byte < 0x20 || byte > 0x7e)
                fail(itemPath, "expected a rack name of printable ASCII characters (space to ~), got byte " +
                                   std::to_string(byte) + " at position " + std::to_string(c));
        }
        racks.emplace_back(name);
    }
    return racks;
}

KafkaVersion readKafkaVersion(const Json& value, const std::string& path)
{
    if (value.is_number())
        fail(path, "expected a string such as \"4.2\" (in quotes), got the number " + value.dump());
    const std::string text = readString(value, path);
    const std::optional<KafkaVersion> version = parseKafkaVersion(text);
    if (!version)
        fail(path, "expected one of " + std::string(kafkaVersionChoices()) + ", got \"" + text + "\"");
    return *version;
}

} // namespace

void readCluster(const Json& cluster, ClusterSpec& spec, std::optional<KafkaVersion> versionOverride)
{
    requireObject(cluster, "/cluster", "the cluster");
    checkKeys(cluster, "/cluster", {"brokers", "kafka_version", "racks", "config"});
    spec.brokers = static_cast<int>(readInt(required(cluster, "brokers", "/cluster"), "/cluster/brokers", 1,
                                            limits::brokersMax));
    if (cluster.contains("racks"))
        spec.racks = readRacks(cluster["racks"], "/cluster/racks", spec.brokers);
    // The version first: it decides the defaults, and which keys and values the config may hold.
    KafkaVersion version = defaultKafkaVersion;
    if (cluster.contains("kafka_version"))
        version = readKafkaVersion(cluster["kafka_version"], "/cluster/kafka_version");
    if (versionOverride)
        version = *versionOverride;
    spec.config = defaultsFor(version);
    if (cluster.contains("config")) {
        for (const ConfigAction& change : readConfigObject(cluster["config"], "/cluster/config", spec.config, false)) {
            setConfig(spec.config, change.key, change.value);
            spec.idempotenceSet = spec.idempotenceSet || change.key == "enable.idempotence";
            spec.deliveryTimeoutSet = spec.deliveryTimeoutSet || change.key == "delivery.timeout.ms";
        }
    }
}

} // namespace hw::scenario_reader
