// SPDX-License-Identifier: MIT
#pragma once

#include "model/inputs.h"

#include <optional>
#include <string>

/// A producer's configuration as Kafka's client settles it (clients/.../producer/ProducerConfig.java
/// postProcessAndValidateIdempotenceConfigs and KafkaProducer.configureDeliveryTimeout, at 3.7.0 and
/// 4.0.0): the producer's own settings over the cluster's defaults, idempotence turned off where a
/// conflicting setting asks for it, and refused where Kafka refuses.
namespace hw {

struct ProducerConfigError {
    std::string key;     // the setting at fault
    bool producerKey;    // set by the producer (else by cluster.config)
    std::string message; // what Kafka says, and what was expected
};

/// Fills `settings` and `acks`; an error when Kafka's client would throw a ConfigException.
std::optional<ProducerConfigError> resolveProducerSettings(const ProducerSpec& spec, const ClusterSpec& cluster,
                                                          ProducerSettings& settings, Acks& acks);

/// The settings a producer works with now (its own, else the cluster's, which a `config` step may change).
std::int64_t producerLingerMs(const ProducerSettings& settings, const ClusterConfig& config);
std::int64_t producerRetries(const ProducerSettings& settings, const ClusterConfig& config);
/// delivery.timeout.ms, raised to linger.ms + request.timeout.ms unless it was set explicitly.
std::int64_t producerDeliveryTimeoutMs(const ProducerSettings& settings, const ClusterConfig& config);

} // namespace hw
