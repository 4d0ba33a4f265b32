// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace hw::cli {

/// `highwater-cli export SCENARIO (--frame N | --label L | --checkpoints | --frames A..B) --out PATH
/// [--format png|svg|pdf|gif] [--lang en|zh_TW|zh_CN] [--width W] [--height H] [--view partition|cluster]
/// [--scale S] [--transparent] [--fps F | --speed X]`: draws frames with the GUI's scene code,
/// offscreen, and writes them through hw::ui::Exporter (ui/exporter.h says what each format
/// writes). Returns the process exit status (0, or 2 with a message on stderr).
int runExport(const std::vector<std::string>& args);

} // namespace hw::cli
