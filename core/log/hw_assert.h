// SPDX-License-Identifier: MIT
#pragma once

#include <cassert>
#include <cstdio>
#include <cstdlib>

/// HW_ASSERT(condition): a check of the program's own logic (an index in range, a fact a caller relies
/// on), not of input: input gets an error message, never an assertion.
///
/// Built with -DHW_ASSERTIONS=ON (the CMake option; scripts/test turns it on for build/ and build-asan/),
/// HW_ASSERT is on whatever the build type, so that the Release test build checks it: it prints the
/// condition with its file and line and aborts. Otherwise it is assert(), on in Debug and gone under
/// NDEBUG. Unlike Q_ASSERT it needs no Qt, so the engine and the UI use the same macro; the same option
/// turns on the standard library's own checks (_GLIBCXX_ASSERTIONS) and Qt's (QT_FORCE_ASSERTS).
///
/// It lives in log/, the lowest component, so that every component and every UI part may include it.
namespace hw {

[[noreturn]] inline void assertionFailed(const char* condition, const char* file, int line)
{
    std::fprintf(stderr, "%s:%d: HighWater assertion failed: %s\n", file, line, condition);
    std::fflush(stderr);
    std::abort();
}

} // namespace hw

#if defined(HW_ASSERTIONS)
#define HW_ASSERT(condition) ((condition) ? static_cast<void>(0) : ::hw::assertionFailed(#condition, __FILE__, __LINE__))
#else
#define HW_ASSERT(condition) assert(condition)
#endif
