// SPDX-License-Identifier: MIT
#include "cli_export.h"

#include "cli_common.h"

#include "base/i18n.h"
#include "base/theme.h"
#include "export/exporter.h"
#include "export/exportfiles.h"
#include "scenario/fileio.h"
#include "scenario/scenario.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <iostream>
#include <optional>
#include <tuple>
#include <variant>

#include <unistd.h>

namespace hw::cli {

namespace {

using hw::cli::fail;

using hw::ui::ExportFormat;

std::optional<long long> parseInteger(const std::string& text)
{
    long long value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

std::optional<double> parseNumber(const std::string& text)
{
    double value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

struct Options {
    std::string source;
    // Which frames: exactly one of these.
    std::optional<long long> frame;
    std::optional<std::string> label;
    bool checkpoints = false;
    std::optional<std::pair<long long, long long>> range;

    std::string out;
    std::optional<ExportFormat> format;
    // English unless --lang says otherwise, whatever the app's saved language or the system's: the
    // same command gives the same file on every machine.
    std::string language = "en";
    int width = 1920;
    int height = 1080;
    std::optional<hw::ui::FrameScene::ViewKind> view;
    std::optional<std::string> partition; // TOPIC-N, as the GUI's partition selector names them
    hw::ui::theme::Theme theme = hw::ui::theme::Theme::Light;
    int scale = 1;
    bool transparent = false;
    std::optional<hw::CellText> cells; // unset: the scenario's display, else offsets
    bool caption = false;
    double fps = 0;
    double speed = 0;

    int frameChoices() const
    {
        return int(frame.has_value()) + int(label.has_value()) + int(checkpoints) + int(range.has_value());
    }
};

/// The arguments as given, before they are checked.
struct Given {
    std::string source;
    std::string frame, label, frames, out, format, lang, width, height, view, partition, theme, scale, fps, speed, cells;
    bool checkpoints = false;
    bool transparent = false;
    bool caption = false;
};

/// Declares export's arguments.
void declare(hw::cli::Arguments& arguments, Given& g)
{
    arguments.positional(g.source, "one scenario");
    arguments.option("--frame", g.frame, "a frame number (0 or more)");
    arguments.option("--label", g.label, "a checkpoint's label");
    arguments.option("--frames", g.frames, "a range of frame numbers A..B");
    arguments.option("--out", g.out, "a path (- for standard output)");
    arguments.option("--format", g.format, "png, svg, pdf or gif");
    arguments.option("--lang", g.lang, "en, zh_TW or zh_CN");
    arguments.option("--width", g.width, "a number of pixels");
    arguments.option("--height", g.height, "a number of pixels");
    arguments.option("--view", g.view, "partition or cluster");
    arguments.option("--partition", g.partition, "a partition TOPIC-N, e.g. orders-0");
    arguments.option("--theme", g.theme, "light, dark or high-contrast");
    arguments.option("--scale", g.scale, "a whole number");
    arguments.option("--fps", g.fps, "a number of frames per second");
    arguments.option("--speed", g.speed, "a number");
    arguments.flag("--checkpoints", g.checkpoints);
    arguments.option("--cells", g.cells, "offsets, values or both");
    arguments.flag("--transparent", g.transparent);
    arguments.flag("--caption", g.caption);
}

/// Checks the arguments and fills o; returns an error message or an empty string.
std::string check(const hw::cli::Arguments& arguments, const Given& g, Options& o)
{
    using namespace hw::ui::exportlimits;
    o.source = g.source;
    o.checkpoints = g.checkpoints;
    o.transparent = g.transparent;
    o.caption = g.caption;
    if (arguments.given("--cells")) {
        o.cells = hw::parseCellText(g.cells);
        if (!o.cells)
            return "--cells must be offsets, values or both, got \"" + g.cells + "\"";
    }
    if (arguments.given("--frame")) {
        o.frame = parseInteger(g.frame);
        if (!o.frame || *o.frame < 0)
            return "--frame needs a frame number (0 or more), got \"" + g.frame + "\"";
    }
    if (arguments.given("--frames")) {
        const std::string& v = g.frames;
        const std::size_t dots = v.find("..");
        const std::optional<long long> a = dots == std::string::npos ? std::nullopt : parseInteger(v.substr(0, dots));
        const std::optional<long long> b = dots == std::string::npos ? std::nullopt : parseInteger(v.substr(dots + 2));
        if (!a || !b || *a < 0 || *b < 0)
            return "--frames needs a range of frame numbers A..B, got \"" + v + "\"";
        if (*a > *b)
            return "--frames " + v + " is a bad range: the first frame comes after the last";
        o.range = std::make_pair(*a, *b);
    }
    if (arguments.given("--label"))
        o.label = g.label;
    o.out = g.out;
    if (arguments.given("--format")) {
        o.format = hw::ui::formatFromName(QString::fromStdString(g.format));
        if (!o.format)
            return "unknown format \"" + g.format + "\"; the formats are png, svg, pdf and gif";
    }
    if (arguments.given("--lang")) {
        if (!hw::ui::availableLanguages().contains(QString::fromStdString(g.lang)))
            return "--lang must be en, zh_TW or zh_CN, got \"" + g.lang + "\"";
        o.language = g.lang;
    }
    if (arguments.given("--view")) {
        if (g.view == "partition")
            o.view = hw::ui::FrameScene::ViewKind::Partition;
        else if (g.view == "cluster")
            o.view = hw::ui::FrameScene::ViewKind::Cluster;
        else
            return "--view must be partition or cluster, got \"" + g.view + "\"";
    }
    if (arguments.given("--partition"))
        o.partition = g.partition;
    if (arguments.given("--theme")) {
        if (g.theme != "light" && g.theme != "dark" && g.theme != "high-contrast")
            return "--theme must be light, dark or high-contrast, got \"" + g.theme + "\"";
        o.theme = hw::ui::theme::fromKey(QString::fromStdString(g.theme));
    }
    if (arguments.given("--scale")) {
        const std::optional<long long> n = parseInteger(g.scale);
        if (!n || *n < scaleMin || *n > scaleMax)
            return "--scale needs a whole number in " + std::to_string(scaleMin) + ".." + std::to_string(scaleMax)
                + ", got \"" + g.scale + "\"";
        o.scale = static_cast<int>(*n);
    }
    for (const auto& [name, text, low, high, value] : { std::tuple { "--fps", &g.fps, fpsMin, fpsMax, &o.fps },
             std::tuple { "--speed", &g.speed, speedMin, speedMax, &o.speed } }) {
        if (!arguments.given(name))
            continue;
        const std::optional<double> n = parseNumber(*text);
        // Written so that NaN is out of range too.
        if (!n || !(*n >= low && *n <= high))
            return std::string(name) + " needs a number in " + QString::number(low).toStdString() + ".."
                + QString::number(high).toStdString() + ", got \"" + *text + "\"";
        *value = *n;
    }
    for (const auto& [name, text, value] :
        { std::tuple { "--width", &g.width, &o.width }, std::tuple { "--height", &g.height, &o.height } }) {
        if (!arguments.given(name))
            continue;
        const std::optional<long long> n = parseInteger(*text);
        if (!n || *n < sideMin || *n > sideMax)
            return std::string(name) + " needs a number of pixels in " + std::to_string(sideMin) + ".."
                + std::to_string(sideMax) + ", got \"" + *text + "\"";
        *value = static_cast<int>(*n);
    }
    if (o.source.empty())
        return "needs a scenario (a file path or builtin:NAME)";
    if (o.frameChoices() != 1)
        return "needs exactly one of --frame N, --label L, --checkpoints and --frames A..B";
    if (o.out.empty())
        return "needs --out PATH";
    if (o.fps > 0 && o.speed > 0)
        return "--fps and --speed both set the GIF's timing: choose one";
    if (o.partition && o.view == hw::ui::FrameScene::ViewKind::Cluster)
        return "--partition chooses the partition the partition view draws; the cluster view draws every "
               "partition: leave out --partition or use --view partition";

    // The format: --format, else the extension of --out; a directory (no extension) holds PNGs.
    const bool toStdout = o.out == hw::standardOutputPath;
    const QString out = QString::fromStdString(o.out);
    const QString suffix = toStdout ? QString() : QFileInfo(out).suffix();
    const std::optional<ExportFormat> byPath = toStdout ? std::nullopt : hw::ui::formatFromPath(out);
    if (o.format && byPath && *o.format != *byPath)
        return "--format " + hw::ui::formatName(*o.format).toStdString() + " does not match the extension of " + o.out;
    if (!o.format && byPath)
        o.format = byPath;
    const bool manyFrames = o.checkpoints || (o.range && o.range->first != o.range->second);
    if (!o.format) {
        if (toStdout)
            return "standard output (--out -) needs --format png, svg, pdf or gif";
        if (!suffix.isEmpty())
            return "unknown format \"" + suffix.toStdString() + "\" (from " + o.out
                + "); the formats are png, svg, pdf and gif";
        if (!manyFrames)
            return "cannot tell the format of " + o.out + ": give it an extension (.png, .svg, .pdf, .gif) or --format";
        o.format = ExportFormat::Png;
    }
    if (*o.format == ExportFormat::Png && static_cast<long long>(std::max(o.width, o.height)) * o.scale > sideMax)
        return "--scale " + std::to_string(o.scale) + " makes the image " + std::to_string(o.width * o.scale) + "x"
            + std::to_string(o.height * o.scale) + " pixels, and it can be at most " + std::to_string(sideMax)
            + " a side: lower --scale, --width or --height";
    return {};
}

/// The partition named TOPIC-N (as ClusterState::partitionName and the GUI's partition selector
/// name them), or why there is none, naming what there is.
std::variant<std::int32_t, std::string> findPartition(
    const hw::ClusterState& state, const std::string& name, const std::string& source)
{
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p)
        if (state.partitionName(p) == name)
            return p;
    auto range = [](const hw::Topic& topic) {
        return topic.name + "-0"
            + (topic.partitionCount > 1 ? ".." + topic.name + "-" + std::to_string(topic.partitionCount - 1) : "");
    };
    // A topic's name may hold dashes: the partition number is after the last one.
    const std::size_t dash = name.rfind('-');
    if (dash != std::string::npos) {
        const int topic = state.findTopic(std::string_view(name).substr(0, dash));
        if (topic >= 0)
            return "--partition " + name + ": topic " + state.topics[static_cast<std::size_t>(topic)].name
                + " has no such partition; its partitions are " + range(state.topics[static_cast<std::size_t>(topic)]);
    }
    std::string known;
    for (const hw::Topic& topic : state.topics)
        known += (known.empty() ? "" : ", ") + range(topic);
    return "--partition " + name + ": " + source + " has no such partition"
        + (dash == std::string::npos ? " (a partition is named TOPIC-N, e.g. orders-0)" : "") + "; its partitions are "
        + (known.empty() ? "none" : known);
}

/// Whether directory is a runtime directory as the XDG base directory spec asks: this user's, mode 0700.
bool usableRuntimeDirectory(const QString& directory)
{
    if (directory.isEmpty())
        return false;
    const QFileInfo info(directory);
    constexpr QFile::Permissions owner = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;
    constexpr QFile::Permissions others = QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther
        | QFile::WriteOther | QFile::ExeOther;
    return info.isDir() && info.ownerId() == ::geteuid() && (info.permissions() & owner) == owner
        && (info.permissions() & others) == 0;
}

} // namespace

int runExport(const std::vector<std::string>& args)
{
    Given given;
    hw::cli::Arguments arguments("export", hw::cli::commandHelp(HW_CLI_EXPORT_USAGE));
    declare(arguments, given);
    if (const std::optional<int> done = arguments.parse(args))
        return *done;
    // Generic font families ("Sans Serif") are resolved by fontconfig for the language of the
    // process's locale: under LANG=zh_TW.UTF-8 an English drawing got CJK fonts with other metrics.
    // They are resolved for the export's language instead, so that the same command gives the same
    // file on every machine (an unknown --lang is refused below, before anything is drawn).
    const std::string language = arguments.given("--lang") ? given.lang : std::string("en");
    std::string fontLanguage = language;
    std::transform(fontLanguage.begin(), fontLanguage.end(), fontLanguage.begin(),
        [](unsigned char c) { return c == '_' ? '-' : static_cast<char>(std::tolower(c)); });
    qputenv("FC_LANG", QByteArray::fromStdString(fontLanguage));
    // The scene code needs a QApplication; draw offscreen unless a platform was chosen.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // QGuiApplication's start-up looks for flatpak-info in the runtime directory (checkNeedPortalSupport:
    // QStandardPaths::RuntimeLocation). A headless session (ssh, cron, CI, a container) often has no
    // XDG_RUNTIME_DIR, or one that su or sudo carried over from another user, and Qt then warns on
    // stderr (and makes /tmp/runtime-USER or changes the directory's mode). Without a usable one (a
    // directory of this user's with mode 0700, as the XDG spec asks), an export gets a private runtime
    // directory for its lifetime.
    std::optional<QTemporaryDir> runtimeDirectory;
    if (!usableRuntimeDirectory(qEnvironmentVariable("XDG_RUNTIME_DIR"))) {
        runtimeDirectory.emplace(QDir::tempPath() + QStringLiteral("/highwater-runtime-XXXXXX"));
        if (runtimeDirectory->isValid())
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtimeDirectory->path()));
    }
    int argc = 1;
    char name[] = "highwater-cli";
    char* argv[] = { name, nullptr };
    QApplication app(argc, argv);

    // Qt's warnings and the drawing code's are messages of the CLI too, with its prefix (the drawing
    // code names the app, "highwater: ", which the prefix replaces).
    qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString& message) {
        const QLatin1String app("highwater: ");
        hw::cli::printMessage((message.startsWith(app) ? message.mid(app.size()) : message).toStdString());
    });

    Options options;
    if (std::string error = check(arguments, given, options); !error.empty())
        return arguments.error(error);
    const bool toStdout = options.out == hw::standardOutputPath;
    if (toStdout && *options.format != ExportFormat::Svg && ::isatty(STDOUT_FILENO))
        return hw::cli::fail("standard output is a terminal: a "
            + hw::ui::formatName(*options.format).toUpper().toStdString()
            + " goes to a file (--out FILE) or a pipe (--out - | ...)");
    // A single file's target is checked before the scenario runs and anything is drawn: a device, a
    // named pipe, a directory or a missing folder is refused at once and left as it is (a sequence's
    // directory is checked by the exporter before it draws).
    const bool sequence = (options.checkpoints || (options.range && options.range->first != options.range->second))
        && (*options.format == ExportFormat::Png || *options.format == ExportFormat::Svg);
    if (!sequence) {
        if (const QString problem = hw::ui::exportfiles::targetProblem(QString::fromStdString(options.out));
            !problem.isEmpty())
            return fail(problem.toStdString());
    }

    auto loaded = hw::loadScenario(options.source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        return fail(error->toString());
    }
    const auto& scenario = std::get<hw::Scenario>(loaded);
    auto played = hw::playScenario(scenario);
    if (auto* error = std::get_if<hw::ScenarioError>(&played)) {
        return fail(error->toString());
    }
    const auto& timeline = std::get<hw::Timeline>(played);
    const std::int64_t last = timeline.frameCount() - 1;
    auto outOfRange = [&](long long frame) {
        return fail("frame " + std::to_string(frame) + " is out of range: " + options.source + " has "
            + std::to_string(timeline.frameCount()) + " frames (0.." + std::to_string(last) + ")");
    };

    std::vector<std::int64_t> frames;
    if (options.label) {
        const std::int64_t frame = timeline.findLabel(*options.label);
        if (frame < 0) {
            std::string known;
            for (const std::string& label : timeline.labels())
                known += (known.empty() ? "" : ", ") + label;
            return fail("no checkpoint labelled \"" + *options.label + "\" in " + options.source
                + (known.empty() ? "; it has no checkpoints" : "; its checkpoints are " + known));
        }
        frames.push_back(frame);
    } else if (options.frame) {
        if (*options.frame > last)
            return outOfRange(*options.frame);
        frames.push_back(*options.frame);
    } else if (options.range) {
        if (options.range->second > last)
            return outOfRange(options.range->second);
        for (long long f = options.range->first; f <= options.range->second; ++f)
            frames.push_back(f);
    } else {
        frames = hw::ui::Exporter::checkpointFrames(timeline);
        if (frames.empty())
            return fail(options.source + " has no checkpoints");
    }

    if (!hw::ui::installTranslations(app, QString::fromStdString(options.language)))
        return fail("no translation for \"" + options.language + "\"");

    hw::ui::ExportSettings settings;
    settings.format = *options.format;
    settings.size = QSize(options.width, options.height);
    settings.scale = options.scale;
    settings.transparent = options.transparent;
    settings.cells = options.cells;
    settings.caption = options.caption;
    settings.fps = options.fps;
    settings.speed = options.speed;
    settings.language = hw::ui::currentLanguage().toStdString();
    const hw::ClusterState first = timeline.stateAt(frames.front());
    std::string partitionName = first.partitions.empty() ? std::string() : first.partitionName(0);
    if (options.partition) {
        // A scenario's topics are made with its cluster, so the first frame names every partition.
        auto found = findPartition(first, *options.partition, options.source);
        if (auto* error = std::get_if<std::string>(&found))
            return fail(*error);
        settings.focusPartition = std::get<std::int32_t>(found);
        partitionName = *options.partition;
    }
    settings.view = options.view.value_or(first.partitions.size() == 1 || options.partition
            ? hw::ui::FrameScene::ViewKind::Partition
            : hw::ui::FrameScene::ViewKind::Cluster);
    // The drawing reads the theme's palette as it builds (theme.h); this process draws nothing else.
    hw::ui::theme::apply(options.theme);
    if (QString error = hw::ui::Exporter::check(settings, static_cast<std::int64_t>(frames.size())); !error.isEmpty())
        return fail(error.toStdString());

    const hw::ui::ExportResult result
        = hw::ui::Exporter::exportFrames(timeline, scenario, frames, settings, QString::fromStdString(options.out));
    if (!result.ok()) {
        // A write to standard output that failed is said once, by finishOutput, as for every command.
        if (toStdout && hw::cli::outputFailed())
            return exitInvalid;
        return fail(result.error.toStdString());
    }
    // The size of what was written: a PNG is drawn at --scale, a PDF's pages are A4 whatever the size.
    std::string size;
    if (settings.format == ExportFormat::Pdf)
        size = "A4 landscape pages, the drawing in " + std::to_string(options.width) + "x"
            + std::to_string(options.height) + " proportions";
    else if (settings.scale != 1)
        size = std::to_string(options.width * settings.scale) + "x" + std::to_string(options.height * settings.scale)
            + " pixels (" + std::to_string(options.width) + "x" + std::to_string(options.height) + " at scale "
            + std::to_string(settings.scale) + ")";
    else
        size = std::to_string(options.width) + "x" + std::to_string(options.height) + " pixels";
    const std::string view = settings.view == hw::ui::FrameScene::ViewKind::Partition
        ? "partition view of " + partitionName
        : std::string("cluster view");
    // With the image on standard output, the summary goes to standard error.
    std::ostream& summary = toStdout ? std::cerr : std::cout;
    summary << options.out << ": " << frames.size() << (frames.size() == 1 ? " frame" : " frames") << " ("
            << frames.front() << ".." << frames.back() << "), " << hw::ui::formatName(settings.format).toStdString()
            << ", " << size << ", " << view << ", " << hw::ui::theme::key(options.theme).toStdString() << " theme, "
            << settings.language << ", " << result.files.size() << (result.files.size() == 1 ? " file" : " files")
            << ", " << result.bytes << " bytes\n";
    return exitOk;
}

} // namespace hw::cli
