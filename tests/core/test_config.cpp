// SPDX-License-Identifier: MIT
// The configuration keys a scenario may set: names, kinds, bounds, round trips and error messages.

#include "model/config.h"
#include "model/limits.h"
#include "model/version_rules.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

using hw::ClusterConfig;
using hw::ConfigValue;
using Kind = hw::ConfigValue::Kind;

ConfigValue integer(std::int64_t v)
{
    ConfigValue value;
    value.kind = Kind::Integer;
    value.integer = v;
    return value;
}

ConfigValue flag(bool b)
{
    ConfigValue value;
    value.kind = Kind::Boolean;
    value.boolean = b;
    return value;
}

ConfigValue text(std::string s)
{
    ConfigValue value;
    value.kind = Kind::Text;
    value.text = std::move(s);
    return value;
}

std::string keyName(const ::testing::TestParamInfo<hw::ConfigKeyInfo>& info)
{
    std::string name(info.param.name);
    for (char& c : name) {
        if (c == '.')
            c = '_';
    }
    return name;
}

/// A legal value for the key that differs from its default.
ConfigValue otherValue(const hw::ConfigKeyInfo& key, const ConfigValue& current)
{
    switch (key.kind) {
    case Kind::Integer:
        return integer(current.integer == key.max ? key.min : key.max);
    case Kind::Boolean:
        return flag(!current.boolean);
    case Kind::Text:
        if (key.name == "acks")
            return text(current.text == "all" ? "1" : "all");
        return text(current.text == "leader-epoch" ? "high-watermark" : "leader-epoch");
    }
    return {};
}

TEST(ConfigKeys, IncludeTheModelledKafkaKeysOnceEachWithHelp)
{
    const auto& keys = hw::configKeys();
    std::vector<std::string> names;
    for (const auto& key : keys) {
        names.emplace_back(key.name);
        EXPECT_FALSE(key.help.empty()) << key.name;
        if (key.kind == Kind::Integer) {
            EXPECT_LE(key.min, key.max) << key.name;
        }
    }
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size()) << "duplicate key names";

    // The keys sections 1, 2 and 4 of kafka-semantics.md depend on, with the kind a scenario writes.
    const std::vector<std::pair<std::string, Kind>> required = {
        { "min.insync.replicas", Kind::Integer },
        { "replica.lag.time.max.ms", Kind::Integer },
        { "network.latency.ms", Kind::Integer },
        { "auto.fetch", Kind::Boolean },
        { "replica.fetch.wait.max.ms", Kind::Integer },
        { "replica.fetch.max.records", Kind::Integer },
        { "broker.session.timeout.ms", Kind::Integer },
        { "request.timeout.ms", Kind::Integer },
        { "batch.size", Kind::Integer },
        { "unclean.leader.election.enable", Kind::Boolean },
        { "truncation", Kind::Text },
    };
    for (const auto& [name, kind] : required) {
        const auto it = std::find(names.begin(), names.end(), name);
        ASSERT_NE(it, names.end()) << name;
        EXPECT_EQ(keys[static_cast<std::size_t>(it - names.begin())].kind, kind) << name;
    }
    EXPECT_EQ(names.front(), "min.insync.replicas") << "documentation order starts with the replication keys";
}

TEST(ConfigKeys, FindConfigKeyFindsExactlyTheKnownNames)
{
    for (const auto& key : hw::configKeys()) {
        const hw::ConfigKeyInfo* found = hw::findConfigKey(key.name);
        ASSERT_NE(found, nullptr) << key.name;
        EXPECT_EQ(found->name, key.name);
        EXPECT_EQ(found->kind, key.kind);
    }
    EXPECT_EQ(hw::findConfigKey("min.insync"), nullptr);
    EXPECT_EQ(hw::findConfigKey("MIN.INSYNC.REPLICAS"), nullptr);
    EXPECT_EQ(hw::findConfigKey(""), nullptr);
}

TEST(ConfigDefaults, AreKafkasDefaults)
{
    const ClusterConfig config;
    auto get = [&](const char* name) {
        auto value = hw::getConfig(config, name);
        EXPECT_TRUE(value.has_value()) << name;
        return value.value_or(ConfigValue {});
    };
    EXPECT_EQ(get("min.insync.replicas"), integer(1));
    EXPECT_EQ(get("replica.lag.time.max.ms"), integer(30000));
    EXPECT_EQ(get("replica.fetch.wait.max.ms"), integer(500));
    EXPECT_EQ(get("replica.fetch.backoff.ms"), integer(1000));
    EXPECT_EQ(get("broker.heartbeat.interval.ms"), integer(2000));
    EXPECT_EQ(get("broker.session.timeout.ms"), integer(9000));
    EXPECT_EQ(get("request.timeout.ms"), integer(30000));
    EXPECT_EQ(get("retries"), integer(2147483647));
    EXPECT_EQ(get("retry.backoff.ms"), integer(100));
    EXPECT_EQ(get("delivery.timeout.ms"), integer(120000));
    EXPECT_EQ(get("batch.size"), integer(16384));
    EXPECT_EQ(get("unclean.leader.election.enable"), flag(false));
    EXPECT_EQ(get("truncation"), text("leader-epoch"));
    EXPECT_EQ(get("auto.fetch"), flag(true));
}

TEST(ConfigDefaults, UnknownKeysAreRejected)
{
    ClusterConfig config;
    EXPECT_EQ(hw::setConfig(config, "no.such.key", integer(1)), "a known configuration key");
    EXPECT_EQ(config, ClusterConfig {});
    EXPECT_FALSE(hw::getConfig(config, "no.such.key").has_value());
}

// Every key, one at a time.
class ConfigKey : public ::testing::TestWithParam<hw::ConfigKeyInfo> { };

TEST_P(ConfigKey, GetConfigReportsTheDeclaredKind)
{
    const auto value = hw::getConfig(ClusterConfig {}, GetParam().name);
    ASSERT_TRUE(value.has_value());
    EXPECT_EQ(value->kind, GetParam().kind);
}

TEST_P(ConfigKey, RoundTripsAndChangesOnlyItself)
{
    const hw::ConfigKeyInfo& key = GetParam();
    const ClusterConfig defaults;
    const ConfigValue before = *hw::getConfig(defaults, key.name);
    const ConfigValue wanted = otherValue(key, before);
    ASSERT_NE(wanted, before);

    ClusterConfig config;
    EXPECT_EQ(hw::setConfig(config, key.name, wanted), "");
    EXPECT_EQ(hw::getConfig(config, key.name), wanted);
    EXPECT_NE(config, defaults);
    for (const auto& other : hw::configKeys()) {
        if (other.name != key.name) {
            EXPECT_EQ(hw::getConfig(config, other.name), hw::getConfig(defaults, other.name))
                << "setting " << key.name << " changed " << other.name;
        }
    }

    // Setting the old value back restores the default configuration exactly.
    EXPECT_EQ(hw::setConfig(config, key.name, before), "");
    EXPECT_EQ(config, defaults);
}

TEST_P(ConfigKey, FormattedValueIsWhatAScenarioWrites)
{
    const hw::ConfigKeyInfo& key = GetParam();
    const ConfigValue value = *hw::getConfig(ClusterConfig {}, key.name);
    const std::string formatted = hw::formatConfigValue(value);
    switch (key.kind) {
    case Kind::Integer:
        EXPECT_EQ(formatted, std::to_string(value.integer));
        break;
    case Kind::Boolean:
        EXPECT_EQ(formatted, value.boolean ? "true" : "false");
        break;
    case Kind::Text:
        EXPECT_EQ(formatted, value.text);
        break;
    }
}

TEST_P(ConfigKey, AValueOfTheWrongKindNamesTheExpectedKind)
{
    const hw::ConfigKeyInfo& key = GetParam();
    const std::string expected = key.kind == Kind::Integer ? "an integer"
        : key.kind == Kind::Boolean                        ? "true or false"
                                                           : "a string";
    for (const ConfigValue& wrong : { integer(1), flag(true), text("1") }) {
        if (wrong.kind == key.kind)
            continue;
        ClusterConfig config;
        EXPECT_EQ(hw::setConfig(config, key.name, wrong), expected) << hw::formatConfigValue(wrong);
        EXPECT_EQ(config, ClusterConfig {}) << "a rejected value must not change anything";
    }
}

INSTANTIATE_TEST_SUITE_P(AllKeys, ConfigKey, ::testing::ValuesIn(hw::configKeys()), keyName);

std::vector<hw::ConfigKeyInfo> integerKeys()
{
    std::vector<hw::ConfigKeyInfo> out;
    for (const auto& key : hw::configKeys()) {
        if (key.kind == Kind::Integer)
            out.push_back(key);
    }
    return out;
}

class IntegerConfigKey : public ::testing::TestWithParam<hw::ConfigKeyInfo> { };

TEST_P(IntegerConfigKey, OutsideTheBoundsNamesTheRange)
{
    const hw::ConfigKeyInfo& key = GetParam();
    ASSERT_EQ(key.kind, Kind::Integer);
    const std::string expected = "an integer in " + std::to_string(key.min) + ".." + std::to_string(key.max);

    ClusterConfig config;
    EXPECT_EQ(hw::setConfig(config, key.name, integer(key.min - 1)), expected);
    EXPECT_EQ(hw::setConfig(config, key.name, integer(key.max + 1)), expected);
    EXPECT_EQ(hw::setConfig(config, key.name, integer(-1000000000000)), expected);
    EXPECT_EQ(config, ClusterConfig {});

    EXPECT_EQ(hw::setConfig(config, key.name, integer(key.min)), "");
    EXPECT_EQ(hw::getConfig(config, key.name)->integer, key.min);
    EXPECT_EQ(hw::setConfig(config, key.name, integer(key.max)), "");
    EXPECT_EQ(hw::getConfig(config, key.name)->integer, key.max);
}

INSTANTIATE_TEST_SUITE_P(AllIntegerKeys, IntegerConfigKey, ::testing::ValuesIn(integerKeys()), keyName);

struct Bounds {
    std::string key;
    std::int64_t min;
    std::int64_t max;
};

class ConfigBounds : public ::testing::TestWithParam<Bounds> { };

TEST_P(ConfigBounds, AreTheDocumentedOnes)
{
    const hw::ConfigKeyInfo* key = hw::findConfigKey(GetParam().key);
    ASSERT_NE(key, nullptr);
    EXPECT_EQ(key->kind, Kind::Integer);
    EXPECT_EQ(key->min, GetParam().min);
    EXPECT_EQ(key->max, GetParam().max);
}

INSTANTIATE_TEST_SUITE_P(Selected, ConfigBounds,
    ::testing::Values(Bounds { "min.insync.replicas", 1, hw::limits::brokersMax },
        Bounds { "replica.lag.time.max.ms", 1, 3600000 }, Bounds { "network.latency.ms", 1, hw::limits::latencyMsMax },
        Bounds { "replica.fetch.wait.max.ms", 0, 60000 },
        Bounds { "replica.fetch.max.records", 1, hw::limits::fetchRecordsMax }, Bounds { "retries", 0, 2147483647 },
        Bounds { "batch.size", 1, 1048576 }),
    [](const auto& info) {
        std::string name = info.param.key;
        for (char& c : name) {
            if (c == '.')
                c = '_';
        }
        return name;
    });

TEST(ConfigValues, SetConfigWritesTheRightFields)
{
    ClusterConfig config;
    EXPECT_EQ(hw::setConfig(config, "min.insync.replicas", integer(2)), "");
    EXPECT_EQ(hw::setConfig(config, "replica.lag.time.max.ms", integer(10000)), "");
    EXPECT_EQ(hw::setConfig(config, "auto.fetch", flag(false)), "");
    EXPECT_EQ(hw::setConfig(config, "batch.size", integer(100)), "");
    EXPECT_EQ(hw::setConfig(config, "unclean.leader.election.enable", flag(true)), "");
    EXPECT_EQ(hw::setConfig(config, "truncation", text("high-watermark")), "");
    EXPECT_EQ(config.minInsyncReplicas, 2);
    EXPECT_EQ(config.replicaLagTimeMaxMs, 10000);
    EXPECT_FALSE(config.autoFetch);
    EXPECT_EQ(config.batchSize, 100);
    EXPECT_TRUE(config.uncleanLeaderElectionEnable);
    EXPECT_EQ(config.truncation, hw::TruncationMode::HighWatermark);
    EXPECT_EQ(config.requestTimeoutMs, 30000); // untouched
}

TEST(ConfigValues, TruncationAcceptsOnlyItsTwoWords)
{
    ClusterConfig config;
    EXPECT_EQ(hw::setConfig(config, "truncation", text("hw")), "\"leader-epoch\" or \"high-watermark\"");
    EXPECT_EQ(hw::setConfig(config, "truncation", text("Leader-Epoch")), "\"leader-epoch\" or \"high-watermark\"");
    EXPECT_EQ(config.truncation, hw::TruncationMode::LeaderEpoch);
    EXPECT_EQ(hw::setConfig(config, "truncation", text("high-watermark")), "");
    EXPECT_EQ(hw::getConfig(config, "truncation"), text("high-watermark"));
    EXPECT_EQ(hw::setConfig(config, "truncation", text("leader-epoch")), "");
    EXPECT_EQ(config.truncation, hw::TruncationMode::LeaderEpoch);
}

TEST(ConfigValues, FormatConfigValue)
{
    EXPECT_EQ(hw::formatConfigValue(integer(42)), "42");
    EXPECT_EQ(hw::formatConfigValue(integer(0)), "0");
    EXPECT_EQ(hw::formatConfigValue(integer(-7)), "-7");
    EXPECT_EQ(hw::formatConfigValue(integer(2147483647)), "2147483647");
    EXPECT_EQ(hw::formatConfigValue(flag(true)), "true");
    EXPECT_EQ(hw::formatConfigValue(flag(false)), "false");
    EXPECT_EQ(hw::formatConfigValue(text("leader-epoch")), "leader-epoch");
    EXPECT_EQ(hw::formatConfigValue(text("")), "");
}

} // namespace

TEST(KafkaVersion, NamesParseBackAndNothingElseParses)
{
    for (hw::KafkaVersion v : hw::kafkaVersions())
        EXPECT_EQ(hw::parseKafkaVersion(hw::kafkaVersionName(v)), v);
    EXPECT_EQ(hw::kafkaVersions().size(), 8u);
    EXPECT_EQ(hw::kafkaVersionName(hw::defaultKafkaVersion), "4.4");
    EXPECT_EQ(hw::kafkaVersions().back(), hw::defaultKafkaVersion) << "the default is the newest release";
    EXPECT_EQ(hw::parseKafkaVersion("4.3"), hw::KafkaVersion::V4_3);
    EXPECT_EQ(hw::parseKafkaVersion("4.4"), hw::KafkaVersion::V4_4);
    EXPECT_EQ(hw::kafkaVersionChoices(), R"("3.7", "3.8", "3.9", "4.0", "4.1", "4.2", "4.3", "4.4")");
    for (const char* bad : {"", "3.6", "4.5", "5.0", "4.2.0", "4.4.0", " 4.2", "4", "v4.4"})
        EXPECT_FALSE(hw::parseKafkaVersion(bad)) << bad;
    // A scenario without a version runs the default.
    EXPECT_EQ(hw::ClusterConfig {}.kafkaVersion, hw::KafkaVersion::V4_4);
}

// The version table: every predicate of model/version_rules.h at every modelled release, as
// docs/research/kafka-controller-rules-3.7-4.2.md (3.7-4.2) and kafka-rules-4.3-4.4.md (4.3.1 and 4.4.0
// against 4.2.0: no modelled rule changed) found them in Kafka's code.
TEST(KafkaVersion, EveryRuleAtEveryRelease)
{
    using V = hw::KafkaVersion;
    using U = hw::rules::UncleanScan;
    using L = hw::rules::LastKnownLeaderRule;
    struct Row {
        V version;
        bool uncleanHonoured;
        U scan;
        bool elrSupported, elrDefault, registrationLeavesIsrs, sessionSurvivesFencing, fenceSampled;
        bool lastKnownUnacceptable;
        L lastKnown;
        std::int64_t linger;
        bool inFlightError;
    };
    const std::vector<Row> table = {
        {V::V3_7, false, U::None, false, false, false, false, false, false, L::WhenIsrEmpties, 0, false},
        {V::V3_8, false, U::None, false, false, false, false, false, false, L::WhenIsrEmpties, 0, false},
        {V::V3_9, true, U::AfterLeaderlessWrite, false, false, false, false, false, false, L::WhenIsrEmpties, 0, false},
        {V::V4_0, true, U::Periodic, true, false, true, true, true, true, L::WhenIsrEmpties, 5, true},
        {V::V4_1, true, U::Periodic, true, true, true, true, true, false, L::WhenLeaderless, 5, true},
        {V::V4_2, true, U::Periodic, true, true, true, true, true, false, L::WhenLeaderless, 5, true},
        {V::V4_3, true, U::Periodic, true, true, true, true, true, false, L::WhenLeaderless, 5, true},
        {V::V4_4, true, U::Periodic, true, true, true, true, true, false, L::WhenLeaderless, 5, true},
    };
    ASSERT_EQ(table.size(), hw::kafkaVersions().size()) << "a release without a row";
    for (const Row& r : table) {
        const std::string name(hw::kafkaVersionName(r.version));
        EXPECT_EQ(hw::rules::uncleanConfigHonoured(r.version), r.uncleanHonoured) << name;
        EXPECT_EQ(hw::rules::uncleanScan(r.version), r.scan) << name;
        EXPECT_EQ(hw::rules::elrSupported(r.version), r.elrSupported) << name;
        EXPECT_EQ(hw::rules::elrDefault(r.version), r.elrDefault) << name;
        EXPECT_EQ(hw::defaultsFor(r.version).eligibleLeaderReplicasEnable, r.elrDefault) << name;
        EXPECT_EQ(hw::rules::registrationLeavesIsrs(r.version), r.registrationLeavesIsrs) << name;
        EXPECT_EQ(hw::rules::sessionSurvivesFencing(r.version), r.sessionSurvivesFencing) << name;
        EXPECT_EQ(hw::rules::fenceCheckSampled(r.version), r.fenceSampled) << name;
        EXPECT_EQ(hw::rules::lastKnownLeaderMayBeUnacceptable(r.version), r.lastKnownUnacceptable) << name;
        EXPECT_EQ(hw::rules::lastKnownLeaderRule(r.version), r.lastKnown) << name;
        EXPECT_EQ(hw::rules::lingerMsDefault(r.version), r.linger) << name;
        EXPECT_EQ(hw::rules::inFlightAboveFiveIsAnError(r.version), r.inFlightError) << name;
    }
}

TEST(KafkaVersion, ElrIsOffBefore41AndCannotBeSwitchedOnBefore40)
{
    // EligibleLeaderReplicasVersion.ELRV_1 bootstraps at IBP_4_1_IV0 and needs metadata 4.0-IV1.
    const std::vector<std::pair<hw::KafkaVersion, bool>> defaults = {
        {hw::KafkaVersion::V3_7, false}, {hw::KafkaVersion::V3_8, false}, {hw::KafkaVersion::V3_9, false},
        {hw::KafkaVersion::V4_0, false}, {hw::KafkaVersion::V4_1, true},  {hw::KafkaVersion::V4_2, true},
        {hw::KafkaVersion::V4_3, true},  {hw::KafkaVersion::V4_4, true}};
    for (auto [version, on] : defaults) {
        hw::ClusterConfig c = hw::defaultsFor(version);
        EXPECT_EQ(c.kafkaVersion, version);
        EXPECT_EQ(hw::rules::elrEnabled(c), on) << hw::kafkaVersionName(version);
        hw::ConfigValue yes;
        yes.kind = hw::ConfigValue::Kind::Boolean;
        yes.boolean = true;
        const std::string refused = hw::setConfig(c, "eligible.leader.replicas.enable", yes);
        EXPECT_EQ(refused.empty(), hw::rules::elrSupported(version)) << refused;
        EXPECT_EQ(hw::rules::elrEnabled(c), hw::rules::elrSupported(version));
    }
}
