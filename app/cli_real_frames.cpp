// SPDX-License-Identifier: MIT
#include "cli_real.h"

#include "realkafka/observation_frame.h"
#include "realkafka/observer.h"
#include "scenario/frame_json.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <ostream>
#include <variant>

// The observer's half of `highwater-cli real`: observe() and sameFacts() of realkafka/observer.h for the
// runner, and each observation it hands out written as one frame (docs/frame-format.md): the observed
// state as the engine's model (stateFromObservation), the `real-observed` event, the checkpoint's label,
// the full Kafka version and the "source" marker that says it was observed, not simulated.
namespace hw::cli {

namespace {

/// What the frame writer needs between observations: the frame index, the run's start (a frame's time is
/// the wall-clock time since it) and the brokers the runner's proxy has cut off (isolate until heal), which
/// the observer cannot see: an isolated broker still answers on its unproxied observer listener.
struct FrameWriter {
    const Scenario* scenario = nullptr;
    std::string kafkaVersion;
    std::ostream* out = nullptr;
    std::int64_t nextFrame = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::vector<std::int32_t> isolated;

    void noteIsolation(const realkafka::ObservedStep& observed)
    {
        if (!observed.step || *observed.step >= scenario->steps.size())
            return;
        const auto* fault = std::get_if<FaultStep>(&scenario->steps[*observed.step]);
        if (fault == nullptr)
            return;
        const auto* action = std::get_if<BrokerAction>(&fault->action);
        if (action == nullptr)
            return;
        const auto found = std::find(isolated.begin(), isolated.end(), action->broker);
        if (action->kind == BrokerAction::Kind::Isolate && found == isolated.end())
            isolated.push_back(action->broker);
        else if (action->kind == BrokerAction::Kind::Heal && found != isolated.end())
            isolated.erase(found);
    }

    void write(const realkafka::ObservedStep& observed)
    {
        noteIsolation(observed);
        realkafka::ObservationContext context;
        context.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - start).count();
        context.isolatedBrokers = isolated;
        FrameHeader header;
        header.frame = nextFrame++;
        header.timeMs = context.timeMs;
        header.event = realkafka::realObservedEvent(
            observed.step ? static_cast<std::int64_t>(*observed.step) : -1, observed.did, observed.quiescent);
        header.label = observed.checkpoint;
        header.kafkaVersion = kafkaVersion;
        header.source = realkafka::observedSource(kafkaVersion);
        const ClusterState state = realkafka::stateFromObservation(observed.observation, *scenario, context);
        // One line per frame, flushed, so that a reader (the GUI, a pipe) sees each as it is observed.
        *out << frameToJson(header, state).dump() << '\n';
        out->flush();
    }
};

} // namespace

realkafka::RunnerHooks realObserverHooks(const Scenario& scenario, const realkafka::Distribution& distribution,
                                         std::ostream& out)
{
    auto writer = std::make_shared<FrameWriter>();
    writer->scenario = &scenario;
    writer->kafkaVersion = distribution.version;
    writer->out = &out;
    realkafka::RunnerHooks hooks;
    hooks.observe = [](const realkafka::ObserveRequest& request) { return realkafka::observe(request); };
    hooks.sameFacts = [](const realkafka::ClusterObservation& a, const realkafka::ClusterObservation& b) {
        return realkafka::sameFacts(a, b);
    };
    hooks.emit = [writer](const realkafka::ObservedStep& observed, const std::vector<realkafka::SendOutcome>&) {
        writer->write(observed);
    };
    return hooks;
}

} // namespace hw::cli
