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
    // Three small lines in a wide box: acks with the producer id (or "idempotence off"), the records,
    // and the batches in flight. A narrow box takes more (sync() sets its height).
    return 12 + textHeight(theme::font(theme::labelSize, true)) + 3 * textHeight(theme::font(theme::smallSize)) + 16;
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
        [&](std::size_t, const hw::ProducerBatch& batch) {
            count += batch.status == hw::SendStatus::InFlight ? 1 : 0;
        });
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
    const QString acksText
        = Text::tr("acks=%1").arg(QString::fromUtf8(acks.data(), static_cast<qsizetype>(acks.size())));
    const QFontMetricsF metrics(smallFont);
    const QString dot = QStringLiteral(" \u00B7 ");
    // Two texts on one line, with a dot between them, where the box is as wide as `widthNeeded`
    // (measured with long numbers, so that a count growing or the answer to InitProducerId does
    // not change the box's height); else one under the other.
    auto addPair = [&](const QString& first, const QString& firstRole, const QString& second, const QString& secondRole,
                       qreal widthNeeded) {
        if (widthNeeded > box.width()) {
            addLines(first, smallFont, firstRole);
            addLines(second, smallFont, secondRole);
            return;
        }
        const qreal h = textHeight(smallFont);
        qreal x = box.left();
        for (const auto& [text, role] : { std::pair { first, firstRole },
                 std::pair { dot, QStringLiteral("separator") }, std::pair { second, secondRole } }) {
            x = addTextIn(text, smallFont, QRectF(x, y, metrics.horizontalAdvance(text) + 1, h), theme::ink,
                Qt::AlignLeft | Qt::AlignTop, role)
                    .right();
        }
        y += h;
    };
    const qreal identityWidth = std::max(metrics.horizontalAdvance(identityText(producer)),
        producer.settings.idempotence ? metrics.horizontalAdvance(Text::tr("id %1 \u00B7 epoch %2").arg(99999).arg(99))
                                      : 0.0);
    addPair(acksText, QStringLiteral("acks"), identityText(producer), QStringLiteral("identity"),
        metrics.horizontalAdvance(acksText + dot) + identityWidth + 2);
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
    // One line where the box is wide enough for counts of four digits, else two.
    const QString many = QStringLiteral("9999");
    addPair(Text::tr("records acked: %1").arg(concealed ? unknown : QString::number(acked)), QStringLiteral("records"),
        Text::tr("waiting %1 \u00B7 failed %2")
            .arg(concealed ? unknown : QString::number(waiting), concealed ? unknown : QString::number(failed)),
        QStringLiteral("records-open"),
        metrics.horizontalAdvance(
            Text::tr("records acked: %1").arg(many) + dot + Text::tr("waiting %1 \u00B7 failed %2").arg(many, many))
            + 2);
    // max.in.flight.requests.per.connection counts requests per connection, and each batch here is a
    // request of its own (one partition per broker in a drawing this size).
    //: Batches in flight (%1) against max.in.flight.requests.per.connection (%2).
    // Predict mode: the batches still in flight and their sequence ranges ("seq 2–3") tell which
    // records the leader holds and which are acknowledged.
    const QString count = Text::tr("in flight %1/%2")
                              .arg(concealed ? unknown : QString::number(inFlightCount(producer)))
                              .arg(producer.settings.maxInFlight);
    const QStringList ranges = concealed ? QStringList() : inFlightBatches(state, producer);
    const bool idempotent = producer.settings.idempotence;
    //: Before the sequence ranges of the batches in flight, as in "seq 0–2, 3–4".
    const QString prefix = idempotent ? Text::tr("seq") + QLatin1Char(' ') : QString();
    // One line, so that the box keeps its height from frame to frame: the count, then as many of the
    // ranges as fit ("seq 0–2, 3–4, +1"); where none fits, how many there are ("+2"). The inspector
    // lists them all.
    auto fitted = [&](const QString& lead) {
        QString line = lead + ranges.constFirst();
        for (qsizetype i = 1; i < ranges.size(); ++i) {
            const QString longer = line + QStringLiteral(", ") + ranges[i];
            const QString rest = QStringLiteral(", +%1").arg(ranges.size() - i - 1);
            if (metrics.horizontalAdvance(longer + (i + 1 < ranges.size() ? rest : QString())) > box.width()) {
                line += QStringLiteral(", +%1").arg(ranges.size() - i);
                break;
            }
            line = longer;
        }
        return line;
    };
    QString line = count;
    if (!ranges.isEmpty()) {
        line = fitted(count + dot + prefix);
        if (metrics.horizontalAdvance(line) > box.width())
            line = fitted(count + dot);
        if (metrics.horizontalAdvance(line) > box.width())
            line = count + dot + QStringLiteral("+%1").arg(ranges.size());
    }
    addLines(line, smallFont, QStringLiteral("in-flight"));
    setHeight(std::max(preferredHeight(), y + 16));
    if (textsChanged())
        update();
}

void ProducerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(2, 2, -2, -2);
    // The corners stay within the 12 px padding, however tall the box: a quarter of a tall box's
    // height would curve into its first and last lines of text.
    const qreal radius = std::min<qreal>(box.height() / 4, 12);
    painter->setPen(QPen(theme::ink, 3));
    painter->setBrush(theme::producerFill);
    painter->drawRoundedRect(box, radius, radius);
    if (isSelected()) {
        painter->setPen(QPen(theme::blue, 4, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box, radius, radius);
    }
    paintTexts(painter);
}

} // namespace hw::ui
