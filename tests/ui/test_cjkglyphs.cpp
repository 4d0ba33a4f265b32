// SPDX-License-Identifier: MIT
// Issue #12: Chinese is drawn in a fallback font (Noto Sans CJK) whose glyphs stand taller than the
// Latin font's line. Every text an item draws must ink inside its TextRun::box, and a badge's text
// inside its frame, or the overlap tests check boxes smaller than what is drawn.

#include "base/i18n.h"
#include "base/theme.h"
#include "scenario/builtin.h"
#include "scene/frameitem.h"
#include "scene/framescene.h"
#include "scene/messageitem.h"
#include "uitest_support.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <sstream>

namespace {

using hw::ui::FrameItem;
using hw::ui::FrameScene;
using hw::ui::TextRun;

/// A frame item that draws the runs it is given, so a single run can be painted alone.
class Probe : public FrameItem {
public:
    Probe() : FrameItem(hw::ui::SceneTarget {}) { }
    using FrameItem::addBadge;
    using FrameItem::addRun;
    using FrameItem::addText;
    using FrameItem::addTextIn;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override { paintTexts(painter); }
};

/// The rows a run's text inks, in item coordinates: [top, bottom). The text is painted pure red on
/// white, the frame (if any) blue on white, so the text's pixels are told apart by their colour.
struct Ink {
    int top = 0;
    int bottom = 0; // one past the last inked row
    bool any = false;
};

Ink inkOf(TextRun run)
{
    run.color = QColor(255, 0, 0);
    if (run.background.style() != Qt::NoBrush)
        run.background = QBrush(Qt::white);
    if (run.border.style() != Qt::NoPen)
        run.border.setColor(QColor(0, 0, 255));
    // Room above and below the box for glyphs that stand out of it.
    const int margin = static_cast<int>(std::ceil(run.box.height())) + 8;
    const int left = static_cast<int>(std::floor(run.box.left())) - margin;
    const int top = static_cast<int>(std::floor(run.box.top())) - margin;
    QImage image(static_cast<int>(std::ceil(run.box.width())) + 2 * margin,
        static_cast<int>(std::ceil(run.box.height())) + 2 * margin, QImage::Format_RGB32);
    image.fill(Qt::white);
    Probe probe;
    probe.addRun(run);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.translate(-left, -top);
        probe.paint(&painter, nullptr, nullptr);
    }
    Ink ink;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            // Red text on white: green and blue fall, red stays. A quarter-inked pixel counts.
            const QRgb p = line[x];
            if (qRed(p) > 160 && qGreen(p) < 192 && std::abs(qGreen(p) - qBlue(p)) < 40) {
                if (!ink.any)
                    ink.top = y + top;
                ink.bottom = y + top + 1;
                ink.any = true;
                break;
            }
        }
    }
    return ink;
}

/// Whether the inked rows lie inside the box (a row counts as inside when it is within the box
/// rounded outwards to whole pixels).
bool inkInside(const Ink& ink, const QRectF& box)
{
    return !ink.any || (ink.top >= std::floor(box.top()) && ink.bottom <= std::ceil(box.bottom()));
}

struct Tally {
    int runs = 0;
    int outside = 0;
    qreal stickOut = 0; // how far the worst run's ink stands out of its box, in pixels
    std::string worst;
};

void expectInkInBox(const TextRun& run, const std::string& where, Tally& tally)
{
    const Ink ink = inkOf(run);
    ++tally.runs;
    if (inkInside(ink, run.box))
        return;
    ++tally.outside;
    std::ostringstream detail;
    detail << "\"" << run.text.toStdString() << "\" (" << run.role.toStdString() << ", " << run.font.pixelSize()
           << " px) inks rows " << ink.top << ".." << ink.bottom << " (" << ink.bottom - ink.top
           << " px) but its box is " << run.box.top() << ".." << run.box.bottom() << " (" << run.box.height() << " px)";
    const qreal stickOut = std::max(run.box.top() - ink.top, ink.bottom - run.box.bottom());
    if (stickOut > tally.stickOut) {
        tally.stickOut = stickOut;
        tally.worst = where + ": " + detail.str();
    }
    ADD_FAILURE() << where << ": " << detail.str();
}

struct Restore {
    ~Restore()
    {
        hw::ui::theme::setTextSizeMin(0);
        hw::ui::setLanguage(QStringLiteral("en"));
    }
};

void report(const char* what, const Tally& tally)
{
    std::cout << "[ measured ] " << what << ": " << tally.outside << " of " << tally.runs
              << " texts ink outside their box";
    if (!tally.worst.empty())
        std::cout << "; worst, " << tally.stickOut << " px out: " << tally.worst;
    std::cout << "\n";
}

TEST(CjkGlyphs, ChineseBadgesAndLabelsInkInsideTheirBoxesAtEverySize)
{
    Restore restore;
    Tally tally;
    const QStringList texts
        = { QStringLiteral("跟隨者 | OSR | 離線"), QStringLiteral("领导者"), QStringLiteral("領導者"),
              QStringLiteral("已提交 3 · 延遲 2"), QStringLiteral("LEO 4"), QStringLiteral("orders-0") };
    for (const qreal size : { 14.0, 17.0, 18.0, 22.0, 26.0, 30.0, 33.0, 34.0, 40.0 }) {
        for (const bool bold : { false, true }) {
            const QFont font = hw::ui::theme::font(size, bold);
            for (const QString& text : texts) {
                Probe probe;
                probe.addBadge(text, font, QPointF(10, 10), Qt::black, QBrush(Qt::white), QPen(Qt::black, 2),
                    QStringLiteral("badge"));
                probe.addText(text, font, QPointF(10, 80), Qt::black, QStringLiteral("text"));
                probe.addTextIn(text, font, QRectF(10, 150, 2000, 10), Qt::black, Qt::AlignLeft | Qt::AlignVCenter,
                    QStringLiteral("textIn"));
                const std::string where = std::to_string(static_cast<int>(size)) + " px" + (bold ? " bold" : "");
                for (const TextRun& run : probe.texts())
                    expectInkInBox(run, where, tally);
            }
        }
    }
    report("badges and labels", tally);
}

TEST(CjkGlyphs, EveryTextOfTheBuiltinScenesInksInsideItsBoxInChinese)
{
    Restore restore;
    Tally tally;
    for (const char* language : { "zh_TW", "zh_CN", "en" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const char* source :
            { "builtin:leader-failover", "builtin:consumer-lag", "builtin:consumer-group-basics" }) {
            const hw::Timeline timeline = hw::uitest::play(source);
            const std::int64_t frame = timeline.frameCount() / 2;
            for (const qreal floor : { 0.0, 27.0, 33.0 }) {
                for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
                    hw::ui::theme::setTextSizeMin(floor);
                    FrameScene scene;
                    scene.setViewKind(view);
                    scene.setFrame(timeline.stateAt(frame), static_cast<double>(timeline.frame(frame).timeMs));
                    const std::string where = std::string(language) + ", " + source + ", floor "
                        + std::to_string(static_cast<int>(floor))
                        + (view == FrameScene::ViewKind::Cluster ? ", cluster view" : ", partition view");
                    for (FrameItem* item : scene.frameItems()) {
                        for (const TextRun& run : item->texts())
                            expectInkInBox(run, where, tally);
                    }
                    hw::ui::theme::setTextSizeMin(0);
                }
            }
        }
    }
    report("builtin scenes", tally);
}

} // namespace

namespace {

TEST(CjkGlyphs, LatinBoxesKeepTheFontsLineHeightAndChineseSitsOnTheLatinBaseline)
{
    for (const qreal size : { 17.0, 22.0, 33.0 }) {
        const QFont font = hw::ui::theme::font(size, true);
        const qreal latin = QFontMetricsF(font).height();
        Probe probe;
        const QRectF english = probe.addText(QStringLiteral("LEO 4 · orders-0 | pqy"), font, QPointF(0, 0), Qt::black);
        EXPECT_DOUBLE_EQ(english.height(), latin) << size << " px";
        const QRectF chinese = probe.addText(QStringLiteral("跟隨者 | OSR | 離線"), font, QPointF(0, 0), Qt::black);
        // Drawn on the Latin baseline, the Chinese glyphs (no taller than the Latin line) need no
        // taller box; the box would grow if their ink did not fit (FrameItem's placementFor).
        const Ink ink = inkOf(probe.texts().constLast());
        EXPECT_GE(chinese.height(), ink.bottom - ink.top) << size << " px";
        EXPECT_TRUE(inkInside(ink, chinese)) << size << " px";
        EXPECT_DOUBLE_EQ(chinese.height(), latin) << size << " px";
        std::cout << "[ measured ] " << size << " px bold: Latin line " << latin << " px; \"跟隨者 | OSR | 離線\" inks "
                  << ink.bottom - ink.top << " px, its box is " << chinese.height() << " px\n";
    }
}

} // namespace

namespace {

TEST(WrapText, AChineseLineWiderThanTheBoxBreaksBetweenIdeographsAndEveryLineFits)
{
    // Chinese has no spaces between words: the whole sentence is one "word" to a space splitter.
    const QFont font = hw::ui::theme::font(22);
    const QString text = QStringLiteral("沒有領導者的分區：0，被封鎖的代理節點：無");
    const qreal width = FrameItem::textWidth(text, font) / 3;
    const QStringList lines = FrameItem::wrapText(text, font, width);
    EXPECT_GE(lines.size(), 3);
    for (const QString& line : lines)
        EXPECT_LE(FrameItem::textWidth(line, font), width) << line.toStdString();
    EXPECT_EQ(lines.join(QString()), text) << "nothing is lost or added";
}

TEST(WrapText, ANumberStaysWithTheWordAfterIt)
{
    // "network latency 5 ms" must not end a line with "5" and start the next with "ms".
    const QFont font = hw::ui::theme::font(17);
    const QString text = QStringLiteral("min.insync.replicas 1 and network latency 5 ms");
    const qreal width = FrameItem::textWidth(QStringLiteral("min.insync.replicas 1 and network latency 5"), font) + 1;
    const QStringList lines = FrameItem::wrapText(text, font, width);
    ASSERT_EQ(lines.size(), 2);
    EXPECT_EQ(lines[0], QStringLiteral("min.insync.replicas 1 and network latency"));
    EXPECT_EQ(lines[1], QStringLiteral("5 ms"));
    // A line that is only the number keeps it: the rule never makes a line empty.
    const QStringList alone = FrameItem::wrapText(QStringLiteral("5 milliseconds"), font,
        FrameItem::textWidth(QStringLiteral("5"), font) + 1);
    EXPECT_EQ(alone, (QStringList { QStringLiteral("5"), QStringLiteral("milliseconds") }));
}

} // namespace
