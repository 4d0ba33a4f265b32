// SPDX-License-Identifier: MIT
#include "shell/scenariolibrarydialog.h"

#include "control/simcontroller.h"
#include "scenario/builtin.h"
#include "scenario/scenario.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace hw::ui {

ScenarioLibraryDialog::ScenarioLibraryDialog(QWidget* parent)
    : QDialog(parent), m_list(new QListWidget(this)), m_description(new QLabel(this))
{
    setWindowTitle(tr("Scenario library"));
    resize(760, 520);
    auto* layout = new QVBoxLayout(this);
    QFont big = m_list->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_list->setFont(big);
    const std::string language = SimController::language();
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        auto parsed = hw::parseScenario(builtin.json, "builtin:" + std::string(builtin.name));
        auto* scenario = std::get_if<hw::Scenario>(&parsed);
        const QString name = QString::fromUtf8(builtin.name.data(), static_cast<qsizetype>(builtin.name.size()));
        const QString title
            = scenario && !scenario->title.empty() ? QString::fromStdString(scenario->title.get(language)) : name;
        auto* item = new QListWidgetItem(title, m_list);
        item->setData(Qt::UserRole, QStringLiteral("builtin:") + name);
        item->setData(
            Qt::UserRole + 1, scenario ? QString::fromStdString(scenario->description.get(language)) : QString());
        item->setToolTip(name);
    }
    layout->addWidget(m_list, 1);
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);
    m_description->setMinimumHeight(90);
    m_description->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_description);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    QPushButton* file = buttons->addButton(tr("Open a file..."), QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(m_list, &QListWidget::currentRowChanged, this, &ScenarioLibraryDialog::showDescription);
    connect(m_list, &QListWidget::itemActivated, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(file, &QPushButton::clicked, this, [this] {
        m_chosen = QStringLiteral("file");
        QDialog::accept();
    });
    connect(this, &QDialog::accepted, this, [this] {
        if (m_chosen.isEmpty() && m_list->currentItem())
            m_chosen = m_list->currentItem()->data(Qt::UserRole).toString();
    });
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
}

void ScenarioLibraryDialog::showDescription()
{
    const QListWidgetItem* item = m_list->currentItem();
    m_description->setText(item ? item->data(Qt::UserRole + 1).toString() : QString());
}

} // namespace hw::ui
