// SPDX-License-Identifier: MIT
#pragma once

// The pieces the narration's sentences share (scenario/narration*.cpp): names of the event's parties,
// and how sentences join.

#include "scenario/narration.h"

#include <cstdint>
#include <vector>

namespace hw {

/// The names one event's sentences use, from its fields and the frame's state.
struct Narration::Names {
    Names(const Event& event, const ClusterState& state);

    const Event& e;
    const ClusterState& s;
    Phrase tp;        // the event's partition ("orders-0"), empty without one
    Phrase b;         // broker <node>
    Phrase peer;      // broker <peer>
    Phrase error;     // the event's error, by its Kafka name
    Phrase request;   // the group request's protocol name (JoinGroup, ...)
    Phrase hwChange;  // the HW's move and the produces it answered, empty when neither happened

    Phrase liveClient(std::int32_t index) const;
    /// A broker's event about a real client's request names the client where it would name a
    /// simulated producer or consumer.
    Phrase producer(std::int32_t index) const;
    Phrase consumer(std::int32_t index) const;
    Phrase group(std::int64_t index) const;
    /// The producer id of a simulated producer, or the one a live batch carried in the event.
    Phrase producerNumber(std::int32_t index) const;
    /// The event's text field (a member id, a configuration change), as it is.
    Phrase text() const;
    /// `text` followed by the HW's move, if it moved.
    Phrase withHwChange(Phrase text) const;
};

namespace narration {

Phrase records(std::int64_t n);
Phrase offsets(Offset first, std::int64_t count);
/// A batch's sequence numbers: 4, or 4-6.
Phrase sequences(std::int64_t first, std::int64_t count);
/// A broker set: {1, 2, 3}.
Phrase brokerSet(const std::vector<BrokerId>& brokers);
Phrase maskSet(std::uint32_t mask);

// Sentences are built from pieces; how they join is the language's: English puts a space between
// sentences and ends them with ".", Chinese joins them directly and ends them with "。".

/// A sentence that starts with a name, with a capital in the languages that capitalize.
Phrase ucfirst(Phrase sentence);

/// Two sentences, one after the other.
Phrase then(Phrase first, Phrase second);
/// A sentence with its full stop.
Phrase fullStop(Phrase sentence);
/// A statement and its details, such as an error's name.
Phrase detail(Phrase statement, Phrase details);

} // namespace narration
} // namespace hw
