// SPDX-License-Identifier: MIT
#include "cli_serve.h"

#include "live/kafka_server.h"
#include "model/limits.h"
#include "scenario/fileio.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <charconv>
#include <cmath>
#include <iostream>

namespace hw::cli {

namespace {

constexpr int exitInvalid = 2;
constexpr double speedMin = 0.01;
constexpr double speedMax = 1000.0;

int serveError(const std::string& message)
{
    std::cerr << "highwater-cli serve: " << message << "\n";
    return exitInvalid;
}

std::optional<std::int64_t> parseInteger(const std::string& text)
{
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace

int runServe(const std::vector<std::string>& args)
{
    std::string source;
    std::string scriptPath;
    std::string framesPath;
    std::uint64_t budget = hw::limits::historyBytesDefault;
    bool bindGiven = false;
    live::ServeOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&](const char* what) -> std::optional<std::string> {
            if (i + 1 >= args.size())
                return std::nullopt;
            (void)what;
            return args[++i];
        };
        if (arg == "--port") {
            const auto text = value("a port");
            const auto port = text ? parseInteger(*text) : std::nullopt;
            if (!port || *port < 1 || *port > 65535 - hw::limits::brokersMax)
                return serveError("--port needs a number in 1.." + std::to_string(65535 - hw::limits::brokersMax) +
                                  " (broker N listens on PORT+N)" + (text ? ", got \"" + *text + "\"" : std::string()));
            options.basePort = static_cast<int>(*port);
        } else if (arg == "--bind") {
            const auto text = value("an address");
            if (!text || text->empty())
                return serveError("--bind needs an IP address, such as 0.0.0.0 for every interface");
            options.bindAddress = *text;
            bindGiven = true;
        } else if (arg == "--speed") {
            const auto text = value("a speed");
            double speed = 0;
            bool ok = false;
            if (text) {
                try {
                    std::size_t used = 0;
                    speed = std::stod(*text, &used);
                    ok = used == text->size() && std::isfinite(speed);
                } catch (const std::exception&) {
                    ok = false;
                }
            }
            if (!ok || speed < speedMin || speed > speedMax)
                return serveError("--speed needs a number in 0.01..1000 (simulated ms per wall-clock ms)" +
                                  (text ? ", got \"" + *text + "\"" : std::string()));
            options.speed = speed;
        } else if (arg == "--record") {
            const auto text = value("a file");
            if (!text || text->empty())
                return serveError("--record needs a file to write the session to");
            options.recordPath = *text;
        } else if (arg == "--script") {
            const auto text = value("a file");
            if (!text || text->empty())
                return serveError("--script needs a file of timed steps");
            scriptPath = *text;
        } else if (arg == "--frames") {
            const auto text = value("a file");
            if (!text || text->empty())
                return serveError("--frames needs a file to write the session's frames to (JSON lines)");
            framesPath = *text;
        } else if (arg == "--quiet") {
            options.quiet = true;
        } else if (arg == "--stop-after-ms") {
            // For tests and benchmarks: stop by itself, as on SIGTERM, after this much wall-clock time.
            const auto text = value("milliseconds");
            const auto ms = text ? parseInteger(*text) : std::nullopt;
            if (!ms || *ms < 0 || *ms > hw::limits::advanceMsMax)
                return serveError("--stop-after-ms needs a number of milliseconds");
            options.stopAfterMs = *ms;
        } else if (arg == "--memory-budget") {
            if (i + 1 >= args.size())
                return serveError("--memory-budget needs a size, e.g. 512MiB or 4GiB");
            const std::optional<std::uint64_t> bytes = hw::parseByteSize(args[++i]);
            if (!bytes || *bytes < hw::limits::historyBytesMin || *bytes > hw::limits::historyBytesMax)
                return serveError("--memory-budget: \"" + args[i] + "\" is not a size in " +
                                  hw::formatByteSize(hw::limits::historyBytesMin) + ".." +
                                  hw::formatByteSize(hw::limits::historyBytesMax));
            budget = *bytes;
        } else if (!arg.empty() && arg[0] == '-') {
            return serveError("unknown option \"" + arg + "\"");
        } else if (source.empty()) {
            source = arg;
        } else {
            return serveError("one scenario only; \"" + arg + "\" is a second");
        }
    }
    if (source.empty())
        return serveError("needs a scenario (a file or builtin:NAME), e.g. serve builtin:leo-hw-walkthrough");

    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        std::cerr << error->toString() << "\n";
        return exitInvalid;
    }
    const hw::Scenario& scenario = std::get<hw::Scenario>(loaded);
    if (!scriptPath.empty()) {
        auto script = hw::loadScript(scriptPath, scenario.cluster);
        if (auto* error = std::get_if<hw::ScenarioError>(&script)) {
            std::cerr << error->toString() << "\n";
            return exitInvalid;
        }
        options.script = std::get<std::vector<hw::TimedStep>>(std::move(script));
    }
    if (options.basePort + static_cast<int>(scenario.cluster.brokers) > 65535)
        return serveError("--port " + std::to_string(options.basePort) + " leaves no port for broker " +
                          std::to_string(scenario.cluster.brokers));

    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    timeline.setMemoryBudget(budget);
    if (auto error = hw::runScenario(scenario, timeline)) {
        std::cerr << error->toString() << "\n";
        return exitInvalid;
    }
    // Followers always fetch in live mode: auto.fetch is a stepping aid, and a real client waiting
    // for acks=all would wait for ever without it.
    if (!timeline.head().config.autoFetch) {
        hw::ConfigValue on;
        on.kind = hw::ConfigValue::Kind::Boolean;
        on.boolean = true;
        timeline.apply(hw::ConfigAction{"auto.fetch", on});
        std::cout << "serve: the scenario has auto.fetch false; live mode turns it on (followers always fetch)\n";
    }
    if (bindGiven && options.bindAddress != "127.0.0.1" && options.bindAddress != "::1")
        std::cerr << "serve: warning: listening on " << options.bindAddress
                  << ": anyone who can reach it can write to the cluster\n";

    std::cout << std::unitbuf; // one line per connection and request class, as they happen
    live::KafkaServer server(scenario, timeline, options, std::cout);
    if (std::string error = server.listen(); !error.empty())
        return serveError(error);
    for (const hw::Broker& b : timeline.head().brokers) {
        std::cout << "broker " << b.id << ": " << (b.alive ? "" : "down, will listen on ") << options.bindAddress << ":"
                  << options.basePort + b.id << "\n";
    }
    std::cout << "serving " << scenario.name << " at speed " << options.speed << " from t=" << timeline.head().nowMs
              << " ms; Ctrl+C stops" << (options.recordPath.empty() ? "" : " and writes the session") << "\n"
              << std::flush;
    const int status = server.run();
    if (!framesPath.empty()) {
        // The frames as `run --records new` prints them, so a replay of the recording can be compared;
        // each record is written once, not again in every frame after it.
        std::string dump;
        std::optional<hw::ClusterState> previous;
        for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
            hw::ClusterState state = timeline.stateAt(f);
            const hw::RecordsDump records{hw::RecordsMode::New, previous ? &*previous : nullptr};
            dump += hw::frameToJson(timeline, f, state, records).dump() + "\n";
            previous = std::move(state);
        }
        if (std::optional<hw::FileError> error = hw::writeFileAtomically(framesPath, dump)) {
            std::cerr << "highwater-cli serve: cannot write the frames to " << framesPath << ": " << error->message << "\n";
            return exitInvalid;
        }
    }
    return status;
}

} // namespace hw::cli
