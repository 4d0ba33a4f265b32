// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

/// `highwater-cli serve`: the live lab's Kafka listeners (live/kafka_server.h).
namespace hw::cli {

#define HW_CLI_SERVE_USAGE                                                                                    \
    "  serve SCENARIO [--port P] [--bind ADDR] [--advertise HOST] [--speed X] [--record FILE]\n"         \
    "        [--script FILE] [--quiet] [--frames FILE] [--stop-after-ms MS] [--memory-budget SIZE]\n"       \
    "        [--produce-quota BYTES]\n"                                                                  \
    "                                         run the scenario's steps, then serve its brokers over the\n"   \
    "                                         Kafka protocol: broker N on 127.0.0.1:P+N (P default 19092)\n" \
    "                                         for real clients (kcat, kafka-python, librdkafka);\n"          \
    "                                         --advertise HOST: Metadata names HOST:P+N for broker N, so\n"  \
    "                                         other machines reach every broker (needed with --bind\n"       \
    "                                         0.0.0.0; otherwise the bind address is advertised); the\n"     \
    "                                         clock follows the wall clock times X (default 1); --script\n"  \
    "                                         adds timed faults ([{\"at_ms\": 20000, \"kill\": {\"broker\":\n" \
    "                                         1}}]); Ctrl+C or SIGTERM stops, writing the session to\n"      \
    "                                         --record FILE, which `run` replays to the same frames (a\n"    \
    "                                         recording stops with a warning at its cap or when the\n"       \
    "                                         history drops its oldest frames at --memory-budget; serving\n" \
    "                                         goes on, and the part recorded is written)\n"                  \
    "                                         (--frames FILE: the served frames as `run --records new`\n"    \
    "                                         prints them); both are checked before serving starts (the\n"  \
    "                                         folder exists and takes files, the file is new or a regular\n" \
    "                                         file); - is standard output, and serve then reports on\n"     \
    "                                         standard error; --produce-quota: bytes per second each\n"     \
    "                                         client.id may produce before it is throttled (default\n"      \
    "                                         262144, 0: none); topics without retention settings get\n"   \
    "                                         1 MiB segments, 16 MiB and 30 minutes of retention\n"

/// Returns the exit status: 0, or 2 for bad arguments, a listener that cannot bind, or a session or
/// frames that cannot be written.
int runServe(const std::vector<std::string>& args);

} // namespace hw::cli
