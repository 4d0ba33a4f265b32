// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>

#include <cstdint>
#include <vector>

#ifndef Q_MOC_RUN
#include "model/cluster_state.h"
// RunnerHooks::emit (realkafka/runner.h) is Qt's keyword macro: off while the header is read.
#pragma push_macro("emit")
#undef emit
#include "realkafka/differential.h"
#pragma pop_macro("emit")
#include "scene/diffmarkitem.h"
#endif

namespace hw::ui {

/// The facts of one checkpoint of View > Compare with real Kafka, one row each, in the comparison's
/// order: the verdict (a symbol and a word, so that it reads without colour: "✓ agree", "≠ differs",
/// "≈ known", "– not compared"), what the fact is about, the fact, the simulated value, the value
/// Kafka was observed with, and the reason (a known difference's id and reason, or why a fact is not
/// compared). The facts that agree can be left out, so that what differs is not buried.
class RealCompareModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column : int { VerdictColumn, SubjectColumn, FactColumn, SimulatedColumn, RealColumn, ReasonColumn, ColumnCount };
    /// Qt::UserRole + this: the row's hw::realkafka::Verdict as an int.
    static constexpr int VerdictRole = Qt::UserRole + 1;

    explicit RealCompareModel(QObject* parent = nullptr);

    void setComparison(const hw::realkafka::Comparison& comparison);
    const hw::realkafka::Comparison& comparison() const { return m_comparison; }
    /// The checkpoint shown, an index into comparison().checkpoints (clamped; -1 when there is none).
    void setCheckpoint(int index);
    int checkpoint() const { return m_checkpoint; }
    int checkpointCount() const { return static_cast<int>(m_comparison.checkpoints.size()); }
    /// Whether the facts that agree have rows (on at first).
    void setShowAgreeing(bool show);
    bool showAgreeing() const { return m_showAgreeing; }

    /// The fact of a row.
    const hw::realkafka::FactComparison& fact(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// "≠ differs": the verdict's symbol and word.
    static QString verdictText(hw::realkafka::Verdict verdict);
    /// "ISR", "leader epoch", "LEO": a fact's name as the differential names it, in the UI language.
    static QString factName(const std::string& fact);
    /// "orders-0", "orders-0 replica 2", "producer p1", "checkpoint" in the UI language.
    static QString subjectText(const std::string& subject);
    /// A fact in one line: "≠ orders-0 ISR: [1,2] simulated, [1,2,3] on Kafka".
    static QString factLine(const hw::realkafka::FactComparison& fact);
    /// The counts of a checkpoint: "agree 12 · differ 1 · known 2 · not compared 0".
    static QString countsText(const std::vector<hw::realkafka::FactComparison>& facts);
    /// The counts of the whole comparison, in the same words.
    QString totalText() const;
    /// The reason of a fact in the UI language (the library's `reason` is the CLI's English): a known
    /// difference's id and reason, why a fact is not compared, or where two logs part. `checkpoint` is
    /// the fact's (a pending one's text), `kafkaVersion` the real run's.
    static QString reasonText(const hw::realkafka::FactComparison& fact,
        const hw::realkafka::CheckpointComparison& checkpoint, const std::string& kafkaVersion);
    /// Why a checkpoint is not compared, in the UI language; empty when it is compared.
    static QString notComparedText(const hw::realkafka::CheckpointComparison& checkpoint);
    /// The reason of the known difference `id` (realkafka/known_differences.h) in the UI language; the
    /// library's English `fallback` for an id this build has no words for.
    static QString knownReason(const std::string& id, const std::string& fallback);

    /// The header of the Kafka column: "Apache Kafka 4.4.0, observed".
    static QString observedLabel(const std::string& kafkaVersion);

    /// The marks of the shown checkpoint's facts that differ (known ones too: the values do differ) on
    /// a drawing of `state`: the partition, replica or lost records they are about, with the fact in words.
    QList<DifferenceMark> marks(const hw::ClusterState& state) const;

private:
    void rebuildRows();

    hw::realkafka::Comparison m_comparison;
    int m_checkpoint = -1;
    bool m_showAgreeing = true;
    std::vector<std::size_t> m_rows; // indices into the checkpoint's facts
};

} // namespace hw::ui
