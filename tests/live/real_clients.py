# SPDX-License-Identifier: MIT
"""Real Kafka clients against `highwater-cli serve` (issue #15): kcat (librdkafka 2.0.2), kafka-python 2.0.2
and confluent-kafka produce to and fetch from the simulated cluster over loopback, as a user would.

Each test starts its own server on free ports, bounds every client by a timeout, stops the server with
SIGTERM (as Ctrl+C would) and reads the frames it served (--frames) to check what the replicas hold.
Run by ctest (tests/live/CMakeLists.txt) with Debian's python3, which has the clients' modules:
    python3 real_clients.py CLI RealClients.test_name
"""
import json
import os
import random
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import unittest

CLI = None  # set from argv[1]
CLIENT_TIMEOUT_S = 60


def free_base_port(brokers):
    """A port P such that P+1 .. P+brokers are free on 127.0.0.1."""
    rng = random.Random(os.getpid() * 7919 + int(time.time() * 1000))
    for _ in range(200):
        base = rng.randrange(20000, 60000 - brokers)
        sockets = []
        try:
            for b in range(1, brokers + 1):
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                s.bind(("127.0.0.1", base + b))
                sockets.append(s)
            return base
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise RuntimeError("no free block of ports")


class Server:
    """`highwater-cli serve` in the background, stopped with SIGTERM."""

    def __init__(self, scenario, brokers=3, script=None, speed=None, extra=()):
        self.dir = tempfile.mkdtemp(prefix="hw-live-")
        self.base = free_base_port(brokers)
        self.frames_path = os.path.join(self.dir, "frames.jsonl")
        self.record_path = os.path.join(self.dir, "session.json")
        args = [CLI, "serve", scenario, "--port", str(self.base), "--frames", self.frames_path,
                "--record", self.record_path]
        if script is not None:
            path = os.path.join(self.dir, "script.json")
            with open(path, "w") as f:
                json.dump(script, f)
            args += ["--script", path]
        if speed is not None:
            args += ["--speed", str(speed)]
        args += list(extra)
        self.log_path = os.path.join(self.dir, "serve.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while time.time() < deadline:
            with open(self.log_path) as f:
                if "Ctrl+C stops" in f.read():
                    return
            if self.process.poll() is not None:
                raise RuntimeError("serve exited: " + open(self.log_path).read())
            time.sleep(0.05)
        raise RuntimeError("serve did not start: " + open(self.log_path).read())

    def broker(self, b):
        return "127.0.0.1:%d" % (self.base + b)

    def stop(self):
        """SIGTERM, as a user's Ctrl+C; returns the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                # Writing --frames repeats every record in every frame: minutes under ASan.
                self.process.wait(timeout=600)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode

    def output(self):
        with open(self.log_path) as f:
            return f.read()

    def last_frame(self):
        """The last served frame with every replica's records in full, rebuilt from --frames, which
        holds each frame as `run --records new` prints it (records_from: what is new since the
        previous frame)."""
        logs = {}
        last = None
        with open(self.frames_path) as f:
            for line in f:
                last = json.loads(line)
                for p, partition in enumerate(last["partitions"]):
                    for r in partition["replica_states"]:
                        key = (p, r["broker"])
                        kept = [rec for rec in logs.get(key, [])
                                if r["log_start"] <= rec["offset"] < r.get("records_from", 0)]
                        logs[key] = kept + r["records"]
        for p, partition in enumerate(last["partitions"]):
            for r in partition["replica_states"]:
                r["records"] = logs[(p, r["broker"])]
        return last


def kcat(*args, stdin=None, timeout=CLIENT_TIMEOUT_S):
    return subprocess.run(["kcat"] + list(args), input=stdin, capture_output=True, timeout=timeout)


def metadata(server, broker=1):
    """kcat -L -J: brokers and partitions as JSON."""
    result = kcat("-b", server.broker(broker), "-L", "-J", "-m", "10")
    if result.returncode != 0:
        return None
    return json.loads(result.stdout)


class RealClients(unittest.TestCase):
    def setUp(self):
        self.server = None

    def tearDown(self):
        if self.server is not None:
            self.server.stop()

    def replica(self, frame, broker, partition=0):
        for r in frame["partitions"][partition]["replica_states"]:
            if r["broker"] == broker:
                return r
        self.fail("no replica on broker %d" % broker)

    def assert_below_hw_on_every_isr_replica(self, values):
        """Every value sits below the HW, once and in order, on each ISR replica of the last frame."""
        frame = self.server.last_frame()
        partition = frame["partitions"][0]
        for b in partition["isr"]:
            r = self.replica(frame, b)
            below = [rec["value"] for rec in r["records"] if rec["offset"] < r["hw"]]
            live = [v for v in below if v in values]
            self.assertEqual(live, values, "broker %d" % b)

    def test_kcat_metadata_shows_brokers_leaders_and_isr_and_the_new_leader_after_a_kill(self):
        self.server = Server("builtin:leo-hw-walkthrough", script=[{"at_ms": 1500, "kill": {"broker": 1}}],
                             speed=4)
        first = metadata(self.server)
        self.assertIsNotNone(first)
        self.assertEqual(sorted(b["id"] for b in first["brokers"]), [1, 2, 3])
        partition = first["topics"][0]["partitions"][0]
        self.assertEqual(first["topics"][0]["topic"], "orders")
        self.assertEqual(partition["leader"], 1)
        self.assertEqual(sorted(r["id"] for r in partition["isrs"]), [1, 2, 3])
        # broker.session.timeout.ms (9 s) passes before the controller fences broker 1 and elects.
        deadline = time.time() + 40
        leader = 1
        while time.time() < deadline and leader in (1, -1):
            time.sleep(0.5)
            after = metadata(self.server, broker=2)
            if after:
                leader = after["topics"][0]["partitions"][0]["leader"]
        self.assertIn(leader, (2, 3))
        self.assertNotIn(1, [b["id"] for b in after["brokers"]])
        self.assertEqual(self.server.stop(), 0)
        self.server = None

    def test_kcat_produces_ten_thousand_records_with_acks_all_and_reads_them_back(self):
        self.server = Server("builtin:leo-hw-walkthrough")
        values = ["kcat-%d" % i for i in range(10000)]
        produced = kcat("-b", self.server.broker(1), "-P", "-t", "orders", "-p", "0", "-X", "acks=all",
                        stdin="\n".join(values).encode() + b"\n")
        self.assertEqual(produced.returncode, 0, produced.stderr.decode())
        consumed = kcat("-b", self.server.broker(1), "-C", "-t", "orders", "-p", "0", "-o", "beginning", "-e",
                        "-q")
        self.assertEqual(consumed.returncode, 0, consumed.stderr.decode())
        read = [v for v in consumed.stdout.decode().splitlines() if v.startswith("kcat-")]
        self.assertEqual(read, values)
        self.assertEqual(self.server.stop(), 0)
        self.assert_below_hw_on_every_isr_replica(values)
        self.server = None

    def test_kafka_python_produces_ten_thousand_records_with_acks_all_and_reads_them_back(self):
        from kafka import KafkaConsumer, KafkaProducer, TopicPartition
        self.server = Server("builtin:leo-hw-walkthrough")
        values = ["kp-%d" % i for i in range(10000)]
        producer = KafkaProducer(bootstrap_servers=self.server.broker(1), acks="all", request_timeout_ms=20000)
        futures = [producer.send("orders", value=v.encode(), partition=0) for v in values]
        producer.flush(timeout=CLIENT_TIMEOUT_S)
        offsets = [f.get(timeout=1).offset for f in futures]
        self.assertEqual(offsets, sorted(offsets))
        producer.close()
        consumer = KafkaConsumer(bootstrap_servers=self.server.broker(1), enable_auto_commit=False,
                                 consumer_timeout_ms=5000)
        tp = TopicPartition("orders", 0)
        consumer.assign([tp])
        consumer.seek_to_beginning(tp)
        read = [m.value.decode() for m in consumer if m.value.startswith(b"kp-")]
        consumer.close()
        self.assertEqual(read, values)
        self.assertEqual(self.server.stop(), 0)
        self.assert_below_hw_on_every_isr_replica(values)
        self.server = None

    def test_idempotent_librdkafka_producer_loses_and_duplicates_nothing_when_the_leader_is_killed(self):
        from confluent_kafka import Producer
        self.server = Server("builtin:leo-hw-walkthrough", script=[{"at_ms": 1500, "kill": {"broker": 1}}])
        acked = []
        failed = []

        def delivered(err, msg):
            (acked if err is None else failed).append(msg.value().decode())

        producer = Producer({"bootstrap.servers": self.server.broker(1) + "," + self.server.broker(2),
                             "enable.idempotence": True, "linger.ms": 5, "message.timeout.ms": 30000})
        start = time.time()
        i = 0
        while time.time() - start < 4.0:  # before, across and after the kill at 1.5 s
            producer.produce("orders", value=("ck-%d" % i).encode(), partition=0, on_delivery=delivered)
            producer.poll(0)
            i += 1
            time.sleep(0.002)
        self.assertEqual(producer.flush(CLIENT_TIMEOUT_S), 0)
        self.assertGreater(len(acked), 0)
        self.assertEqual(self.server.stop(), 0)
        self.assertIn("script: at 1500 ms, kill", self.server.output())
        frame = self.server.last_frame()
        leader = frame["partitions"][0]["leader"]
        self.assertIn(leader, (2, 3))
        log = [rec["value"] for rec in self.replica(frame, leader)["records"]]
        for value in acked:
            self.assertEqual(log.count(value), 1, value)
        self.server = None

    def test_acks_all_below_min_insync_replicas_is_not_enough_replicas(self):
        from kafka import KafkaProducer
        from kafka.errors import NotEnoughReplicasError
        scenario = {
            "format": "highwater/1", "name": "min-isr",
            "cluster": {"brokers": 3, "config": {"min.insync.replicas": 3, "replica.lag.time.max.ms": 1000}},
            "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
        }
        path = os.path.join(tempfile.mkdtemp(prefix="hw-live-"), "min-isr.json")
        with open(path, "w") as f:
            json.dump(scenario, f)
        self.server = Server(path, script=[{"at_ms": 0, "kill": {"broker": 3}}])
        deadline = time.time() + 30
        isr = [1, 2, 3]
        while time.time() < deadline and len(isr) == 3:
            time.sleep(0.3)
            m = metadata(self.server)
            if m:
                isr = [r["id"] for r in m["topics"][0]["partitions"][0]["isrs"]]
        self.assertEqual(sorted(isr), [1, 2])
        producer = KafkaProducer(bootstrap_servers=self.server.broker(1), acks="all", retries=0)
        future = producer.send("orders", value=b"x", partition=0)
        with self.assertRaises(NotEnoughReplicasError):
            future.get(timeout=CLIENT_TIMEOUT_S)
        producer.close()
        self.assertEqual(self.server.stop(), 0)
        self.server = None

    def test_an_isolated_broker_accepts_connections_and_never_answers(self):
        from kafka.protocol.admin import ApiVersionResponse_v0
        self.server = Server("builtin:leo-hw-walkthrough", script=[{"at_ms": 0, "isolate": {"broker": 1}}])
        time.sleep(0.5)
        with socket.create_connection(("127.0.0.1", self.server.base + 1), timeout=10) as sock:
            sock.sendall(frame(struct.pack(">hhih", 18, 0, 5, -1)))  # ApiVersions v0
            sock.settimeout(3)
            with self.assertRaises(socket.timeout):
                sock.recv(1)  # neither an answer nor a close: the link is cut
        with socket.create_connection(("127.0.0.1", self.server.base + 2), timeout=10) as sock:
            sock.sendall(frame(struct.pack(">hhih", 18, 0, 6, -1)))
            body = read_response(sock)
            self.assertEqual(struct.unpack(">i", body[:4])[0], 6)
            self.assertEqual(ApiVersionResponse_v0.decode(body[4:]).error_code, 0)
        self.assertIn("a request held: broker 1 is isolated", self.server.output())
        self.assertEqual(self.server.stop(), 0)
        self.server = None

    def test_a_request_held_by_a_cut_is_answered_at_the_retransmission_after_the_heal(self):
        # TCP across a cut (docs/real-kafka.md, "Isolate and heal: measured"): the request is not lost,
        # its sender's kernel retransmits it 0.2, 0.6, 1.4, 3.0, 6.2 s after its first sending, and the
        # first retransmission after the heal (at 4 s) brings it: about 6.2 s after it was sent, not the
        # client's request.timeout.ms.
        from kafka.protocol.admin import ApiVersionResponse_v0
        self.server = Server("builtin:leo-hw-walkthrough",
                             script=[{"at_ms": 0, "isolate": {"broker": 1}}, {"at_ms": 4000, "heal": {"broker": 1}}])
        with socket.create_connection(("127.0.0.1", self.server.base + 1), timeout=10) as sock:
            sent = time.monotonic()
            sock.sendall(frame(struct.pack(">hhih", 18, 0, 7, -1)))  # ApiVersions v0
            sock.settimeout(20)
            body = read_response(sock)
            waited = time.monotonic() - sent
        self.assertEqual(struct.unpack(">i", body[:4])[0], 7)
        self.assertEqual(ApiVersionResponse_v0.decode(body[4:]).error_code, 0)
        self.assertGreaterEqual(waited, 5.0)
        self.assertLess(waited, 12.0)
        out = self.server.output()
        self.assertIn("a request held: broker 1 is isolated", out)
        self.assertIn("the held request arrives after the heal", out)
        self.assertEqual(self.server.stop(), 0)
        self.server = None

    def test_a_recorded_session_replays_to_the_served_frames_byte_for_byte(self):
        self.server = Server("builtin:leo-hw-walkthrough")
        produced = kcat("-b", self.server.broker(1), "-P", "-t", "orders", "-p", "0", "-K", ":",
                        stdin=b"k1:hello\nk2:\xff\xfe binary\n")
        self.assertEqual(produced.returncode, 0, produced.stderr.decode())
        consumed = kcat("-b", self.server.broker(2), "-C", "-t", "orders", "-p", "0", "-o", "beginning", "-e", "-q")
        self.assertEqual(consumed.returncode, 0)
        self.assertEqual(self.server.stop(), 0)
        with open(self.server.frames_path, "rb") as f:
            served = f.read()
        replay = subprocess.run([CLI, "run", self.server.record_path, "--records", "new"], capture_output=True,
                                timeout=300)
        self.assertEqual(replay.returncode, 0, replay.stderr.decode())
        self.assertEqual(replay.stdout, served)
        with open(self.server.record_path) as f:
            self.assertIn('"value_hex": "fffe2062696e617279"', f.read())
        self.server = None


def frame(header_and_body):
    return struct.pack(">i", len(header_and_body)) + header_and_body


def request_bytes(request, correlation_id=7):
    """Request header v1 (api key, version, correlation id, client id) and kafka-python's body encoding."""
    client_id = b"hostile"
    header = struct.pack(">hhih", request.API_KEY, request.API_VERSION, correlation_id, len(client_id)) + client_id
    return header + request.encode()


def closed_by_server(sock, timeout=10):
    """True when the server closes the connection (recv returns EOF or a reset) within the timeout."""
    sock.settimeout(timeout)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


def read_response(sock, timeout=10):
    sock.settimeout(timeout)
    head = b""
    while len(head) < 4:
        chunk = sock.recv(4 - len(head))
        if not chunk:
            raise AssertionError("the server closed the connection instead of answering")
        head += chunk
    (size,) = struct.unpack(">i", head)
    body = b""
    while len(body) < size:
        chunk = sock.recv(size - len(body))
        if not chunk:
            raise AssertionError("the server closed the connection mid-response")
        body += chunk
    return body


class BadInput(unittest.TestCase):
    """Bytes on a socket that no client should send get Kafka's answer or a closed connection; the
    simulation goes on and what was written stays."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server("builtin:leo-hw-walkthrough")
        produced = kcat("-b", cls.server.broker(1), "-P", "-t", "orders", "-p", "0", "-X", "acks=all",
                        stdin=b"before-the-attack\n")
        assert produced.returncode == 0, produced.stderr

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def connect(self, broker=1):
        return socket.create_connection(("127.0.0.1", self.server.base + broker), timeout=10)

    def assert_still_serving(self):
        consumed = kcat("-b", self.server.broker(1), "-C", "-t", "orders", "-p", "0", "-o", "beginning", "-e", "-q")
        self.assertEqual(consumed.returncode, 0, consumed.stderr.decode())
        self.assertIn("before-the-attack", consumed.stdout.decode().splitlines())

    def test_garbage_closes_the_connection(self):
        with self.connect() as sock:
            sock.sendall(struct.pack(">i", 40) + bytes(random.Random(1).randrange(256) for _ in range(40)))
            self.assertTrue(closed_by_server(sock))
        self.assert_still_serving()

    def test_a_length_prefix_of_two_gibibytes_closes_the_connection_without_allocating(self):
        for prefix in (b"\x80\x00\x00\x00", b"\x7f\xff\xff\xff", b"\xff\xff\xff\xff"):
            with self.connect() as sock:
                sock.sendall(prefix + b"\x00" * 16)
                self.assertTrue(closed_by_server(sock), prefix)
        self.assertIn("requestBytesMax", self.server.output())
        self.assert_still_serving()

    def test_a_truncated_frame_is_dropped_when_the_client_goes(self):
        with self.connect() as sock:
            sock.sendall(struct.pack(">i", 100) + b"\x00\x12\x00\x00" + b"\x00" * 20)
        self.assert_still_serving()

    def test_an_unsupported_api_version_gets_kafkas_answer(self):
        from kafka.protocol.admin import ApiVersionResponse_v0
        # ApiVersions v9: UNSUPPORTED_VERSION (35) in the v0 layout with ApiVersions' own range.
        with self.connect() as sock:
            # Header v2, as ApiVersions v3+ has: the client id, then an empty tagged-field section.
            sock.sendall(frame(struct.pack(">hhih", 18, 9, 41, -1) + b"\x00"))
            body = read_response(sock)
            self.assertEqual(struct.unpack(">i", body[:4])[0], 41)
            response = ApiVersionResponse_v0.decode(body[4:])
            self.assertEqual(response.error_code, 35)
            self.assertEqual([tuple(k) for k in response.api_versions], [(18, 0, 3)])
        # Produce v0-2 (before RecordBatch v2): advertised, as Kafka 4.x advertises Produce from v0 for
        # librdkafka (KAFKA-18659), but refused as Kafka 4.x refuses it: the connection is closed, and serve's
        # log says why.
        from kafka.protocol.admin import ApiVersionResponse_v0
        with self.connect() as sock:
            sock.sendall(frame(struct.pack(">hhih", 18, 0, 43, -1)))
            body = read_response(sock)
            produce, = [k for k in ApiVersionResponse_v0.decode(body[4:]).api_versions if k[0] == 0]
            self.assertEqual(tuple(produce), (0, 0, 7))
        for version in (0, 2):
            with self.connect() as sock:
                sock.sendall(frame(struct.pack(">hhih", 0, version, 42, -1) + struct.pack(">hii", -1, 1000, 0)))
                self.assertTrue(closed_by_server(sock))
        deadline = time.time() + 10
        while time.time() < deadline and "(Produce) version 2, correlation id 42" not in self.server.output():
            time.sleep(0.1)
        refused = [line for line in self.server.output().splitlines()
                   if any("(Produce) version %d, correlation id 42" % v in line for v in (0, 2))]
        self.assertEqual(len(refused), 2, refused)
        for line in refused:
            self.assertIn("KAFKA-18659", line)
            self.assertIn("refused as Kafka 4.x refuses it", line)
        # An API key that does not exist: closed as well.
        with self.connect() as sock:
            sock.sendall(frame(struct.pack(">hhih", 999, 0, 1, -1)))
            self.assertTrue(closed_by_server(sock))
        self.assert_still_serving()

    def test_a_record_batch_with_a_bad_crc_is_corrupt_message(self):
        from kafka.protocol.produce import ProduceRequest_v3, ProduceResponse_v3
        from kafka.record.default_records import DefaultRecordBatchBuilder
        builder = DefaultRecordBatchBuilder(magic=2, compression_type=0, is_transactional=False, producer_id=-1,
                                            producer_epoch=-1, base_sequence=-1, batch_size=100000)
        builder.append(0, timestamp=1, key=None, value=b"tampered", headers=[])
        batch = bytearray(builder.build())
        batch[-1] ^= 0x01  # a value byte: the CRC-32C no longer matches
        request = ProduceRequest_v3(transactional_id=None, required_acks=-1, timeout=5000,
                                    topics=[("orders", [(0, bytes(batch))])])
        with self.connect() as sock:
            sock.sendall(frame(request_bytes(request, correlation_id=9)))
            body = read_response(sock)
        self.assertEqual(struct.unpack(">i", body[:4])[0], 9)
        response = ProduceResponse_v3.decode(body[4:])
        (topic, partitions), = response.topics
        self.assertEqual(topic, "orders")
        self.assertEqual(partitions[0][1], 2)  # CORRUPT_MESSAGE
        self.assert_still_serving()

    def test_a_thousand_connections_at_once_meet_the_connection_limit(self):
        sockets = []
        try:
            for _ in range(1000):
                sockets.append(socket.create_connection(("127.0.0.1", self.server.base + 2), timeout=10))
            time.sleep(1.0)
            closed = sum(1 for s in sockets if closed_by_server(s, timeout=0.01))
            # All from 127.0.0.1: its share of the connections (connectionsPerAddressMax, 128).
            self.assertGreaterEqual(closed, 1000 - 128)
        finally:
            for s in sockets:
                s.close()
        time.sleep(0.5)
        self.assertIn("its share (connectionsPerAddressMax)", self.server.output())
        self.assert_still_serving()


if __name__ == "__main__":
    CLI = sys.argv.pop(1)
    unittest.main()
