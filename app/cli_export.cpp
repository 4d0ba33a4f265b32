// SPDX-License-Identifier: MIT
#include "cli_export.h"

#include "i18n.h"

#include "scenario.h"
#include "sceneexport.h"

#include <QApplication>
#include <QImage>
#include <QSaveFile>

#include <charconv>
#include <iostream>
#include <optional>

namespace hw::cli {

namespace {

constexpr int exitOk = 0;
constexpr int exitInvalid = 2;
/// Bounds of an exported image, in pixels per side (8K is the largest a README or slide needs).
constexpr int imageSideMin = 64;
constexpr int imageSideMax = 8192;

int fail(const std::string& message)
{
    std::cerr << "highwater-cli export: " << message << "\n";
    return exitInvalid;
}

std::optional<long long> parseInteger(const std::string& text)
{
    long long value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

struct Options {
    std::string source;
    std::optional<long long> frame;
    std::optional<std::string> label;
    std::string out;
    int width = 1920;
    int height = 1080;
    std::optional<hw::ui::FrameScene::ViewKind> view;
};

/// Reads the arguments; returns an error message or an empty string.
std::string parse(const std::vector<std::string>& args, Options& o)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&](const char* what) -> std::optional<std::string> {
            if (i + 1 >= args.size())
                return std::nullopt;
            (void)what;
            return args[++i];
        };
        if (arg == "--frame" || arg == "--label" || arg == "--out" || arg == "--width" || arg == "--height"
            || arg == "--view") {
            std::optional<std::string> v = value(arg.c_str());
            if (!v)
                return arg + " needs a value";
            if (arg == "--frame") {
                o.frame = parseInteger(*v);
                if (!o.frame || *o.frame < 0)
                    return "--frame needs a frame number (0 or more), got \"" + *v + "\"";
            } else if (arg == "--label") {
                o.label = *v;
            } else if (arg == "--out") {
                o.out = *v;
            } else if (arg == "--view") {
                if (*v == "partition")
                    o.view = hw::ui::FrameScene::ViewKind::Partition;
                else if (*v == "cluster")
                    o.view = hw::ui::FrameScene::ViewKind::Cluster;
                else
                    return "--view must be partition or cluster, got \"" + *v + "\"";
            } else {
                const std::optional<long long> n = parseInteger(*v);
                if (!n || *n < imageSideMin || *n > imageSideMax)
                    return arg + " needs a number of pixels in " + std::to_string(imageSideMin) + ".."
                        + std::to_string(imageSideMax) + ", got \"" + *v + "\"";
                (arg == "--width" ? o.width : o.height) = static_cast<int>(*n);
            }
        } else if (!arg.empty() && arg[0] == '-') {
            return "unknown option \"" + arg + "\"";
        } else if (o.source.empty()) {
            o.source = arg;
        } else {
            return "export takes one scenario, got \"" + o.source + "\" and \"" + arg + "\"";
        }
    }
    if (o.source.empty())
        return "export needs a scenario (a file path or builtin:NAME)";
    if (o.frame.has_value() == o.label.has_value())
        return "export needs exactly one of --frame N and --label L";
    if (o.out.empty())
        return "export needs --out FILE.png";
    return {};
}

} // namespace

int runExport(const std::vector<std::string>& args)
{
    Options options;
    if (std::string error = parse(args, options); !error.empty())
        return fail(error
            + "\nusage: highwater-cli export SCENARIO (--frame N | --label L) --out FILE.png "
              "[--width W] [--height H] [--view partition|cluster]");

    auto loaded = hw::loadScenario(options.source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        std::cerr << error->toString() << "\n";
        return exitInvalid;
    }
    const auto& scenario = std::get<hw::Scenario>(loaded);
    auto played = hw::playScenario(scenario);
    if (auto* error = std::get_if<hw::ScenarioError>(&played)) {
        std::cerr << error->toString() << "\n";
        return exitInvalid;
    }
    const auto& timeline = std::get<hw::Timeline>(played);

    std::int64_t frame = 0;
    if (options.label) {
        frame = timeline.findLabel(*options.label);
        if (frame < 0) {
            std::string known;
            for (const std::string& label : timeline.labels())
                known += (known.empty() ? "" : ", ") + label;
            return fail("no checkpoint labelled \"" + *options.label + "\" in " + options.source
                + (known.empty() ? "; it has no checkpoints" : "; its checkpoints are " + known));
        }
    } else {
        if (*options.frame >= timeline.frameCount())
            return fail("frame " + std::to_string(*options.frame) + " is out of range: " + options.source + " has "
                + std::to_string(timeline.frameCount()) + " frames (0.." + std::to_string(timeline.frameCount() - 1)
                + ")");
        frame = *options.frame;
    }
    const hw::ClusterState state = timeline.stateAt(frame);
    const hw::ui::FrameScene::ViewKind view = options.view.value_or(
        state.partitions.size() == 1 ? hw::ui::FrameScene::ViewKind::Partition : hw::ui::FrameScene::ViewKind::Cluster);

    // The scene code needs a QApplication; draw offscreen unless a platform was chosen.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "highwater-cli";
    char* argv[] = { name, nullptr };
    QApplication app(argc, argv);
    hw::ui::installTranslations(app);

    const QImage image = hw::ui::renderFrameImage(
        state, static_cast<double>(timeline.frame(frame).timeMs), QSize(options.width, options.height), view);
    QSaveFile file(QString::fromStdString(options.out));
    if (!file.open(QIODevice::WriteOnly))
        return fail("cannot write " + options.out + ": " + file.errorString().toStdString());
    if (!image.save(&file, "PNG") || !file.commit())
        return fail("cannot write " + options.out + ": " + file.errorString().toStdString());
    std::cout << options.out << ": frame " << frame << ", " << options.width << "x" << options.height << ", "
              << (view == hw::ui::FrameScene::ViewKind::Partition ? "partition" : "cluster") << " view\n";
    return exitOk;
}

} // namespace hw::cli
