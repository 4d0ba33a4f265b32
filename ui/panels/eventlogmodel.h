// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractListModel>

namespace hw::ui {

class SimController;

/// Every frame of the run as a row: its number, time and what happened. Rows are made when shown,
/// so a long run costs nothing until it is scrolled through.
class EventLogModel : public QAbstractListModel {
    Q_OBJECT

public:
    explicit EventLogModel(SimController* controller, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role) const override;

    /// Follows the timeline: appended frames are inserted, frames the live lab dropped from the start
    /// are removed (row r is frame firstFrame() + r), a truncation resets.
    void sync();
    /// The frame a row shows, and the row of a frame (-1 when it is not a row).
    std::int64_t frameOfRow(int row) const { return m_firstFrame + row; }
    int rowOfFrame(std::int64_t frame) const;
    /// The texts are made when shown: after a language change every row says it changed.
    void retranslate();

private:
    SimController* m_controller;
    int m_rows = 0;
    std::int64_t m_firstFrame = 0; // the frame of row 0
    std::uint64_t m_revision = ~std::uint64_t { 0 };
};

} // namespace hw::ui
