// SPDX-License-Identifier: MIT
//
// libFuzzer target: the bytes are one request frame as a client sends it, without its 4-byte size
// prefix (what SocketServer hands to RequestContext in apache/kafka core/src/main/scala/kafka/network/
// SocketServer.scala at 3.7.0). wire/protocol.h's parseRequest must either decode the frame or refuse it
// with DecodeError or UnsupportedRequest, the two answers Kafka has: close the connection, or answer
// ApiVersions with UNSUPPORTED_VERSION. A frame that decodes is encoded again with encodeRequest and
// decoded again: the second decode must give the same request, and encoding that must give the same
// bytes, or the codec reads or writes some field differently from how it writes or reads it. The
// records of every partition of a ProduceRequest then go through decodeProducedBatch, as the broker's
// produce path sends them (ProduceRequest.validateRecords, UnifiedLog.analyzeAndValidateRecords).
//
// Anything else thrown (std::logic_error from encodeRequest, std::bad_alloc) escapes, and libFuzzer
// reports it as a crash: it is a bug in the codec, not bad client bytes.
//
// The versions only HighWater's observer may send (wire/protocol_observe.h: ListOffsets 5-8, Fetch 11-12,
// DescribeCluster 0-2, DescribeTopicPartitions 0, ListGroups 3-5, DescribeGroups 5, OffsetFetch 6-8,
// DescribeConfigs 4) are read by parseObserverRequest first, as serve reads them on an observer's connection,
// and round-trip the same way through encodeObserverRequest.
//
// HW_FUZZ_REQUIRE_PARSE=1 turns every input that does not decode into a crash too, so that
// `HW_FUZZ_REQUIRE_PARSE=1 fuzz_request fuzz/corpus/request/*` checks that the real clients' frames of
// the seed corpus still decode (scripts/fuzz runs it before fuzzing).

#include "wire/bytes.h"
#include "wire/protocol.h"
#include "wire/protocol_observe.h"
#include "wire/record_batch.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <variant>

namespace {

using namespace hw::wire;

bool requireParse()
{
    static const bool required = [] {
        const char* value = std::getenv("HW_FUZZ_REQUIRE_PARSE");
        return value != nullptr && value[0] == '1';
    }();
    return required;
}

[[noreturn]] void fail(const char* what)
{
    std::fprintf(stderr, "fuzz_request: %s\n", what);
    std::abort();
}

// The frame encodeRequest returns, without the size prefix parseRequest does not read.
ByteView withoutSizePrefix(const Bytes& frame)
{
    if (frame.size() < 4)
        fail("encodeRequest returned less than a size prefix");
    return ByteView(frame).subspan(4);
}

void checkRoundTrip(const RequestFrame& parsed)
{
    const Bytes encoded = encodeRequest(parsed.header, parsed.body);
    RequestFrame reparsed;
    try {
        reparsed = parseRequest(withoutSizePrefix(encoded));
    } catch (const DecodeError& error) {
        std::fprintf(stderr, "fuzz_request: re-encoded request does not decode: %s\n", error.what());
        std::abort();
    } catch (const UnsupportedRequest& error) {
        std::fprintf(stderr, "fuzz_request: re-encoded request is unsupported: %s\n", error.what());
        std::abort();
    }
    if (!(reparsed == parsed))
        fail("decode(encode(request)) differs from the request");
    if (encodeRequest(reparsed.header, reparsed.body) != encoded)
        fail("encode(decode(encode(request))) differs from encode(request)");
}

void checkObserverRoundTrip(const ObserverRequestFrame& parsed)
{
    const Bytes encoded = encodeObserverRequest(parsed.header, parsed.body);
    std::optional<ObserverRequestFrame> reparsed;
    try {
        reparsed = parseObserverRequest(withoutSizePrefix(encoded));
    } catch (const DecodeError& error) {
        std::fprintf(stderr, "fuzz_request: re-encoded observer request does not decode: %s\n", error.what());
        std::abort();
    }
    if (!reparsed || !(*reparsed == parsed))
        fail("decode(encode(observer request)) differs from the request");
    if (encodeObserverRequest(reparsed->header, reparsed->body) != encoded)
        fail("encode(decode(encode(observer request))) differs from encode(observer request)");
}

void decodeProducedRecords(const RequestFrame& parsed)
{
    const auto* produce = std::get_if<ProduceRequest>(&parsed.body);
    if (produce == nullptr)
        return;
    const BatchLimits limits = defaultBatchLimits();
    for (const ProduceTopic& topic : produce->topics) {
        for (const ProducePartition& partition : topic.partitions) {
            // A null records field is refused by ProduceRequest.validateRecords before any batch is
            // read; the broker code that calls decodeProducedBatch answers it, not the decoder.
            if (!partition.records)
                continue;
            try {
                decodeProducedBatch(*partition.records, parsed.header.apiVersion, limits);
            } catch (const BatchError&) {
                if (requireParse())
                    fail("a seed's records field does not decode");
            }
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        if (const std::optional<ObserverRequestFrame> observed = parseObserverRequest(ByteView(data, size))) {
            checkObserverRoundTrip(*observed);
            return 0;
        }
    } catch (const DecodeError&) {
        if (requireParse())
            fail("a seed does not decode as an observer request (DecodeError)");
        return 0;
    }
    RequestFrame parsed;
    try {
        parsed = parseRequest(ByteView(data, size));
    } catch (const DecodeError&) {
        if (requireParse())
            fail("a seed does not decode (DecodeError)");
        return 0;
    } catch (const UnsupportedRequest& unsupported) {
        // The server's next step either way: an ApiVersions error response, or closing the connection.
        if (unsupported.answerWithApiVersionsError()
            && encodeUnsupportedApiVersionsResponse(unsupported.correlationId()).empty())
            fail("encodeUnsupportedApiVersionsResponse returned nothing");
        if (requireParse())
            fail("a seed is an unsupported request");
        return 0;
    }
    if (apiKeyOf(parsed.body) != parsed.header.apiKey)
        fail("the body's API does not match the header's");
    checkRoundTrip(parsed);
    decodeProducedRecords(parsed);
    return 0;
}
