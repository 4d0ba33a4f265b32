// SPDX-License-Identifier: MIT
#include "scene/produceritem.h"

#include "base/narration.h"
#include "base/theme.h"
#include "log/producer_state.h"
#include "model/cluster_state.h"
#include "scene/framescene.h"

#include <QCoreApplication>
#include <QFontMetricsF>
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
    // Six small lines: acks, the producer id (or "idempotence off"), two lines of records, the
    // in-flight count and the batches in flight. The last is kept when nothing is in flight, so that
    // the box does not change height from frame to frame.
    return 12 + textHeight(theme::font(theme::labelSize, true)) + 6 * textHeight(theme::font(theme::smallSize)) + 16;
}

QString ProducerItem::identityText(const hw::Producer& producer)
{
    if (!producer.settings.idempotence)
        return Text::tr("idempotence off");
    if (producer.producerId < 0)
        //: An idempotent producer before InitProducerId has answered with its producer id.
        return Text::tr("id: waiting");
    //: An idempotent producer's producer id (%1) and producer epoch (%2).
    return Text::tr("id %1 \u00B7 epoch %2").arg(producer.producerId).arg(producer.producerEpoch);
}

int ProducerItem::inFlightCount(const hw::Producer& producer)
{
    int count = 0;
    producer.batches.forEach(static_cast<std::size_t>(producer.firstOpenBatch), producer.batches.size(),
        [&](std::size_t, const hw::ProducerBatch& batch) { count += batch.status == hw::SendStatus::InFlight ? 1 : 0; });
    return count;
}

QStringList ProducerItem::inFlightBatches(const hw::ClusterState& state, const hw::Producer& producer)
{
    // The partition is named only when the batches in flight go to more than one.
    std::int32_t onlyPartition = -1;
    bool several = false;
    producer.batches.forEach(static_cast<std::size_t>(producer.firstOpenBatch), producer.batches.size(),
        [&](std::size_t, const hw::ProducerBatch& batch) {
            if (batch.status != hw::SendStatus::InFlight)
                return;
            if (onlyPartition >= 0 && onlyPartition != batch.partition)
                several = true;
            onlyPartition = batch.partition;
        });
    QStringList out;
    producer.batches.forEach(static_cast<std::size_t>(producer.firstOpenBatch), producer.batches.size(),
        [&](std::size_t index, const hw::ProducerBatch& batch) {
            if (batch.status != hw::SendStatus::InFlight)
                return;
            // An idempotent batch is told by its sequence range, as the broker's producer table has
            // it; another by its number, as the inspector lists the producer's batches.
            QString range = QStringLiteral("#%1").arg(index);
            if (batch.idempotent && batch.baseSequence >= 0) {
                range = QString::number(batch.baseSequence);
                if (batch.count > 1)
                    range += QStringLiteral("\u2013%1").arg(hw::incrementSequence(batch.baseSequence, batch.count - 1));
            }
            if (several)
                range = Narration::partitionName(state, batch.partition) + QLatin1Char(' ') + range;
            out << range;
        });
    return out;
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
    addLines(identityText(producer), smallFont, QStringLiteral("identity"));
    // max.in.flight.requests.per.connection counts requests per connection, and each batch here is a
    // request of its own (one partition per broker in a drawing this size).
    //: Batches in flight (%1) against max.in.flight.requests.per.connection (%2).
    addLines(Text::tr("in flight %1/%2").arg(inFlightCount(producer)).arg(producer.settings.maxInFlight), smallFont,
        QStringLiteral("in-flight"));
    const QStringList ranges = inFlightBatches(state, producer);
    if (!ranges.isEmpty()) {
        // One line: as many ranges as fit, then how many more there are.
        const QFontMetricsF metrics(smallFont);
        const QString prefix = ranges.constFirst().startsWith(QLatin1Char('#'))
            ? QString()
            //: Before the sequence ranges of the batches in flight, as in "seq 0–2, 3–4".
            : Text::tr("seq") + QLatin1Char(' ');
        QString line = prefix + ranges.constFirst();
        for (qsizetype i = 1; i < ranges.size(); ++i) {
            const QString longer = line + QStringLiteral(", ") + ranges[i];
            const QString rest = QStringLiteral(", +%1").arg(ranges.size() - i - 1);
            if (metrics.horizontalAdvance(longer + (i + 1 < ranges.size() ? rest : QString())) > box.width()) {
                line += QStringLiteral(", +%1").arg(ranges.size() - i);
                break;
            }
            line = longer;
        }
        addLines(line, smallFont, QStringLiteral("in-flight-batches"));
    }
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
