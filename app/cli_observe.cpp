// SPDX-License-Identifier: MIT
#include "cli_observe.h"

#include "cli_common.h"
#include "cli_real.h"
#include "model/limits.h"
#include "model/observed_state.h"
#include "realkafka/cluster_observer.h"
#include "realkafka/security_config.h"
#include "scenario/frame_json.h"
#include "scenario/observed_recording.h"
#include "timeline/timeline.h"

#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

namespace hw::cli {

namespace {

/// The longest --duration: a year of observing, far beyond any session, so that a typo is refused.
constexpr double observeDurationSecondsMax = 365.0 * 24 * 3600;

std::atomic<bool> g_stopRequested { false };

extern "C" void onObserveSignal(int)
{
    g_stopRequested.store(true);
}

/// While it lives, SIGINT and SIGTERM ask observing to stop (the poll under way finishes, the recording
/// is put in place), and SIGPIPE is ignored: a closed standard output is a failed write, seen and
/// reported, not the silent end of highwater-cli with a recording left in its staging file.
class ObserveSignals {
public:
    ObserveSignals()
    {
        g_stopRequested.store(false);
        struct sigaction action { };
        action.sa_handler = onObserveSignal;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &m_oldInt);
        sigaction(SIGTERM, &action, &m_oldTerm);
        struct sigaction ignore { };
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(SIGPIPE, &ignore, &m_oldPipe);
    }
    ~ObserveSignals()
    {
        sigaction(SIGINT, &m_oldInt, nullptr);
        sigaction(SIGTERM, &m_oldTerm, nullptr);
        sigaction(SIGPIPE, &m_oldPipe, nullptr);
    }
    ObserveSignals(const ObserveSignals&) = delete;
    ObserveSignals& operator=(const ObserveSignals&) = delete;

private:
    struct sigaction m_oldInt { }, m_oldTerm { }, m_oldPipe { };
};

/// Polls as frames on standard output: the first poll is frame 0, each later one that changed something a
/// frame more (Timeline::applyObserved). observe and run RECORDING both print through it, so a recording
/// replays to the frames observing printed. The history drops its oldest frames at its budget: only the
/// newest frame is printed, and observing never stops for memory.
class ObservedFramePrinter {
public:
    explicit ObservedFramePrinter(std::uint64_t budget) : m_budget(budget) { }

    /// Shows one poll. Returns why it cannot (a poll above limits::observed*), or an empty string.
    std::string add(const ObservedCluster& poll)
    {
        try {
            if (!m_timeline) {
                m_timeline.emplace(observedState(poll));
                m_timeline->setMemoryBudget(m_budget);
                m_timeline->setDropsOldestFrames(true);
                print(0);
            } else if (const std::optional<std::int64_t> frame = m_timeline->applyObserved(poll)) {
                print(*frame);
            }
        } catch (const std::exception& error) {
            return error.what();
        }
        return {};
    }

    std::int64_t frames() const { return m_timeline ? m_timeline->frameCount() : 0; }

private:
    void print(std::int64_t frame)
    {
        const ClusterState& state = m_timeline->head();
        std::cout << frameToJson(*m_timeline, frame, state).dump() << '\n';
        std::cout.flush();
    }

    std::uint64_t m_budget;
    std::optional<Timeline> m_timeline;
};

std::optional<std::int64_t> readWhole(const std::string& text)
{
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

std::optional<double> readSeconds(const std::string& text)
{
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
    if (text.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

std::string describeCluster(const ObservedCluster& poll)
{
    std::size_t partitions = 0;
    for (const ObservedTopicFacts& topic : poll.topics)
        partitions += topic.partitions.size();
    return "cluster " + (poll.clusterId.empty() ? std::string("(no id)") : poll.clusterId) + ", Kafka "
        + (poll.kafkaVersion.empty() ? std::string("(version not known)") : poll.kafkaVersion) + ": "
        + std::to_string(poll.brokers.size()) + " brokers, " + std::to_string(poll.topics.size()) + " topics, "
        + std::to_string(partitions) + " partitions, " + std::to_string(poll.groups.size()) + " groups";
}

} // namespace

int runObserve(const std::vector<std::string>& args)
{
    std::string bootstrap;
    std::string securityPath;
    std::string topics = ".*";
    std::string intervalText;
    std::string durationText;
    std::string dumpText;
    std::string recordPath;
    Arguments arguments("observe", commandHelp(HW_CLI_OBSERVE_USAGE));
    arguments.option("--bootstrap", bootstrap, "HOST:PORT, or several separated by commas");
    arguments.option("--security", securityPath, "a properties file (security.protocol, sasl.mechanism, ...)");
    arguments.option("--topics", topics, "a regular expression for the topic names");
    arguments.option("--interval-ms", intervalText, "milliseconds between polls (at least 100)");
    arguments.option("--duration", durationText, "seconds to observe");
    arguments.option("--dump", dumpText, "a format (jsonl)");
    arguments.option("--record", recordPath, "a file to record the polls to");
    if (const std::optional<int> done = arguments.parse(args))
        return *done;
    if (!arguments.given("--bootstrap"))
        return arguments.error("needs --bootstrap HOST:PORT, a broker of the cluster to observe");
    if (arguments.given("--dump") && dumpText != "jsonl")
        return arguments.error("unknown dump format \"" + dumpText + "\"; the only format is jsonl");

    realkafka::ClusterObserverOptions options;
    options.bootstrap = bootstrap;
    options.topicsRegex = topics;
    if (arguments.given("--interval-ms")) {
        const std::optional<std::int64_t> ms = readWhole(intervalText);
        const std::int64_t min = realkafka::observeIntervalMin.count();
        if (!ms || *ms < min || *ms > limits::pollIntervalMsMax)
            return arguments.error("--interval-ms \"" + intervalText + "\": expected milliseconds from "
                + std::to_string(min) + " to " + std::to_string(limits::pollIntervalMsMax));
        options.interval = std::chrono::milliseconds(*ms);
    }
    std::optional<std::chrono::duration<double>> duration;
    if (arguments.given("--duration")) {
        const std::optional<double> seconds = readSeconds(durationText);
        if (!seconds || !(*seconds > 0) || *seconds > observeDurationSecondsMax)
            return arguments.error("--duration \"" + durationText + "\": expected seconds above 0, at most "
                + std::to_string(static_cast<std::int64_t>(observeDurationSecondsMax)) + " (a year)");
        duration = std::chrono::duration<double>(*seconds);
    }
    if (arguments.given("--security")) {
        try {
            realkafka::LoadedSecurityConfig loaded = realkafka::loadSecurityConfig(securityPath);
            for (const std::string& warning : loaded.warnings)
                printMessage("observe: warning: " + warning);
            options.security = std::move(loaded.config);
        } catch (const realkafka::SecurityConfigError& error) {
            return fail("observe: --security: " + std::string(error.what()));
        }
    }
    std::optional<realkafka::ClusterObserver> observer;
    try {
        observer.emplace(options);
    } catch (const realkafka::ClusterObserverError& error) {
        return arguments.error(error.what());
    }

    if (arguments.given("--record") && recordPath == standardOutputPath)
        return arguments.error("--record -: standard output carries the frames; give the recording a file");
    std::unique_ptr<ObservedRecordingFile> recording;
    if (arguments.given("--record")) {
        ObservedRecordingHeader header;
        header.bootstrap = bootstrap;
        header.topicsRegex = arguments.given("--topics") ? topics : "";
        header.intervalMs = static_cast<std::int32_t>(options.interval.count());
        auto created = ObservedRecordingFile::create(recordPath, header);
        if (auto* error = std::get_if<FileError>(&created))
            return fail("observe: --record " + recordPath + ": " + error->message);
        recording = std::move(std::get<std::unique_ptr<ObservedRecordingFile>>(created));
    }

    const ObserveSignals signals;
    std::stop_source stop;
    // Ctrl+C, SIGTERM and --duration reach the polling loop through its stop token; a signal handler
    // only sets a flag, which this thread turns into request_stop().
    std::mutex watchMutex;
    std::condition_variable_any watchWake;
    const auto started = std::chrono::steady_clock::now();
    std::jthread watcher([&](std::stop_token own) {
        std::unique_lock lock(watchMutex);
        while (!own.stop_requested() && !stop.stop_requested()) {
            if (g_stopRequested.load()
                || (duration && std::chrono::steady_clock::now() - started >= *duration)) {
                stop.request_stop();
                return;
            }
            watchWake.wait_for(lock, own, std::chrono::milliseconds(20), [] { return false; });
        }
    });

    ObservedFramePrinter printer(limits::historyBytesDefault);
    std::size_t polls = 0;
    std::size_t failedPolls = 0;
    int status = exitOk;
    const auto onPoll = [&](const ObservedCluster& poll) {
        if (polls++ == 0)
            printMessage("observe: " + bootstrap + ": " + describeCluster(poll) + "; polling every "
                + std::to_string(options.interval.count()) + " ms");
        if (poll.stretched)
            printMessage("observe: the poll took " + std::to_string(poll.pollMs) + " ms, longer than the interval of "
                + std::to_string(options.interval.count()) + " ms: the next one starts now");
        if (recording) {
            if (std::optional<FileError> error = recording->append(poll)) {
                printMessage("observe: --record " + recordPath + ": " + error->message
                    + "; observing goes on without recording");
                recording.reset();
                status = exitInvalid;
            }
        }
        if (const std::string error = printer.add(poll); !error.empty()) {
            printMessage("observe: " + error);
            status = exitRealFailed;
            stop.request_stop();
        }
        if (outputFailed())
            stop.request_stop();
    };
    while (!stop.stop_requested()) {
        try {
            observer->run(onPoll, stop.get_token());
        } catch (const realkafka::ClusterObserverError& error) {
            ++failedPolls;
            if (polls == 0) {
                printMessage("observe: " + std::string(error.what()));
                status = exitRealFailed;
                break;
            }
            printMessage("observe: a poll failed: " + std::string(error.what()) + "; trying again in "
                + std::to_string(options.interval.count()) + " ms");
            std::mutex mutex;
            std::condition_variable_any wake;
            std::unique_lock lock(mutex);
            wake.wait_for(lock, stop.get_token(), options.interval, [] { return false; });
        }
    }
    watcher.request_stop();
    watcher.join();

    if (recording && recording->polls() == 0) {
        recording->discard();
        printMessage("observe: no poll was recorded; " + recordPath + " is left as it was");
    } else if (recording) {
        if (std::optional<FileError> error = recording->finish()) {
            printMessage("observe: --record " + recordPath + ": " + error->message + " (the polls were in "
                + recording->stagingPath() + ")");
            status = exitInvalid;
        } else {
            printMessage("observe: recorded " + std::to_string(recording->polls()) + " polls to " + recordPath);
        }
    }
    if (polls > 0)
        printMessage("observe: " + std::to_string(polls) + " polls, " + std::to_string(printer.frames()) + " frames"
            + (failedPolls > 0 ? ", " + std::to_string(failedPolls) + " polls failed" : std::string()));
    return status;
}

int replayObserved(const std::string& path, bool checkpointsOnly, std::uint64_t budget)
{
    if (checkpointsOnly)
        return usageError("run", "--checkpoints: " + path
                + " is an observe recording, which has no checkpoints (its frames are polls)");
    auto opened = ObservedRecordingReader::open(path);
    if (auto* error = std::get_if<std::string>(&opened))
        return fail(path + ": " + *error);
    ObservedRecordingReader& reader = *std::get<std::unique_ptr<ObservedRecordingReader>>(opened);
    ObservedFramePrinter printer(budget);
    while (std::optional<std::variant<ObservedCluster, ObservedJsonError>> next = reader.next()) {
        if (auto* error = std::get_if<ObservedJsonError>(&*next)) {
            std::cout.flush();
            return fail(path + ": " + error->toString());
        }
        if (const std::string error = printer.add(std::get<ObservedCluster>(*next)); !error.empty()) {
            std::cout.flush();
            return fail(path + ": " + error);
        }
        if (outputFailed())
            return exitInvalid;
    }
    return exitOk;
}

} // namespace hw::cli
