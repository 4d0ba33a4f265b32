// SPDX-License-Identifier: MIT
// The DumpLogSegments parser (realkafka/log_dump.h) on outputs captured from real Kafka 3.9.2 and 4.4.0
// brokers (tests/realkafka/observe_cluster.sh VERSION /bin/true DIR wrote them: the records of
// data/observed-sends.jsonl, sent twice, the second time after the leader was killed), on hostile text
// (every truncation, garbage lines, huge sizes), and runLogDump's process handling (timeout, failure, a
// flood of output).
#include "realkafka/log_dump.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace hw::realkafka {
namespace {

using namespace std::chrono_literals;

std::string readFixture(const std::string& name)
{
    std::ifstream in(std::string(HW_REALKAFKA_TEST_DATA_DIR) + "/" + name, std::ios::binary);
    EXPECT_TRUE(in) << name;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct Expected {
    std::optional<std::string> key;
    std::optional<std::string> value;
};

/// data/observed-sends.jsonl, in order.
const std::vector<Expected> sends = {
    { "k0", "v0" },
    { "k1", "v1" },
    { std::nullopt, "no key" },
    { "tombstone", std::nullopt },
    { "k4", "two\nlines" },
    { "key: x payload: y", " payload: z" },
    { "ünï", "漢字" },
    { "k7", "" },
    { "", "empty key" },
    { "k9", "| offset: 99 CreateTime: 0 keySize: 1" },
};

class CapturedDump : public testing::TestWithParam<std::string> { };

TEST_P(CapturedDump, TheLeaderThatStayedHoldsBothRoundsWithTheirEpochs)
{
    const std::string text = readFixture("dump-" + GetParam() + "-broker2.txt");
    const LogDump dump = parseLogDump(text, "broker2");
    ASSERT_EQ(dump.files.size(), 1u);
    EXPECT_EQ(dump.files[0], "RUN/broker2/data/observed-0/00000000000000000000.log");
    EXPECT_EQ(dump.firstSegmentBaseOffset, std::optional<std::int64_t>(0));
    EXPECT_EQ(dump.logEndOffset(), std::optional<std::int64_t>(20));
    EXPECT_EQ(dump.invalidTrailingBytes, 0);
    ASSERT_EQ(dump.batches.size(), 20u);
    const std::vector<ObservedRecord> records = observedRecords(dump);
    ASSERT_EQ(records.size(), 20u);
    for (std::size_t i = 0; i < records.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(records[i].offset, static_cast<std::int64_t>(i));
        // Broker 1 led epoch 0; broker 2 took over at epoch 1 after broker 1 was killed.
        EXPECT_EQ(records[i].leaderEpoch, i < 10 ? 0 : 1);
        EXPECT_EQ(records[i].key, sends[i % 10].key);
        EXPECT_EQ(records[i].value, sends[i % 10].value);
        EXPECT_EQ(records[i].producerId, 0);
        EXPECT_EQ(records[i].sequence, static_cast<std::int32_t>(i));
    }
}

TEST_P(CapturedDump, TheKilledLeaderHoldsTheFirstRoundOnly)
{
    const LogDump dump = parseLogDump(readFixture("dump-" + GetParam() + "-broker1.txt"), "broker1");
    EXPECT_EQ(dump.logEndOffset(), std::optional<std::int64_t>(10));
    const std::vector<ObservedRecord> records = observedRecords(dump);
    ASSERT_EQ(records.size(), 10u);
    EXPECT_EQ(records[4].value, std::optional<std::string>("two\nlines"));
    EXPECT_EQ(records[9].leaderEpoch, 0);
}

TEST_P(CapturedDump, TheHighWatermarkCheckpoints)
{
    // Broker 2 stopped cleanly and wrote its HW; broker 1 was killed before its first periodic checkpoint
    // (replica.high.watermark.checkpoint.interval.ms, 5 s) covered the records.
    const std::string dir = std::string(HW_REALKAFKA_TEST_DATA_DIR) + "/";
    const auto clean = readOffsetCheckpoint(dir + "replication-offset-checkpoint-" + GetParam() + "-broker2");
    ASSERT_EQ(clean.size(), 1u);
    EXPECT_EQ(clean.at({ "observed", 0 }), 20);
    const auto killed = readOffsetCheckpoint(dir + "replication-offset-checkpoint-" + GetParam() + "-broker1");
    EXPECT_LE(killed.at({ "observed", 0 }), 10);
}

TEST_P(CapturedDump, EveryTruncationIsAnErrorOrAShorterLog)
{
    const std::string text = readFixture("dump-" + GetParam() + "-broker2.txt");
    const std::vector<ObservedRecord> full = observedRecords(parseLogDump(text, "full"));
    int errors = 0;
    for (std::size_t length = 0; length < text.size(); ++length) {
        try {
            const std::vector<ObservedRecord> part = observedRecords(parseLogDump(text.substr(0, length), "cut"));
            ASSERT_LE(part.size(), full.size()) << length;
            for (std::size_t i = 0; i < part.size(); ++i)
                ASSERT_TRUE(part[i] == full[i]) << "cut at " << length << ", record " << i;
        } catch (const LogDumpError& error) {
            ++errors;
            EXPECT_EQ(std::string(error.what()).rfind("cut:", 0), 0u) << error.what();
        }
    }
    // Cuts inside a line or a batch are errors; only cuts at the end of a batch's last record parse.
    EXPECT_GT(errors, static_cast<int>(text.size()) * 9 / 10);
}

INSTANTIATE_TEST_SUITE_P(RealKafka, CapturedDump, testing::Values("3.9.2", "4.4.0"),
    [](const auto& info) { return "Kafka" + std::string(info.param == "3.9.2" ? "392" : "440"); });

constexpr const char* head = "Dumping /d/t-0/00000000000000000000.log\nLog starting offset: 0\n";
constexpr const char* batch0 = "baseOffset: 0 lastOffset: 0 count: 1 baseSequence: 0 lastSequence: 0 producerId: 7 "
                               "producerEpoch: 0 partitionLeaderEpoch: 3 isTransactional: false isControl: false "
                               "deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1 size: 72 magic: 2 "
                               "compresscodec: none crc: 1 isvalid: true\n";

std::string errorOf(const std::string& text)
{
    try {
        parseLogDump(text, "src");
    } catch (const LogDumpError& error) {
        return error.what();
    }
    return "(no error)";
}

TEST(LogDumpParser, GarbageLinesNameTheLineAndColumn)
{
    EXPECT_EQ(errorOf(std::string(head) + "garbage\n"),
        "src:3:1: unexpected line \"garbage\": expected \"Dumping FILE\", \"Log starting offset: N\", a batch "
        "(\"baseOffset: ...\") or a record (\"| offset: ...\")");
    EXPECT_EQ(errorOf("baseOffset: 0\n"), "src:1:1: \"baseOffset: 0\" before any \"Dumping FILE\" line");
    EXPECT_NE(
        errorOf(std::string(head) + "baseOffset: x lastOffset: 0\n").find("src:3:13: \"x\" is not an integer field"),
        std::string::npos);
    EXPECT_NE(errorOf(std::string(head) + batch0
                  + "| offset: 0 CreateTime: 1 keySize: 1 valueSize: 1 sequence: 0 headerKeys: [] payload: v\n")
                  .find("src:4:"),
        std::string::npos);
    EXPECT_NE(errorOf(std::string(head) + batch0
                  + "| offset: 5 CreateTime: 1 keySize: -1 valueSize: 1 sequence: 0 headerKeys: [] payload: v\n")
                  .find("outside batch 0-0"),
        std::string::npos);
    EXPECT_NE(
        errorOf(std::string(head) + batch0 + batch0).find("previous one still lacks 1 records"), std::string::npos);
    EXPECT_NE(errorOf(std::string(head) + batch0).find("1 records short of batch 0's count"), std::string::npos);
}

TEST(LogDumpParser, HugeSizesAreRefusedWithoutAllocating)
{
    const std::string huge = std::string(head) + batch0
        + "| offset: 0 CreateTime: 1 keySize: 999999999999 valueSize: 1 sequence: 0 headerKeys: [] key: k payload: v\n";
    EXPECT_NE(errorOf(huge).find("a key of 999999999999 bytes, more than dumpFieldBytesMax"), std::string::npos);
    const std::string beyond = std::string(head) + batch0
        + "| offset: 0 CreateTime: 1 keySize: -1 valueSize: 1000 sequence: 0 headerKeys: [] payload: short\n";
    EXPECT_NE(errorOf(beyond).find("the dump ends inside a value of 1000 bytes"), std::string::npos);
    const std::string tooBig = std::string(head) + batch0
        + "| offset: 0 CreateTime: 1 keySize: 99999999999999999999999 valueSize: 1 sequence: 0 headerKeys: []\n";
    EXPECT_NE(errorOf(tooBig).find("is not a record field"), std::string::npos);
}

TEST(LogDumpParser, AControlBatchCountsInTheLogEndButHoldsNoRecord)
{
    const std::string text = std::string(head) + batch0
        + "| offset: 0 CreateTime: 1 keySize: 1 valueSize: 1 sequence: 0 headerKeys: [] key: k payload: v\n"
          "baseOffset: 1 lastOffset: 1 count: 1 baseSequence: -1 lastSequence: -1 producerId: 7 producerEpoch: 0 "
          "partitionLeaderEpoch: 3 isTransactional: true isControl: true deleteHorizonMs: OptionalLong.empty position: "
          "72 "
          "CreateTime: 2 size: 78 magic: 2 compresscodec: none crc: 2 isvalid: true\n"
          "| offset: 1 CreateTime: 2 keySize: 4 valueSize: 6 sequence: -1 headerKeys: [] endTxnMarker: COMMIT "
          "coordinatorEpoch: 0\n"
          "Found 12 invalid bytes at the end of 00000000000000000000.log\n";
    const LogDump dump = parseLogDump(text, "src");
    EXPECT_EQ(dump.logEndOffset(), std::optional<std::int64_t>(2));
    EXPECT_EQ(dump.invalidTrailingBytes, 12);
    const auto records = observedRecords(dump);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_TRUE((records[0] == ObservedRecord { 0, 3, "k", "v", 7, 0, 0, true }));
}

TEST(LogDumpParser, ADumpOfTwoPartitionsSplitsByFolder)
{
    const std::string one = readFixture("dump-4.4.0-broker1.txt");
    std::string two = readFixture("dump-4.4.0-broker2.txt");
    const LogDump dump = parseLogDump(one + two, "both");
    const LogDump first = partitionDump(dump, "RUN/broker1/data/observed-0");
    const LogDump second = partitionDump(dump, "RUN/broker2/data/observed-0");
    EXPECT_EQ(first.logEndOffset(), std::optional<std::int64_t>(10));
    EXPECT_EQ(second.logEndOffset(), std::optional<std::int64_t>(20));
    EXPECT_EQ(observedRecords(second).size(), 20u);
    EXPECT_TRUE(observedRecords(partitionDump(dump, "RUN/elsewhere")).empty());
}

TEST(LogDumpParser, EmptyAndShortLogs)
{
    const LogDump empty = parseLogDump(head, "src");
    EXPECT_EQ(empty.logEndOffset(), std::optional<std::int64_t>(0));
    EXPECT_TRUE(empty.records.empty());
    EXPECT_EQ(parseLogDump("", "src").logEndOffset(), std::nullopt);
}

TEST(OffsetCheckpoint, BadFilesNameTheLine)
{
    const std::filesystem::path dir
        = std::filesystem::temp_directory_path() / ("hw-checkpoint-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const auto write = [&](const std::string& text) {
        std::ofstream(dir / "cp") << text;
        try {
            readOffsetCheckpoint(dir / "cp");
        } catch (const LogDumpError& error) {
            return std::string(error.what());
        }
        return std::string("(no error)");
    };
    EXPECT_NE(write("1\n0\n").find("cp:1: version \"1\", expected 0"), std::string::npos);
    EXPECT_NE(write("0\n2\nt 0 5\n").find("1 entries, the header says 2"), std::string::npos);
    EXPECT_NE(
        write("0\n1\nt zero 5\n").find("cp:3: \"t zero 5\": expected \"TOPIC PARTITION OFFSET\""), std::string::npos);
    EXPECT_NE(write("0\n99999999\n").find("is not an entry count"), std::string::npos);
    EXPECT_EQ(write("0\n2\nt 0 5\nu 3 7\n"), "(no error)");
    // A broker killed right after creating a checkpoint leaves it empty; Kafka reads that as no entries.
    EXPECT_EQ(write(""), "(no error)");
    EXPECT_EQ(write("0\n"), "(no error)");
    std::ofstream(dir / "cp") << "";
    EXPECT_TRUE(readOffsetCheckpoint(dir / "cp").empty());
    EXPECT_THROW(readOffsetCheckpoint(dir / "missing"), LogDumpError);
    std::filesystem::remove_all(dir);
}

/// A "java" that is a shell running the given script (the arguments runLogDump adds follow, as $0...).
LogDumpTool shellTool(const std::string& script)
{
    return LogDumpTool { "/bin/sh", "", "", { "-c", script } };
}

TEST(RunLogDump, ATimeoutStopsTheJvm)
{
    const auto start = std::chrono::steady_clock::now();
    try {
        runLogDump(shellTool("exec sleep 30"), { "/d/t-0/0.log" }, "node 1", 300ms);
        ADD_FAILURE() << "returned";
    } catch (const LogDumpError& error) {
        EXPECT_NE(std::string(error.what()).find("node 1: DumpLogSegments ran longer than 300 ms"), std::string::npos)
            << error.what();
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
}

TEST(RunLogDump, AFailureCarriesTheEndOfStandardError)
{
    try {
        runLogDump(shellTool("echo 'Exception in thread main' >&2; exit 3"), { "/d/t-0/0.log" }, "node 2");
        ADD_FAILURE() << "returned";
    } catch (const LogDumpError& error) {
        EXPECT_NE(std::string(error.what()).find("exit status 3"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("Exception in thread main"), std::string::npos) << error.what();
    }
}

TEST(RunLogDump, AFloodOfOutputIsCutAtTheLimit)
{
    try {
        runLogDump(shellTool("exec yes"), { "/d/t-0/0.log" }, "node 3", 60s, 1024 * 1024);
        ADD_FAILURE() << "returned";
    } catch (const LogDumpError& error) {
        EXPECT_NE(
            std::string(error.what()).find("printed more than 1048576 bytes (dumpOutputBytesMax)"), std::string::npos)
            << error.what();
    }
}

TEST(RunLogDump, TheOutputIsParsedAndPathsWithCommasRefused)
{
    const std::string fixture = std::string(HW_REALKAFKA_TEST_DATA_DIR) + "/dump-4.4.0-broker2.txt";
    const LogDump dump = runLogDump(shellTool("exec cat '" + fixture + "'"), { "/d/t-0/0.log" }, "node 4");
    EXPECT_EQ(dump.logEndOffset(), std::optional<std::int64_t>(20));
    EXPECT_THROW(runLogDump(shellTool("true"), { "/d/a,b/0.log" }, "node 4"), LogDumpError);
    EXPECT_THROW(runLogDump(shellTool("true"), {}, "node 4"), LogDumpError);
}

} // namespace
} // namespace hw::realkafka
