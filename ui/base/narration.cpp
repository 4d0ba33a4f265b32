// SPDX-License-Identifier: MIT
#include "base/narration.h"

#include "scenario/narration.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace hw::ui {

namespace {

/// The GUI's language: the loaded translation of each message (English has only its plural forms,
/// highwater_en.ts), sentences that start with a name capitalized.
const hw::Language& guiLanguage()
{
    static const hw::Language language{
        [](const hw::SourceText& message, std::int64_t count) {
            return QCoreApplication::translate(message.context, message.source, message.comment,
                       message.counted ? static_cast<int>(count) : -1)
                .toStdString();
        },
        true};
    return language;
}

} // namespace

QString Narration::text(const hw::Phrase& phrase)
{
    return QString::fromStdString(hw::render(phrase, guiLanguage()));
}

QString Narration::sentence(const hw::Event& event, const hw::ClusterState& state)
{
    return joinChineseWords(text(hw::Narration::sentence(event, state)));
}

QString Narration::title(hw::EventType type)
{
    return text(hw::Narration::title(type));
}

QString Narration::title(const hw::Event& event)
{
    return text(hw::Narration::title(event));
}

QString Narration::joinChineseWords(QString text)
{
    static const QRegularExpression betweenWords(
        QStringLiteral("(?<=\\p{Han}) +(?=[\\p{Han}\u3008-\u3011\uFF08\u201C])|(?<=[\u3008-\u3011\uFF09\u201D]) +(?=\\p{Han})"));
    return text.replace(betweenWords, QString());
}

QString Narration::brokerSet(const std::vector<hw::BrokerId>& brokers)
{
    QStringList ids;
    for (hw::BrokerId b : brokers)
        ids << QString::number(b);
    return QStringLiteral("{") + ids.join(QStringLiteral(", ")) + QStringLiteral("}");
}

QString Narration::errorName(hw::ErrorCode error)
{
    const std::string_view name = hw::errorName(error);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString Narration::groupRequestName(std::int32_t kind)
{
    const std::string_view name = hw::groupRequestName(kind);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString Narration::partitionName(const hw::ClusterState& state, std::int32_t partition)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(state.partitions.size()))
        return QString();
    return QString::fromStdString(state.partitionName(partition));
}

} // namespace hw::ui
