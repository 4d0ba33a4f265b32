// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

/// The Kafka release whose rules a run follows (`cluster.kafka_version`). HighWater has no counterpart
/// of Kafka's metadata.version: a version here means a cluster formatted new at that release, with
/// its default feature levels (MetadataVersion.LATEST_PRODUCTION of the release). The rules that differ
/// between versions are the predicates of model/version_rules.h, the only place that compares versions.
namespace hw {

enum class KafkaVersion : std::uint8_t { V3_7, V3_8, V3_9, V4_0, V4_1, V4_2, V4_3, V4_4 };

/// The newest release modelled: a scenario without cluster.kafka_version runs it.
inline constexpr KafkaVersion defaultKafkaVersion = KafkaVersion::V4_4;

/// "3.7" ... "4.4"; nullopt for anything else.
std::optional<KafkaVersion> parseKafkaVersion(std::string_view text);
/// "4.4".
std::string_view kafkaVersionName(KafkaVersion version);
/// Every modelled version, oldest first.
std::span<const KafkaVersion> kafkaVersions();
/// "\"3.7\", \"3.8\", ... \"4.4\"", for error messages.
std::string_view kafkaVersionChoices();

} // namespace hw
