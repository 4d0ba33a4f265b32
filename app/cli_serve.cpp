// SPDX-License-Identifier: MIT
#include "cli_serve.h"

#include "cli_common.h"
#include "live/kafka_apis.h"
#include "live/kafka_server.h"
#include "model/limits.h"
#include "scenario/fileio.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>

namespace hw::cli {

namespace {

constexpr double speedMin = 0.01;
constexpr double speedMax = 1000.0;

std::optional<std::int64_t> parseInteger(const std::string& text)
{
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::optional<double> parseNumber(const std::string& text)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

/// The frames as `run --records new` prints them, so that a replay of the recording can be compared;
/// each record is written once, not again in every frame after it.
std::string framesDump(const hw::Timeline& timeline)
{
    std::string dump;
    std::optional<hw::ClusterState> previous;
    // From the oldest frame kept: a session that reached its memory budget dropped the ones before.
    for (std::int64_t f = timeline.firstFrame(); f < timeline.frameCount(); ++f) {
        hw::ClusterState state = timeline.stateAt(f);
        const hw::RecordsDump records { hw::RecordsMode::New, previous ? &*previous : nullptr };
        dump += hw::frameToJson(timeline, f, state, records).dump() + "\n";
        previous = std::move(state);
    }
    return dump;
}

} // namespace

int runServe(const std::vector<std::string>& args)
{
    std::string source;
    std::string portText;
    std::string bindText;
    std::string advertiseText;
    std::string speedText;
    std::string recordPath;
    std::string scriptPath;
    std::string framesPath;
    std::string stopText;
    std::string budgetText;
    std::string quotaText;
    live::ServeOptions options;
    options.produceQuotaBytesPerSecond = live::limits::serveProduceQuotaBytesPerSecond;
    const int portMax = 65535 - hw::limits::brokersMax;
    const std::string portNeeds = "a number in 1.." + std::to_string(portMax) + " (broker N listens on PORT+N)";
    const std::string speedNeeds = "a number in 0.01..1000 (simulated ms per wall-clock ms)";
    const std::string budgetNeeds = "a size in " + hw::formatByteSize(hw::limits::historyBytesMin) + ".."
        + hw::formatByteSize(hw::limits::historyBytesMax) + ", e.g. 512MiB or 4GiB";
    Arguments arguments("serve", commandHelp(HW_CLI_SERVE_USAGE));
    arguments.positional(source, "one scenario");
    arguments.option("--port", portText, portNeeds);
    arguments.option("--bind", bindText, "an IP address, such as 0.0.0.0 for every interface");
    arguments.option("--advertise", advertiseText, "the host name or address clients on other machines reach this one by");
    arguments.option("--speed", speedText, speedNeeds);
    arguments.option("--record", recordPath, "a file to write the session to (- for standard output)");
    arguments.option("--script", scriptPath, "a file of timed steps");
    arguments.option(
        "--frames", framesPath, "a file to write the session's frames to, as JSON lines (- for standard output)");
    arguments.flag("--quiet", options.quiet);
    // For tests and benchmarks: stop by itself, as on SIGTERM, after this much wall-clock time.
    arguments.option("--stop-after-ms", stopText, "a number of milliseconds");
    arguments.option("--memory-budget", budgetText, budgetNeeds);
    const std::string quotaNeeds =
        "a number of bytes per second in 0.." + std::to_string(live::limits::produceQuotaBytesPerSecondMax) + " (0: none)";
    arguments.option("--produce-quota", quotaText, quotaNeeds);
    if (const std::optional<int> done = arguments.parse(args))
        return *done;

    if (arguments.given("--port")) {
        const auto port = parseInteger(portText);
        if (!port || *port < 1 || *port > portMax)
            return arguments.error("--port needs " + portNeeds + ", got \"" + portText + "\"");
        options.basePort = static_cast<int>(*port);
    }
    if (arguments.given("--bind"))
        options.bindAddress = bindText;
    if (arguments.given("--advertise")) {
        // A host name or an address as Metadata carries it: printable, no spaces, no port.
        const bool printable = !advertiseText.empty() && advertiseText.size() <= 253
            && std::all_of(advertiseText.begin(), advertiseText.end(),
                [](char c) { return c > ' ' && c < 127 && c != '/' && c != '@'; });
        if (!printable)
            return arguments.error("--advertise needs a host name or an IP address (without a port), got \""
                + advertiseText + "\"");
        options.advertisedHost = advertiseText;
    }
    // Metadata tells clients where every broker is: a wildcard address is no place to connect to.
    if ((options.bindAddress == "0.0.0.0" || options.bindAddress == "::") && options.advertisedHost.empty())
        return arguments.error("--bind " + options.bindAddress
            + " listens on every interface, but clients need one address to reach the brokers at: add --advertise "
              "HOST (this machine's name or address as the students' machines see it)");
    if (arguments.given("--speed")) {
        const auto speed = parseNumber(speedText);
        if (!speed || *speed < speedMin || *speed > speedMax)
            return arguments.error("--speed needs " + speedNeeds + ", got \"" + speedText + "\"");
        options.speed = *speed;
    }
    if (arguments.given("--stop-after-ms")) {
        const auto ms = parseInteger(stopText);
        if (!ms || *ms < 0 || *ms > hw::limits::advanceMsMax)
            return arguments.error("--stop-after-ms needs a number of milliseconds in 0.."
                + std::to_string(hw::limits::advanceMsMax) + ", got \"" + stopText + "\"");
        options.stopAfterMs = *ms;
    }
    if (arguments.given("--produce-quota")) {
        const auto quota = parseInteger(quotaText);
        if (!quota || *quota < 0 || *quota > live::limits::produceQuotaBytesPerSecondMax)
            return arguments.error("--produce-quota needs " + quotaNeeds + ", got \"" + quotaText + "\"");
        options.produceQuotaBytesPerSecond = *quota;
    }
    std::uint64_t budget = hw::limits::historyBytesDefault;
    if (arguments.given("--memory-budget")) {
        const std::optional<std::uint64_t> bytes = hw::parseByteSize(budgetText);
        if (!bytes || *bytes < hw::limits::historyBytesMin || *bytes > hw::limits::historyBytesMax)
            return arguments.error("--memory-budget needs " + budgetNeeds + ", got \"" + budgetText + "\"");
        budget = *bytes;
    }
    if (source.empty())
        return arguments.error("needs a scenario (a file or builtin:NAME), e.g. serve builtin:leo-hw-walkthrough");
    if (recordPath == hw::standardOutputPath && framesPath == hw::standardOutputPath)
        return arguments.error("--record and --frames cannot both go to standard output");
    if (!recordPath.empty() && recordPath == framesPath)
        return arguments.error("--record and --frames name the same file, " + recordPath);
    // Where the session goes is checked now, before anything is served: a typo in a folder's name
    // found only when the class stops would lose the whole session.
    for (const auto& [path, option] :
        { std::pair { &recordPath, "--record" }, std::pair { &framesPath, "--frames" } }) {
        if (path->empty())
            continue;
        if (const std::optional<hw::FileError> error = hw::checkOutputTarget(*path))
            return fail("cannot write " + *path + " (" + option + "): " + error->message);
    }
    options.recording = !recordPath.empty();
    // When the session or its frames go to standard output, what serve says goes to standard error.
    const bool dataOnStdout = recordPath == hw::standardOutputPath || framesPath == hw::standardOutputPath;
    std::ostream& log = dataOnStdout ? std::cerr : std::cout;

    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
        return fail(error->toString());
    hw::Scenario& scenario = std::get<hw::Scenario>(loaded);
    // Retention a class can see (live/kafka_apis.h, serveSegmentBytes): for topics that set none of
    // the keys, and the check interval when the scenario left Kafka's. The recorded session keeps them.
    for (hw::TopicSpec& topic : scenario.cluster.topics) {
        if (topic.config == hw::TopicConfig {}) {
            topic.config.segmentBytes = live::limits::serveSegmentBytes;
            topic.config.retentionBytes = live::limits::serveRetentionBytes;
            topic.config.retentionMs = live::limits::serveRetentionMs;
        }
    }
    if (scenario.cluster.config.logRetentionCheckIntervalMs == hw::ClusterConfig {}.logRetentionCheckIntervalMs)
        scenario.cluster.config.logRetentionCheckIntervalMs = live::limits::serveRetentionCheckIntervalMs;
    // The same for topics the class creates (CreateTopics, auto-creation), through the broker defaults.
    const hw::ClusterConfig kafkaDefaults;
    hw::ClusterConfig& config = scenario.cluster.config;
    if (config.logSegmentBytes == kafkaDefaults.logSegmentBytes && config.logRetentionBytes == kafkaDefaults.logRetentionBytes &&
        config.logRetentionMs == kafkaDefaults.logRetentionMs) {
        config.logSegmentBytes = live::limits::serveSegmentBytes;
        config.logRetentionBytes = live::limits::serveRetentionBytes;
        config.logRetentionMs = live::limits::serveRetentionMs;
    }
    if (!scriptPath.empty()) {
        auto script = hw::loadScript(scriptPath, scenario.cluster);
        if (auto* error = std::get_if<hw::ScenarioError>(&script))
            return fail(error->toString());
        options.script = std::get<std::vector<hw::TimedStep>>(std::move(script));
    }
    if (options.basePort + static_cast<int>(scenario.cluster.brokers) > 65535)
        return arguments.error("--port " + std::to_string(options.basePort) + " leaves no port for broker "
            + std::to_string(scenario.cluster.brokers));

    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    timeline.setMemoryBudget(budget);
    if (auto error = hw::runScenario(scenario, timeline))
        return fail(error->toString());
    // Followers always fetch in live mode: auto.fetch is a stepping aid, and a real client waiting
    // for acks=all would wait for ever without it.
    if (!timeline.head().config.autoFetch) {
        hw::ConfigValue on;
        on.kind = hw::ConfigValue::Kind::Boolean;
        on.boolean = true;
        timeline.apply(hw::ConfigAction { "auto.fetch", on });
        log << "serve: the scenario has auto.fetch false; live mode turns it on (followers always fetch)\n";
    }
    if (arguments.given("--bind") && options.bindAddress != "127.0.0.1" && options.bindAddress != "::1")
        printMessage(
            "warning: listening on " + options.bindAddress + ": anyone who can reach it can write to the cluster");

    log << std::unitbuf; // one line per connection and request class, as they happen
    live::KafkaServer server(scenario, timeline, options, log);
    if (std::string error = server.listen(); !error.empty())
        return fail("serve: " + error);
    const std::string advertised = options.advertisedHost.empty() ? options.bindAddress : options.advertisedHost;
    for (const hw::Broker& b : timeline.head().brokers) {
        log << "broker " << b.id << ": " << (b.alive ? "" : "down, will listen on ") << options.bindAddress << ":"
            << options.basePort + b.id;
        if (advertised != options.bindAddress)
            log << ", advertised as " << advertised << ":" << options.basePort + b.id;
        log << "\n";
    }
    log << "serving " << scenario.name << " at speed " << options.speed << " from t=" << timeline.head().nowMs
        << " ms; Ctrl+C stops" << (recordPath.empty() ? "" : " and writes the session") << "\n"
        << std::flush;
    // Nobody would see what serve says: stop before a class starts on a session nobody can follow.
    if (!dataOnStdout && outputFailed())
        return exitInvalid;
    server.run();

    int status = exitOk;
    if (!recordPath.empty()) {
        // A recording that stopped early (at its cap, or before the history dropped frames) is the part
        // recorded then; otherwise the whole session.
        const std::string json = hw::scenarioToJson(
            server.recordedSession() ? *server.recordedSession() : hw::recordSession(scenario, timeline));
        if (std::optional<hw::FileError> error = hw::writeOutput(recordPath, json)) {
            if (recordPath == hw::standardOutputPath)
                noteOutputFailure(error->errorNumber); // finishOutput says why, once
            else
                printMessage("cannot write the session to " + recordPath + ": " + error->message);
            status = exitInvalid;
        } else if (recordPath != hw::standardOutputPath) {
            log << "serve: session written to " << recordPath
                << (server.recordedSession() ? ", up to where recording stopped" : "")
                << " (replay it with highwater-cli run " << recordPath << ")\n";
        }
    }
    if (!framesPath.empty()) {
        if (std::optional<hw::FileError> error = hw::writeOutput(framesPath, framesDump(timeline))) {
            if (framesPath == hw::standardOutputPath)
                noteOutputFailure(error->errorNumber);
            else
                printMessage("cannot write the frames to " + framesPath + ": " + error->message);
            status = exitInvalid;
        }
    }
    return status;
}

} // namespace hw::cli
