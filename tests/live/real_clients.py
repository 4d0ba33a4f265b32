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
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode

    def output(self):
        with open(self.log_path) as f:
            return f.read()

    def last_frame(self):
        last = None
        with open(self.frames_path) as f:
            for line in f:
                last = line
        return json.loads(last)


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
        replay = subprocess.run([CLI, "run", self.server.record_path], capture_output=True, timeout=120)
        self.assertEqual(replay.returncode, 0, replay.stderr.decode())
        self.assertEqual(replay.stdout, served)
        with open(self.server.record_path) as f:
            self.assertIn('"value_hex": "fffe2062696e617279"', f.read())
        self.server = None


if __name__ == "__main__":
    CLI = sys.argv.pop(1)
    unittest.main()
