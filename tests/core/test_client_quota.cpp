// SPDX-License-Identifier: MIT
// Produce quotas (broker/client_quota.h): Kafka's Rate over 11 one-second samples and
// QuotaUtils.throttleTime at 4.3.1, in simulated time. The expected figures are worked out from
// SampledStat.record / purgeObsoleteSamples and Rate.windowSize step by step in each comment.

#include "broker/client_quota.h"

#include <gtest/gtest.h>

namespace {

TEST(ClientQuota, WithoutAQuotaNothingIsThrottled)
{
    hw::ClientQuotas quotas;
    EXPECT_EQ(quotas.recordAndGetThrottleTimeMs("flood", 1e9, 0), 0);
    EXPECT_EQ(quotas.recordAndGetThrottleTimeMs("flood", 1e9, 1), 0);
}

TEST(ClientQuota, AFloodIsThrottledForTheTimeThatBringsItsRateBackAsKafkaComputesIt)
{
    hw::ClientQuotas quotas(1000);
    // 10,000 bytes at 0: one sample; the window counts samples - 1 = 10 whole windows (10 s), so the
    // rate is 1,000 B/s, at the bound: accepted.
    EXPECT_EQ(quotas.recordAndGetThrottleTimeMs("flood", 10000, 0), 0);
    // 20,000 bytes over 10 s: 2,000 B/s; (2000 - 1000) / 1000 * 10000 ms.
    EXPECT_EQ(quotas.recordAndGetThrottleTimeMs("flood", 10000, 0), 10000);
    // At 5 s a new sample starts; the window is still padded to 10 s: 20,001 bytes / 10 s.
    EXPECT_EQ(quotas.recordAndGetThrottleTimeMs("flood", 1, 5000), 10001);
    // Another client.id has its own sensor.
    EXPECT_EQ(quotas.recordAndGetThrottleTimeMs("student", 500, 5000), 0);
    // At 11 s the first sample has had no event for 11 windows: purged. 2 bytes over 10 s.
    EXPECT_EQ(quotas.recordAndGetThrottleTimeMs("flood", 1, 11000), 0);
}

TEST(ClientQuota, ASteadyProducerUnderTheQuotaIsNeverThrottled)
{
    hw::ClientQuotas quotas(1000);
    for (hw::TimeMs t = 0; t < 60000; t += 100)
        ASSERT_EQ(quotas.recordAndGetThrottleTimeMs("steady", 90, t), 0) << "at " << t << " ms";
}

TEST(ClientQuota, AProducerThatWaitsOutEachThrottleIsHeldNearTheQuota)
{
    // A flooding client that sends 64 KiB requests as fast as the broker reads them: each request is
    // read when the previous throttle ends (KIP-219). Over a simulated minute it sends about the quota.
    const std::int64_t quota = 256 * 1024;
    hw::ClientQuotas quotas(quota);
    hw::TimeMs t = 0;
    std::int64_t sent = 0;
    while (t < 60000) {
        sent += 64 * 1024;
        t += 1 + quotas.recordAndGetThrottleTimeMs("flood", 64 * 1024, t);
    }
    const double rate = static_cast<double>(sent) / (static_cast<double>(t) / 1000.0);
    EXPECT_LT(rate, 1.25 * static_cast<double>(quota));
    EXPECT_GT(rate, 0.75 * static_cast<double>(quota));
}

} // namespace
