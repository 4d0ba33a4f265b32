// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <vector>

/// `highwater-cli observe`: a running Kafka cluster, read-only, as frames (realkafka/cluster_observer.h,
/// model/observed_state.h), and `run RECORDING`: an observe recording replayed to the same frames.
namespace hw::cli {

#define HW_CLI_OBSERVE_USAGE                                                                                  \
    "  observe --bootstrap HOST:PORT[,HOST:PORT...] [--security FILE] [--topics REGEX]\n"                  \
    "        [--interval-ms N] [--duration S] [--dump jsonl] [--record FILE]\n"                             \
    "                                         observe a running Kafka cluster (or `serve`), read-only: poll\n" \
    "                                         every N ms (default 1000, at least 100) each replica's log\n"  \
    "                                         start, LEO and HW, the leaders, ISR, ELR, brokers and groups,\n" \
    "                                         and print one JSON frame per poll that changed something, as\n" \
    "                                         `run` does, marked observed; --security: a Kafka client\n"     \
    "                                         properties file for SSL or SASL (credentials from it or from\n" \
    "                                         HW_OBSERVE_SASL_USERNAME / HW_OBSERVE_SASL_PASSWORD, never\n"  \
    "                                         the command line); --topics: only topics whose whole name\n"   \
    "                                         matches REGEX; --duration: stop after S seconds (otherwise\n"   \
    "                                         Ctrl+C or SIGTERM stops); --record: every poll to FILE (the\n" \
    "                                         folder must exist; written beside it and put in place when\n"   \
    "                                         observing ends), which `run FILE` replays to the same frames\n" \
    "                                         and the app opens; a poll that fails is reported on standard\n" \
    "                                         error and polling goes on; exit status 3 when the first poll\n" \
    "                                         fails\n"

/// Returns the exit status: 0, 2 for bad arguments, a security file or record path that cannot be used,
/// 3 when the cluster cannot be observed at all (the first poll failed).
int runObserve(const std::vector<std::string>& args);

/// `run FILE` for an observe recording (ObservedRecordingReader::isRecording): prints its frames as
/// `observe` printed them, with the history's memory budget (its oldest frames are dropped at it). Returns
/// 0, or 2 when a line is wrong (the frames before it are printed) or --checkpoints is given.
int replayObserved(const std::string& path, bool checkpointsOnly, std::uint64_t budget);

} // namespace hw::cli
