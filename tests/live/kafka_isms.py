# SPDX-License-Identifier: MIT
"""What students notice about `highwater-cli serve` that is Kafka's own behaviour (issue 28, defects 2 and 8):
log retention deleting segments while a consumer reads, a producer flooding past its quota throttled
(KIP-219) beside a normal one, and a negative fetch offset answered OFFSET_OUT_OF_RANGE.

Uses the server harness of real_clients.py and kafka-python's protocol classes for exact requests:
    python3 kafka_isms.py CLI KafkaIsms.test_name
"""
import json
import os
import socket
import struct
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402
from real_clients import Server, frame, kcat, read_response  # noqa: E402

OFFSET_OUT_OF_RANGE = 1
FETCH_SESSION_ID_NOT_FOUND = 70
FENCED_LEADER_EPOCH = 74
UNKNOWN_LEADER_EPOCH = 75


def request(req, client_id, correlation_id):
    """Request header v1 with this client id, and kafka-python's body encoding."""
    cid = client_id.encode()
    return frame(struct.pack(">hhih", req.API_KEY, req.API_VERSION, correlation_id, len(cid)) + cid + req.encode())


def batch(values):
    from kafka.record.default_records import DefaultRecordBatchBuilder
    builder = DefaultRecordBatchBuilder(magic=2, compression_type=0, is_transactional=False, producer_id=-1,
                                        producer_epoch=-1, base_sequence=-1, batch_size=10 * 1024 * 1024)
    for i, value in enumerate(values):
        builder.append(i, timestamp=1, key=None, value=value, headers=[])
    return bytes(builder.build())


def produce(sock, client_id, correlation_id, values, topic="orders"):
    """One acks=1 Produce v3 on `sock`: (error code, base offset, throttle_time_ms, seconds until answered)."""
    from kafka.protocol.produce import ProduceRequest_v3, ProduceResponse_v3
    req = ProduceRequest_v3(transactional_id=None, required_acks=1, timeout=5000,
                            topics=[(topic, [(0, batch(values))])])
    started = time.monotonic()
    sock.sendall(request(req, client_id, correlation_id))
    body = read_response(sock, timeout=60)
    elapsed = time.monotonic() - started
    assert struct.unpack(">i", body[:4])[0] == correlation_id
    response = ProduceResponse_v3.decode(body[4:])
    (_, partitions), = response.topics
    return partitions[0][1], partitions[0][2], response.throttle_time_ms, elapsed


def fetch(sock, offset, correlation_id=5, topic="orders"):
    """Fetch v4 of partition 0 from `offset`: (error code, high watermark)."""
    from kafka.protocol.fetch import FetchRequest_v4, FetchResponse_v4
    req = FetchRequest_v4(replica_id=-1, max_wait_time=100, min_bytes=1, max_bytes=1048576, isolation_level=0,
                          topics=[(topic, [(0, offset, 1048576)])])
    sock.sendall(request(req, "isms", correlation_id))
    body = read_response(sock, timeout=30)
    response = FetchResponse_v4.decode(body[4:])
    (_, partitions), = response.topics
    # (partition, error_code, high watermark, last stable offset, aborted transactions, records)
    return partitions[0][1], partitions[0][2]


def fetch_v10(sock, correlation_id, session_id=0, session_epoch=-1, leader_epoch=-1, topic="orders"):
    """Fetch v10 of partition 0 from offset 0 with a session id and epoch (KIP-227) and a current leader epoch
    (KIP-320): (top-level error code, session id, [each partition's error code])."""
    from kafka.protocol.fetch import FetchRequest, FetchResponse
    req = FetchRequest[10](replica_id=-1, max_wait_time=100, min_bytes=1, max_bytes=1048576, isolation_level=0,
                           session_id=session_id, session_epoch=session_epoch,
                           topics=[(topic, [(0, leader_epoch, 0, -1, 1048576)])], forgotten_topics_data=[])
    sock.sendall(request(req, "isms", correlation_id))
    body = read_response(sock, timeout=30)
    assert struct.unpack(">i", body[:4])[0] == correlation_id
    response = FetchResponse[10].decode(body[4:])
    return response.error_code, response.session_id, [p[1] for _, partitions in response.topics for p in partitions]


def scenario_file(directory, topic_keys, config):
    path = os.path.join(directory, "isms.json")
    topic = {"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}
    topic.update(topic_keys)
    with open(path, "w") as f:
        json.dump({"format": "highwater/1", "name": "isms", "seed": 1,
                   "cluster": {"brokers": 3, "config": config}, "topics": [topic], "steps": []}, f)
    return path


class KafkaIsms(unittest.TestCase):
    def setUp(self):
        self.server = None
        self.dir = tempfile.mkdtemp(prefix="hw-isms-")

    def tearDown(self):
        if self.server:
            self.server.stop()

    def connect(self, broker=1):
        return socket.create_connection(("127.0.0.1", self.server.base + broker), timeout=10)

    def leader_replica(self):
        partition = self.server.last_frame()["partitions"][0]
        return next(r for r in partition["replica_states"] if r["broker"] == partition["leader"])

    def test_a_negative_fetch_offset_is_offset_out_of_range(self):
        self.server = Server("builtin:leo-hw-walkthrough")
        with self.connect() as sock:
            self.assertEqual(produce(sock, "isms", 3, [b"one", b"two"])[0], 0)
            for offset in (-1, -2, -1000):
                error, hw = fetch(sock, offset)
                self.assertEqual(error, OFFSET_OUT_OF_RANGE, offset)
                self.assertEqual(hw, -1)
            error, hw = fetch(sock, 0)
            self.assertEqual(error, 0)
            self.assertGreaterEqual(hw, 0)

    def test_fetch_v10_has_no_sessions_and_checks_the_current_leader_epoch(self):
        # Broker 1 leads orders-0 at leader epoch 0 (the cluster's first); killed 3 s (real) in, another broker
        # leads it at a higher epoch.
        self.server = Server("builtin:leo-hw-walkthrough", script=[{"at_ms": 12000, "kill": {"broker": 1}}], speed=4)
        with self.connect() as sock:
            self.assertEqual(produce(sock, "isms", 3, [b"one"])[0], 0)
            # A full fetch asking for a session (epoch 0) and one that asks for none (-1): answered in full, with
            # session id 0, as a broker without session slots answers (FetchManager.newContext).
            self.assertEqual(fetch_v10(sock, 4, session_epoch=0), (0, 0, [0]))
            self.assertEqual(fetch_v10(sock, 5, session_epoch=-1), (0, 0, [0]))
            # An incremental fetch (epoch above 0) names a session the broker does not hold.
            self.assertEqual(fetch_v10(sock, 6, session_id=12345, session_epoch=1), (FETCH_SESSION_ID_NOT_FOUND, 0, []))
            # The leader's epoch, and one above it (KIP-320: the broker's metadata is behind the client's).
            self.assertEqual(fetch_v10(sock, 7, leader_epoch=0), (0, 0, [0]))
            self.assertEqual(fetch_v10(sock, 8, leader_epoch=1), (0, 0, [UNKNOWN_LEADER_EPOCH]))
        # After the election (Metadata names the new leader) its epoch is above 0: a client still at 0 is
        # fenced, one at the new epoch served, one above it told the broker does not know it yet.
        deadline = time.time() + 60
        leader = 1
        while time.time() < deadline and leader in (1, -1):
            time.sleep(0.5)
            after = real_clients.metadata(self.server, broker=2)
            if after:
                leader = after["topics"][0]["partitions"][0]["leader"]
        self.assertIn(leader, (2, 3))
        with self.connect(broker=leader) as sock:
            epoch = None
            while epoch is None and time.time() < deadline:
                answers = {e: fetch_v10(sock, 9, leader_epoch=e)[2] for e in range(0, 6)}
                served = [e for e, errors in answers.items() if errors == [0]]
                if served and served[0] > 0:
                    epoch = served[0]
                else:
                    time.sleep(0.5)  # the broker learns its leadership from the controller a little later
            self.assertIsNotNone(epoch, answers)
            self.assertEqual(served, [epoch], answers)
            for e, errors in answers.items():
                if e < epoch:
                    self.assertEqual(errors, [FENCED_LEADER_EPOCH], (e, answers))
                elif e > epoch:
                    self.assertEqual(errors, [UNKNOWN_LEADER_EPOCH], (e, answers))

    def test_retention_deletes_segments_while_a_consumer_reads(self):
        path = scenario_file(self.dir, {"segment.bytes": 2048, "retention.bytes": 8192},
                             {"log.retention.check.interval.ms": 1000})
        self.server = Server(path, extra=["--produce-quota", "0"])
        values = [("v%05d" % i).encode() for i in range(2000)]
        with self.connect() as sock:
            for n in range(20):
                self.assertEqual(produce(sock, "isms", 10 + n, values[n * 100:(n + 1) * 100])[0], 0)
            # A consumer reads from the start while the first check (30 s after the start) deletes.
            read_before = kcat("-b", self.server.broker(1), "-C", "-t", "orders", "-p", "0", "-o", "beginning",
                               "-c", "500", "-q")
            self.assertEqual(read_before.returncode, 0, read_before.stderr.decode())
            deadline = time.time() + 90
            log_start = 0
            while time.time() < deadline and log_start == 0:
                time.sleep(1)
                error, _ = fetch(sock, 0, correlation_id=90)
                log_start = 1 if error == OFFSET_OUT_OF_RANGE else 0
            self.assertEqual(log_start, 1, "offset 0 was never deleted")
        consumed = kcat("-b", self.server.broker(1), "-C", "-t", "orders", "-p", "0", "-o", "beginning", "-e", "-q",
                        "-f", "%o %s\n")
        self.assertEqual(consumed.returncode, 0, consumed.stderr.decode())
        lines = consumed.stdout.decode().splitlines()
        first = int(lines[0].split()[0])
        self.assertGreater(first, 0)
        self.assertEqual(int(lines[-1].split()[0]), 1999)
        self.assertEqual(len(lines), 2000 - first, "every record from the log start on, none skipped")
        self.server.stop()
        leader = self.leader_replica()
        self.server = None
        self.assertEqual(leader["log_start"], first)
        self.assertGreater(len(leader["segments"]), 1)
        # deleteRetentionSizeBreachedSegments never takes the log below retention.bytes, and deletes every
        # oldest segment it can: without the first segment kept the log would be below it.
        total = sum(s["bytes"] for s in leader["segments"])
        self.assertGreaterEqual(total, 8192)
        self.assertLess(total - leader["segments"][0]["bytes"], 8192, leader["segments"])
        self.assertEqual(leader["segments"][0]["base_offset"], first)

    def test_a_throttled_flooding_producer_beside_a_normal_one(self):
        # 20,000 B/s for every client.id. Kafka's Rate counts at least 10 one-second windows, so about
        # 200 kB pass before the first throttle; each later request of 20 kB is throttled longer.
        quota = 20000
        self.server = Server("builtin:leo-hw-walkthrough", extra=["--produce-quota", str(quota)])
        flood_values = [b"f" * 1000 for _ in range(20)]  # about 20 kB a request
        with self.connect() as flood, self.connect() as student:
            throttles = []
            started = time.monotonic()
            for n in range(14):
                error, _, throttle, _ = produce(flood, "flood", 100 + n, flood_values)
                self.assertEqual(error, 0)
                throttles.append(throttle)
                # The normal producer, another client.id, is never throttled and answered at once.
                error, _, student_throttle, elapsed = produce(student, "student", 200 + n, [b"hello"])
                self.assertEqual((error, student_throttle), (0, 0))
                self.assertLess(elapsed, 2.0)
            flood_seconds = time.monotonic() - started
        self.assertEqual(throttles[:9], [0] * 9)
        self.assertTrue(all(t > 0 for t in throttles[11:]), throttles)
        # The server did not read the flood's next request before its throttle ended (KIP-219): the
        # flood's requests took at least the throttles announced before its last one.
        self.assertGreaterEqual(flood_seconds, sum(throttles[:-1]) / 1000.0 * 0.9, throttles)
        self.assertGreater(sum(throttles), 3000, throttles)

if __name__ == "__main__":
    real_clients.CLI = sys.argv[1]
    sys.argv = [sys.argv[0]] + sys.argv[2:]
    unittest.main()
