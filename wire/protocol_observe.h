// SPDX-License-Identifier: MIT
#pragma once

#include "wire/bytes.h"
#include "wire/client_protocol.h"
#include "wire/protocol.h"

#include <optional>
#include <span>
#include <variant>

/// The server half of what HighWater's own observer (realkafka/observer.cpp, issue 29) asks a broker and no
/// other client of `serve` may: the versions observerApis() adds to advertisedApis(). The bodies are the
/// client half's structs (wire/client_protocol.h), read here as a broker reads them and written as a broker
/// writes them, following <Api>Request.json and <Api>Response.json in clients/src/main/resources/common/
/// message/ at 4.4.0 (each of these versions has the same fields at 3.7.0 where it exists there).
///
/// Kafka answers every client of a listener with the same ApiVersions. serve does not: advertising Fetch 12
/// or ListOffsets 8 to every client would change what librdkafka, kafka-python (its version guess), kafkajs
/// and Java negotiate. Only a connection whose ApiVersions v3 names the observer's software
/// (observerSoftwareName) is told of, and may use, these versions (docs/ARCHITECTURE.md, "live").
namespace hw::wire {

/// What ApiVersions tells the observer: advertisedApis() with ListOffsets up to 8 (5 ReplicaId -2 answered
/// by any replica is what the observer uses; 6+ flexible), Fetch up to 12 (11: rack id and preferred read
/// replica; 12 flexible), ListGroups up to 5 (3 flexible, 4 StatesFilter and GroupState, 5 TypesFilter and
/// GroupType), DescribeGroups up to 5 (flexible), OffsetFetch up to 8 (6 flexible, 7 RequireStable, 8 several
/// groups; versions 6-7 travel as one group of the version 8 structs), and DescribeCluster 0-2,
/// DescribeTopicPartitions 0 and DescribeConfigs 4 (a topic's min.insync.replicas) added.
/// Every version here is decoded by parseObserverRequest (or parseRequest) and answered by
/// live/kafka_apis_observe.cpp. Not: ConsumerGroupDescribe (serve simulates no KIP-848 group), which is
/// therefore not advertised, and the observer leaves it out.
std::span<const VersionRange> observerApis();

/// True for a version observerApis() lists and supportedApis() does not: only an observer's connection may
/// send it; any other gets UnsupportedRequest from parseRequest, as for any unsupported version.
bool isObserverOnly(ApiKey key, std::int16_t version);

/// A request body of an observer-only version.
using ObserverRequest = std::variant<ListOffsetsRequest, client::FetchRequest, client::DescribeClusterRequest,
    client::DescribeTopicPartitionsRequest, client::ListGroupsRequest, client::DescribeGroupsRequest,
    client::OffsetFetchRequest, client::DescribeConfigsRequest>;

/// A response body of an observer-only version, in the same order.
using ObserverResponse = std::variant<ListOffsetsResponse, client::FetchResponse, client::DescribeClusterResponse,
    client::DescribeTopicPartitionsResponse, client::ListGroupsResponse, client::DescribeGroupsResponse,
    client::OffsetFetchResponse, client::DescribeConfigsResponse>;

struct ObserverRequestFrame {
    RequestHeader header;
    ObserverRequest body;
    bool operator==(const ObserverRequestFrame&) const = default;
};

/// Decodes a request frame (without its size prefix) of an observer-only version; nullopt when the frame's
/// key and version are not observer-only (parseRequest reads those). Throws DecodeError for bytes that do
/// not decode, as parseRequest does.
std::optional<ObserverRequestFrame> parseObserverRequest(ByteView frame);

/// Encodes the response to an observer-only request: the whole frame, with its size prefix. Throws
/// std::logic_error when the body does not match the header's key or the version is not observer-only.
Bytes encodeObserverResponse(const RequestHeader& header, const ObserverResponse& body);

/// Encodes an observer-only request as the observer's client half would not (versions it does not send:
/// ListOffsets 5-7, Fetch 11, DescribeCluster 0): for tests.
Bytes encodeObserverRequest(const RequestHeader& header, const ObserverRequest& body);

} // namespace hw::wire
