// SPDX-License-Identifier: MIT
#include "scene/produceritem.h"

#include "base/theme.h"
#include "model/cluster_state.h"
#include "scene/framescene.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ProducerItem)
};

} // namespace

ProducerItem::ProducerItem(std::int32_t producer, QSizeF size)
    : FrameItem(SceneTarget::forProducer(producer)), m_producer(producer)
{
    setFlag(ItemIsSelectable);
    setCacheMode(DeviceCoordinateCache);
    setBounds(QRectF(QPointF(0, 0), size));
}

void ProducerItem::setSize(QSizeF size)
{
    if (size == boundingRect().size())
        return;
    setBounds(QRectF(QPointF(0, 0), size));
    update();
}

qreal ProducerItem::preferredHeight()
{
    return 12 + textHeight(theme::font(theme::labelSize, true)) + 3 * textHeight(theme::font(theme::smallSize)) + 16;
}

qreal ProducerItem::nameWidth(const hw::ClusterState& state, std::int32_t producer)
{
    return boxWidthForName(
        Text::tr("Producer %1").arg(QString::fromStdString(state.producers[static_cast<std::size_t>(producer)].id)));
}

void ProducerItem::sync(const hw::ClusterState& state)
{
    beginTexts();
    const hw::Producer& producer = state.producers[static_cast<std::size_t>(m_producer)];
    const QRectF box = boundingRect().adjusted(12, 8, -12, -8);
    const QFont nameFont = theme::font(theme::labelSize, true);
    const QFont smallFont = theme::font(theme::smallSize);
    qreal y = box.top() + 4;
    // Word-wrapped to the box, which is as tall as its lines: presentation mode's larger text takes
    // more lines in the compact cluster view.
    auto addLines = [&](const QString& text, const QFont& font, const QString& role) {
        y = addWrappedText(text, font, box.left(), y, box.width(), theme::ink, role);
    };
    addLines(Text::tr("Producer %1").arg(QString::fromStdString(producer.id)), nameFont, QStringLiteral("name"));
    const std::string_view acks = hw::acksName(producer.acks);
    addLines(Text::tr("acks=%1").arg(QString::fromUtf8(acks.data(), static_cast<qsizetype>(acks.size()))), smallFont,
        QStringLiteral("acks"));
    // Records, not batches: the Charts panel counts records too (RunMetrics::countSends), and a
    // class compares the two.
    std::int64_t waiting = 0;
    std::int64_t acked = 0;
    std::int64_t failed = 0;
    producer.batches.forEach(0, producer.batches.size(), [&](std::size_t, const hw::ProducerBatch& batch) {
        switch (batch.status) {
        case hw::SendStatus::Pending:
        case hw::SendStatus::InFlight:
            waiting += batch.count;
            break;
        case hw::SendStatus::Acked:
            acked += batch.count;
            break;
        case hw::SendStatus::Failed:
            failed += batch.count;
            break;
        }
    });
    // Predict mode: how many records were acknowledged tells whether the HW passed them.
    const auto* frameScene = qobject_cast<const FrameScene*>(scene());
    const bool concealed = frameScene && frameScene->predictionBase();
    const QString unknown = QStringLiteral("?");
    // Two lines: one line of all three is wider than the box in every language.
    addLines(Text::tr("records acked: %1").arg(concealed ? unknown : QString::number(acked)), smallFont,
        QStringLiteral("records"));
    addLines(Text::tr("waiting %1 \u00B7 failed %2")
                 .arg(concealed ? unknown : QString::number(waiting), concealed ? unknown : QString::number(failed)),
        smallFont, QStringLiteral("records-open"));
    setHeight(std::max(preferredHeight(), y + 16));
    if (textsChanged())
        update();
}

void ProducerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(2, 2, -2, -2);
    painter->setPen(QPen(theme::ink, 3));
    painter->setBrush(theme::producerFill);
    painter->drawRoundedRect(box, box.height() / 4, box.height() / 4);
    if (isSelected()) {
        painter->setPen(QPen(theme::blue, 4, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box, box.height() / 4, box.height() / 4);
    }
    paintTexts(painter);
}

} // namespace hw::ui
