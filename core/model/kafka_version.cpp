// SPDX-License-Identifier: MIT
#include "model/kafka_version.h"

#include <array>

namespace hw {

namespace {

constexpr std::array<KafkaVersion, 8> allVersions = { KafkaVersion::V3_7, KafkaVersion::V3_8, KafkaVersion::V3_9,
    KafkaVersion::V4_0, KafkaVersion::V4_1, KafkaVersion::V4_2, KafkaVersion::V4_3, KafkaVersion::V4_4 };
constexpr std::array<std::string_view, 8> names = { "3.7", "3.8", "3.9", "4.0", "4.1", "4.2", "4.3", "4.4" };
static_assert(names.size() == allVersions.size());
static_assert(static_cast<std::size_t>(KafkaVersion::V4_4) + 1 == allVersions.size(), "a version without a name");

} // namespace

std::optional<KafkaVersion> parseKafkaVersion(std::string_view text)
{
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] == text)
            return allVersions[i];
    }
    return std::nullopt;
}

std::string_view kafkaVersionName(KafkaVersion version)
{
    return names[static_cast<std::size_t>(version)];
}

std::span<const KafkaVersion> kafkaVersions()
{
    return allVersions;
}

std::string_view kafkaVersionChoices()
{
    return "\"3.7\", \"3.8\", \"3.9\", \"4.0\", \"4.1\", \"4.2\", \"4.3\", \"4.4\"";
}

} // namespace hw
