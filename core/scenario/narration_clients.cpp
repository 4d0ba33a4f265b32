// SPDX-License-Identifier: MIT
// The sentences of consumers and their groups (the coordinator, joins and syncs, commits, positions
// and fetches) and of the live lab's real clients.

#include "scenario/narration_internal.h"

#include "clients/live_clients.h"

namespace hw {

using namespace narration;

Phrase Narration::clients(const Event& e, const ClusterState& s, const Names& n)
{
    const Phrase& tp = n.tp;
    const Phrase& b = n.b;
    const Phrase& error = n.error;
    auto consumerName = [&n](std::int32_t index) { return n.consumer(index); };
    auto groupName = [&n](std::int64_t index) { return n.group(index); };
    auto liveName = [&n](std::int32_t index) { return n.liveClient(index); };
    const Phrase& requestName = n.request;

    switch (e.type) {
    case EventType::ConsumerStarted:
        if (e.detail == 1 && e.value >= 0)
            return ucfirst(tr("%1 is added to %2 and starts: it looks for the coordinator and joins, and the group "
                              "rebalances.")
                               .arg(consumerName(e.node), groupName(e.value)));
        if (e.detail == 1)
            return ucfirst(tr("%1 is added and starts reading its assigned partitions.").arg(consumerName(e.node)));
        return ucfirst(tr("%1 starts.").arg(consumerName(e.node)));
    case EventType::ConsumerStopped:
        if (e.detail == 1)
            return ucfirst(tr("%1 crashes: it stops polling and heartbeating without leaving its group, so the "
                              "coordinator notices only after session.timeout.ms.")
                               .arg(consumerName(e.node)));
        return ucfirst(tr("%1 leaves its group (committing first if it auto-commits).").arg(consumerName(e.node)));
    case EventType::CoordinatorFound:
        if (e.detail == 1) {
            // A metadata refresh: FindCoordinator doubles as the consumer's metadata request; value is the
            // broker asked (0: none named), count the leaders that changed, partition the first of them.
            const bool named = e.value > 0;
            if (e.error != ErrorCode::None)
                return named ? ucfirst(tr("%1 could not refresh its metadata from broker %2: %3.")
                                           .arg(consumerName(e.node))
                                           .arg(e.value)
                                           .arg(error))
                             : ucfirst(tr("%1 could not refresh its metadata: %2.").arg(consumerName(e.node), error));
            const bool known = e.node >= 0 && e.node < static_cast<std::int32_t>(s.consumers.size());
            const std::vector<BrokerId>* leaders
                = known ? &s.consumers[static_cast<std::size_t>(e.node)].leaders : nullptr;
            if (e.count == 0 || e.partition < 0 || !leaders
                || e.partition >= static_cast<std::int32_t>(leaders->size()))
                return named ? ucfirst(tr("%1 refreshes its metadata from broker %2: no leader changed.")
                                           .arg(consumerName(e.node))
                                           .arg(e.value))
                             : ucfirst(tr("%1 refreshes its metadata: no leader changed.").arg(consumerName(e.node)));
            const BrokerId leaderId = (*leaders)[static_cast<std::size_t>(e.partition)];
            const Phrase leader = leaderId < 0 ? tr("nobody") : tr("broker %1").arg(leaderId);
            Phrase text = named ? tr("%1 refreshes its metadata from broker %2: %3 is led by %4")
                                       .arg(consumerName(e.node))
                                       .arg(e.value)
                                       .arg(tp, leader)
                                 : tr("%1 refreshes its metadata: %2 is led by %3").arg(consumerName(e.node), tp, leader);
            text = e.count > 1 ? then(text, tr("(and %n more change(s)).", nullptr, static_cast<int>(e.count - 1)))
                               : fullStop(text);
            return ucfirst(text);
        }
        if (e.error != ErrorCode::None)
            return ucfirst(tr("%1 could not find a coordinator: %2.").arg(consumerName(e.node), error));
        if (e.peer < 0)
            return ucfirst(tr("%1 could not find a coordinator.").arg(consumerName(e.node)));
        return ucfirst(tr("%1 learns that broker %2 coordinates its group (the leader of the group's "
                          "__consumer_offsets partition).")
                           .arg(consumerName(e.node))
                           .arg(e.peer));
    case EventType::GroupRequestSent:
        if (e.detail < 0 && e.error == ErrorCode::RequestTimedOut)
            return ucfirst(tr("%1 has had no heartbeat answer for session.timeout.ms and looks for its group "
                              "coordinator again.")
                               .arg(consumerName(e.node)));
        if (e.detail < 0)
            return ucfirst(tr("%1 looks for its group coordinator again.").arg(consumerName(e.node)));
        if (e.has(PollTimeout))
            return ucfirst(tr("%1's application has not polled for %2 ms, more than max.poll.interval.ms: its "
                              "heartbeat thread leaves the group (\"consumer poll timeout has expired.\"), gives up "
                              "its partitions and sends LeaveGroup to broker %3. It joins again at its next poll.")
                               .arg(consumerName(e.node))
                               .arg(e.value)
                               .arg(e.peer));
        if (static_cast<GroupRequestKind>(e.detail) == GroupRequestKind::OffsetCommit)
            return ucfirst(tr("%1 commits its positions for %n partition(s): the next offset to read in each.", nullptr,
                static_cast<int>(e.count))
                               .arg(consumerName(e.node)));
        return ucfirst(tr("%1 sends %2 to broker %3.").arg(consumerName(e.node), requestName).arg(e.peer));
    case EventType::GroupRequestHandled: {
        Phrase text
            = tr("Coordinator %1 handles %2's %3 for %4").arg(b, consumerName(e.peer), requestName, groupName(e.value));
        if (e.error != ErrorCode::None)
            return fullStop(detail(text, error));
        switch (static_cast<GroupRequestKind>(e.detail)) {
        case GroupRequestKind::Join:
            text = then(text, tr("(member %1)").arg(n.text()));
            if (e.has(RebalanceStarted))
                text += tr("; the group starts a rebalance and waits for its members to join");
            if (e.has(GenerationCompleted))
                text += tr("; everyone has joined: generation %1 begins").arg(e.completed);
            return fullStop(text);
        case GroupRequestKind::Sync:
            return text
                + (e.has(GroupStable) ? tr(": the leader's assignment is handed out and the group is Stable.")
                                          : tr(": it waits for the leader's assignment."));
        case GroupRequestKind::Leave:
            return text
                + (e.has(RebalanceStarted) ? tr(": the member is gone, and the group rebalances.")
                                               : tr(": the member is gone."));
        case GroupRequestKind::OffsetCommit:
            return text + tr(": it stores %n committed offset(s).", nullptr, static_cast<int>(e.count));
        case GroupRequestKind::Heartbeat:
        case GroupRequestKind::OffsetFetch:
            break;
        }
        return fullStop(text);
    }
    case EventType::GroupResponseApplied: {
        Phrase text;
        if (e.error == ErrorCode::RequestTimedOut)
            text = tr("%1 got no answer to its %2 within its request timeout and drops the connection to the "
                      "coordinator")
                       .arg(consumerName(e.node), requestName);
        else
            text = tr("%1 gets the answer to its %2").arg(consumerName(e.node), requestName);
        if (e.error != ErrorCode::None && e.error != ErrorCode::RequestTimedOut)
            text = detail(text, error);
        switch (static_cast<GroupRequestKind>(e.detail)) {
        case GroupRequestKind::Join:
            if (e.error == ErrorCode::None) {
                text += tr(": member %1 of generation %2").arg(n.text()).arg(e.completed);
                if (e.has(GenerationCompleted))
                    text
                        += tr(", and it is the group's leader: it runs the assignor for all %n member(s) and sends the "
                              "result in its SyncGroup",
                            nullptr, static_cast<int>(e.count))
                            .plainPlural(SourceText::PlainPlural::Plural);
            }
            break;
        case GroupRequestKind::Sync:
            if (e.error == ErrorCode::None)
                text += tr(": %1 partition(s) newly assigned, %2 revoked").arg(e.count).arg(e.offset);
            break;
        case GroupRequestKind::Heartbeat:
            if (e.error == ErrorCode::RebalanceInProgress)
                text += tr(" (the group is rebalancing)");
            break;
        case GroupRequestKind::OffsetFetch:
            text += tr(": %n committed position(s) found", nullptr, static_cast<int>(e.count));
            break;
        default:
            break;
        }
        if (e.has(Rejoining))
            text += tr("; it joins (again)");
        return ucfirst(fullStop(text));
    }
    case EventType::JoinCompleted:
        if (e.has(GenerationCompleted))
            return tr("The join phase of %1 ends on coordinator %2's timer: generation %3 with %n member(s).", nullptr,
                static_cast<int>(e.count))
                .arg(groupName(e.value), b)
                .arg(e.completed);
        return tr("The join phase of %1 ends on coordinator %2's timer.").arg(groupName(e.value), b);
    case EventType::MemberEvicted:
        return tr("Coordinator %1 has not heard from %2 (member %3) for session.timeout.ms and removes it from %4; the "
                  "group rebalances.")
            .arg(b, consumerName(e.peer), n.text(), groupName(e.value));
    case EventType::PositionSet:
        if (e.error != ErrorCode::None)
            return ucfirst(tr("%1 could not look up a position on %2: %3.").arg(consumerName(e.node), tp, error));
        if (e.detail == 0) {
            Phrase text = tr("%1 resumes %2 at its committed offset %3").arg(consumerName(e.node), tp).arg(e.offset);
            text = e.count > 1 ? then(text, tr("(and %n more partition(s)).", nullptr, static_cast<int>(e.count - 1)))
                               : fullStop(text);
            return ucfirst(text);
        }
        if (e.detail == 1)
            return ucfirst(tr("%1 has no committed offset for %2; auto.offset.reset sets its position to %3.")
                               .arg(consumerName(e.node), tp)
                               .arg(e.offset));
        return ucfirst(tr("%1 seeks %2 to offset %3.").arg(consumerName(e.node), tp).arg(e.offset));
    case EventType::ConsumerFetchSent:
        return ucfirst(tr("%1 polls for up to %2.").arg(consumerName(e.node), records(e.count)));
    case EventType::ConsumerFetchHandled:
        if (e.error != ErrorCode::None)
            return tr("Broker %1 answers %2's fetch on %3 with %4.").arg(e.node).arg(consumerName(e.peer), tp, error);
        if (e.has(Parked))
            return tr("Leader %1 holds %2's fetch from offset %3 on %4: nothing below the HW %5 is new, so it waits up "
                      "to fetch.max.wait.ms.")
                .arg(b, consumerName(e.peer))
                .arg(e.offset)
                .arg(tp)
                .arg(e.hwBefore);
        return tr("Leader %1 answers %2's fetch on %3 with %4: consumers read only below the HW %5.")
            .arg(b, consumerName(e.peer), tp, offsets(e.offset, e.count))
            .arg(e.hwBefore);
    case EventType::RecordsReceived:
        if (e.error != ErrorCode::None)
            return ucfirst(tr("%1's fetch on %2 failed: %3.").arg(consumerName(e.node), tp, error));
        return ucfirst(tr("%1 receives %2 of %3 (read under HW %4); its position is now %5.")
                           .arg(consumerName(e.node), offsets(e.offset, e.count), tp)
                           .arg(e.value)
                           .arg(e.offset + e.count));
    case EventType::LiveClientConnected:
        return ucfirst(tr("%1 connects to broker %2.").arg(liveName(e.peer)).arg(e.node));
    case EventType::LiveClientDisconnected:
        return ucfirst(tr("%1 closes its connection to broker %2.").arg(liveName(e.peer)).arg(e.node));
    case EventType::LiveRequestSent:
        switch (e.detail) {
        case 0:
            return ucfirst(tr("%1 sends a Produce request with %2 for %3 to broker %4.")
                               .arg(liveName(e.node), records(e.count), tp)
                               .arg(e.peer));
        case 1:
            return ucfirst(tr("%1 sends a Fetch request for %2 from offset %3 to broker %4.")
                               .arg(liveName(e.node), tp)
                               .arg(e.offset)
                               .arg(e.peer));
        case 2:
            if (e.value == -2)
                return ucfirst(
                    tr("%1 asks for the earliest offset of %2 to broker %3.").arg(liveName(e.node), tp).arg(e.peer));
            if (e.value == -1)
                return ucfirst(
                    tr("%1 asks for the latest offset of %2 to broker %3.").arg(liveName(e.node), tp).arg(e.peer));
            return ucfirst(tr("%1 asks for the first offset at or after time %2 of %3 to broker %4.")
                               .arg(liveName(e.node))
                               .arg(e.value)
                               .arg(tp)
                               .arg(e.peer));
        case 3:
            return ucfirst(tr("%1 asks for metadata to broker %2.").arg(liveName(e.node)).arg(e.peer));
        case 4:
            return ucfirst(
                tr("%1 asks for a producer id (InitProducerId) to broker %2.").arg(liveName(e.node)).arg(e.peer));
        default:
            // A group request (FindCoordinator, JoinGroup, ...): named by its protocol name.
            return ucfirst(tr("%1 sends %2 to broker %3.")
                               .arg(liveName(e.node), Phrase::name(std::string(liveRequestLabel(e))))
                               .arg(e.peer));
        }
    case EventType::LiveResponseReceived: {
        const Phrase request = Phrase::name(std::string(liveRequestLabel(e)));
        const Phrase from = ucfirst(tp.isEmpty() ? tr("%1 gets broker %2's answer to its %3")
                                                       .arg(liveName(e.node))
                                                       .arg(e.peer)
                                                       .arg(request)
                                                 : tr("%1 gets broker %2's answer to its %3 for %4")
                                                       .arg(liveName(e.node))
                                                       .arg(e.peer)
                                                       .arg(request, tp));
        if (e.error != ErrorCode::None)
            return fullStop(detail(from, error));
        switch (e.detail) {
        case 0:
            return e.has(Duplicate) ? then(detail(from, tr("appended at offset %1").arg(e.offset)),
                                           tr("(a duplicate the leader had already)."))
                                    : fullStop(detail(from, tr("appended at offset %1").arg(e.offset)));
        case 1:
            return fullStop(detail(from, tr("%1, read below the HW %2").arg(offsets(e.offset, e.count)).arg(e.value)));
        case 2:
            return fullStop(detail(from, tr("offset %1").arg(e.offset)));
        case 3:
            return detail(from, tr("the brokers, leaders, replicas and ISRs."));
        case 4:
            return detail(from, tr("producer id %1, epoch 0.").arg(e.value));
        default:
            return fullStop(from);
        }
    }
    default:
        break;
    }
    return Phrase();
}

} // namespace hw
