// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/event.h"
#include "realkafka/observer.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

/// A real Kafka cluster's observed state as the engine's model (issue 27), so that the frame writer
/// (core/scenario/frame_json*.cpp) prints a real run's frames in the frame format and the GUI's views can
/// draw them: the brokers alive, isolated or fenced, each partition's leader, epoch, ISR, ELR and last known
/// ELR, each replica's log with offsets and leader epochs, LEO, HW and log start.
///
/// What the model holds that Kafka does not show is left at its initial value: the partition epoch, the
/// leader's view of its followers, purgatories, messages in flight, producers' and consumers' state. A
/// record the observer did not read (ObserveRequest::readLogs false, a control record, or one beyond the
/// observedLogRecordsMax window) is in the log as a placeholder with leader epoch -1, no key and an empty
/// value, so that the LEO stays the observed one. docs/real-kafka.md, section "Observation", says more.
namespace hw::realkafka {

/// Records of one replica the model's log holds (from its LEO back): a real log can hold millions, a
/// lesson's a few thousand; older offsets are left out as if below the log start.
constexpr std::int64_t observedLogRecordsMax = 1000000;

/// What the runner knows that the observation does not hold.
struct ObservationContext {
    TimeMs timeMs = 0; // wall-clock milliseconds since the run started
    std::vector<std::int32_t> isolatedBrokers; // cut off by the runner's proxy (isolate, not yet healed)
};

/// The observation as the engine's model of the scenario's cluster: the scenario's brokers, topics and
/// clients (Engine::createCluster), with what the observation says. Brokers in stoppedBrokers are
/// offline; fenced ones are fenced (from DescribeCluster v2 at 4.0+; before 4.0, a running cluster's
/// brokers that DescribeCluster v1 does not list, since it lists unfenced brokers only). A partition the
/// observation lacks (its topic not created yet) has no leader and empty logs.
ClusterState stateFromObservation(
    const ClusterObservation& observation, const Scenario& scenario, const ObservationContext& context = {});

/// "Apache Kafka 4.4.0, observed": the frame's "source" marker of a real run.
std::string observedSource(const std::string& kafkaVersion);

/// The event of an observed frame: after the step at stepIndex (its index in the scenario's steps; -1
/// before the first step) that did stepText, quiescent or changed.
Event realObservedEvent(std::int64_t stepIndex, std::string stepText, bool quiescent);

/// A whole frame of a real run: stateFromObservation, the real-observed event, kafka_version the full
/// version and the source marker.
nlohmann::ordered_json observedFrame(const ClusterObservation& observation, const Scenario& scenario,
    const std::string& kafkaVersion, std::int64_t frameIndex, const Event& event,
    const ObservationContext& context = {}, RecordsDump records = {});

} // namespace hw::realkafka
