// SPDX-License-Identifier: MIT
// The ClusterObserver's options without a cluster (issue 29): the bootstrap list, the --topics regex and the
// interval, each refused with a message that names the option. Its polling is tested against serve
// (tests/live/test_cluster_observer_serve.cpp) and a real cluster (observe_cluster.sh).
#include "realkafka/cluster_observer.h"

#include <gtest/gtest.h>

namespace hw::realkafka {
namespace {

std::string refusal(const std::function<void()>& make)
{
    try {
        make();
    } catch (const ClusterObserverError& error) {
        return error.what();
    }
    return "accepted";
}

TEST(ClusterObserverOptions, TheBootstrapListIsHostPortPairsSeparatedByCommas)
{
    using Pairs = std::vector<std::pair<std::string, std::uint16_t>>;
    EXPECT_EQ(parseBootstrap("localhost:9092"), (Pairs { { "localhost", 9092 } }));
    EXPECT_EQ(parseBootstrap("a:1,b.example.com:65535,,"), (Pairs { { "a", 1 }, { "b.example.com", 65535 } }));
    EXPECT_EQ(parseBootstrap("[::1]:9092"), (Pairs { { "::1", 9092 } }));
    for (const std::string bad : { "localhost", "localhost:", ":9092", "host:0", "host:65536", "host:9092x", "host:-1" })
        EXPECT_NE(refusal([&] { parseBootstrap(bad); }).find("is not HOST:PORT"), std::string::npos) << bad;
    EXPECT_NE(refusal([] { parseBootstrap(","); }).find("no bootstrap broker"), std::string::npos);
}

TEST(ClusterObserverOptions, ABadRegexAShortIntervalAndNoTimeoutAreRefused)
{
    ClusterObserverOptions options;
    options.bootstrap = "127.0.0.1:9092";
    EXPECT_EQ(refusal([&] { ClusterObserver observer(options); }), "accepted");
    EXPECT_EQ(options.interval, std::chrono::milliseconds(1000)); // the default: a poll a second
    options.topicsRegex = "[orders";
    EXPECT_NE(refusal([&] { ClusterObserver observer(options); }).find("--topics \"[orders\""), std::string::npos);
    options.topicsRegex = "orders|clicks";
    options.interval = std::chrono::milliseconds(50);
    EXPECT_NE(refusal([&] { ClusterObserver observer(options); }).find("--interval-ms 50 is too short: at least 100"),
        std::string::npos);
    options.interval = std::chrono::milliseconds(100);
    options.requestTimeout = std::chrono::milliseconds(0);
    EXPECT_NE(refusal([&] { ClusterObserver observer(options); }).find("timeout"), std::string::npos);
}

} // namespace
} // namespace hw::realkafka
