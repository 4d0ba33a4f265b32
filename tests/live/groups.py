# SPDX-License-Identifier: MIT
"""Consumer groups over the wire (issue 28): real group consumers against `highwater-cli serve`.

Debian's confluent-kafka (librdkafka 2.0.2), kafka-python 2.0.2 and kcat join groups answered by the
engine's group coordinator, beside simulated consumers, commit and fetch offsets, leave and rebalance.
Each test starts its own server (real_clients.Server), bounds every client by a timeout, and checks both
what the clients saw and what the served frames (--frames) say about the group.
Run by ctest (tests/live/CMakeLists.txt) with Debian's python3:
    python3 groups.py CLI Groups.test_name
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402
from real_clients import Server  # noqa: E402

PARTITIONS = 4
DEADLINE_S = 90


def scenario_file(consumers=(), partitions=PARTITIONS):
    """A 3-broker cluster with topic 'orders' of `partitions` partitions, replicated 3 times, a short
    initial rebalance delay (the join phase of an empty group), and the simulated consumers given."""
    scenario = {
        "format": "highwater/1", "name": "groups-live",
        "cluster": {"brokers": 3, "config": {"offsets.topic.num.partitions": 3,
                                             "group.initial.rebalance.delay.ms": 500}},
        "topics": [{"name": "orders", "partitions": partitions, "replication.factor": 3}],
        "consumers": list(consumers),
    }
    path = os.path.join(tempfile.mkdtemp(prefix="hw-groups-"), "groups.json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    return path


def frames(server):
    with open(server.frames_path) as f:
        for line in f:
            yield json.loads(line)


def group_of(frame, group_id):
    for g in frame["groups"]:
        if g["id"] == group_id:
            return g
    return None


def produce(server, values):
    """acks=all with confluent-kafka, spread over the partitions by key; every record acknowledged."""
    from confluent_kafka import Producer
    acked = []
    producer = Producer({"bootstrap.servers": server.broker(1), "acks": "all", "linger.ms": 5})

    def delivered(err, msg):
        if err is None:
            acked.append(msg.value().decode())

    for i, v in enumerate(values):
        producer.produce("orders", value=v.encode(), partition=i % PARTITIONS, on_delivery=delivered)
        producer.poll(0)
    assert producer.flush(60) == 0
    assert sorted(acked) == sorted(values), "not every record was acknowledged"


class Groups(unittest.TestCase):
    def setUp(self):
        self.server = None

    def tearDown(self):
        if self.server is not None:
            self.server.stop()

    def check_split_then_survivor(self, make_consumer, poll, commit, assignment, close, group):
        """Two consumers of one group split the topic, each committing what it read; after one leaves,
        the other owns every partition and reads on from the commits: every record once."""
        first = ["a-%d" % i for i in range(200)]
        produce(self.server, first)
        # Each consumer polls in its own thread: kafka-python 2.0.2's poll() blocks in a rebalance until
        # the group has joined, which needs the other member to poll too.
        read = {"one": [], "two": []}
        stop = {"one": threading.Event(), "two": threading.Event()}
        consumers = {}
        errors = []

        def run(name):
            try:
                consumer = consumers[name] = make_consumer(name)
                while not stop[name].is_set():
                    for value in poll(consumer):
                        read[name].append(value)
                        commit(consumer)
            except Exception as e:  # reported by the test thread
                errors.append(e)

        threads = {name: threading.Thread(target=run, args=(name,)) for name in ("one", "two")}
        for t in threads.values():
            t.start()
        deadline = time.time() + DEADLINE_S
        while time.time() < deadline and len(read["one"]) + len(read["two"]) < len(first) and not errors:
            time.sleep(0.1)
        self.assertEqual(errors, [])
        self.assertEqual(sorted(read["one"] + read["two"]), sorted(first))
        stop["two"].set()
        threads["two"].join(timeout=30)
        one, two = consumers["one"], consumers["two"]
        theirs = assignment(two)
        close(two)
        self.assertTrue(theirs, "both members owned partitions")
        second = ["b-%d" % i for i in range(200)]
        before = len(read["one"])
        produce(self.server, second)
        deadline = time.time() + DEADLINE_S
        while time.time() < deadline and len(read["one"]) - before < len(second) and not errors:
            time.sleep(0.1)
        stop["one"].set()
        threads["one"].join(timeout=30)
        self.assertEqual(errors, [])
        after = read["one"][before:]
        # Nothing skipped, nothing read twice past a commit: every commit was synchronous.
        self.assertEqual(sorted(after), sorted(second))
        self.assertEqual(sorted(assignment(one)), list(range(PARTITIONS)))
        close(one)
        self.assertEqual(self.server.stop(), 0)
        # The frames drew the group: two real members with disjoint partitions, then one with all of
        # them, and committed offsets at the end of every partition (lag 0).
        saw_two = saw_one = False
        last = None
        for frame in frames(self.server):
            g = group_of(frame, group)
            if g is None:
                continue
            last = g
            if g["state"] != "Stable":
                continue
            live = [m for m in g["members"] if m.get("live")]
            if len(live) == 2:
                owned = sorted(p["partition"] for m in live for p in m["assignment"])
                self.assertEqual(owned, list(range(PARTITIONS)))
                saw_two = True
            if len(live) == 1 and len(live[0]["assignment"]) == PARTITIONS:
                saw_one = saw_two
        self.assertTrue(saw_two and saw_one, "the frames show the split and then the survivor")
        committed = {c["partition"]: c for c in last["committed"]}
        self.assertEqual(sorted(committed), list(range(PARTITIONS)))
        self.assertEqual(sum(c["offset"] for c in committed.values()), len(first) + len(second))
        self.assertTrue(all(c["lag"] == 0 for c in committed.values()), last["committed"])
        self.server = None

    def test_two_confluent_kafka_consumers_split_commit_and_the_survivor_continues_from_the_commits(self):
        from confluent_kafka import Consumer
        self.server = Server(scenario_file())

        def make(name):
            c = Consumer({"bootstrap.servers": self.server.broker(1), "group.id": "ck", "client.id": "ck-" + name,
                          "auto.offset.reset": "earliest", "enable.auto.commit": False,
                          "session.timeout.ms": 6000, "heartbeat.interval.ms": 500})
            c.subscribe(["orders"])
            return c

        def poll(c):
            m = c.poll(0.1)
            if m is None or m.error():
                return []
            return [m.value().decode()]

        self.check_split_then_survivor(
            make, poll, lambda c: c.commit(asynchronous=False),
            lambda c: sorted(tp.partition for tp in c.assignment()), lambda c: c.close(), "ck")

    def test_two_kafka_python_consumers_split_commit_and_the_survivor_continues_from_the_commits(self):
        from kafka import KafkaConsumer
        self.server = Server(scenario_file())

        def make(name):
            return KafkaConsumer("orders", bootstrap_servers=self.server.broker(1), group_id="kp",
                                 client_id="kp-" + name, auto_offset_reset="earliest", enable_auto_commit=False,
                                 session_timeout_ms=6000, heartbeat_interval_ms=500)

        def poll(c):
            values = []
            for records in c.poll(timeout_ms=100, max_records=1).values():
                values += [r.value.decode() for r in records]
            return values

        self.check_split_then_survivor(
            make, poll, lambda c: c.commit(),
            lambda c: sorted(tp.partition for tp in c.assignment()), lambda c: c.close(), "kp")

    def test_kcat_joins_a_group_beside_a_simulated_consumer_and_the_frames_show_its_assignment(self):
        simulated = {"id": "sim-1", "group": "mixed", "subscribe": ["orders"], "assignor": "range",
                     "auto.offset.reset": "earliest"}
        self.server = Server(scenario_file([simulated]))
        produce(self.server, ["m-%d" % i for i in range(40)])
        kcat = subprocess.Popen(["kcat", "-b", self.server.broker(1), "-G", "mixed", "-X", "client.id=kcat-g",
                                 "-X", "session.timeout.ms=6000", "-X", "heartbeat.interval.ms=500",
                                 "-X", "auto.offset.reset=earliest", "orders"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assigned = None
        stderr = b""
        deadline = time.time() + DEADLINE_S
        os.set_blocking(kcat.stderr.fileno(), False)
        while time.time() < deadline and assigned is None:
            time.sleep(0.2)
            stderr += kcat.stderr.read() or b""
            # kcat's rebalance callback: "% Group mixed rebalanced (memberid ...): assigned: orders [2], orders [3]"
            found = re.findall(rb"rebalanced \(memberid [^)]*\): assigned: ([^\n]*)", stderr)
            if found:
                assigned = sorted(int(p) for p in re.findall(rb"orders \[(\d+)\]", found[-1]))
        time.sleep(1.0)  # the frames after the SyncGroup answer
        kcat.terminate()
        kcat.wait(timeout=30)
        self.assertIsNotNone(assigned, stderr.decode(errors="replace"))
        self.assertEqual(self.server.stop(), 0)
        # The last Stable generation with both members: the simulated consumer and kcat.
        seen = None
        for frame in frames(self.server):
            g = group_of(frame, "mixed")
            if g is None or g["state"] != "Stable":
                continue
            live = [m for m in g["members"] if m.get("live")]
            if len(g["members"]) == 2 and len(live) == 1:
                seen = (g, live[0])
        self.assertIsNotNone(seen, "a Stable generation with kcat and sim-1")
        g, member = seen
        self.assertEqual(member["client_id"], "kcat-g")
        self.assertEqual(member["subscription"], ["orders"])
        self.assertEqual(sorted(p["partition"] for p in member["assignment"]), assigned)
        self.assertEqual(g["protocol"], "range")
        self.assertEqual(g["leader"], "sim-1")  # the simulated consumer joined first and assigned
        simulated_member = [m for m in g["members"] if not m.get("live")][0]
        owned = sorted(p["partition"] for m in g["members"] for p in m["assignment"])
        self.assertEqual(owned, list(range(PARTITIONS)))
        self.assertTrue(simulated_member["assignment"])
        self.server = None

    def test_the_leader_is_killed_while_kcat_produces_and_a_group_consumes_every_acknowledged_record(self):
        """Broker 1 (leader of partitions 0 and 3, and a replica of every partition) is killed 4 s in, while
        kcat produces with acks=all and two confluent-kafka consumers of one group read and commit. Every
        record kcat saw acknowledged is consumed; every record consumed is in the final log at the offset it
        was read from (nothing read past the HW, which a truncation would have taken back); no committed
        offset passes the highest HW its partition had reached."""
        from confluent_kafka import Consumer, KafkaException
        kill_at_ms = 4000
        self.server = Server(scenario_file(), script=[{"at_ms": kill_at_ms, "kill": {"broker": 1}}])
        brokers = ",".join(self.server.broker(b) for b in (1, 2, 3))
        consumed = []  # (partition, offset, value)
        errors = []
        stop = threading.Event()
        lock = threading.Lock()

        def consume(name):
            try:
                c = Consumer({"bootstrap.servers": brokers, "group.id": "failover", "client.id": "cf-" + name,
                              "auto.offset.reset": "earliest", "enable.auto.commit": False,
                              "session.timeout.ms": 6000, "heartbeat.interval.ms": 500})
                c.subscribe(["orders"])
                while not stop.is_set():
                    m = c.poll(0.1)
                    if m is None or m.error():
                        continue
                    with lock:
                        consumed.append((m.partition(), m.offset(), m.value().decode()))
                    try:
                        c.commit(message=m, asynchronous=False)
                    except KafkaException:
                        pass  # the coordinator moved or the leader is gone: the next commit covers it
                c.close()
            except Exception as e:  # reported by the test thread
                errors.append(e)

        consumers = [threading.Thread(target=consume, args=(n,)) for n in ("one", "two")]
        for t in consumers:
            t.start()
        # kcat runs of 25 records, one after the other, before, across and after the kill. A run that
        # exits 0 had every record acknowledged (kcat exits 1 on any delivery failure).
        acked = []
        start = time.time()
        batch = 0
        while time.time() - start < 9.0:
            values = ["k%d-%d" % (batch, i) for i in range(25)]
            run = subprocess.run(["kcat", "-P", "-b", brokers, "-t", "orders", "-X", "acks=all",
                                  "-X", "message.timeout.ms=30000", "-X", "client.id=kcat-failover"],
                                 input=("\n".join(values) + "\n").encode(), capture_output=True,
                                 timeout=real_clients.CLIENT_TIMEOUT_S)
            if run.returncode == 0:
                acked += values
            batch += 1
        self.assertGreater(len(acked), 0)
        deadline = time.time() + DEADLINE_S
        while time.time() < deadline and not errors:
            with lock:
                if set(acked) <= {v for _, _, v in consumed}:
                    break
            time.sleep(0.2)
        stop.set()
        for t in consumers:
            t.join(timeout=60)
        self.assertEqual(errors, [])
        self.assertEqual(set(acked) - {v for _, _, v in consumed}, set(), "acknowledged, never consumed")
        self.assertEqual(self.server.stop(), 0)
        self.assertIn("script: at %d ms, kill" % kill_at_ms, self.server.output())
        final = self.server.last_frame()
        partitions = {p["partition"]: p for p in final["partitions"] if p["topic"] == "orders"}
        killed_led = [p for p, part in partitions.items() if part["replicas"][0] == 1]
        self.assertTrue(killed_led, "broker 1 led a partition of orders")
        for p in killed_led:
            self.assertNotEqual(partitions[p]["leader"], 1)
        for p, offset, value in consumed:
            leader = partitions[p]["leader"]
            log = {r["offset"]: r["value"] for r in
                   [s for s in partitions[p]["replica_states"] if s["broker"] == leader][0]["records"]}
            self.assertEqual(log.get(offset), value, "partition %d offset %d was read, then lost" % (p, offset))
        highest_hw = {}
        saw_commit = False
        for frame in frames(self.server):
            for part in frame["partitions"]:
                if part["topic"] == "orders":
                    key = part["partition"]
                    highest_hw[key] = max(highest_hw.get(key, 0), part["hw"])
            g = group_of(frame, "failover")
            for c in (g or {}).get("committed", []):
                saw_commit = True
                self.assertLessEqual(c["offset"], highest_hw.get(c["partition"], 0),
                                     "frame %d: committed past the HW" % frame["frame"])
        self.assertTrue(saw_commit)
        self.server = None


if __name__ == "__main__":
    real_clients.CLI = sys.argv[1]
    unittest.main(argv=[sys.argv[0]] + sys.argv[2:])
