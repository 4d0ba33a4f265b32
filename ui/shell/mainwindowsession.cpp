// SPDX-License-Identifier: MIT
// The main window's session: opening a scenario (a file, the library, a new sandbox, a drop), saving
// it as a scenario that replays to its frames, asking before unsaved actions are lost (opening another
// scenario, quitting), and at start restoring a session the autosave kept. Kept apart from
// mainwindow.cpp, which builds the window and shows the frames.
#include "shell/mainwindow.h"

#include "base/fileerrors.h"
#include "scenario/fileio.h"
#include "scenario/scenario.h"
#include "control/observesession.h"
#include "shell/recentfiles.h"
#include "shell/sandboxdialog.h"
#include "shell/scenariolibrarydialog.h"

#include <QCloseEvent>
#include <QDialog>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoStack>

namespace hw::ui {

bool MainWindow::openScenario(const QString& source)
{
    // An observe recording opens as the observed session it recorded (issue 29).
    if (!source.startsWith(QLatin1String("builtin:")) && ObserveSession::isRecordingFile(source))
        return openRecording(source);
    const QString error = m_controller->openScenario(source);
    if (!error.isEmpty()) {
        statusBar()->showMessage(tr("Cannot open %1: %2").arg(source, error));
        return false;
    }
    if (!source.startsWith(QLatin1String("builtin:"))) {
        RecentFiles::add(source);
        rebuildRecentMenu();
    }
    return true;
}

bool MainWindow::openRecording(const QString& path)
{
    const QString error = ObserveSession::openRecording(m_controller, path);
    if (!error.isEmpty()) {
        statusBar()->showMessage(tr("Cannot open %1: %2").arg(path, error));
        return false;
    }
    RecentFiles::add(path);
    rebuildRecentMenu();
    if (m_controller->scenarioStopError().isEmpty())
        statusBar()->showMessage(
            tr("Opened the recording %1: %n frame(s).", nullptr, static_cast<int>(m_controller->frameCount()))
                .arg(path),
            statusTimeoutMs);
    return true;
}

bool MainWindow::isSessionModified() const
{
    // The undo stack is clean right after opening and after saving; any action since makes it dirty.
    return !m_undo->isClean() || m_restoredUnsaved || m_liveUnsaved;
}

void MainWindow::syncAutosave()
{
    // A session served live is not kept by the autosave: its restore replays the op log, which
    // does not hold the real clients' requests, and writing the whole growing session every
    // intervalMs would cost the class's machine more as the lesson goes on. Closing or opening
    // another scenario still asks to save it.
    m_autosave->setModified(isSessionModified() && !m_controller->hasLiveHistory());
    updateTitle();
}

bool MainWindow::mayDiscardSession(const QString& consequence)
{
    if (!isSessionModified())
        return true;
    QMessageBox box(QMessageBox::Question, tr("Save this session?"), consequence,
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("saveSessionBox"));
    box.setInformativeText(tr("Save them as a scenario that replays to these frames?"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Discard:
        return true;
    case QMessageBox::Save:
        saveDialog();
        // A cancelled or failed save keeps the session.
        return !isSessionModified();
    default:
        return false;
    }
}

bool MainWindow::maySwitchScenario()
{
    return mayDiscardSession(
        tr("This session has actions that are not saved. Opening another scenario discards them."));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!mayDiscardSession(tr("This session has actions that are not saved. Quitting discards them."))) {
        event->ignore();
        return;
    }
    // Saved or discarded: nothing is left for the next start to offer.
    m_restoredUnsaved = false;
    m_autosave->remove();
    event->accept();
}

int MainWindow::offerRestore()
{
    for (const QString& leftover : m_autosave->takeLeftovers()) {
        auto read = Autosave::read(leftover);
        if (const auto* error = std::get_if<QString>(&read)) {
            const QString aside = m_autosave->setAside(leftover);
            QMessageBox box(QMessageBox::Warning, tr("A kept session cannot be restored"),
                tr("HighWater kept a session with unsaved actions when it last stopped, but the file cannot be "
                   "read: %1")
                    .arg(*error),
                QMessageBox::Ok, this);
            box.setObjectName(QStringLiteral("autosaveDamagedBox"));
            box.setInformativeText(aside.isEmpty()
                    ? tr("It could not be moved aside and was removed.")
                    : tr("It was set aside as %1 and will not be offered again.").arg(aside));
            box.exec();
            continue;
        }
        const Autosave::Kept& kept = std::get<Autosave::Kept>(read);
        const QString title = kept.scenario.title.empty()
            ? QString::fromStdString(kept.scenario.name)
            : QString::fromStdString(kept.scenario.title.get(SimController::language()));
        QMessageBox box(QMessageBox::Question, tr("Restore the unsaved session?"),
            tr("HighWater did not close properly. It kept a session with unsaved actions: “%1”, %n "
               "frame(s), kept %2.",
                nullptr, static_cast<int>(kept.frames))
                .arg(title, QLocale().toString(kept.savedAt.toLocalTime(), QLocale::ShortFormat)),
            QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("restoreSessionBox"));
        box.setInformativeText(tr("Restore brings back the scenario, every action and the frame shown."));
        QPushButton* restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        QPushButton* discard = box.addButton(QMessageBox::Discard);
        QPushButton* later = box.addButton(tr("Not now"), QMessageBox::RejectRole);
        box.setDefaultButton(restore);
        box.setEscapeButton(later);
        box.exec();
        if (box.clickedButton() == discard) {
            m_autosave->discard(leftover);
        } else if (box.clickedButton() == restore) {
            const QString error = restoreKept(kept);
            if (!error.isEmpty()) {
                const QString aside = m_autosave->setAside(leftover);
                QMessageBox::warning(this, tr("A kept session cannot be restored"),
                    tr("%1: %2").arg(leftover, error) + QStringLiteral("\n\n")
                        + (aside.isEmpty() ? tr("It could not be moved aside and was removed.")
                                           : tr("It was set aside as %1 and will not be offered again.").arg(aside)));
                continue;
            }
            // Kept again as this window's own (already written), then the old file goes.
            m_autosave->discard(leftover);
            return 1;
        } else {
            m_autosave->release(leftover);
        }
    }
    return 0;
}

QString MainWindow::restoreKept(const Autosave::Kept& kept)
{
    const QString error = m_controller->restoreSession(kept.scenario, kept.source, kept.scriptedFrames,
        kept.scriptedOps, kept.userOps, kept.frame, kept.frames);
    if (!error.isEmpty())
        return error;
    m_restoredUnsaved = true;
    syncAutosave();
    if (const QString failed = m_autosave->writeNow(); !failed.isEmpty())
        return failed;
    statusBar()->showMessage(tr("Restored the unsaved session: frame %1 of %2. Save it to keep it.")
                                 .arg(m_controller->currentFrame())
                                 .arg(m_controller->lastFrame()),
        statusTimeoutMs);
    return QString();
}

bool MainWindow::openScenarioAsked(const QString& source)
{
    return maySwitchScenario() && openScenario(source);
}

bool MainWindow::openParsedScenario(const hw::Scenario& scenario, const QString& source)
{
    const QString error = m_controller->openParsedScenario(scenario, source);
    if (!error.isEmpty()) {
        statusBar()->showMessage(tr("Cannot open %1: %2").arg(source, error));
        return false;
    }
    return true;
}

QString MainWindow::saveScenario(const QString& path)
{
    // Once the live lab's history dropped frames, the session wrote its operations before each drop:
    // the file still replays from the first frame.
    const hw::Scenario recorded = m_controller->session().recordedSession();
    const std::string text = hw::scenarioToJson(recorded);
    // Not QSaveFile: its errorString() is often "Unknown error" or names its staging file, and it
    // replaces a device or a named pipe with a regular file. The core writer refuses those and reports
    // the system's reason for the step that failed; the dialog puts the path first.
    if (const auto error = hw::writeFileAtomically(QFile::encodeName(path).toStdString(), text))
        return FileErrors::text(*error);
    m_restoredUnsaved = false;
    // While serving, the frames go on growing: the session is unsaved again at once.
    m_liveUnsaved = m_controller->isLive();
    m_undo->setClean();
    syncAutosave();
    RecentFiles::add(path);
    rebuildRecentMenu();
    return QString();
}

void MainWindow::openFileDialog()
{
    if (!maySwitchScenario())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open scenario"), QString(), tr("HighWater scenarios (*.json);;Observe recordings (*.jsonl);;All files (*)"));
    if (!path.isEmpty() && !openScenario(path))
        QMessageBox::warning(this, tr("Cannot open the scenario"), statusBar()->currentMessage());
}

void MainWindow::openLibrary()
{
    ScenarioLibraryDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.chosen() == QLatin1String("file"))
        openFileDialog();
    else if (!dialog.chosen().isEmpty())
        openScenarioAsked(dialog.chosen());
}

void MainWindow::newSandbox()
{
    SandboxDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    hw::Scenario scenario;
    QString error;
    if (!SandboxDialog::makeScenario(dialog.settings(), &scenario, &error)) {
        QMessageBox::warning(this, tr("Cannot create the sandbox"), error);
        return;
    }
    if (maySwitchScenario())
        openParsedScenario(scenario, tr("sandbox %1").arg(dialog.settings().name));
}

void MainWindow::saveDialog()
{
    QString suggested = QString::fromStdString(m_controller->scenario().name) + QStringLiteral("-session.json");
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggested, tr("HighWater scenarios (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = saveScenario(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Cannot save the scenario"), tr("%1: %2").arg(path, error));
    else if (const std::int64_t full = m_controller->session().recordingFullAtFrame(); full >= 0)
        statusBar()->showMessage(tr("Saved %1: it replays to frame %2, where the session reached the size one "
                                    "scenario file may hold; the frames after it are not in the file.")
                                     .arg(path)
                                     .arg(full),
            statusTimeoutMs);
    else
        statusBar()->showMessage(
            tr("Saved %1: it replays to these %2 frames.").arg(path).arg(m_controller->frameCount()), statusTimeoutMs);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QMimeData* mime = event->mimeData();
    if (mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().constFirst().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.constFirst().isLocalFile())
        return;
    event->acceptProposedAction();
    openScenarioAsked(urls.constFirst().toLocalFile());
}

} // namespace hw::ui
