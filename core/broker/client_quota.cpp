// SPDX-License-Identifier: MIT
#include "broker/client_quota.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hw {

void QuotaRate::record(double value, TimeMs nowMs, const QuotaWindows& windows)
{
    if (m_samples.empty())
        m_samples.push_back(Sample{0, 0, nowMs, nowMs});
    Sample* sample = &m_samples[m_current];
    // Sample.isComplete (eventWindow is unbounded for quota sensors).
    if (nowMs - sample->startMs >= windows.windowMs) {
        // SampledStat.advance: the next of samples + 1 slots, reused once all exist.
        m_current = (m_current + 1) % static_cast<std::size_t>(windows.samples + 1);
        if (m_current >= m_samples.size())
            m_samples.push_back(Sample{0, 0, nowMs, nowMs});
        else
            m_samples[m_current].reset(nowMs);
        sample = &m_samples[m_current];
    }
    sample->value += value;
    sample->eventCount += 1;
    sample->lastEventMs = nowMs;
}

void QuotaRate::purge(TimeMs nowMs, const QuotaWindows& windows)
{
    const TimeMs expireAge = static_cast<TimeMs>(windows.samples) * windows.windowMs;
    for (Sample& sample : m_samples) {
        if (nowMs - sample.lastEventMs >= expireAge)
            sample.reset(nowMs);
    }
}

TimeMs QuotaRate::windowSize(TimeMs nowMs, const QuotaWindows& windows)
{
    purge(nowMs, windows);
    if (m_samples.empty())
        m_samples.push_back(Sample{0, 0, nowMs, nowMs});
    TimeMs oldest = m_samples.front().startMs;
    for (const Sample& sample : m_samples)
        oldest = std::min(oldest, sample.startMs);
    TimeMs total = nowMs - oldest;
    const auto fullWindows = static_cast<int>(total / windows.windowMs);
    const int minFullWindows = windows.samples - 1;
    if (fullWindows < minFullWindows)
        total += static_cast<TimeMs>(minFullWindows - fullWindows) * windows.windowMs;
    return std::max<TimeMs>(total, 1);
}

double QuotaRate::measure(TimeMs nowMs, const QuotaWindows& windows)
{
    purge(nowMs, windows);
    double sum = 0;
    for (const Sample& sample : m_samples)
        sum += sample.value;
    return sum / (static_cast<double>(windowSize(nowMs, windows)) / 1000.0);
}

std::int32_t ClientQuotas::recordAndGetThrottleTimeMs(const std::string& clientId, double bytes, TimeMs nowMs)
{
    if (m_bytesPerSecond <= 0)
        return 0; // ClientQuotaManager.quotasEnabled: no quota configured, nothing recorded
    QuotaRate& rate = m_rates[clientId];
    rate.record(bytes, nowMs, m_windows);
    // Sensor.checkQuotas: Quota.upperBound accepts a rate at or below the bound.
    const double value = rate.measure(nowMs, m_windows);
    const auto bound = static_cast<double>(m_bytesPerSecond);
    if (value <= bound)
        return 0;
    // QuotaUtils.throttleTime: the time that brings the rate back to the bound over the same window.
    const double throttle = (value - bound) / bound * static_cast<double>(rate.windowSize(nowMs, m_windows));
    const double rounded = std::round(throttle);
    return static_cast<std::int32_t>(std::min<double>(rounded, std::numeric_limits<std::int32_t>::max()));
}

} // namespace hw
