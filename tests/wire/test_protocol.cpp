// SPDX-License-Identifier: MIT
// The request/response codec (wire/protocol.h): golden frames written by hand from the schemas in
// apache/kafka clients/src/main/resources/common/message/*.json at 3.7.0 and the protocol guide, round
// trips of every API in every supported version, and the errors bad bytes must give.
#include "wire/limits.h"
#include "wire/protocol.h"

#include <gtest/gtest.h>

#include <atomic>

using namespace hw::wire;

// The largest single allocation while a test watches, so a test can show that a client's count did not
// size one. The sanitizer build (HW_SANITIZE=ON, the configuration the tests must pass in) reports every
// allocation to a hook; other builds cannot watch and skip that one assertion.
#if defined(__SANITIZE_ADDRESS__)
#define HW_TEST_WATCHES_ALLOCATIONS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HW_TEST_WATCHES_ALLOCATIONS 1
#endif
#endif

#ifdef HW_TEST_WATCHES_ALLOCATIONS
// Declared here because GCC does not ship sanitizer/allocator_interface.h; libasan exports it.
extern "C" int __sanitizer_install_malloc_and_free_hooks(
    void (*mallocHook)(const volatile void*, std::size_t), void (*freeHook)(const volatile void*));
#endif

namespace {

std::atomic<bool> g_watchAllocations { false };
std::atomic<std::size_t> g_largestAllocation { 0 };

[[maybe_unused]] void onAllocation(const volatile void*, std::size_t size)
{
    if (!g_watchAllocations.load(std::memory_order_relaxed))
        return;
    std::size_t seen = g_largestAllocation.load(std::memory_order_relaxed);
    while (size > seen && !g_largestAllocation.compare_exchange_weak(seen, size)) { }
}

[[maybe_unused]] void onFree(const volatile void*) { }

class LargestAllocation {
public:
    LargestAllocation()
    {
#ifdef HW_TEST_WATCHES_ALLOCATIONS
        static const bool installed = __sanitizer_install_malloc_and_free_hooks(onAllocation, onFree) != 0;
        m_watching = installed;
#endif
        g_largestAllocation = 0;
        g_watchAllocations = true;
    }
    ~LargestAllocation()
    {
        g_watchAllocations = false;
    }
    bool watching() const
    {
        return m_watching;
    }
    std::size_t bytes() const
    {
        return g_largestAllocation;
    }

private:
    bool m_watching = false;
};

Bytes bytesOf(std::initializer_list<int> values)
{
    Bytes out;
    for (int v : values)
        out.push_back(static_cast<std::uint8_t>(v));
    return out;
}

Bytes operator+(Bytes a, const Bytes& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

Bytes textBytes(std::string_view text)
{
    return { text.begin(), text.end() };
}

// The frame after its 4-byte size prefix, after checking that the prefix counts exactly those bytes.
ByteView withoutSize(const Bytes& frame)
{
    EXPECT_GE(frame.size(), 4u);
    Reader r(frame);
    EXPECT_EQ(static_cast<std::size_t>(r.int32()), frame.size() - 4);
    return ByteView(frame).subspan(4);
}

RequestHeader headerFor(ApiKey key, std::int16_t version, std::int32_t correlationId = 7,
    std::optional<std::string> clientId = std::string("hw-test"))
{
    RequestHeader header;
    header.apiKey = key;
    header.rawApiKey = static_cast<std::int16_t>(key);
    header.apiVersion = version;
    header.correlationId = correlationId;
    header.clientId = std::move(clientId);
    return header;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Tables

TEST(WireProtocol, SupportedApisAreExactlyTheBriefsRanges)
{
    const std::vector<VersionRange> expected {
        { ApiKey::Produce, 3, 7 },
        { ApiKey::Fetch, 4, 10 },
        { ApiKey::ListOffsets, 1, 4 },
        { ApiKey::Metadata, 0, 4 },
        { ApiKey::ApiVersions, 0, 3 },
        { ApiKey::InitProducerId, 0, 1 },
        { ApiKey::OffsetCommit, 2, 6 },
        { ApiKey::OffsetFetch, 1, 5 },
        { ApiKey::FindCoordinator, 0, 2 },
        { ApiKey::JoinGroup, 2, 4 },
        { ApiKey::Heartbeat, 0, 2 },
        { ApiKey::LeaveGroup, 0, 2 },
        { ApiKey::SyncGroup, 0, 2 },
        { ApiKey::DescribeGroups, 0, 4 },
        { ApiKey::ListGroups, 0, 2 },
        { ApiKey::CreateTopics, 2, 7 },
    };
    const auto apis = supportedApis();
    EXPECT_EQ(std::vector<VersionRange>(apis.begin(), apis.end()), expected);
    EXPECT_TRUE(isSupported(ApiKey::Metadata, 0));
    EXPECT_FALSE(isSupported(ApiKey::Metadata, 5));
    EXPECT_FALSE(isSupported(ApiKey::Produce, 2));
    EXPECT_TRUE(isSupported(ApiKey::Fetch, 10));
    EXPECT_FALSE(isSupported(ApiKey::Fetch, 11));
    EXPECT_FALSE(isSupported(static_cast<ApiKey>(17), 0)); // SaslHandshake
    EXPECT_FALSE(isSupported(ApiKey::JoinGroup, 5)); // static membership is not implemented
    EXPECT_FALSE(isSupported(ApiKey::OffsetCommit, 7));
    EXPECT_EQ(apiName(ApiKey::JoinGroup), "JoinGroup");
    EXPECT_EQ(apiName(ApiKey::InitProducerId), "InitProducerId");
    EXPECT_EQ(apiName(ApiKey::ListOffsets), "ListOffsets");
    EXPECT_EQ(apiName(static_cast<ApiKey>(99)), "Unknown");
}

// ApiKeys.PRODUCE_API_VERSIONS_RESPONSE_MIN_VERSION at 4.0.0 (KAFKA-18659): ApiVersions lists Produce from
// version 0, for librdkafka's compression check, while a Produce 0-2 request is refused (the connection
// closes, as org.apache.kafka.network.Processor.parseRequestHeader at 4.4.0 closes it). Every other range is
// advertised as it is accepted.
// FetchRequest.json: ForgottenTopicsData ("versions": "7+") is not ignorable, SessionId and SessionEpoch
// are; FetchResponse.json: SessionId ("7+") is not ignorable, ErrorCode is.
TEST(WireProtocol, FetchSessionFieldsBelowVersionSevenFollowTheirIgnorableFlags)
{
    FetchRequest request;
    request.sessionId = 5;
    request.sessionEpoch = 2;
    EXPECT_NO_THROW(encodeRequest(headerFor(ApiKey::Fetch, 6), request));
    request.forgottenTopics = { { "old", { 1 } } };
    EXPECT_THROW(encodeRequest(headerFor(ApiKey::Fetch, 6), request), std::logic_error);
    EXPECT_NO_THROW(encodeRequest(headerFor(ApiKey::Fetch, 7), request));
    FetchResponse response;
    response.errorCode = ErrorCode::FetchSessionIdNotFound;
    EXPECT_NO_THROW(encodeResponse(headerFor(ApiKey::Fetch, 6), response));
    response.sessionId = 9;
    EXPECT_THROW(encodeResponse(headerFor(ApiKey::Fetch, 6), response), std::logic_error);
    EXPECT_NO_THROW(encodeResponse(headerFor(ApiKey::Fetch, 7), response));
}

TEST(WireProtocol, ApiVersionsAdvertisesProduceFromVersionZeroButRefusesVersionsZeroToTwo)
{
    const auto supported = supportedApis();
    const auto advertised = advertisedApis();
    ASSERT_EQ(advertised.size(), supported.size());
    for (std::size_t i = 0; i < advertised.size(); ++i) {
        EXPECT_EQ(advertised[i].key, supported[i].key);
        EXPECT_EQ(advertised[i].maxVersion, supported[i].maxVersion);
        EXPECT_EQ(advertised[i].minVersion, advertised[i].key == ApiKey::Produce ? 0 : supported[i].minVersion);
    }
    EXPECT_EQ(ApiVersionsResponse {}.apiKeys, std::vector<VersionRange>(advertised.begin(), advertised.end()));
    for (std::int16_t version = 0; version <= 2; ++version) {
        // A Produce v0-2 body (acks, timeout, no topics) after a v1 header.
        const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, static_cast<std::uint8_t>(version), 0x0a, 0x0b, 0x0c, 0x0d,
            0xff, 0xff, 0x00, 0x01, 0x00, 0x00, 0x03, 0xe8, 0x00, 0x00, 0x00, 0x00 });
        try {
            parseRequest(frame);
            ADD_FAILURE() << "Produce v" << version << " was accepted";
        } catch (const UnsupportedRequest& e) {
            EXPECT_FALSE(e.answerWithApiVersionsError());
            EXPECT_TRUE(e.refusedAdvertisedVersion()) << "Produce v" << version;
        }
    }
    // Versions that are not advertised either are not "advertised but refused".
    EXPECT_FALSE(UnsupportedRequest(0, 8, 1).refusedAdvertisedVersion());
    EXPECT_FALSE(UnsupportedRequest(1, 11, 1).refusedAdvertisedVersion());
    EXPECT_FALSE(UnsupportedRequest(2, 0, 1).refusedAdvertisedVersion());
    EXPECT_FALSE(UnsupportedRequest(99, 0, 1).refusedAdvertisedVersion());
}

// ApiMessageType.requestHeaderVersion / responseHeaderVersion as generated at 3.7.0.
TEST(WireProtocol, HeaderVersionsFollowEachApisFirstFlexibleVersion)
{
    EXPECT_EQ(requestHeaderVersion(ApiKey::ApiVersions, 2), 1);
    EXPECT_EQ(requestHeaderVersion(ApiKey::ApiVersions, 3), 2);
    EXPECT_EQ(requestHeaderVersion(ApiKey::ApiVersions, 4), 2);
    EXPECT_EQ(requestHeaderVersion(ApiKey::Produce, 8), 1);
    EXPECT_EQ(requestHeaderVersion(ApiKey::Produce, 9), 2);
    EXPECT_EQ(requestHeaderVersion(ApiKey::Fetch, 12), 2);
    EXPECT_EQ(requestHeaderVersion(ApiKey::InitProducerId, 2), 2);
    EXPECT_EQ(responseHeaderVersion(ApiKey::ApiVersions, 3), 0);
    EXPECT_EQ(responseHeaderVersion(ApiKey::Metadata, 9), 1);
    EXPECT_EQ(responseHeaderVersion(ApiKey::Metadata, 4), 0);
}

struct ErrorCase {
    ErrorCode code;
    int number;
    const char* name;
};

class WireErrorCode : public testing::TestWithParam<ErrorCase> { };

// Errors.java at 3.7.0: the number and the constant name of each code.
TEST_P(WireErrorCode, NumberAndNameAreKafkas)
{
    const ErrorCase& c = GetParam();
    EXPECT_EQ(static_cast<int>(c.code), c.number);
    EXPECT_EQ(errorName(c.code), c.name);
}

INSTANTIATE_TEST_SUITE_P(Errors, WireErrorCode,
    testing::Values(ErrorCase { ErrorCode::UnknownServerError, -1, "UNKNOWN_SERVER_ERROR" },
        ErrorCase { ErrorCode::None, 0, "NONE" }, ErrorCase { ErrorCode::OffsetOutOfRange, 1, "OFFSET_OUT_OF_RANGE" },
        ErrorCase { ErrorCode::CorruptMessage, 2, "CORRUPT_MESSAGE" },
        ErrorCase { ErrorCode::UnknownTopicOrPartition, 3, "UNKNOWN_TOPIC_OR_PARTITION" },
        ErrorCase { ErrorCode::LeaderNotAvailable, 5, "LEADER_NOT_AVAILABLE" },
        ErrorCase { ErrorCode::NotLeaderOrFollower, 6, "NOT_LEADER_OR_FOLLOWER" },
        ErrorCase { ErrorCode::RequestTimedOut, 7, "REQUEST_TIMED_OUT" },
        ErrorCase { ErrorCode::MessageTooLarge, 10, "MESSAGE_TOO_LARGE" },
        ErrorCase { ErrorCode::RecordListTooLarge, 18, "RECORD_LIST_TOO_LARGE" },
        ErrorCase { ErrorCode::NotEnoughReplicas, 19, "NOT_ENOUGH_REPLICAS" },
        ErrorCase { ErrorCode::NotEnoughReplicasAfterAppend, 20, "NOT_ENOUGH_REPLICAS_AFTER_APPEND" },
        ErrorCase { ErrorCode::InvalidRequiredAcks, 21, "INVALID_REQUIRED_ACKS" },
        ErrorCase { ErrorCode::UnsupportedSaslMechanism, 33, "UNSUPPORTED_SASL_MECHANISM" },
        ErrorCase { ErrorCode::IllegalSaslState, 34, "ILLEGAL_SASL_STATE" },
        ErrorCase { ErrorCode::UnsupportedVersion, 35, "UNSUPPORTED_VERSION" },
        ErrorCase { ErrorCode::InvalidRequest, 42, "INVALID_REQUEST" },
        ErrorCase { ErrorCode::OutOfOrderSequenceNumber, 45, "OUT_OF_ORDER_SEQUENCE_NUMBER" },
        ErrorCase { ErrorCode::DuplicateSequenceNumber, 46, "DUPLICATE_SEQUENCE_NUMBER" },
        ErrorCase { ErrorCode::InvalidProducerEpoch, 47, "INVALID_PRODUCER_EPOCH" },
        ErrorCase { ErrorCode::KafkaStorageError, 56, "KAFKA_STORAGE_ERROR" },
        ErrorCase { ErrorCode::SaslAuthenticationFailed, 58, "SASL_AUTHENTICATION_FAILED" },
        ErrorCase { ErrorCode::UnknownProducerId, 59, "UNKNOWN_PRODUCER_ID" },
        ErrorCase { ErrorCode::FencedLeaderEpoch, 74, "FENCED_LEADER_EPOCH" },
        ErrorCase { ErrorCode::UnknownLeaderEpoch, 75, "UNKNOWN_LEADER_EPOCH" },
        ErrorCase { ErrorCode::FetchSessionIdNotFound, 70, "FETCH_SESSION_ID_NOT_FOUND" },
        ErrorCase { ErrorCode::InvalidFetchSessionEpoch, 71, "INVALID_FETCH_SESSION_EPOCH" },
        ErrorCase { ErrorCode::UnsupportedCompressionType, 76, "UNSUPPORTED_COMPRESSION_TYPE" },
        ErrorCase { ErrorCode::InvalidRecord, 87, "INVALID_RECORD" },
        ErrorCase { ErrorCode::ProducerFenced, 90, "PRODUCER_FENCED" }));

// Errors.forCode maps a code it does not know to UNKNOWN_SERVER_ERROR.
TEST(WireProtocol, AnUnlistedErrorCodeIsNamedUnknownServerError)
{
    EXPECT_EQ(errorName(static_cast<ErrorCode>(4)), "UNKNOWN_SERVER_ERROR");
}

// ---------------------------------------------------------------------------------------------
// Golden frames

// ApiVersions v0 request: header v1 (INT16 api key 18, version 0, correlation id 1, client id "test"
// with an INT16 length) and an empty body.
TEST(WireProtocolGolden, ApiVersionsV0Request)
{
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x0e, 0x00, 0x12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x04 })
        + textBytes("test");
    EXPECT_EQ(encodeRequest(headerFor(ApiKey::ApiVersions, 0, 1, "test"), ApiVersionsRequest {}), frame);
    const RequestFrame parsed = parseRequest(ByteView(frame).subspan(4));
    EXPECT_EQ(parsed.header.apiKey, ApiKey::ApiVersions);
    EXPECT_EQ(parsed.header.rawApiKey, 18);
    EXPECT_EQ(parsed.header.apiVersion, 0);
    EXPECT_EQ(parsed.header.correlationId, 1);
    EXPECT_EQ(parsed.header.clientId, "test");
    EXPECT_EQ(parsed.body, Request(ApiVersionsRequest {}));
}

const Bytes& allApiVersionEntries()
{
    // Key, min, max as INT16s for Produce 0-7 (advertised from 0, KAFKA-18659), Fetch 4-10, ListOffsets 1-4,
    // Metadata 0-4, ApiVersions 0-3, InitProducerId 0-1, OffsetCommit 2-6, OffsetFetch 1-5, FindCoordinator 0-2,
    // JoinGroup 2-4, Heartbeat 0-2, LeaveGroup 0-2, SyncGroup 0-2, DescribeGroups 0-4, ListGroups 0-2, CreateTopics 2-7.
    static const Bytes entries = bytesOf({ 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00, 0x01, 0x00, 0x04, 0x00, 0x0a, 0x00,
        0x02, 0x00, 0x01, 0x00, 0x04, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x12, 0x00, 0x00, 0x00, 0x03, 0x00,
        0x16, 0x00, 0x00, 0x00, 0x01, 0x00, 0x08, 0x00, 0x02, 0x00, 0x06, 0x00, 0x09, 0x00, 0x01, 0x00, 0x05, 0x00,
        0x0a, 0x00, 0x00, 0x00, 0x02, 0x00, 0x0b, 0x00, 0x02, 0x00, 0x04, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x02, 0x00,
        0x0d, 0x00, 0x00, 0x00, 0x02, 0x00, 0x0e, 0x00, 0x00, 0x00, 0x02, 0x00, 0x0f, 0x00, 0x00, 0x00, 0x04, 0x00,
        0x10, 0x00, 0x00, 0x00, 0x02, 0x00, 0x13, 0x00, 0x02, 0x00, 0x07 });
    return entries;
}

// ApiVersions v0 response: header v0 (correlation id), error code, INT32 count, entries; no throttle.
TEST(WireProtocolGolden, ApiVersionsV0Response)
{
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x6a, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10 })
        + allApiVersionEntries();
    EXPECT_EQ(encodeResponse(headerFor(ApiKey::ApiVersions, 0, 1), ApiVersionsResponse {}), frame);
    std::int32_t correlationId = 0;
    const Response parsed = parseResponse(ApiKey::ApiVersions, 0, ByteView(frame).subspan(4), &correlationId);
    EXPECT_EQ(correlationId, 1);
    EXPECT_EQ(parsed, Response(ApiVersionsResponse {}));
}

// ApiVersions v3 request as librdkafka sends it: header v2 (the client id keeps its INT16 length, then
// an empty tagged-field section) and a body of two COMPACT_STRINGs (length + 1 as an unsigned varint)
// and its own tagged fields.
TEST(WireProtocolGolden, ApiVersionsV3Request)
{
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x24, 0x00, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0x00, 0x07 })
        + textBytes("rdkafka") + bytesOf({ 0x00, 0x0b }) + textBytes("librdkafka") + bytesOf({ 0x06 })
        + textBytes("2.0.2") + bytesOf({ 0x00 });
    const ApiVersionsRequest body { "librdkafka", "2.0.2" };
    EXPECT_EQ(encodeRequest(headerFor(ApiKey::ApiVersions, 3, 2, "rdkafka"), body), frame);
    const RequestFrame parsed = parseRequest(ByteView(frame).subspan(4));
    EXPECT_EQ(parsed.header, headerFor(ApiKey::ApiVersions, 3, 2, "rdkafka"));
    EXPECT_EQ(parsed.body, Request(body));
    EXPECT_TRUE(body.isValid(3));
}

// Tagged fields in a v2 header are skipped, whatever their tags (RequestHeaderData.read).
TEST(WireProtocolGolden, ApiVersionsV3RequestWithATaggedFieldInItsHeader)
{
    const Bytes frame = bytesOf({ 0x00, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0xff, 0xff, 0x01, 0x05, 0x02, 'x',
        'y', 0x02, 'a', 0x02, 'b', 0x00 });
    const RequestFrame parsed = parseRequest(frame);
    EXPECT_EQ(parsed.header.clientId, std::nullopt);
    EXPECT_EQ(parsed.body, Request(ApiVersionsRequest { "a", "b" }));
}

// ApiVersions v3 response: header v0 even though the body is flexible (ApiVersionsResponse.json), a
// COMPACT_ARRAY (count + 1) whose entries end with empty tagged fields, the throttle time, and the
// body's empty tagged fields.
TEST(WireProtocolGolden, ApiVersionsV3Response)
{
    Bytes entries;
    for (std::size_t i = 0; i < allApiVersionEntries().size(); i += 6) {
        entries.insert(entries.end(), allApiVersionEntries().begin() + static_cast<std::ptrdiff_t>(i),
            allApiVersionEntries().begin() + static_cast<std::ptrdiff_t>(i + 6));
        entries.push_back(0x00);
    }
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x7c, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x11 }) + entries
        + bytesOf({ 0x00, 0x00, 0x00, 0x00, 0x00 });
    EXPECT_EQ(encodeResponse(headerFor(ApiKey::ApiVersions, 3, 2), ApiVersionsResponse {}), frame);
    std::int32_t correlationId = 0;
    EXPECT_EQ(parseResponse(ApiKey::ApiVersions, 3, ByteView(frame).subspan(4), &correlationId),
        Response(ApiVersionsResponse {}));
    EXPECT_EQ(correlationId, 2);
}

// ApiVersionsRequest.getErrorResponse(UNSUPPORTED_VERSION) in version 0: error 35 and only the
// ApiVersions key's own range, 0-3.
TEST(WireProtocolGolden, UnsupportedApiVersionsResponse)
{
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x09, 0x00, 0x23, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x12, 0x00, 0x00, 0x00, 0x03 });
    EXPECT_EQ(encodeUnsupportedApiVersionsResponse(9), frame);

    // A client that asked in version 3 reads it again as version 0 (ApiVersionsResponse.parse).
    ApiVersionsResponse expected;
    expected.errorCode = ErrorCode::UnsupportedVersion;
    expected.apiKeys = { { ApiKey::ApiVersions, 0, 3 } };
    std::int32_t correlationId = 0;
    EXPECT_EQ(parseResponse(ApiKey::ApiVersions, 3, ByteView(frame).subspan(4), &correlationId), Response(expected));
    EXPECT_EQ(correlationId, 9);
}

// Metadata v0 with an empty topic array, as kafka-python's first probe sends it: all topics.
TEST(WireProtocolGolden, MetadataV0RequestWithNoTopicsAsksForAll)
{
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x10, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x02,
        'p', 'y', 0x00, 0x00, 0x00, 0x00 });
    EXPECT_EQ(encodeRequest(headerFor(ApiKey::Metadata, 0, 3, "py"), MetadataRequest {}), frame);
    const RequestFrame parsed = parseRequest(ByteView(frame).subspan(4));
    const auto& body = std::get<MetadataRequest>(parsed.body);
    EXPECT_EQ(body.topics, std::nullopt);
    EXPECT_TRUE(body.allowAutoTopicCreation);
}

struct MetadataTopicsCase {
    const char* name;
    std::int16_t version;
    Bytes topicsField;
    std::optional<std::vector<std::string>> topics;
};

class WireMetadataTopics : public testing::TestWithParam<MetadataTopicsCase> { };

// MetadataRequest.isAllTopics at 3.7.0: null (v1+) or empty in v0 is all; empty in v1+ is none.
TEST_P(WireMetadataTopics, NullAndEmptyMeanWhatTheVersionSays)
{
    const MetadataTopicsCase& c = GetParam();
    const Bytes frame = bytesOf({ 0x00, 0x03, 0x00, static_cast<int>(c.version), 0x00, 0x00, 0x00, 0x04, 0xff, 0xff })
        + c.topicsField + (c.version >= 4 ? bytesOf({ 0x01 }) : Bytes {});
    EXPECT_EQ(std::get<MetadataRequest>(parseRequest(frame).body).topics, c.topics);
}

INSTANTIATE_TEST_SUITE_P(MetadataRequestTest, WireMetadataTopics,
    testing::Values(MetadataTopicsCase { "v0Empty", 0, bytesOf({ 0, 0, 0, 0 }), std::nullopt },
        MetadataTopicsCase { "v0One", 0, bytesOf({ 0, 0, 0, 1, 0, 1, 't' }), std::vector<std::string> { "t" } },
        MetadataTopicsCase { "v1Null", 1, bytesOf({ 0xff, 0xff, 0xff, 0xff }), std::nullopt },
        MetadataTopicsCase { "v1Empty", 1, bytesOf({ 0, 0, 0, 0 }), std::vector<std::string> {} },
        MetadataTopicsCase { "v4Null", 4, bytesOf({ 0xff, 0xff, 0xff, 0xff }), std::nullopt },
        MetadataTopicsCase {
            "v4Two", 4, bytesOf({ 0, 0, 0, 2, 0, 1, 'a', 0, 2, 'b', 'c' }), std::vector<std::string> { "a", "bc" } }),
    [](const testing::TestParamInfo<MetadataTopicsCase>& info) { return std::string(info.param.name); });

// Metadata v0 cannot say "no topics", and allowAutoTopicCreation is not ignorable before v4
// (MetadataRequest.Builder.build at 3.7.0).
TEST(WireProtocol, MetadataRequestsAVersionCannotSayAreRefused)
{
    MetadataRequest none;
    none.topics = std::vector<std::string> {};
    EXPECT_THROW(encodeRequest(headerFor(ApiKey::Metadata, 0), none), std::logic_error);
    EXPECT_NO_THROW(encodeRequest(headerFor(ApiKey::Metadata, 1), none));
    MetadataRequest noAutoCreate;
    noAutoCreate.allowAutoTopicCreation = false;
    EXPECT_THROW(encodeRequest(headerFor(ApiKey::Metadata, 3), noAutoCreate), std::logic_error);
    EXPECT_NO_THROW(encodeRequest(headerFor(ApiKey::Metadata, 4), noAutoCreate));
}

// A Produce v3 request: nullable transactional id, acks, timeout, one topic with one partition whose
// records are NULLABLE_BYTES with an INT32 length.
TEST(WireProtocolGolden, ProduceV3Request)
{
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x05, 0xff, 0xff, // header, null client id
        0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x75, 0x30, // txn id null, acks -1, 30000
        0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 't', // one topic "t"
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, // one partition, index 2
        0x00, 0x00, 0x00, 0x03, 0xaa, 0xbb, 0xcc }); // 3 bytes of records
    ProduceRequest expected;
    expected.acks = -1;
    expected.timeoutMs = 30000;
    expected.topics = { { "t", { { 2, bytesOf({ 0xaa, 0xbb, 0xcc }) } } } };
    const RequestFrame parsed = parseRequest(frame);
    EXPECT_EQ(parsed.header, headerFor(ApiKey::Produce, 3, 5, std::nullopt));
    EXPECT_EQ(parsed.body, Request(expected));
    EXPECT_EQ(encodeRequest(parsed.header, parsed.body), bytesOf({ 0, 0, 0, static_cast<int>(frame.size()) }) + frame);
}

// A Fetch v4 response partition: no log start offset (v5+), a null aborted-transactions array and
// records with an INT32 length.
TEST(WireProtocolGolden, FetchV4Response)
{
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x31, 0x00, 0x00, 0x00, 0x04, // size, correlation id
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, // throttle, 1 topic,
        'x', 0x00, 0x00, 0x00, 0x01, // "x", 1 partition
        0x00, 0x00, 0x00, 0x00, 0x00, 0x06, // 0, NOT_LEADER_OR_FOLLOWER
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, // high watermark 5
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, // last stable offset 5
        0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00 }); // null aborted, no records
    FetchResponse body;
    FetchPartitionResponse partition;
    partition.errorCode = ErrorCode::NotLeaderOrFollower;
    partition.highWatermark = 5;
    partition.lastStableOffset = 5;
    partition.logStartOffset = 3; // dropped: v4 has no such field, and it is ignorable
    body.responses = { { "x", { partition } } };
    EXPECT_EQ(encodeResponse(headerFor(ApiKey::Fetch, 4, 4), body), frame);
}

// ---------------------------------------------------------------------------------------------
// Round trips: every API in every supported version, with every field the version has set to a value
// other than its default.

namespace {

Request sampleRequest(ApiKey key, std::int16_t version)
{
    switch (key) {
    case ApiKey::ApiVersions:
        return version >= 3 ? ApiVersionsRequest { "hw-client", "1.2.3" } : ApiVersionsRequest {};
    case ApiKey::Metadata: {
        MetadataRequest body;
        body.topics = std::vector<std::string> { "orders", "payments" };
        body.allowAutoTopicCreation = version < 4;
        return body;
    }
    case ApiKey::Produce: {
        ProduceRequest body;
        body.transactionalId = "txn-1";
        body.acks = 1;
        body.timeoutMs = 1500;
        body.topics = { { "orders", { { 0, bytesOf({ 1, 2, 3, 4 }) }, { 3, std::nullopt } } }, { "empty", {} } };
        return body;
    }
    case ApiKey::Fetch: {
        FetchRequest body;
        body.replicaId = 2;
        body.maxWaitMs = 500;
        body.minBytes = 1;
        body.maxBytes = 1 << 20;
        body.isolationLevel = 1;
        FetchPartition p0 { 0, 42, version >= 5 ? 7 : -1, 65536, version >= 9 ? 3 : -1 };
        FetchPartition p1 { 5, 0, version >= 5 ? 0 : -1, 1024 };
        body.topics = { { "orders", { p0, p1 } }, { "payments", { p1 } } };
        if (version >= 7) {
            body.sessionId = 123;
            body.sessionEpoch = 4;
            body.forgottenTopics = { { "old", { 0, 2 } }, { "empty", {} } };
        }
        return body;
    }
    case ApiKey::ListOffsets: {
        ListOffsetsRequest body;
        body.replicaId = -1;
        body.isolationLevel = version >= 2 ? 1 : 0;
        body.topics = { { "orders", { { 0, version >= 4 ? 3 : -1, -1 }, { 1, version >= 4 ? 4 : -1, -2 } } } };
        return body;
    }
    case ApiKey::InitProducerId: {
        InitProducerIdRequest body;
        body.transactionalId = version == 0 ? std::optional<std::string>("t") : std::nullopt;
        body.transactionTimeoutMs = 60000;
        return body;
    }
    case ApiKey::FindCoordinator:
        return FindCoordinatorRequest { "billing", static_cast<std::int8_t>(version >= 1 ? 1 : 0) };
    case ApiKey::JoinGroup:
        return JoinGroupRequest { "billing", 45000, 300000, version >= 3 ? "rdkafka-1" : "", "consumer",
            { { "range", bytesOf({ 0, 1, 0, 0, 0, 0 }) }, { "roundrobin", {} } } };
    case ApiKey::SyncGroup:
        return SyncGroupRequest { "billing", 3, "m-1", { { "m-1", bytesOf({ 1, 2, 3 }) }, { "m-2", {} } } };
    case ApiKey::Heartbeat:
        return HeartbeatRequest { "billing", 3, "m-1" };
    case ApiKey::LeaveGroup:
        return LeaveGroupRequest { "billing", "m-1" };
    case ApiKey::OffsetCommit: {
        OffsetCommitRequest body { "billing", 3, "m-1", version <= 4 ? 60000 : -1, {} };
        body.topics = { { "orders",
            { { 0, 42, version >= 6 ? 7 : -1, "meta" }, { 1, 0, -1, std::nullopt } } } };
        return body;
    }
    case ApiKey::OffsetFetch:
        if (version >= 2 && version % 2 == 0)
            return OffsetFetchRequest { "billing", std::nullopt };
        return OffsetFetchRequest { "billing", std::vector<OffsetFetchTopic> { { "orders", { 0, 1 } } } };
    case ApiKey::ListGroups:
        return ListGroupsRequest {};
    case ApiKey::DescribeGroups:
        return DescribeGroupsRequest { { "billing", "audit" }, version >= 3 };
    case ApiKey::CreateTopics: {
        CreateTopicsRequest body;
        body.topics = { { "clicks", 3, 2, {}, { { "retention.ms", "60000" }, { "segment.ms", std::nullopt } } },
            { "manual", -1, -1, { { 0, { 2, 1 } }, { 1, { 1, 2 } } }, {} } };
        body.timeoutMs = 30000;
        body.validateOnly = version % 2 == 0;
        return body;
    }
    case ApiKey::ElectLeaders:
    case ApiKey::IncrementalAlterConfigs:
    case ApiKey::DescribeConfigs:
    case ApiKey::SaslHandshake:
    case ApiKey::SaslAuthenticate:
    case ApiKey::DescribeCluster:
    case ApiKey::DescribeTopicPartitions:
    case ApiKey::ConsumerGroupDescribe:
        // Only the client half speaks these (tests/wire/test_client_protocol.cpp).
        break;
    }
    return ApiVersionsRequest {};
}

Response sampleResponse(ApiKey key, std::int16_t version)
{
    switch (key) {
    case ApiKey::ApiVersions: {
        ApiVersionsResponse body;
        body.throttleTimeMs = version >= 1 ? 12 : 0;
        body.apiKeys.push_back({ static_cast<ApiKey>(68), 0, 1 }); // a key this enum does not name
        return body;
    }
    case ApiKey::Metadata: {
        MetadataResponse body;
        body.throttleTimeMs = version >= 3 ? 5 : 0;
        body.brokers = { { 0, "broker-0", 9092, version >= 1 ? std::optional<std::string>("rack-a") : std::nullopt },
            { 1, "broker-1", 9093, std::nullopt } };
        body.clusterId = version >= 2 ? std::optional<std::string>("hw-cluster") : std::nullopt;
        body.controllerId = version >= 1 ? 1 : -1;
        MetadataPartition led { ErrorCode::None, 0, 1, { 1, 0 }, { 1, 0 } };
        MetadataPartition leaderless { ErrorCode::LeaderNotAvailable, 1, -1, { 0, 1 }, {} };
        body.topics = { { ErrorCode::None, "orders", false, { led, leaderless } },
            { ErrorCode::UnknownTopicOrPartition, "missing", false, {} },
            { ErrorCode::None, "__consumer_offsets", version >= 1, { led } } };
        return body;
    }
    case ApiKey::Produce: {
        ProduceResponse body;
        ProducePartitionResponse ok { 0, ErrorCode::None, 100, -1, version >= 5 ? 10 : -1 };
        ProducePartitionResponse notLeader { 1, ErrorCode::NotLeaderOrFollower, -1, 1700000000000, -1 };
        body.responses = { { "orders", { ok, notLeader } } };
        body.throttleTimeMs = 3;
        return body;
    }
    case ApiKey::Fetch: {
        FetchResponse body;
        body.throttleTimeMs = 1;
        FetchPartitionResponse withData;
        withData.partitionIndex = 0;
        withData.highWatermark = 10;
        withData.lastStableOffset = 10;
        withData.logStartOffset = version >= 5 ? 2 : -1;
        withData.abortedTransactions = std::vector<AbortedTransaction> { { 1000, 4 } };
        withData.records = bytesOf({ 9, 8, 7 });
        FetchPartitionResponse empty;
        empty.partitionIndex = 1;
        empty.errorCode = ErrorCode::OffsetOutOfRange;
        empty.abortedTransactions = std::vector<AbortedTransaction> {};
        FetchPartitionResponse nullAborted;
        nullAborted.partitionIndex = 2;
        body.responses = { { "orders", { withData, empty, nullAborted } } };
        if (version >= 7) {
            body.errorCode = ErrorCode::FetchSessionIdNotFound;
            body.sessionId = 77;
        }
        return body;
    }
    case ApiKey::ListOffsets: {
        ListOffsetsResponse body;
        body.throttleTimeMs = version >= 2 ? 8 : 0;
        body.topics = { { "orders",
            { { 0, ErrorCode::None, -1, 55, version >= 4 ? 6 : -1 },
                { 1, ErrorCode::NotLeaderOrFollower, -1, -1, -1 } } } };
        return body;
    }
    case ApiKey::InitProducerId:
        return InitProducerIdResponse { 2, ErrorCode::None, 4000, 3 };
    case ApiKey::FindCoordinator:
        return FindCoordinatorResponse { version >= 1 ? 4 : 0, ErrorCode::None,
            version >= 1 ? std::optional<std::string>("ok") : std::nullopt, 2, "127.0.0.1", 19092 };
    case ApiKey::JoinGroup:
        return JoinGroupResponse { 1, ErrorCode::None, 5, "range", "m-1", "m-2",
            { { "m-1", bytesOf({ 0, 0 }) }, { "m-2", {} } } };
    case ApiKey::SyncGroup:
        return SyncGroupResponse { version >= 1 ? 3 : 0, ErrorCode::RebalanceInProgress, bytesOf({ 0, 1, 2 }) };
    case ApiKey::Heartbeat:
        return HeartbeatResponse { version >= 1 ? 3 : 0, ErrorCode::IllegalGeneration };
    case ApiKey::LeaveGroup:
        return LeaveGroupResponse { version >= 1 ? 3 : 0, ErrorCode::UnknownMemberId };
    case ApiKey::OffsetCommit:
        return OffsetCommitResponse { version >= 3 ? 6 : 0,
            { { "orders", { { 0, ErrorCode::None }, { 9, ErrorCode::UnknownTopicOrPartition } } } } };
    case ApiKey::OffsetFetch:
        return OffsetFetchResponse { version >= 3 ? 6 : 0,
            { { "orders", { { 0, 42, version >= 5 ? 7 : -1, "", ErrorCode::None },
                              { 1, -1, -1, std::nullopt, ErrorCode::None } } } },
            version >= 2 ? ErrorCode::NotCoordinator : ErrorCode::None };
    case ApiKey::ListGroups:
        return ListGroupsResponse { version >= 1 ? 2 : 0, ErrorCode::None, { { "billing", "consumer" }, { "audit", "" } } };
    case ApiKey::DescribeGroups: {
        DescribedGroupMember member { "m-1", version >= 4 ? std::optional<std::string>("static-1") : std::nullopt,
            "rdkafka", "/127.0.0.1", bytesOf({ 0, 1 }), bytesOf({ 2 }) };
        DescribedGroup group { ErrorCode::None, "billing", "Stable", "consumer", "range", { member },
            version >= 3 ? 0 : -2147483648 };
        DescribedGroup unknown { ErrorCode::None, "gone", "Dead", "", "", {}, -2147483648 };
        return DescribeGroupsResponse { version >= 1 ? 1 : 0, { group, unknown } };
    }
    case ApiKey::CreateTopics: {
        CreateTopicsResponse body;
        body.throttleTimeMs = 4;
        CreateTopicsResult created;
        created.name = "clicks";
        if (version >= 7) {
            created.topicIdHigh = 0x4857000000000002;
            created.topicIdLow = 0x1234567890abcdef;
        }
        CreateTopicsResult refused;
        refused.name = "orders";
        refused.errorCode = ErrorCode::TopicAlreadyExists;
        refused.errorMessage = "Topic 'orders' already exists.";
        if (version >= 5) {
            created.numPartitions = 3;
            created.replicationFactor = 2;
            created.configs = std::vector<CreateTopicsResultConfig> { { "retention.ms", "60000", false, 1, false },
                { "secret", std::nullopt, true, 4, true } };
            refused.topicConfigErrorCode = ErrorCode::TopicAuthorizationFailed;
        }
        body.topics = { created, refused };
        return body;
    }
    case ApiKey::ElectLeaders:
    case ApiKey::IncrementalAlterConfigs:
    case ApiKey::DescribeConfigs:
    case ApiKey::SaslHandshake:
    case ApiKey::SaslAuthenticate:
    case ApiKey::DescribeCluster:
    case ApiKey::DescribeTopicPartitions:
    case ApiKey::ConsumerGroupDescribe:
        // Only the client half speaks these (tests/wire/test_client_protocol.cpp).
        break;
    }
    return ApiVersionsResponse {};
}

struct ApiVersion {
    ApiKey key;
    std::int16_t version;
};

std::vector<ApiVersion> everySupportedVersion()
{
    std::vector<ApiVersion> out;
    for (const VersionRange& range : supportedApis())
        for (std::int16_t v = range.minVersion; v <= range.maxVersion; ++v)
            out.push_back({ range.key, v });
    return out;
}

std::string apiVersionName(const testing::TestParamInfo<ApiVersion>& info)
{
    return std::string(apiName(info.param.key)) + "V" + std::to_string(info.param.version);
}

} // namespace

class WireRoundTrip : public testing::TestWithParam<ApiVersion> { };

TEST_P(WireRoundTrip, RequestDecodesToWhatWasEncoded)
{
    const auto [key, version] = GetParam();
    const RequestHeader header = headerFor(key, version, 0x01020304);
    const Request body = sampleRequest(key, version);
    const Bytes frame = encodeRequest(header, body);
    const RequestFrame parsed = parseRequest(withoutSize(frame));
    EXPECT_EQ(parsed.header, header);
    EXPECT_EQ(parsed.body, body);
    EXPECT_EQ(peekCorrelationId(withoutSize(frame)), 0x01020304);
}

TEST_P(WireRoundTrip, ResponseDecodesToWhatWasEncoded)
{
    const auto [key, version] = GetParam();
    const Response body = sampleResponse(key, version);
    const Bytes frame = encodeResponse(headerFor(key, version, -5), body);
    std::int32_t correlationId = 0;
    EXPECT_EQ(parseResponse(key, version, withoutSize(frame), &correlationId), body);
    EXPECT_EQ(correlationId, -5);
}

// A truncated frame fails at every length with a DecodeError, never a crash or a wrong success.
TEST_P(WireRoundTrip, ATruncatedRequestIsADecodeErrorAtEveryLength)
{
    const auto [key, version] = GetParam();
    const Bytes frame = encodeRequest(headerFor(key, version), sampleRequest(key, version));
    const ByteView whole = withoutSize(frame);
    for (std::size_t length = 0; length < whole.size(); ++length)
        EXPECT_THROW(parseRequest(whole.first(length)), DecodeError) << "length " << length;
}

TEST_P(WireRoundTrip, ATruncatedResponseIsADecodeErrorAtEveryLength)
{
    const auto [key, version] = GetParam();
    const Response body = sampleResponse(key, version);
    const Bytes frame = encodeResponse(headerFor(key, version), body);
    const ByteView whole = withoutSize(frame);
    // ApiVersionsResponse.parse reads a body that does not decode in its version again as version 0, so
    // an ApiVersions v1-2 response cut inside its throttle time is a whole v0 response, as in Kafka.
    std::size_t v0Size = whole.size();
    ApiVersionsResponse asV0;
    if (key == ApiKey::ApiVersions && (version == 1 || version == 2)) {
        asV0 = std::get<ApiVersionsResponse>(body);
        asV0.throttleTimeMs = 0;
        v0Size = encodeResponse(headerFor(key, 0), asV0).size() - 4;
    }
    for (std::size_t length = 0; length < whole.size(); ++length) {
        if (length >= v0Size)
            EXPECT_EQ(parseResponse(key, version, whole.first(length), nullptr), Response(asV0)) << "length " << length;
        else
            EXPECT_THROW(parseResponse(key, version, whole.first(length), nullptr), DecodeError) << "length " << length;
    }
}

// AbstractRequest.parseRequest parses the body and never checks that the buffer is empty.
TEST_P(WireRoundTrip, BytesAfterTheRequestBodyAreIgnored)
{
    const auto [key, version] = GetParam();
    const Request body = sampleRequest(key, version);
    const Bytes frame = encodeRequest(headerFor(key, version), body) + bytesOf({ 0xde, 0xad, 0xbe, 0xef });
    EXPECT_EQ(parseRequest(ByteView(frame).subspan(4)).body, body);
}

INSTANTIATE_TEST_SUITE_P(EveryApiAndVersion, WireRoundTrip, testing::ValuesIn(everySupportedVersion()), apiVersionName);

// ---------------------------------------------------------------------------------------------
// Unsupported requests

namespace {

struct UnsupportedCase {
    const char* name;
    Bytes frame;
    std::int16_t rawApiKey;
    std::int16_t apiVersion;
    bool answerWithApiVersionsError;
};

class WireUnsupported : public testing::TestWithParam<UnsupportedCase> { };

} // namespace

// SocketServer.parseRequestHeader / RequestContext.parseRequest at 3.7.0: only ApiVersions is answered.
TEST_P(WireUnsupported, IsRefusedWithItsHeader)
{
    const UnsupportedCase& c = GetParam();
    try {
        parseRequest(c.frame);
        FAIL() << "expected UnsupportedRequest";
    } catch (const UnsupportedRequest& e) {
        EXPECT_EQ(e.rawApiKey(), c.rawApiKey);
        EXPECT_EQ(e.apiVersion(), c.apiVersion);
        EXPECT_EQ(e.correlationId(), 0x0a0b0c0d);
        EXPECT_EQ(e.answerWithApiVersionsError(), c.answerWithApiVersionsError);
    }
}

INSTANTIATE_TEST_SUITE_P(RequestContextTest, WireUnsupported,
    testing::Values(
        // An unknown key fails after the key, version and correlation id, whatever follows.
        UnsupportedCase { "UnknownApiKey", bytesOf({ 0x00, 0x63, 0x00, 0x00, 0x0a, 0x0b, 0x0c, 0x0d }), 99, 0, false },
        UnsupportedCase {
            "NegativeApiKey", bytesOf({ 0xff, 0xff, 0x00, 0x00, 0x0a, 0x0b, 0x0c, 0x0d, 0x07 }), -1, 0, false },
        // OffsetCommit v7 (static membership: group.instance.id) is above the versions this codec implements.
        UnsupportedCase {
            "OffsetCommit", bytesOf({ 0x00, 0x08, 0x00, 0x07, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff }), 8, 7, false },
        // ApiVersions v4 reads a v2 header (tagged fields) and no body: its bytes do not matter.
        UnsupportedCase { "ApiVersionsV4",
            bytesOf({ 0x00, 0x12, 0x00, 0x04, 0x0a, 0x0b, 0x0c, 0x0d, 0x00, 0x01, 'c', 0x00, 0x99, 0x99 }), 18, 4,
            true },
        UnsupportedCase { "ApiVersionsNegativeVersion",
            bytesOf({ 0x00, 0x12, 0xff, 0xff, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff }), 18, -1, true },
        UnsupportedCase {
            "ProduceV2", bytesOf({ 0x00, 0x00, 0x00, 0x02, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff }), 0, 2, false },
        UnsupportedCase {
            "ProduceV8", bytesOf({ 0x00, 0x00, 0x00, 0x08, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff }), 0, 8, false },
        UnsupportedCase {
            "ProduceV0", bytesOf({ 0x00, 0x00, 0x00, 0x00, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff }), 0, 0, false },
        UnsupportedCase {
            "FetchV11", bytesOf({ 0x00, 0x01, 0x00, 0x0b, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff }), 1, 11, false },
        UnsupportedCase {
            "MetadataV5", bytesOf({ 0x00, 0x03, 0x00, 0x05, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff }), 3, 5, false },
        UnsupportedCase {
            "ListOffsetsV0", bytesOf({ 0x00, 0x02, 0x00, 0x00, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff }), 2, 0, false },
        UnsupportedCase { "InitProducerIdV2",
            bytesOf({ 0x00, 0x16, 0x00, 0x02, 0x0a, 0x0b, 0x0c, 0x0d, 0xff, 0xff, 0x00 }), 22, 2, false }),
    [](const testing::TestParamInfo<UnsupportedCase>& info) { return std::string(info.param.name); });

// The header of an unsupported ApiVersions request must still decode (RequestHeader.parse throws
// first, and SocketServer closes the connection).
TEST(WireProtocol, AnUnsupportedApiVersionsRequestWithATruncatedHeaderIsADecodeError)
{
    const Bytes frame = bytesOf({ 0x00, 0x12, 0x00, 0x04, 0x0a, 0x0b, 0x0c, 0x0d, 0x00, 0x01, 'c' });
    EXPECT_THROW(parseRequest(frame), DecodeError);
    EXPECT_EQ(peekCorrelationId(frame), 0x0a0b0c0d);
    EXPECT_EQ(peekCorrelationId(ByteView(frame).first(7)), std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// Counts and limits

#ifdef HW_TEST_WATCHES_ALLOCATIONS
// The watch itself sees a large allocation, so the checks below can fail. Only the sanitizer build
// can watch (build-asan/ in scripts/test), so only it has this test.
TEST(WireProtocol, TheAllocationWatchSeesALargeAllocation)
{
    LargestAllocation largest;
    ASSERT_TRUE(largest.watching());
    const std::vector<char> big(100000, 'x');
    EXPECT_GE(largest.bytes(), big.size());
}
#endif

TEST(WireProtocol, ATopicCountOfTwoToTheThirtyOneIsADecodeErrorWithoutAnAllocation)
{
    // Produce v3: header with a null client id (10 bytes), null transactional id, acks, timeout, then a
    // topic count of 2^31 - 1 with four bytes after it.
    const Bytes frame = bytesOf({ 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0x00, 0x00, 0x03, 0xe8, 0x7f, 0xff, 0xff, 0xff, 0x00, 0x01, 't', 0x00 });
    LargestAllocation largest;
    try {
        parseRequest(frame);
        FAIL() << "expected DecodeError";
    } catch (const DecodeError& e) {
        EXPECT_EQ(e.offset(), 22u); // Reader reports the offset just after the count it refuses
    }
    if (largest.watching()) {
        EXPECT_LT(largest.bytes(), 4096u);
    }
}

TEST(WireProtocol, AMetadataTopicCountOfTwoToTheThirtyOneIsADecodeError)
{
    const Bytes frame = bytesOf({ 0x00, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff });
    LargestAllocation largest;
    EXPECT_THROW(parseRequest(frame), DecodeError);
    if (largest.watching()) {
        EXPECT_LT(largest.bytes(), 4096u);
    }
}

TEST(WireProtocol, MoreTopicsThanTheLimitIsADecodeErrorEvenWhenTheBytesAreThere)
{
    const std::int32_t count = hw::wire::limits::topicsPerRequestMax + 1;
    Writer w;
    w.int16(3);
    w.int16(1);
    w.int32(1);
    w.nullableString(std::nullopt);
    w.arrayLength(count);
    for (std::int32_t i = 0; i < count; ++i)
        w.string("");
    try {
        parseRequest(w.data());
        FAIL() << "expected DecodeError";
    } catch (const DecodeError& e) {
        EXPECT_EQ(e.offset(), 10u);
        EXPECT_NE(std::string(e.what()).find("limits::topicsPerRequestMax"), std::string::npos) << e.what();
    }
}

TEST(WireProtocol, PartitionsAreLimitedOverTheWholeRequest)
{
    // Two topics that each stay under the limit and together exceed it.
    const std::int32_t perTopic = hw::wire::limits::partitionsPerRequestMax / 2 + 1;
    Writer w;
    w.int16(0);
    w.int16(3);
    w.int32(1);
    w.nullableString(std::nullopt);
    w.nullableString(std::nullopt);
    w.int16(1);
    w.int32(1000);
    w.arrayLength(2);
    for (int topic = 0; topic < 2; ++topic) {
        w.string(topic == 0 ? "a" : "b");
        w.arrayLength(perTopic);
        for (std::int32_t i = 0; i < perTopic; ++i) {
            w.int32(i);
            w.nullableBytes(std::nullopt);
        }
    }
    try {
        parseRequest(w.data());
        FAIL() << "expected DecodeError";
    } catch (const DecodeError& e) {
        EXPECT_NE(std::string(e.what()).find("limits::partitionsPerRequestMax"), std::string::npos) << e.what();
    }
}

TEST(WireProtocol, AFrameAboveRequestBytesMaxIsRefusedBeforeItIsRead)
{
    const Bytes frame(static_cast<std::size_t>(hw::wire::limits::requestBytesMax) + 1, 0);
    EXPECT_THROW(parseRequest(frame), DecodeError);
}

// The generated readers take any non-zero byte as true (MessageDataGenerator: readByte() != 0).
TEST(WireProtocol, AnyNonZeroByteIsTrue)
{
    const Bytes frame
        = bytesOf({ 0x00, 0x03, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02 });
    EXPECT_TRUE(std::get<MetadataRequest>(parseRequest(frame).body).allowAutoTopicCreation);
}

// A null STRING where the schema says non-nullable (a topic name) is a DecodeError, as Kafka's
// generated reader throws "non-nullable field name was serialized as null".
TEST(WireProtocol, ANullTopicNameIsADecodeError)
{
    const Bytes frame
        = bytesOf({ 0x00, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0xff, 0xff });
    EXPECT_THROW(parseRequest(frame), DecodeError);
}

// ApiVersionsRequest.isValid at 3.7.0.
TEST(WireProtocol, ClientSoftwareNamesFollowKafkasPattern)
{
    EXPECT_TRUE((ApiVersionsRequest { "apache-kafka-java", "3.7.0" }.isValid(3)));
    EXPECT_FALSE((ApiVersionsRequest { "", "1" }.isValid(3)));
    EXPECT_FALSE((ApiVersionsRequest { "-lead", "1" }.isValid(3)));
    EXPECT_FALSE((ApiVersionsRequest { "name", "1.0-" }.isValid(3)));
    EXPECT_FALSE((ApiVersionsRequest { "with space", "1" }.isValid(3)));
    EXPECT_TRUE((ApiVersionsRequest { "", "" }.isValid(2)));
}

// ---------------------------------------------------------------------------------------------
// Server bugs are logic errors

TEST(WireProtocol, AResponseThatDoesNotMatchItsHeaderIsALogicError)
{
    EXPECT_THROW(encodeResponse(headerFor(ApiKey::Produce, 3), FetchResponse {}), std::logic_error);
    EXPECT_THROW(encodeRequest(headerFor(ApiKey::Metadata, 1), ProduceRequest {}), std::logic_error);
    EXPECT_THROW(encodeResponse(headerFor(ApiKey::Produce, 8), ProduceResponse {}), std::logic_error);
    EXPECT_THROW(parseResponse(ApiKey::Fetch, 11, Bytes(8, 0), nullptr), std::logic_error);
}

// FieldSpec.generateNonIgnorableFieldCheck: ListOffsetsResponse.LeaderEpoch (v4+) and
// ListOffsetsRequest.IsolationLevel (v2+) are not ignorable.
TEST(WireProtocol, ANonIgnorableFieldTheVersionLacksMustKeepItsDefault)
{
    ListOffsetsResponse response;
    response.topics = { { "t", { { 0, ErrorCode::None, -1, 5, 3 } } } };
    EXPECT_THROW(encodeResponse(headerFor(ApiKey::ListOffsets, 3), response), std::logic_error);
    EXPECT_NO_THROW(encodeResponse(headerFor(ApiKey::ListOffsets, 4), response));
    ListOffsetsRequest request;
    request.isolationLevel = 1;
    EXPECT_THROW(encodeRequest(headerFor(ApiKey::ListOffsets, 1), request), std::logic_error);
    EXPECT_NO_THROW(encodeRequest(headerFor(ApiKey::ListOffsets, 2), request));
}

TEST(WireProtocol, AStringTooLongForItsLengthIsALogicError)
{
    MetadataResponse response;
    response.brokers = { { 0, std::string(40000, 'h'), 9092, std::nullopt } };
    EXPECT_THROW(encodeResponse(headerFor(ApiKey::Metadata, 1), response), std::logic_error);
}
