// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace hw::cli {

/// `highwater-cli export SCENARIO (--frame N | --label L) --out FILE.png [--width W] [--height H]
/// [--view partition|cluster]`: draws a frame with the GUI's scene code, offscreen, and writes it as
/// a PNG. Returns the process exit status (0, or 2 with a message on stderr).
int runExport(const std::vector<std::string>& args);

} // namespace hw::cli
