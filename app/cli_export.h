// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

/// The export command's part of `highwater-cli --help`, also printed by `highwater-cli export --help`:
/// every option with its range and default. A macro so that cli_main.cpp's usage text, one string
/// literal, can take it in; tests/ui/test_cli_export.cpp checks the ranges against hw::ui::exportlimits.
#define HW_CLI_EXPORT_USAGE                                                                                            \
    "  export SCENARIO (--frame N | --label L | --checkpoints | --frames A..B) --out PATH [options]\n"                 \
    "                                         draw frames offscreen as the window draws them: a PNG or\n"              \
    "                                         SVG file, or several frames into the directory PATH as\n"                \
    "                                         frame-NNNNNN.png or .svg named by frame number (made when\n"             \
    "                                         missing; frames of an earlier export in it are replaced; a\n"            \
    "                                         directory that holds other files is refused), a PDF\n"                   \
    "                                         handout with an A4 page per frame, or a looping animated\n"              \
    "                                         GIF; --out - writes one file to standard output (with\n"              \
    "                                         --format; an image not to a terminal) and the summary to\n"           \
    "                                         standard error; a device, named pipe or directory at PATH\n"          \
    "                                         is refused and left as it is\n"                                        \
    "    --frame N  --frames A..B             frame numbers, 0 to the scenario's last (validate prints\n"              \
    "                                         how many frames it has); A <= B\n"                                       \
    "    --label L  --checkpoints             the frame of checkpoint L; every checkpoint's frame\n"                   \
    "    --format png|svg|pdf|gif             default: PATH's extension; png for a directory\n"                        \
    "    --view partition|cluster             default: partition for a cluster of one partition or with\n"             \
    "                                         --partition, else cluster\n"                                             \
    "    --partition TOPIC-N                  the partition the partition view draws, e.g. orders-0\n"                 \
    "                                         (default: the first); not with --view cluster\n"                         \
    "    --theme light|dark|high-contrast     the drawing's colours (default: light)\n"                                \
    "    --lang en|zh_TW|zh_CN                the drawing's and the notes' language (default: en,\n"                   \
    "                                         whatever the app's or the system's language)\n"                        \
    "    --width W  --height H                64..8192 pixels each (default: 1920 and 1080)\n"                         \
    "    --scale S                            PNG only: 1..4; the image is W*S x H*S pixels (default: 1)\n"            \
    "    --transparent                        PNG and SVG only: no background (default: the theme's\n"                 \
    "                                         paper)\n"                                                                \
    "    --cells offsets|values|both          what a log cell says: its offset, its record's value, or\n"             \
    "                                         both (default: what the scenario's \"display\" asks, else\n"            \
    "                                         offsets)\n"                                                              \
    "    --caption                            PNG, SVG and GIF: a band under the drawing with the\n"                  \
    "                                         checkpoint (or frame), its time, the Kafka version and the\n"           \
    "                                         scenario's note, in --lang (default: none; a PDF page has\n"            \
    "                                         its own)\n"                                                              \
    "    --fps F                              GIF only: 0.2..10 frames per second (default: 2)\n"                      \
    "    --speed X                            GIF only, instead of --fps: 0.001..1000 x simulated time\n"              \
    "                                         between frames, each frame shown 0.1..5 s (in a GIF,\n"                  \
    "                                         checkpoints and the last frame are held 2 s)\n"

namespace hw::cli {

/// `highwater-cli export SCENARIO (--frame N | --label L | --checkpoints | --frames A..B) --out PATH
/// [options]` (HW_CLI_EXPORT_USAGE lists them): draws frames with the GUI's scene code, offscreen,
/// and writes them through hw::ui::Exporter (ui/export/exporter.h says what each format writes). Returns
/// the process exit status (0, or 2 with a message on stderr; `--help` prints the usage and gives 0).
/// Without --lang the drawing is in English, whatever the app's saved language or the system's.
int runExport(const std::vector<std::string>& args);

} // namespace hw::cli
