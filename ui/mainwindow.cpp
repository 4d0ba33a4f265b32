// SPDX-License-Identifier: MIT
#include "mainwindow.h"

#include "event.h"
#include "scenario.h"

#include <QListWidget>
#include <QStatusBar>

namespace hw::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_frames(new QListWidget(this))
{
    setWindowTitle(tr("HighWater"));
    setCentralWidget(m_frames);
    m_frames->setWordWrap(true);
    QFont font = m_frames->font();
    font.setPointSizeF(font.pointSizeF() * 1.25);
    m_frames->setFont(font);
    resize(1280, 720);
    openScenario(QStringLiteral("builtin:leo-hw-walkthrough"));
}

bool MainWindow::openScenario(const QString& source)
{
    m_frames->clear();
    auto loaded = hw::loadScenario(source.toStdString());
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        statusBar()->showMessage(QString::fromStdString(error->toString()));
        return false;
    }
    auto played = hw::playScenario(std::get<hw::Scenario>(loaded));
    if (auto* error = std::get_if<hw::ScenarioError>(&played)) {
        statusBar()->showMessage(QString::fromStdString(error->toString()));
        return false;
    }
    const auto& timeline = std::get<hw::Timeline>(played);
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::FrameInfo& info = timeline.frame(f);
        const hw::ClusterState state = timeline.stateAt(f);
        QString text = tr("Frame %1 (%2 ms): %3")
                           .arg(f)
                           .arg(info.timeMs)
                           .arg(QString::fromStdString(hw::narrate(info.event, state)));
        if (info.label >= 0)
            text = tr("[Checkpoint %1] %2")
                       .arg(QString::fromStdString(timeline.labels()[static_cast<std::size_t>(info.label)]), text);
        m_frames->addItem(text);
    }
    statusBar()->showMessage(tr("%1 frames").arg(timeline.frameCount()));
    return true;
}

} // namespace hw::ui
