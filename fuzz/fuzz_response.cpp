// SPDX-License-Identifier: MIT
//
// libFuzzer target for the client half's response decoders (wire/client_protocol.h): what a real Kafka
// broker, or anything pretending to be one, sends back to HighWater's observer. The first byte chooses
// the API and version (the versions of clientApis(), in order, modulo their count); the rest is the
// response frame without its 4-byte size prefix. parseResponse must either decode it or throw DecodeError;
// a frame that decodes must decode the same way twice and name the API it was read as. The records of a
// Fetch response then go through decodeRecordBatches, as a consumer reads them.
//
// Anything else thrown (std::logic_error, std::bad_alloc) escapes, and libFuzzer reports it as a crash.
//
// HW_FUZZ_REQUIRE_PARSE=1 turns every input that does not decode into a crash too, so that
// `HW_FUZZ_REQUIRE_PARSE=1 fuzz_response fuzz/corpus/response/*` checks that Kafka's own responses of the
// seed corpus (written from tests/wire/data/client_golden.txt by tests/wire/golden/regenerate) still decode.

#include "wire/bytes.h"
#include "wire/client_protocol.h"
#include "wire/record_batch.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <variant>
#include <vector>

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
    std::fprintf(stderr, "fuzz_response: %s\n", what);
    std::abort();
}

struct KeyVersion {
    ApiKey key;
    std::int16_t version;
};

// Every version of every API the client half reads, in clientApis() order: the first input byte indexes it.
const std::vector<KeyVersion>& choices()
{
    static const std::vector<KeyVersion> all = [] {
        std::vector<KeyVersion> out;
        for (const VersionRange& range : client::clientApis())
            for (std::int16_t version = range.minVersion; version <= range.maxVersion; ++version)
                out.push_back({ range.key, version });
        return out;
    }();
    return all;
}

void decodeFetchedRecords(const client::Response& response)
{
    const auto* fetch = std::get_if<client::FetchResponse>(&response);
    if (fetch == nullptr)
        return;
    const BatchLimits limits = defaultBatchLimits();
    for (const client::FetchTopicResponse& topic : fetch->responses) {
        for (const client::FetchPartitionResponse& partition : topic.partitions) {
            if (!partition.records)
                continue;
            try {
                decodeRecordBatches(*partition.records, limits);
            } catch (const BatchError&) {
                if (requireParse())
                    fail("a seed's records do not decode");
            }
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const KeyVersion chosen = choices()[data[0] % choices().size()];
    const ByteView frame(data + 1, size - 1);
    client::Response decoded;
    std::int32_t correlationId = 0;
    try {
        decoded = client::parseResponse(chosen.key, chosen.version, frame, &correlationId);
    } catch (const DecodeError&) {
        if (requireParse())
            fail("a seed does not decode (DecodeError)");
        return 0;
    }
    if (client::apiKeyOf(decoded) != chosen.key)
        fail("the response decoded as another API");
    std::int32_t again = 0;
    if (!(client::parseResponse(chosen.key, chosen.version, frame, &again) == decoded) || again != correlationId)
        fail("the same bytes decoded differently twice");
    decodeFetchedRecords(decoded);
    return 0;
}
