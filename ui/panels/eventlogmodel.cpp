// SPDX-License-Identifier: MIT
#include "panels/eventlogmodel.h"

#include "base/narration.h"
#include "control/simcontroller.h"
#include "timeline/timeline.h"

#include <QFont>

#include <cstdint>
#include <limits>

namespace hw::ui {

EventLogModel::EventLogModel(SimController* controller, QObject* parent)
    : QAbstractListModel(parent), m_controller(controller)
{
}

int EventLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

void EventLogModel::retranslate()
{
    if (m_rows > 0)
        emit dataChanged(index(0, 0), index(m_rows - 1, 0), { Qt::DisplayRole, Qt::ToolTipRole });
}

int EventLogModel::rowOfFrame(std::int64_t frame) const
{
    const std::int64_t row = frame - m_firstFrame;
    return row >= 0 && row < m_rows ? static_cast<int>(row) : -1;
}

void EventLogModel::sync()
{
    const std::int64_t first = m_controller->firstFrame();
    const std::int64_t frames = m_controller->frameCount() - first;
    const int rows = static_cast<int>(std::min<std::int64_t>(frames, std::numeric_limits<int>::max()));
    if (m_revision == m_controller->historyRevision() && first > m_firstFrame) {
        // The live lab dropped the oldest frames: their rows go from the top, the others move up.
        const auto gone = static_cast<int>(std::min<std::int64_t>(first - m_firstFrame, m_rows));
        if (gone > 0) {
            beginRemoveRows(QModelIndex(), 0, gone - 1);
            m_rows -= gone;
            m_firstFrame = first;
            endRemoveRows();
        }
        m_firstFrame = first;
    }
    if (rows == m_rows && m_revision == m_controller->historyRevision() && first == m_firstFrame)
        return;
    if (rows > m_rows && m_revision == m_controller->historyRevision() && first == m_firstFrame) {
        beginInsertRows(QModelIndex(), m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
        return;
    }
    // A new scenario, a fork or an undo: rows may have changed meaning.
    beginResetModel();
    m_rows = rows;
    m_firstFrame = first;
    m_revision = m_controller->historyRevision();
    endResetModel();
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows)
        return QVariant();
    const hw::Timeline& timeline = m_controller->timeline();
    const std::int64_t frame = frameOfRow(index.row());
    if (frame < timeline.firstFrame() || frame >= timeline.frameCount())
        return QVariant();
    const hw::FrameInfo& info = timeline.frame(frame);
    switch (role) {
    case Qt::DisplayRole: {
        QString text
            = tr("%1 \u00B7 %2 ms \u00B7 %3").arg(frame).arg(info.timeMs).arg(Narration::title(info.event));
        if (info.label >= 0)
            text = tr("[%1] %2").arg(
                QString::fromStdString(timeline.labels()[static_cast<std::size_t>(info.label)]), text);
        return text;
    }
    case Qt::ToolTipRole:
        // The narration reads the frame's state (a checkpoint's LEOs and HW, why the HW stayed), so
        // each row is narrated with its own frame's state, not the one shown.
        return Narration::sentence(info.event, timeline.stateAt(frame));
    case Qt::FontRole:
        if (info.label >= 0) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return QVariant();
    case Qt::UserRole:
        return QVariant::fromValue<qlonglong>(frame);
    default:
        return QVariant();
    }
}

} // namespace hw::ui
