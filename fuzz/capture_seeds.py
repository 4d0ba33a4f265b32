#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Captures the fuzz seed corpus from real Kafka clients: kcat 1.7.1 (librdkafka 2.0.2) and kafka-python 2.0.2.

A tiny broker on 127.0.0.1 records every request frame a client sends (without its 4-byte size prefix,
as fuzz_request reads it) and answers just enough for the client to go on: ApiVersions v0-3, Metadata
v0-4 (one broker, itself; one topic "orders" with one partition it leads), InitProducerId v0-1, Produce
v3-7 (every partition appended at offset 0), ListOffsets v1-4 (offset 0) and Fetch v4-6 (no records,
high watermark 0, so `kcat -C -e` reaches the end at once). Anything else closes the connection, as a
Kafka broker closes it for a key it does not enable. The byte layouts follow the JSON schemas of
apache/kafka clients/src/main/resources/common/message/*.json at 3.7.0 (ApiVersionsResponse,
MetadataResponse, InitProducerIdResponse, ProduceRequest/Response, ListOffsetsRequest/Response,
FetchRequest/Response) and the request header of RequestHeader.json.

Each frame is stored once per client, API, version and variant as <corpus>/request/<client>-<api>-v<N>
[-<variant>].bin; the records field of each Produce partition is stored under the same name in
<corpus>/record_batch/. The broker advertises the versions wire/protocol.h's supportedApis() lists, and
in a second pass only the lowest ones (Produce 3, Fetch 4, ListOffsets 1, ApiVersions 0-2), so the
corpus has both ends of each range. For librdkafka's compressed batches it advertises a few versions
more (see compressing()), without which librdkafka 2.0.2 does not compress.

Run from the repository root; it needs no Kafka:
    fuzz/capture_seeds.py [--corpus fuzz/corpus] [--python /usr/bin/python3]
--python names an interpreter with Debian's python3-kafka (a pyenv or venv python may lack it).
Check the seeds afterwards with scripts/fuzz, which runs every seed with HW_FUZZ_REQUIRE_PARSE=1 first.
"""

import argparse
import os
import socket
import socketserver
import struct
import subprocess
import sys
import threading

TOPIC = "orders"

API_NAMES = {0: "produce", 1: "fetch", 2: "listoffsets", 3: "metadata", 18: "apiversions", 22: "initproducerid"}

# (key, min, max): wire/protocol.h's supportedApis() before serve took Fetch up to 10 and advertised Produce
# from 0; this broker answers Fetch in the v4-6 layout only, so its captures stop at Fetch 6.
FULL_RANGES = [(0, 3, 7), (1, 4, 6), (2, 1, 4), (3, 0, 4), (18, 0, 3), (22, 0, 1)]
# The lowest versions, to capture the other end of each range. ApiVersions 0-2 makes librdkafka's v3
# probe fail with UNSUPPORTED_VERSION, and it asks again in v0.
LOW_RANGES = [(0, 3, 3), (1, 4, 4), (2, 1, 1), (3, 0, 4), (18, 0, 2), (22, 0, 0)]


def compressing(ranges, zstd):
    """The ranges with what librdkafka 2.0.2 needs before it compresses at all.

    rd_kafka_msgset_writer_select_MsgVersion (src/rdkafka_msgset_writer.c at v2.0.2) sends a batch
    uncompressed ("Broker does not support compression type gzip: not compressing batch") unless the
    broker supports some Produce version from 0 up to the codec's (0 for gzip, snappy and lz4, 7 for
    zstd) and, for lz4 and zstd, the features whose ApiVersions it infers from (rdkafka_feature.c:
    LZ4 wants FindCoordinator 0, ZSTD Produce 7 and Fetch 10). So Produce 3-7 alone gets only uncompressed
    batches from librdkafka (HighWater's serve advertises Produce 0-7 and Fetch 4-10 for that reason). The producers never send the
    versions added here; they are advertised only to make them compress.
    """
    out = []
    for key, lo, hi in ranges:
        if key == 0:
            lo = 0
        elif key == 1 and zstd:
            hi = 10
        out.append((key, lo, hi))
    return out + [(10, 0, 0)]  # FindCoordinator

class Reader:
    """Big-endian reads over one frame (kafka.apache.org/protocol, "Protocol Primitive Types")."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def take(self, n):
        if self.pos + n > len(self.data):
            raise ValueError("truncated frame")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def int8(self):
        return struct.unpack(">b", self.take(1))[0]

    def int16(self):
        return struct.unpack(">h", self.take(2))[0]

    def int32(self):
        return struct.unpack(">i", self.take(4))[0]

    def int64(self):
        return struct.unpack(">q", self.take(8))[0]

    def uvarint(self):
        shift = value = 0
        while True:
            b = self.take(1)[0]
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                return value
            shift += 7

    def nullable_string(self):
        n = self.int16()
        return None if n < 0 else self.take(n).decode()

    def nullable_bytes(self):
        n = self.int32()
        return None if n < 0 else self.take(n)

    def skip_tagged_fields(self):
        for _ in range(self.uvarint()):
            self.uvarint()
            self.take(self.uvarint())


def i8(v):
    return struct.pack(">b", v)


def i16(v):
    return struct.pack(">h", v)


def i32(v):
    return struct.pack(">i", v)


def i64(v):
    return struct.pack(">q", v)


def uvarint(v):
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def string(s):
    b = s.encode()
    return i16(len(b)) + b


def array(items):
    return i32(len(items)) + b"".join(items)


def api_versions_response(version, ranges):
    """ApiVersionsResponse.json; versions above 3 get the v0 UNSUPPORTED_VERSION answer of KIP-511."""
    highest = max(r[2] for r in ranges if r[0] == 18)
    if version > highest:
        own = [r for r in ranges if r[0] == 18][0]
        return i16(35) + array([i16(own[0]) + i16(own[1]) + i16(own[2])])
    if version >= 3:
        entries = b"".join(i16(k) + i16(lo) + i16(hi) + uvarint(0) for k, lo, hi in ranges)
        return i16(0) + uvarint(len(ranges) + 1) + entries + i32(0) + uvarint(0)
    body = i16(0) + array([i16(k) + i16(lo) + i16(hi) for k, lo, hi in ranges])
    return body + (i32(0) if version >= 1 else b"")


def metadata_response(version, port):
    """MetadataResponse.json v0-4: throttle (v3+), brokers (rack v1+), cluster id (v2+), controller (v1+)."""
    broker = i32(0) + string("127.0.0.1") + i32(port) + (i16(-1) if version >= 1 else b"")
    partition = i16(0) + i32(0) + i32(0) + array([i32(0)]) + array([i32(0)])
    topic = i16(0) + string(TOPIC) + (i8(0) if version >= 1 else b"") + array([partition])
    out = i32(0) if version >= 3 else b""
    out += array([broker])
    if version >= 2:
        out += string("highwater-seeds")
    if version >= 1:
        out += i32(0)
    return out + array([topic])


def produce_response(version, body):
    """ProduceRequest.json v3-7 in, ProduceResponse.json out; None for acks=0, which gets no response."""
    r = Reader(body)
    r.nullable_string()  # transactional id
    acks = r.int16()
    r.int32()  # timeout
    topics = []
    for _ in range(r.int32()):
        name = r.nullable_string()
        partitions = []
        for _ in range(r.int32()):
            index = r.int32()
            records = r.nullable_bytes()
            partitions.append((index, records))
        topics.append((name, partitions))
    responses = []
    for name, partitions in topics:
        parts = [i32(index) + i16(0) + i64(0) + i64(-1) + (i64(0) if version >= 5 else b"")
                 for index, _ in partitions]
        responses.append(string(name) + array(parts))
    answer = None if acks == 0 else array(responses) + i32(0)
    return answer, topics


def list_offsets_response(version, body):
    """ListOffsetsRequest.json v1-4 in, ListOffsetsResponse.json out: offset 0 for every partition."""
    r = Reader(body)
    r.int32()  # replica id
    if version >= 2:
        r.int8()  # isolation level
    topics = []
    for _ in range(r.int32()):
        name = r.nullable_string()
        parts = []
        for _ in range(r.int32()):
            index = r.int32()
            if version >= 4:
                r.int32()  # current leader epoch
            r.int64()  # timestamp
            parts.append(i32(index) + i16(0) + i64(-1) + i64(0) + (i32(0) if version >= 4 else b""))
        topics.append(string(name) + array(parts))
    return (i32(0) if version >= 2 else b"") + array(topics)


def fetch_response(version, body):
    """FetchRequest.json v4-6 in, FetchResponse.json out: no records, high watermark 0."""
    r = Reader(body)
    r.int32()  # replica id
    r.int32()  # max wait
    r.int32()  # min bytes
    r.int32()  # max bytes
    r.int8()  # isolation level
    topics = []
    for _ in range(r.int32()):
        name = r.nullable_string()
        parts = []
        for _ in range(r.int32()):
            index = r.int32()
            r.int64()  # fetch offset
            if version >= 5:
                r.int64()  # log start offset
            r.int32()  # partition max bytes
            parts.append(i32(index) + i16(0) + i64(0) + i64(0) + (i64(0) if version >= 5 else b"")
                         + i32(-1) + i32(0))
        topics.append(string(name) + array(parts))
    return i32(0) + array(topics)


class Capture:
    """What the broker records, and under which label (the client and variant being run)."""

    def __init__(self, corpus):
        self.request_dir = os.path.join(corpus, "request")
        self.batch_dir = os.path.join(corpus, "record_batch")
        os.makedirs(self.request_dir, exist_ok=True)
        os.makedirs(self.batch_dir, exist_ok=True)
        self.lock = threading.Lock()
        self.client = "unknown"
        self.variant = ""
        self.ranges = FULL_RANGES
        self.port = 0
        self.saved = []

    def name(self, key, version, variant):
        parts = [self.client, API_NAMES.get(key, "api%d" % key), "v%d" % version]
        if variant:
            parts.append(variant)
        return "-".join(parts) + ".bin"

    def save(self, directory, name, data):
        path = os.path.join(directory, name)
        with self.lock:
            if path in self.saved:
                return
            self.saved.append(path)
        with open(path, "wb") as f:
            f.write(data)
        print("  saved %s (%d bytes)" % (os.path.relpath(path), len(data)))


class Handler(socketserver.BaseRequestHandler):
    def recv_exact(self, n):
        data = b""
        while len(data) < n:
            chunk = self.request.recv(n - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    def handle(self):
        capture = self.server.capture
        try:
            while True:
                size = struct.unpack(">i", self.recv_exact(4))[0]
                frame = self.recv_exact(size)
                if not self.answer(capture, frame):
                    return
        except (ConnectionError, OSError):
            return

    def answer(self, capture, frame):
        r = Reader(frame)
        key, version, correlation = r.int16(), r.int16(), r.int32()
        r.nullable_string()  # client id
        if key == 18 and version >= 3:
            r.skip_tagged_fields()  # request header v2
        body = frame[r.pos:]
        # Produce frames are told apart by their codec; the rest share one name per version.
        variant = capture.variant if key == 0 else ""
        capture.save(capture.request_dir, capture.name(key, version, variant), frame)
        if key == 18:
            payload = api_versions_response(version, capture.ranges)
        elif key == 3:
            payload = metadata_response(version, capture.port)
        elif key == 22:
            payload = i32(0) + i16(0) + i64(1000) + i16(0)
        elif key == 0:
            payload, topics = produce_response(version, body)
            for _, partitions in topics:
                for _, records in partitions:
                    if records is not None:
                        capture.save(capture.batch_dir, capture.name(key, version, variant), records)
            if payload is None:
                return True
        elif key == 2:
            payload = list_offsets_response(version, body)
        elif key == 1:
            payload = fetch_response(version, body)
        else:
            return False
        response = i32(correlation) + payload  # response header v0 for all of these versions
        self.request.sendall(i32(len(response)) + response)
        return True


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


KCAT_INPUT = b"".join(b"order-%d:{\"id\": %d, \"item\": \"widget\", \"qty\": %d}\n" % (i, i, i * 3) for i in range(1, 6))

KAFKA_PYTHON_PRODUCER = """
import sys
from kafka import KafkaProducer
compression = sys.argv[2] if sys.argv[2] != "none" else None
p = KafkaProducer(bootstrap_servers=sys.argv[1], acks="all", compression_type=compression)
for i in range(1, 6):
    p.send("orders", key=b"order-%d" % i, value=b'{"id": %d, "item": "widget"}' % i,
           headers=[("source", b"kafka-python")])
p.flush(timeout=10)
p.close(timeout=5)
"""

KAFKA_PYTHON_CONSUMER = """
import sys
from kafka import KafkaConsumer, TopicPartition
c = KafkaConsumer(bootstrap_servers=sys.argv[1], group_id=None, enable_auto_commit=False,
                  fetch_max_wait_ms=100)
tp = TopicPartition("orders", 0)
c.assign([tp])
c.seek_to_beginning(tp)
for _ in range(3):
    c.poll(timeout_ms=300)
c.close()
"""


def run(capture, client, variant, argv, stdin=b""):
    capture.client, capture.variant = client, variant
    print("%s %s" % (client, variant or "-"))
    try:
        subprocess.run(argv, input=stdin, timeout=30, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    except subprocess.TimeoutExpired:
        print("  (timed out; the frames sent so far are kept)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="fuzz/corpus")
    parser.add_argument("--python", default="/usr/bin/python3", help="an interpreter with python3-kafka")
    args = parser.parse_args()

    capture = Capture(args.corpus)
    server = Server(("127.0.0.1", 0), Handler)
    server.capture = capture
    capture.port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    broker = "127.0.0.1:%d" % capture.port

    kcat = ["kcat", "-b", broker, "-X", "acks=all", "-X", "socket.timeout.ms=5000"]
    for base in (FULL_RANGES, LOW_RANGES):
        produce_max = [hi for key, _, hi in base if key == 0][0]
        for codec in ("none", "gzip", "snappy", "lz4", "zstd"):
            if codec == "zstd" and produce_max < 7:
                continue  # zstd needs Produce v7 (ProduceRequest.validateRecords)
            capture.ranges = base if codec == "none" else compressing(base, codec == "zstd")
            run(capture, "kcat", codec, kcat + ["-P", "-t", TOPIC, "-p", "0", "-K", ":", "-H", "source=kcat",
                                                "-z", codec], KCAT_INPUT)
        capture.ranges = base
        run(capture, "kcat", "idempotent",
            kcat + ["-X", "enable.idempotence=true", "-P", "-t", TOPIC, "-p", "0", "-K", ":"], KCAT_INPUT)
        run(capture, "kcat", "", kcat + ["-C", "-t", TOPIC, "-p", "0", "-o", "beginning", "-e"])
        run(capture, "kcat", "", kcat + ["-L"])

    capture.ranges = FULL_RANGES
    for codec in ("none", "gzip"):
        run(capture, "kafka-python", codec, [args.python, "-c", KAFKA_PYTHON_PRODUCER, broker, codec])
    run(capture, "kafka-python", "", [args.python, "-c", KAFKA_PYTHON_CONSUMER, broker])

    server.shutdown()
    print("%d files" % len(capture.saved))


if __name__ == "__main__":
    sys.exit(main())
