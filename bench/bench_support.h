// SPDX-License-Identifier: MIT
#pragma once

#include "timeline/timeline.h"

#include <cstdint>

namespace hw::bench {

/// Resident set size of this process in bytes, from /proc/self/statm.
std::int64_t residentBytes();

/// The benchmark cluster of issue 2: 3 brokers, one topic "load" of 12 partitions at RF 3, one
/// acks=all producer, followers fetching on their own. The Kafka version and the producer's settings
/// are spelled out (Kafka 4.2's defaults, min.insync.replicas 2; an idempotent producer with
/// max.in.flight 5, linger.ms 5, retries and delivery.timeout.ms at their defaults), so that a change
/// of defaults does not change the workload the figures were measured on.
ClusterSpec loadSpec();

/// Produces `batches` batches of `batchSize` records round-robin over the partitions, one batch every
/// `everyMs` simulated milliseconds, then runs until every replica has every record. Returns records
/// produced. One a millisecond outpaces the brokers: the producer's backlog grows through the run.
std::int64_t runLoad(Timeline& timeline, std::int64_t batches, int batchSize, TimeMs everyMs = 1);

} // namespace hw::bench
