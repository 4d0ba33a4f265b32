// SPDX-License-Identifier: MIT
// `highwater-cli observe` and `run RECORDING` as a user runs them (issue 29): against a `serve` in the
// background, whose scripted fault the frames must show, and against bad arguments, targets and recordings.
#include "cli_runner.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

using hw::test::BackgroundCli;
using hw::test::CliResult;
using hw::test::contains;
using hw::test::lines;
using hw::test::runCli;

namespace {

std::string pointer(const std::string& command)
{
    return " (see 'highwater-cli " + command + " --help')\n";
}

std::string tempDir()
{
    std::string pattern = ::testing::TempDir() + "/hwobserve_XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const char* made = ::mkdtemp(name.data());
    EXPECT_NE(made, nullptr);
    return made ? made : "";
}

void writeText(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

/// A `serve` of the consumer-lag lesson whose broker 2 is killed 1.5 s after serving begins, and which
/// stops by itself after a minute (a test that fails midway leaves no server behind for long).
class ServeFixture {
public:
    explicit ServeFixture(const std::string& dir)
    {
        writeText(dir + "/script.json", R"([{"at_ms": 1500, "kill": {"broker": 2}}])");
        m_served = hw::test::startServe(
            "builtin:consumer-lag", { "--script", dir + "/script.json", "--stop-after-ms", "60000" }, 23000);
    }
    std::string bootstrap() const { return m_served.bootstrap(); }
    bool up() const { return m_served.port > 0; }

private:
    hw::test::ServedCli m_served;
};

} // namespace

TEST(ObserveCli, FramesOfServeShowItsFaultAndTheRecordingReplaysToTheSameFrames)
{
    const std::string dir = tempDir();
    ServeFixture serve(dir);
    ASSERT_TRUE(serve.up());
    const std::string recording = dir + "/session.jsonl";
    const CliResult observed = runCli({ "observe", "--bootstrap", serve.bootstrap(), "--interval-ms", "200",
        "--duration", "4", "--record", recording, "--topics", "orders" });
    ASSERT_EQ(observed.exitCode, 0) << observed.err;
    EXPECT_TRUE(contains(observed.err, "observe: " + serve.bootstrap() + ": cluster highwater-consumer-lag"))
        << observed.err;
    EXPECT_TRUE(contains(observed.err, "polling every 200 ms")) << observed.err;
    EXPECT_TRUE(contains(observed.err, "polls to " + recording)) << observed.err;

    // Every line a frame: numbered from 0 without gaps, marked observed, the first one the first poll;
    // before the kill broker 2 is online with its offsets, after it not answering with its offsets unknown
    // (null, never 0), and the times only grow. Its ISR membership stays: the leader drops it only after
    // replica.lag.time.max.ms (30 s), longer than this test observes.
    const std::vector<std::string> frames = lines(observed.out);
    ASSERT_GE(frames.size(), 2u) << observed.out;
    std::int64_t lastTime = -1;
    bool sawOnline = false;
    bool sawGone = false;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const nlohmann::json frame = nlohmann::json::parse(frames[i]);
        EXPECT_EQ(frame["frame"], i);
        ASSERT_TRUE(frame.contains("observed")) << frames[i];
        EXPECT_EQ(frame["observed"]["interval_ms"], 200);
        EXPECT_EQ(frame["event"]["type"], "observed-poll");
        EXPECT_EQ(frame["event"].value("first_poll", false), i == 0);
        EXPECT_GE(frame["time_ms"].get<std::int64_t>(), lastTime);
        lastTime = frame["time_ms"].get<std::int64_t>();
        ASSERT_EQ(frame["topics"].size(), 1u) << "--topics orders";
        EXPECT_EQ(frame["topics"][0]["name"], "orders");
        std::string state;
        for (const auto& broker : frame["brokers"])
            if (broker["id"] == 2)
                state = broker["state"];
        nlohmann::json replica;
        for (const auto& r : frame["partitions"][0]["replica_states"])
            if (r["broker"] == 2)
                replica = r;
        if (state == "online") {
            EXPECT_FALSE(sawGone) << "frame " << i;
            EXPECT_EQ(replica["leo"], 20) << frames[i];
            EXPECT_EQ(replica["hw"], 20) << frames[i];
            sawOnline = true;
        } else {
            EXPECT_EQ(state, "not-answering") << frames[i];
            EXPECT_TRUE(replica["leo"].is_null()) << frames[i];
            EXPECT_TRUE(replica["hw"].is_null()) << frames[i];
            EXPECT_TRUE(sawOnline) << "broker 2 gone before it was seen online, frame " << i;
            sawGone = true;
        }
    }
    EXPECT_TRUE(sawOnline) << observed.out;
    EXPECT_TRUE(sawGone) << "the kill at 1.5 s never showed: " << observed.out;

    const CliResult replayed = runCli({ "run", recording });
    ASSERT_EQ(replayed.exitCode, 0) << replayed.err;
    EXPECT_EQ(replayed.err, "");
    EXPECT_EQ(replayed.out, observed.out) << "run RECORDING prints the frames observe printed";
    const std::vector<std::string> recorded = lines(readText(recording));
    EXPECT_GE(recorded.size(), 1 + frames.size()) << "a header and every poll, changed or not";
    EXPECT_TRUE(contains(recorded[0], "\"format\":\"highwater-observe-recording\"")) << recorded[0];
    EXPECT_TRUE(contains(recorded[0], "\"bootstrap\":\"" + serve.bootstrap() + "\"")) << recorded[0];
    std::filesystem::remove_all(dir);
}

TEST(ObserveCli, AFullStandardOutputEndsObservingWithTheReasonAndKeepsTheRecording)
{
    const std::string dir = tempDir();
    ServeFixture serve(dir);
    ASSERT_TRUE(serve.up());
    const std::string recording = dir + "/kept.jsonl";
    const auto started = std::chrono::steady_clock::now();
    const CliResult r = runCli({ "observe", "--bootstrap", serve.bootstrap(), "--record", recording }, "/dev/full");
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10)) << "no --duration: it stops at the failed write";
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(contains(r.err, "highwater-cli: cannot write to standard output: No space left on device\n")) << r.err;
    const CliResult replayed = runCli({ "run", recording });
    EXPECT_EQ(replayed.exitCode, 0) << replayed.err;
    EXPECT_EQ(lines(replayed.out).size(), 1u) << "the one poll observed before the write failed";
    std::filesystem::remove_all(dir);
}

TEST(ObserveCli, CtrlCEndsObservingAndPutsTheRecordingInPlace)
{
    const std::string dir = tempDir();
    ServeFixture serve(dir);
    ASSERT_TRUE(serve.up());
    const std::string recording = dir + "/interrupted.jsonl";
    BackgroundCli observe({ "observe", "--bootstrap", serve.bootstrap(), "--interval-ms", "100", "--record", recording });
    ASSERT_TRUE(observe.started());
    for (int i = 0; i < 200 && !contains(observe.errSoFar(), "polling every"); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    // Until observing ends the polls are beside the target, never in it.
    EXPECT_FALSE(std::filesystem::exists(recording));
    const auto signalled = std::chrono::steady_clock::now();
    observe.signal(SIGINT);
    const CliResult ended = observe.wait();
    EXPECT_LT(std::chrono::steady_clock::now() - signalled, std::chrono::seconds(5)) << "Ctrl+C ends observing promptly";
    ASSERT_EQ(ended.exitCode, 0) << ended.err;
    EXPECT_TRUE(contains(ended.err, "polls to " + recording)) << ended.err;
    const CliResult replayed = runCli({ "run", recording });
    EXPECT_EQ(replayed.exitCode, 0) << replayed.err;
    EXPECT_EQ(replayed.out, ended.out);
    // No staging file is left behind.
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        files += entry.path().filename().string().rfind(".highwater-", 0) == 0 ? 1 : 0;
    EXPECT_EQ(files, 0);
    std::filesystem::remove_all(dir);
}

TEST(ObserveCli, BadArgumentsAreRefusedBeforeAnythingIsSent)
{
    const std::string dir = tempDir();
    const struct {
        std::vector<std::string> args;
        std::string err;
    } cases[] = {
        { { "observe" }, "highwater-cli: observe: needs --bootstrap HOST:PORT, a broker of the cluster to observe" + pointer("observe") },
        { { "observe", "--bootstrap", "127.0.0.1:9092", "--interval-ms", "50" },
            "highwater-cli: observe: --interval-ms \"50\": expected milliseconds from 100 to 3600000" + pointer("observe") },
        { { "observe", "--bootstrap", "127.0.0.1:9092", "--interval-ms", "1s" },
            "highwater-cli: observe: --interval-ms \"1s\": expected milliseconds from 100 to 3600000" + pointer("observe") },
        { { "observe", "--bootstrap", "127.0.0.1:9092", "--duration", "0" },
            "highwater-cli: observe: --duration \"0\": expected seconds above 0, at most 31536000 (a year)" + pointer("observe") },
        { { "observe", "--bootstrap", "127.0.0.1:9092", "--duration=-3" },
            "highwater-cli: observe: --duration \"-3\": expected seconds above 0, at most 31536000 (a year)" + pointer("observe") },
        { { "observe", "--bootstrap", "127.0.0.1:9092", "--duration", "nan" },
            "highwater-cli: observe: --duration \"nan\": expected seconds above 0, at most 31536000 (a year)" + pointer("observe") },
        { { "observe", "--bootstrap", "127.0.0.1:9092", "--dump", "csv" },
            "highwater-cli: observe: unknown dump format \"csv\"; the only format is jsonl" + pointer("observe") },
        { { "observe", "--bootstrap", "127.0.0.1:9092", "--security", dir + "/missing.properties" },
            "" },
    };
    for (const auto& c : cases) {
        const CliResult r = runCli(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args.back() << "\n" << r.err;
        EXPECT_EQ(r.out, "");
        if (!c.err.empty())
            EXPECT_EQ(r.err, c.err);
        else
            EXPECT_TRUE(contains(r.err, "highwater-cli: observe: --security: ")) << r.err;
    }
    const CliResult dash = runCli({ "observe", "--bootstrap", "127.0.0.1:9092", "--record", "-" });
    EXPECT_EQ(dash.exitCode, 2);
    EXPECT_EQ(dash.err, "highwater-cli: observe: --record -: standard output carries the frames; give the recording a file"
            + pointer("observe"));
    // The observer's own checks name what is wrong.
    const CliResult regex = runCli({ "observe", "--bootstrap", "127.0.0.1:9092", "--topics", "([" });
    EXPECT_EQ(regex.exitCode, 2);
    EXPECT_TRUE(contains(regex.err, "--topics")) << regex.err;
    const CliResult port = runCli({ "observe", "--bootstrap", "127.0.0.1:99999" });
    EXPECT_EQ(port.exitCode, 2);
    EXPECT_TRUE(contains(port.err, "99999")) << port.err;
    std::filesystem::remove_all(dir);
}

TEST(ObserveCli, ARecordTargetThatIsNotARegularFileIsRefusedAndAFailedFirstPollKeepsAnOldRecording)
{
    const std::string dir = tempDir();
    const std::string unreachable = "127.0.0.1:" + std::to_string(hw::test::freeBasePort(41000) + 1);
    for (const std::string& target : { dir, std::string("/dev/null"), dir + "/missing-folder/rec.jsonl" }) {
        const CliResult r = runCli({ "observe", "--bootstrap", unreachable, "--record", target });
        EXPECT_EQ(r.exitCode, 2) << target << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "highwater-cli: observe: --record " + target + ": ")) << r.err;
        EXPECT_FALSE(contains(r.err, "bootstrap broker")) << "refused before connecting: " << r.err;
    }
    struct stat devNull { };
    ASSERT_EQ(::stat("/dev/null", &devNull), 0);
    EXPECT_TRUE(S_ISCHR(devNull.st_mode));

    const std::string old = dir + "/old.jsonl";
    writeText(old, "an earlier recording\n");
    const CliResult r = runCli({ "observe", "--bootstrap", unreachable, "--record", old });
    EXPECT_EQ(r.exitCode, 3) << r.err;
    EXPECT_TRUE(contains(r.err, "highwater-cli: observe: no bootstrap broker answered; bootstrap broker (" + unreachable
                    + "): connect: Connection refused"))
        << r.err;
    EXPECT_TRUE(contains(r.err, "no poll was recorded; " + old + " is left as it was")) << r.err;
    EXPECT_EQ(readText(old), "an earlier recording\n");
    std::filesystem::remove_all(dir);
}

TEST(ObserveCli, ABrokenRecordingPrintsTheFramesBeforeItsBadLineAndNamesTheLine)
{
    const std::string dir = tempDir();
    // A recording of serve's first poll, made by hand from a real one: observe one poll and cut there.
    ServeFixture serve(dir);
    ASSERT_TRUE(serve.up());
    const std::string good = dir + "/good.jsonl";
    const CliResult observed
        = runCli({ "observe", "--bootstrap", serve.bootstrap(), "--duration", "0.5", "--record", good });
    ASSERT_EQ(observed.exitCode, 0) << observed.err;
    const std::vector<std::string> recorded = lines(readText(good));
    ASSERT_GE(recorded.size(), 2u);
    const std::string firstFrame = lines(observed.out).at(0) + "\n";

    const std::string broken = dir + "/broken.jsonl";
    writeText(broken, recorded[0] + "\n" + recorded[1] + "\n\n" + R"({"cluster_id": 7})" + "\n");
    const CliResult r = runCli({ "run", broken });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, firstFrame);
    EXPECT_EQ(r.err, "highwater-cli: " + broken + ": line 4: /cluster_id: expected a string, got the number 7\n") << r.err;

    const std::string truncated = dir + "/truncated.jsonl";
    writeText(truncated, recorded[0] + "\n" + recorded[1].substr(0, recorded[1].size() / 2));
    const CliResult cut = runCli({ "run", truncated });
    EXPECT_EQ(cut.exitCode, 2);
    EXPECT_EQ(cut.out, "");
    EXPECT_TRUE(contains(cut.err, "highwater-cli: " + truncated + ": line 2, column ")) << cut.err;

    const CliResult checkpoints = runCli({ "run", good, "--checkpoints" });
    EXPECT_EQ(checkpoints.exitCode, 2);
    EXPECT_EQ(checkpoints.err, "highwater-cli: run: --checkpoints: " + good
            + " is an observe recording, which has no checkpoints (its frames are polls)" + pointer("run"));
    std::filesystem::remove_all(dir);
}
