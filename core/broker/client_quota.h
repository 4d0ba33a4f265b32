// SPDX-License-Identifier: MIT
#pragma once

#include "model/ids.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

/// Produce quotas per client (KIP-13, KIP-219): Kafka's ClientQuotaManager (server/.../quota/
/// ClientQuotaManager.java at 4.3.1) records the bytes of each produce request into a Rate sensor per
/// client.id and, when the rate measured over its sample windows is above the quota, returns the time
/// that brings it back under (QuotaUtils.throttleTime). The broker answers at once with that
/// throttle_time_ms and mutes the connection for as long (KIP-219). Times are the run's simulated
/// clock, so the same arrivals give the same throttles.
namespace hw {

/// quota.window.num and quota.window.size.seconds (QuotaConfig at 4.3.1: 11 samples of 1 s).
struct QuotaWindows {
    int samples = 11;
    TimeMs windowMs = 1000;
};

/// Kafka's Rate over a SampledStat of WindowedSum samples (common/metrics/stats/Rate.java, SampledStat.java
/// at 4.3.1), in units per second.
class QuotaRate {
public:
    /// SampledStat.record: into the current sample, or a new one once it is a window old.
    void record(double value, TimeMs nowMs, const QuotaWindows& windows);
    /// Rate.measure: the samples' sum over Rate.windowSize, per second.
    double measure(TimeMs nowMs, const QuotaWindows& windows);
    /// Rate.windowSize: time since the oldest sample, at least samples - 1 whole windows, at least 1 ms.
    TimeMs windowSize(TimeMs nowMs, const QuotaWindows& windows);

private:
    struct Sample {
        double value = 0;
        std::int64_t eventCount = 0;
        TimeMs startMs = 0;
        TimeMs lastEventMs = 0;
        void reset(TimeMs now) { *this = Sample{0, 0, now, now}; }
    };
    /// SampledStat.purgeObsoleteSamples: samples without an event for samples windows start again.
    void purge(TimeMs nowMs, const QuotaWindows& windows);

    std::vector<Sample> m_samples; // at most windows.samples + 1 (one overlapping the window)
    std::size_t m_current = 0;
};

class ClientQuotas {
public:
    /// `bytesPerSecond` for every client.id (the default producer_byte_rate quota); 0: no quota.
    explicit ClientQuotas(std::int64_t bytesPerSecond = 0, QuotaWindows windows = {})
        : m_bytesPerSecond(bytesPerSecond), m_windows(windows)
    {
    }

    std::int64_t bytesPerSecond() const { return m_bytesPerSecond; }

    /// ClientQuotaManager.maybeRecordAndGetThrottleTimeMs: records `bytes` for `clientId` at `nowMs`;
    /// 0 when the rate stays within the quota (or there is none), else the throttle time in ms.
    std::int32_t recordAndGetThrottleTimeMs(const std::string& clientId, double bytes, TimeMs nowMs);

private:
    std::int64_t m_bytesPerSecond = 0;
    QuotaWindows m_windows;
    std::map<std::string, QuotaRate> m_rates; // one sensor per client.id, as Kafka keeps them
};

} // namespace hw
