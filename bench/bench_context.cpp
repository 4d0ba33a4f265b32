// SPDX-License-Identifier: MIT
// Linked into every benchmark program: puts into the benchmark's context (printed above the results,
// and in --benchmark_format=json) whether the program was built with HW_ASSERTIONS. scripts/test builds
// build/ with them on (bounds checks in the standard library, in Qt's containers and in PVector), which
// costs time a plain Release build does not spend; numbers from such a build say so, and a warning on
// stderr says how to measure without them.

#include <benchmark/benchmark.h>

#include <cstdio>

namespace {

const bool contextAdded = [] {
#if defined(HW_ASSERTIONS)
    benchmark::AddCustomContext(
        "hw_assertions", "on (bounds checks cost time: not comparable with a plain Release build)");
    std::fprintf(stderr,
        "***WARNING*** built with HW_ASSERTIONS: bounds checks are on and cost time. To measure, build without "
        "them: cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DHW_ASSERTIONS=OFF\n");
#else
    benchmark::AddCustomContext("hw_assertions", "off");
#endif
    return true;
}();

} // namespace
