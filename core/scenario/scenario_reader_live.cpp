// SPDX-License-Identifier: MIT
// The "live" step: what a real client of the live lab did, as a scenario records it (a connect, a
// disconnect, or a Produce, Fetch, ListOffsets, Metadata or InitProducerId request), with a produce's
// records as text or hex bytes within the live limits.
#include "scenario/scenario_reader_internal.h"

#include "model/limits.h"
#include "model/record_text.h"

namespace hw::scenario_reader {

namespace {

/// A live client's key, value or header part: `key` as a JSON string (UTF-8 text) or `hexKey` as hex
/// (any bytes), at most limits::liveRecordBytesMax bytes. Neither: nullopt.
std::optional<std::string> readLiveBytes(const Json& object, const char* key, const char* hexKey,
                                         const std::string& path)
{
    if (object.contains(key) && object.contains(hexKey))
        fail(child(path, hexKey), std::string("expected either \"") + key + "\" or \"" + hexKey + "\", not both");
    std::string bytes;
    if (object.contains(key)) {
        const Json& value = object[key];
        if (!value.is_string())
            fail(child(path, key), "expected a string, got " + describe(value));
        bytes = value.get<std::string>();
    } else if (object.contains(hexKey)) {
        const Json& value = object[hexKey];
        if (!value.is_string())
            fail(child(path, hexKey), "expected a string of hex digits, got " + describe(value));
        std::optional<std::string> decoded = fromHex(value.get<std::string>());
        if (!decoded)
            fail(child(path, hexKey), "expected an even number of hex digits (0-9, a-f)");
        bytes = std::move(*decoded);
    } else {
        return std::nullopt;
    }
    if (bytes.size() > limits::liveRecordBytesMax)
        fail(child(path, object.contains(key) ? key : hexKey),
             "more bytes than the limit of " + std::to_string(limits::liveRecordBytesMax) + " (liveRecordBytesMax)");
    return bytes;
}

/// One record of a live produce: {"key" | "key_hex", "value" | "value_hex" | null, "timestamp_ms",
/// "headers": [{"key" | "key_hex", "value" | "value_hex" | null}]}.
LiveRecord readLiveRecord(const Json& value, const std::string& path)
{
    requireObject(value, path, "a record {\"key\", \"value\", \"timestamp_ms\", \"headers\"}");
    checkKeys(value, path, {"key", "key_hex", "value", "value_hex", "timestamp_ms", "headers"});
    LiveRecord p;
    if (std::optional<std::string> key = readLiveBytes(value, "key", "key_hex", path)) {
        p.hasKey = true;
        p.key = std::move(*key);
    }
    if (value.contains("value") && value["value"].is_null()) {
        if (value.contains("value_hex"))
            fail(child(path, "value_hex"), "expected either \"value\" or \"value_hex\", not both");
        p.valueNull = true;
    } else if (std::optional<std::string> bytes = readLiveBytes(value, "value", "value_hex", path)) {
        p.value = std::move(*bytes);
    } else {
        fail(path, "missing required key \"value\" (a string, or null for a tombstone) or \"value_hex\"");
    }
    if (value.contains("timestamp_ms"))
        p.timestampMs = readInt(value["timestamp_ms"], child(path, "timestamp_ms"), -1, INT64_MAX / 4);
    if (value.contains("headers")) {
        const Json& headers = value["headers"];
        const std::string headersPath = child(path, "headers");
        if (!headers.is_array())
            fail(headersPath, "expected an array of headers, got " + describe(headers));
        for (std::size_t i = 0; i < headers.size(); ++i) {
            const std::string headerPath = child(headersPath, i);
            requireObject(headers[i], headerPath, "a header {\"key\", \"value\"}");
            checkKeys(headers[i], headerPath, {"key", "key_hex", "value", "value_hex"});
            PayloadHeader h;
            std::optional<std::string> key = readLiveBytes(headers[i], "key", "key_hex", headerPath);
            if (!key)
                fail(headerPath, "missing required key \"key\"");
            h.key = std::move(*key);
            if (headers[i].contains("value") && headers[i]["value"].is_null())
                h.valueNull = true;
            else if (std::optional<std::string> bytes = readLiveBytes(headers[i], "value", "value_hex", headerPath))
                h.value = std::move(*bytes);
            else
                h.valueNull = true;
            p.headers.push_back(std::move(h));
        }
    }
    return p;
}

} // namespace

/// {"live": {"at_ms": T, "connect": {"broker", "client_id"}}} or {"live": {"at_ms": T, "client": N,
/// "disconnect" | "produce" | "fetch" | "list_offsets" | "metadata" | "init_producer_id": {...}}}.
Step readLiveStep(const Json& body, const std::string& path, Context& ctx)
{
    static const std::initializer_list<std::string_view> kinds = {
        "connect", "disconnect", "produce", "fetch", "list_offsets", "metadata", "init_producer_id"};
    requireObject(body, path, "the live action");
    checkKeys(body, path, {"at_ms", "client", "connect", "disconnect", "produce", "fetch", "list_offsets", "metadata",
                           "init_producer_id"});
    LiveStep step;
    LiveClientAction& a = step.action;
    if (body.contains("at_ms"))
        a.atMs = readInt(body["at_ms"], child(path, "at_ms"), 0, INT64_MAX / 4);
    std::string kind;
    for (std::string_view k : kinds) {
        if (body.contains(std::string(k))) {
            if (!kind.empty())
                fail(child(path, std::string(k)), "a live step has exactly one of: " + joinNames(kinds));
            kind = std::string(k);
        }
    }
    if (kind.empty())
        fail(path, "missing what the client did, one of: " + joinNames(kinds));
    const Json& what = body[kind];
    const std::string whatPath = child(path, kind);
    requireObject(what, whatPath, "the live " + kind);
    if (kind == "connect") {
        if (body.contains("client"))
            fail(child(path, "client"), "a connect step makes a new client (the next number); it names none");
        checkKeys(what, whatPath, {"broker", "client_id"});
        a.kind = LiveClientAction::Kind::Connect;
        a.broker = ctx.broker(required(what, "broker", whatPath), child(whatPath, "broker"));
        a.id = readString(required(what, "client_id", whatPath), child(whatPath, "client_id"));
        ++ctx.liveClients;
        return step;
    }
    if (ctx.liveClients == 0)
        fail(path, "no client has connected before this step (a live step with \"connect\" comes first)");
    a.client = static_cast<std::int32_t>(
        readInt(required(body, "client", path), child(path, "client"), 0, ctx.liveClients - 1));
    auto partitionOf = [&](const Json& object, const std::string& objectPath) {
        const int topic = ctx.topicIndex(required(object, "topic", objectPath), child(objectPath, "topic"));
        const int partition = object.contains("partition")
                                  ? ctx.partitionIndex(object["partition"], child(objectPath, "partition"), topic)
                                  : 0;
        return ctx.flatPartition(topic, partition);
    };
    if (kind == "disconnect") {
        checkKeys(what, whatPath, {});
        a.kind = LiveClientAction::Kind::Disconnect;
    } else if (kind == "produce") {
        checkKeys(what, whatPath, {"topic", "partition", "acks", "timeout_ms", "producer_id", "producer_epoch",
                                   "base_sequence", "records"});
        LiveProduce produce;
        produce.partition = partitionOf(what, whatPath);
        if (what.contains("acks"))
            produce.acks = readAcks(what["acks"], child(whatPath, "acks"));
        if (what.contains("timeout_ms"))
            produce.timeoutMs = readInt(what["timeout_ms"], child(whatPath, "timeout_ms"), 0, INT32_MAX);
        if (what.contains("producer_id"))
            produce.producerId = readInt(what["producer_id"], child(whatPath, "producer_id"), -1, INT64_MAX);
        if (what.contains("producer_epoch"))
            produce.producerEpoch = static_cast<std::int16_t>(
                readInt(what["producer_epoch"], child(whatPath, "producer_epoch"), -1, INT16_MAX));
        if (what.contains("base_sequence"))
            produce.baseSequence = static_cast<std::int32_t>(
                readInt(what["base_sequence"], child(whatPath, "base_sequence"), -1, INT32_MAX));
        const Json& records = required(what, "records", whatPath);
        const std::string recordsPath = child(whatPath, "records");
        if (!records.is_array() || records.empty())
            fail(recordsPath, "expected a non-empty array of records, got " + describe(records));
        if (records.size() > static_cast<std::size_t>(limits::liveRecordsPerBatchMax))
            fail(recordsPath, "at most " + std::to_string(limits::liveRecordsPerBatchMax) +
                                  " records in one live batch (liveRecordsPerBatchMax)");
        for (std::size_t i = 0; i < records.size(); ++i)
            produce.records.push_back(readLiveRecord(records[i], child(recordsPath, i)));
        a.request = std::move(produce);
    } else if (kind == "fetch") {
        checkKeys(what, whatPath, {"topic", "partition", "offset", "max_records", "max_wait_ms"});
        LiveFetch fetch;
        fetch.partition = partitionOf(what, whatPath);
        fetch.fetchOffset = readInt(required(what, "offset", whatPath), child(whatPath, "offset"), 0, INT64_MAX / 4);
        if (what.contains("max_records"))
            fetch.maxRecords = static_cast<std::int32_t>(
                readInt(what["max_records"], child(whatPath, "max_records"), 1, limits::fetchRecordsMax));
        if (what.contains("max_wait_ms"))
            fetch.maxWaitMs = readInt(what["max_wait_ms"], child(whatPath, "max_wait_ms"), 0, INT32_MAX);
        a.request = fetch;
    } else if (kind == "list_offsets") {
        checkKeys(what, whatPath, {"topic", "partition", "timestamp"});
        LiveListOffsets list;
        list.partition = partitionOf(what, whatPath);
        list.timestamp = readInt(required(what, "timestamp", whatPath), child(whatPath, "timestamp"), -2, INT64_MAX / 4);
        a.request = list;
    } else if (kind == "metadata") {
        checkKeys(what, whatPath, {});
        a.request = LiveMetadata{};
    } else {
        checkKeys(what, whatPath, {});
        a.request = LiveInitProducerId{};
    }
    return step;
}

} // namespace hw::scenario_reader
