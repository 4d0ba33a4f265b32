// SPDX-License-Identifier: MIT
#pragma once

#include <string_view>
#include <vector>

namespace hw {

/// A scenario compiled into the program from resources/scenarios/NAME.json.
struct BuiltinScenario {
    std::string_view name;
    std::string_view json;
};

/// Every built-in scenario, in name order. Generated at build time (see core/CMakeLists.txt).
const std::vector<BuiltinScenario>& builtinScenarios();

} // namespace hw
