// SPDX-License-Identifier: MIT
// The client half's table of versions, version negotiation, and frames: the request header and size (the
// server half's code) around each body, and the response header, the body and the error context around each
// response. The bodies are in client_cluster.cpp, client_admin.cpp, client_offsets.cpp, client_sasl.cpp
// and client_groups.cpp.
#include "wire/client_protocol.h"

#include "wire/client_fields.h"

#include <algorithm>
#include <array>

namespace hw::wire::client {

namespace {

using detail::FieldReader;
using wire::detail::encodeBug;
using wire::detail::versionText;

// The versions and why: clientApis() in client_protocol.h. In the order of Request and Response.
constexpr std::array<VersionRange, 16> clientTable { {
    { ApiKey::ApiVersions, 3, 3 },
    { ApiKey::Metadata, 12, 12 },
    { ApiKey::CreateTopics, 7, 7 },
    { ApiKey::IncrementalAlterConfigs, 1, 1 },
    { ApiKey::ElectLeaders, 2, 2 },
    { ApiKey::ListOffsets, 8, 8 },
    { ApiKey::Fetch, 12, 12 },
    { ApiKey::DescribeTopicPartitions, 0, 0 },
    { ApiKey::DescribeCluster, 1, 2 },
    { ApiKey::DescribeConfigs, 4, 4 },
    { ApiKey::SaslHandshake, 1, 1 },
    { ApiKey::SaslAuthenticate, 2, 2 },
    { ApiKey::ListGroups, 4, 5 },
    { ApiKey::DescribeGroups, 5, 5 },
    { ApiKey::OffsetFetch, 8, 8 },
    { ApiKey::ConsumerGroupDescribe, 0, 1 },
} };

static_assert(std::variant_size_v<Request> == clientTable.size() && std::variant_size_v<Response> == clientTable.size(),
    "one request and one response alternative per row of clientTable, in its order");

void requireClientVersion(ApiKey key, std::int16_t version)
{
    const std::optional<VersionRange> range = clientVersions(key);
    if (!range || version < range->minVersion || version > range->maxVersion)
        encodeBug(versionText(key, version) + " is not a version the client half speaks");
}

Response readBody(FieldReader& in, ApiKey key, std::int16_t version)
{
    switch (key) {
    case ApiKey::ApiVersions:
        return detail::readApiVersions(in, version);
    case ApiKey::Metadata:
        return detail::readMetadata(in, version);
    case ApiKey::CreateTopics:
        return detail::readCreateTopics(in, version);
    case ApiKey::IncrementalAlterConfigs:
        return detail::readIncrementalAlterConfigs(in, version);
    case ApiKey::ElectLeaders:
        return detail::readElectLeaders(in, version);
    case ApiKey::ListOffsets:
        return detail::readListOffsets(in, version);
    case ApiKey::Fetch:
        return detail::readFetch(in, version);
    case ApiKey::DescribeTopicPartitions:
        return detail::readDescribeTopicPartitions(in, version);
    case ApiKey::DescribeCluster:
        return detail::readDescribeCluster(in, version);
    case ApiKey::DescribeConfigs:
        return detail::readDescribeConfigs(in, version);
    case ApiKey::SaslHandshake:
        return detail::readSaslHandshake(in, version);
    case ApiKey::SaslAuthenticate:
        return detail::readSaslAuthenticate(in, version);
    case ApiKey::ListGroups:
        return detail::readListGroups(in, version);
    case ApiKey::DescribeGroups:
        return detail::readDescribeGroups(in, version);
    case ApiKey::OffsetFetch:
        return detail::readOffsetFetch(in, version);
    case ApiKey::ConsumerGroupDescribe:
        return detail::readConsumerGroupDescribe(in, version);
    case ApiKey::Produce:
    case ApiKey::InitProducerId:
        // The observer does not produce: Kafka's own Java producer does (issue 27).
        break;
    case ApiKey::OffsetCommit:
    case ApiKey::FindCoordinator:
    case ApiKey::JoinGroup:
    case ApiKey::Heartbeat:
    case ApiKey::LeaveGroup:
    case ApiKey::SyncGroup:
        // The observer joins no group: only the server half (protocol_groups.cpp) speaks these.
        break;
    }
    encodeBug("no client response reader for " + versionText(key, version));
}

} // namespace

std::span<const VersionRange> clientApis()
{
    return clientTable;
}

std::optional<VersionRange> clientVersions(ApiKey key)
{
    for (const VersionRange& range : clientTable)
        if (range.key == key)
            return range;
    return std::nullopt;
}

std::optional<std::int16_t> negotiateVersion(ApiKey key, std::span<const VersionRange> brokerApis)
{
    const std::optional<VersionRange> ours = clientVersions(key);
    if (!ours)
        return std::nullopt;
    for (const VersionRange& theirs : brokerApis) {
        if (theirs.key != key)
            continue;
        const std::int16_t high = std::min(ours->maxVersion, theirs.maxVersion);
        if (high >= std::max(ours->minVersion, theirs.minVersion))
            return high;
        return std::nullopt;
    }
    return std::nullopt;
}

// Kafka's Uuid.toString: Base64.getUrlEncoder().withoutPadding() of the 16 bytes, most significant first.
std::string Uuid::toString() const
{
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::array<std::uint8_t, 16> bytes {};
    for (int i = 0; i < 8; ++i) {
        bytes[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(mostSignificantBits >> (56 - 8 * i));
        bytes[static_cast<std::size_t>(8 + i)] = static_cast<std::uint8_t>(leastSignificantBits >> (56 - 8 * i));
    }
    std::string out;
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const std::uint32_t group = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
        for (int shift = 18; shift >= 0; shift -= 6)
            out += alphabet[(group >> shift) & 0x3f];
    }
    // 16 = 5 * 3 + 1: one byte is left, two characters without padding.
    const std::uint32_t last = bytes[i] << 16;
    out += alphabet[(last >> 18) & 0x3f];
    out += alphabet[(last >> 12) & 0x3f];
    return out;
}

ApiKey apiKeyOf(const Request& body)
{
    return clientTable[body.index()].key;
}

ApiKey apiKeyOf(const Response& body)
{
    return clientTable[body.index()].key;
}

Bytes encodeRequest(const RequestHeader& header, const Request& body)
{
    if (apiKeyOf(body) != header.apiKey)
        encodeBug(std::string("a ") + std::string(apiName(apiKeyOf(body))) + " request for a "
            + std::string(apiName(header.apiKey)) + " header");
    requireClientVersion(header.apiKey, header.apiVersion);
    Writer w;
    const std::size_t sizeAt = w.reserveInt32();
    wire::detail::writeRequestHeader(w, header);
    const std::int16_t version = header.apiVersion;
    std::visit(
        [&](const auto& request) {
            using T = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<T, ApiVersionsRequest>)
                detail::writeApiVersions(w, request, version);
            else if constexpr (std::is_same_v<T, MetadataRequest>)
                detail::writeMetadata(w, request, version);
            else if constexpr (std::is_same_v<T, CreateTopicsRequest>)
                detail::writeCreateTopics(w, request, version);
            else if constexpr (std::is_same_v<T, IncrementalAlterConfigsRequest>)
                detail::writeIncrementalAlterConfigs(w, request, version);
            else if constexpr (std::is_same_v<T, ElectLeadersRequest>)
                detail::writeElectLeaders(w, request, version);
            else if constexpr (std::is_same_v<T, ListOffsetsRequest>)
                detail::writeListOffsets(w, request, version);
            else if constexpr (std::is_same_v<T, FetchRequest>)
                detail::writeFetch(w, request, version);
            else if constexpr (std::is_same_v<T, DescribeTopicPartitionsRequest>)
                detail::writeDescribeTopicPartitions(w, request, version);
            else if constexpr (std::is_same_v<T, DescribeClusterRequest>)
                detail::writeDescribeCluster(w, request, version);
            else if constexpr (std::is_same_v<T, DescribeConfigsRequest>)
                detail::writeDescribeConfigs(w, request, version);
            else if constexpr (std::is_same_v<T, SaslHandshakeRequest>)
                detail::writeSaslHandshake(w, request, version);
            else if constexpr (std::is_same_v<T, SaslAuthenticateRequest>)
                detail::writeSaslAuthenticate(w, request, version);
            else if constexpr (std::is_same_v<T, ListGroupsRequest>)
                detail::writeListGroups(w, request, version);
            else if constexpr (std::is_same_v<T, DescribeGroupsRequest>)
                detail::writeDescribeGroups(w, request, version);
            else if constexpr (std::is_same_v<T, OffsetFetchRequest>)
                detail::writeOffsetFetch(w, request, version);
            else
                detail::writeConsumerGroupDescribe(w, request, version);
        },
        body);
    return wire::detail::finishFrame(w, sizeAt);
}

// The response header (ResponseHeader.json) is the correlation id and, from header version 1 (flexible
// versions, except ApiVersions), a tagged-field section. Every DecodeError is thrown again with the API, the
// version and the path of the field that failed in front of what went wrong.
Response parseResponse(ApiKey key, std::int16_t version, ByteView frameWithoutSize, std::int32_t* correlationIdOut)
{
    requireClientVersion(key, version);
    const std::string context = versionText(key, version) + " response";
    if (frameWithoutSize.size() > static_cast<std::size_t>(limits::responseBytesMax))
        throw DecodeError(context + ": a frame of " + std::to_string(frameWithoutSize.size())
                + " bytes, above limits::responseBytesMax (" + std::to_string(limits::responseBytesMax) + ")",
            0);
    FieldReader in(frameWithoutSize);
    try {
        std::int32_t correlationId = 0;
        {
            FieldReader::Field header(in, "ResponseHeader", true);
            correlationId = in.int32("CorrelationId");
            if (responseHeaderVersion(key, version) >= 1)
                in.noTaggedFields();
        }
        if (correlationIdOut)
            *correlationIdOut = correlationId;
        FieldReader::Field body(in, "$", true);
        Response out = readBody(in, key, version);
        if (!in.atEnd())
            in.fail("expected the end of the response, " + std::to_string(in.remaining()) + " bytes are left");
        return out;
    } catch (const DecodeError& error) {
        throw DecodeError(context + ", " + in.path() + ": " + error.detail(), error.offset());
    }
}

} // namespace hw::wire::client
