// SPDX-License-Identifier: MIT
#include "panels/addconsumerdialog.h"

#include "groups/assignor.h"
#include "model/limits.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace hw::ui {

namespace {

constexpr std::array<hw::AssignorKind, 4> assignors = { hw::AssignorKind::Range, hw::AssignorKind::RoundRobin,
    hw::AssignorKind::Sticky, hw::AssignorKind::CooperativeSticky };

QString assignorText(hw::AssignorKind kind)
{
    const std::string_view name = hw::assignorName(kind);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

} // namespace

AddConsumerDialog::AddConsumerDialog(const hw::ClusterState& state, std::int32_t group, QWidget* parent)
    : QDialog(parent), m_state(state)
{
    setWindowTitle(tr("Add a consumer"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    layout->addLayout(form);

    m_id = new QLineEdit(suggestedId(state), this);
    m_id->setMaxLength(static_cast<int>(hw::limits::stringBytesMax));
    form->addRow(tr("Id"), m_id);

    m_group = new QComboBox(this);
    m_group->setEditable(true);
    m_group->setToolTip(tr("Choose a group or type the name of a new one"));
    for (const hw::Group& g : state.groups)
        m_group->addItem(QString::fromStdString(g.id));
    if (state.groups.empty())
        m_group->setEditText(QStringLiteral("g1")); // an identifier, as in scenario files: not translated
    else
        m_group->setCurrentIndex(std::clamp<int>(group, 0, static_cast<int>(state.groups.size()) - 1));
    form->addRow(tr("Group"), m_group);

    m_topics = new QListWidget(this);
    for (const hw::Topic& t : state.topics) {
        auto* item = new QListWidgetItem(QString::fromStdString(t.name), m_topics);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    m_topics->setMaximumHeight(m_topics->sizeHintForRow(0) * 5 + 4);
    form->addRow(tr("Subscribes to"), m_topics);

    m_assignor = new QComboBox(this);
    for (hw::AssignorKind kind : assignors)
        m_assignor->addItem(assignorText(kind), static_cast<int>(kind));
    form->addRow(tr("Assignor"), m_assignor);

    m_reset = new QComboBox(this);
    m_reset->addItem(QStringLiteral("earliest"), static_cast<int>(hw::OffsetReset::Earliest));
    m_reset->addItem(QStringLiteral("latest"), static_cast<int>(hw::OffsetReset::Latest));
    m_reset->addItem(QStringLiteral("none"), static_cast<int>(hw::OffsetReset::None));
    m_reset->setCurrentIndex(1);
    form->addRow(tr("auto.offset.reset"), m_reset);

    m_autoCommit = new QCheckBox(tr("Commit positions automatically (auto.commit)"), this);
    m_autoCommit->setChecked(true);
    form->addRow(QString(), m_autoCommit);

    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    layout->addWidget(m_problem);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problem().isEmpty())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_id, &QLineEdit::textChanged, this, &AddConsumerDialog::validate);
    connect(m_group, &QComboBox::currentTextChanged, this, [this] {
        groupChosen();
        validate();
    });
    connect(m_topics, &QListWidget::itemChanged, this, &AddConsumerDialog::validate);
    groupChosen();
    validate();
}

QString AddConsumerDialog::suggestedId(const hw::ClusterState& state)
{
    for (std::size_t n = 1;; ++n) {
        const std::string id = "c" + std::to_string(n);
        if (std::none_of(
                state.consumers.begin(), state.consumers.end(), [&](const hw::Consumer& c) { return c.id == id; }))
            return QString::fromStdString(id);
    }
}

void AddConsumerDialog::groupChosen()
{
    // A new member of an existing group subscribes and assigns like its first member; a new group
    // starts with the first topic and the range assignor.
    const std::string id = m_group->currentText().trimmed().toStdString();
    const hw::Consumer* model = nullptr;
    for (const hw::Consumer& c : m_state.consumers) {
        if (c.group >= 0 && m_state.groups[static_cast<std::size_t>(c.group)].id == id) {
            model = &c;
            break;
        }
    }
    const QSignalBlocker blocker(m_topics);
    for (int t = 0; t < m_topics->count(); ++t) {
        const bool subscribed
            = model ? std::find(model->topics.begin(), model->topics.end(), t) != model->topics.end() : t == 0;
        m_topics->item(t)->setCheckState(subscribed ? Qt::Checked : Qt::Unchecked);
    }
    const hw::AssignorKind assignor = model ? model->assignor : hw::AssignorKind::Range;
    m_assignor->setCurrentIndex(std::max(0, m_assignor->findData(static_cast<int>(assignor))));
    if (model) {
        m_reset->setCurrentIndex(std::max(0, m_reset->findData(static_cast<int>(model->reset))));
        m_autoCommit->setChecked(model->autoCommit);
    }
}

hw::ConsumerSpec AddConsumerDialog::spec() const
{
    hw::ConsumerSpec spec;
    spec.id = m_id->text().trimmed().toStdString();
    spec.group = m_group->currentText().trimmed().toStdString();
    for (int t = 0; t < m_topics->count(); ++t) {
        if (m_topics->item(t)->checkState() == Qt::Checked)
            spec.topics.push_back(t);
    }
    spec.assignor = static_cast<hw::AssignorKind>(m_assignor->currentData().toInt());
    spec.reset = static_cast<hw::OffsetReset>(m_reset->currentData().toInt());
    spec.autoCommit = m_autoCommit->isChecked();
    return spec;
}

QString AddConsumerDialog::problem() const
{
    const hw::ConsumerSpec s = spec();
    if (m_state.consumers.size() >= static_cast<std::size_t>(hw::limits::consumersMax))
        return tr("The cluster already has %1 consumers, the limit.").arg(hw::limits::consumersMax);
    if (s.id.empty())
        return tr("Enter an id for the consumer.");
    if (std::any_of(
            m_state.consumers.begin(), m_state.consumers.end(), [&](const hw::Consumer& c) { return c.id == s.id; }))
        return tr("A consumer with id %1 already exists.").arg(QString::fromStdString(s.id));
    if (s.group.empty())
        return tr("Choose a group or type the name of a new one.");
    if (s.group.size() > hw::limits::stringBytesMax)
        return tr("A group name may have at most %1 bytes.").arg(hw::limits::stringBytesMax);
    if (s.topics.empty())
        return tr("Choose at least one topic to subscribe to.");
    return QString();
}

void AddConsumerDialog::validate()
{
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

} // namespace hw::ui
