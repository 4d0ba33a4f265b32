// SPDX-License-Identifier: MIT
// Reading scenario files (issue 10): the reader's own document builder (depth limit, duplicate keys)
// against nlohmann's DOM parser on the same text, and the inputs that used to crash or hang: one
// object of many keys (nlohmann's ordered_map looks each key up by a linear scan) and 120,000 levels
// of nesting.

#include "model/limits.h"
#include "scenario/scenario.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <string>

namespace {

/// A valid scenario of `steps` produce steps of `values` values each (7 MiB at 60 x 10,000).
std::string largeScenario(int steps, int values)
{
    std::string text = R"({"format": "highwater/1", "name": "large", "cluster": {"brokers": 3},
 "topics": [{"name": "orders", "partitions": 4}], "producers": [{"id": "p1", "acks": "all"}], "steps": [)";
    for (int s = 0; s < steps; ++s) {
        text += s == 0 ? "\n" : ",\n";
        text += R"({"produce": {"producer": "p1", "topic": "orders", "wait": false, "values": [)";
        for (int v = 0; v < values; ++v) {
            if (v > 0)
                text += ',';
            text += "\"value-";
            text += std::to_string(v);
            text += '"';
        }
        text += "]}}";
    }
    text += "]}\n";
    return text;
}

/// A scenario whose one config step has `keys` distinct (unknown) keys.
std::string wideScenario(int keys)
{
    std::string text = R"({"format": "highwater/1", "name": "wide", "cluster": {"brokers": 1},
 "topics": [{"name": "t"}], "steps": [{"config": {)";
    for (int k = 0; k < keys; ++k) {
        if (k > 0)
            text += ',';
        text += "\"k";
        text += std::to_string(k);
        text += "\":0";
    }
    text += "}}]}";
    return text;
}

void setBytes(benchmark::State& state, const std::string& text)
{
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(text.size()));
    state.counters["file_KiB"] = static_cast<double>(text.size()) / 1024.0;
}

void BM_ParseScenarioLarge(benchmark::State& state)
{
    const std::string text = largeScenario(60, 10000);
    for (auto _ : state) {
        auto result = hw::parseScenario(text, "large.json");
        if (!std::holds_alternative<hw::Scenario>(result))
            state.SkipWithError(std::get<hw::ScenarioError>(result).toString().c_str());
        benchmark::DoNotOptimize(result);
    }
    setBytes(state, text);
}
BENCHMARK(BM_ParseScenarioLarge)->Unit(benchmark::kMillisecond);

// The document builder alone: the same text with a stray character after it, so that parseScenario
// builds the whole document, then stops at the end before the scenario reader walks it.
void BM_BuildDocumentLarge(benchmark::State& state)
{
    const std::string text = largeScenario(60, 10000) + "x";
    for (auto _ : state) {
        auto result = hw::parseScenario(text, "large.json");
        if (!std::holds_alternative<hw::ScenarioError>(result) || std::get<hw::ScenarioError>(result).line < 60)
            state.SkipWithError("expected the syntax error at the end");
        benchmark::DoNotOptimize(result);
    }
    setBytes(state, text);
}
BENCHMARK(BM_BuildDocumentLarge)->Unit(benchmark::kMillisecond);

// The baseline: nlohmann's own DOM parse of the same text, which parseScenario used before (the
// scenario reader's walk over the document comes on top of it in BM_ParseScenarioLarge).
void BM_LibraryDomParseLarge(benchmark::State& state)
{
    const std::string text = largeScenario(60, 10000);
    for (auto _ : state)
        benchmark::DoNotOptimize(nlohmann::ordered_json::parse(text));
    setBytes(state, text);
}
BENCHMARK(BM_LibraryDomParseLarge)->Unit(benchmark::kMillisecond);

void BM_ParseScenarioWideObject(benchmark::State& state)
{
    const std::string text = wideScenario(static_cast<int>(state.range(0)));
    for (auto _ : state)
        benchmark::DoNotOptimize(hw::parseScenario(text, "wide.json"));
    setBytes(state, text);
    state.counters["keys"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_ParseScenarioWideObject)->Arg(1000)->Arg(10000)->Arg(200000)->Unit(benchmark::kMillisecond);

// The library's DOM parse of the same object: quadratic in the number of keys. 200,000 keys take
// minutes, so the baseline stops at 20,000.
void BM_LibraryDomParseWideObject(benchmark::State& state)
{
    const std::string text = wideScenario(static_cast<int>(state.range(0)));
    for (auto _ : state)
        benchmark::DoNotOptimize(nlohmann::ordered_json::parse(text));
    setBytes(state, text);
    state.counters["keys"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_LibraryDomParseWideObject)->Arg(1000)->Arg(10000)->Arg(20000)->Unit(benchmark::kMillisecond);

void BM_RejectNesting120000Deep(benchmark::State& state)
{
    const std::string text = std::string(120000, '[') + std::string(120000, ']');
    for (auto _ : state)
        benchmark::DoNotOptimize(hw::parseScenario(text, "deep.json"));
    setBytes(state, text);
}
BENCHMARK(BM_RejectNesting120000Deep)->Unit(benchmark::kMicrosecond);

} // namespace
