// SPDX-License-Identifier: MIT
#pragma once

#include "control/simcontroller.h"

#include <QList>
#include <QObject>
#include <QString>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#ifndef Q_MOC_RUN
#include "model/kafka_version.h"
#include "scenario/state_diff.h"
#include "scene/diffmarkitem.h"
#endif

namespace hw {
struct Scenario;
class Timeline;
} // namespace hw

namespace hw::ui {

/// View > Compare versions: one scenario run under two Kafka versions, shown one above the other
/// and moved together. The top run leads: the timeline control (slider, keys, checkpoints, playing)
/// moves it, and the bottom run follows by the matching rule:
/// - when the top frame is a checkpoint (a frame with a label), the bottom shows its frame with the
///   same label (the n-th of that name for the n-th), if it has one;
/// - otherwise, the bottom shows its last frame at or before the simulated time shown on top. Where
///   both runs have several frames at that very time, the k-th on top is matched with the k-th
///   below (or the last below), so that two equal runs show equal frames.
/// The two runs can have different frame counts, and a checkpoint may come at another time in each.
/// After each move, the differences between the two states shown are taken with hw::diffStates.
class CompareController : public QObject {
    Q_OBJECT

public:
    enum Side : int { Top = 0, Bottom = 1 };
    /// How the bottom frame was found for the top one.
    enum class Match : std::uint8_t { Checkpoint, Time, CheckpointMissing };

    explicit CompareController(QObject* parent = nullptr);
    ~CompareController() override;

    /// Runs a scenario under two versions: read again from source (a file or builtin:NAME) with each
    /// version overriding the file's kafka_version, or, when source cannot be read (a sandbox), from
    /// the scenario written out and read back under each version. Returns an error message, or an
    /// empty string.
    QString open(const hw::Scenario& scenario, const QString& source, hw::KafkaVersion top, hw::KafkaVersion bottom);
    /// Shows two scenarios as they are (each runs under its own cluster.kafka_version): for scenarios
    /// that differ in more than their version, and for tests.
    QString openScenarios(const hw::Scenario& top, const hw::Scenario& bottom);

    /// The run of a side; the top one is what the timeline control drives.
    SimController* run(Side side) const { return m_runs[side]; }
    SimController* lead() const { return m_runs[Top]; }
    hw::KafkaVersion version(Side side) const;
    /// "Kafka 3.7".
    QString versionLabel(Side side) const;
    /// The simulated time the bottom view is drawn at (the top's while it plays between frames).
    double displayTimeMs(Side side) const;

    Match match() const { return m_match; }
    /// The matching rule in words, for the status line, and the rule in general, for its tooltip.
    QString matchText() const;
    static QString matchRuleText();

    /// What differs between the two frames shown, in diffStates' order.
    const std::vector<hw::StateDifference>& differences() const { return m_differences; }
    /// A difference in words: "orders-0 leader: 2 vs -".
    QString differenceText(const hw::StateDifference& difference) const;
    /// The marks of the differences on a side's drawing.
    QList<DifferenceMark> marks() const;

    /// The bottom frame for a top frame shown at a time (the rule above); how it was found in *how.
    static std::int64_t matchFrame(const hw::Timeline& top, std::int64_t topFrame, double topTimeMs,
        const hw::Timeline& bottom, Match* how = nullptr);
    /// The last frame at or before timeMs, the k-th (rank) among several at exactly that time.
    static std::int64_t frameAtTime(const hw::Timeline& timeline, double timeMs, std::int64_t rank);
    /// The frame of the n-th checkpoint with this label (n counted from 0), if any.
    static std::optional<std::int64_t> checkpointFrame(
        const hw::Timeline& timeline, const std::string& label, std::int64_t occurrence);

signals:
    /// After the top run changed (what) and the bottom one followed.
    void changed(hw::ui::SimController::Changes what);

private:
    void follow(SimController::Changes what);

    std::array<SimController*, 2> m_runs;
    Match m_match = Match::Time;
    std::vector<hw::StateDifference> m_differences;
};

} // namespace hw::ui
