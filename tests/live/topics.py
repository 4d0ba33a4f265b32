# SPDX-License-Identifier: MIT
"""Topics created at run time over the wire (issue 28): a confluent-kafka producer to a topic the scenario did
not declare (Metadata's auto-creation), confluent-kafka's AdminClient.create_topics (CreateTopics) and its
TOPIC_ALREADY_EXISTS, a produce to an unknown topic with auto.create.topics.enable=false, and Kafka 4.4.0's
own kafka-topics.sh --create (TopicCommand, Java's Admin, CreateTopics v7). Each test starts its own server;
the session it records replays to the served frames.
    python3 topics.py CLI Topics.test_name
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402
from real_clients import Server  # noqa: E402

KAFKA_DIST = os.path.expanduser("~/.cache/highwater/kafka/4.4.0")


def topic_shape(frame, name):
    """(partitions, replication factor) of a topic in a served frame, or None when it has none."""
    partitions = [p for p in frame["partitions"] if p["topic"] == name]
    return (len(partitions), len(partitions[0]["replicas"])) if partitions else None


def scenario_file(directory, config):
    path = os.path.join(directory, "topics.json")
    with open(path, "w") as f:
        json.dump({"format": "highwater/1", "name": "topics", "seed": 1, "cluster": {"brokers": 3, "config": config},
                   "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3}], "steps": []}, f)
    return path


class Topics(unittest.TestCase):
    def setUp(self):
        self.server = None
        self.dir = tempfile.mkdtemp(prefix="hw-topics-")

    def tearDown(self):
        if self.server:
            self.server.stop()

    def replays_to_the_served_frames(self):
        """Stops the server (which writes --frames and --record as it exits) and replays its recording to the
        same frames. Returns the recording and the last served frame."""
        self.assertEqual(self.server.stop(), 0)
        last = self.server.last_frame()
        with open(self.server.frames_path, "rb") as f:
            served = f.read()
        replay = subprocess.run([real_clients.CLI, "run", self.server.record_path, "--records", "new"],
                                capture_output=True, timeout=300)
        self.assertEqual(replay.returncode, 0, replay.stderr.decode())
        self.assertEqual(replay.stdout, served)
        with open(self.server.record_path) as f:
            recorded = json.load(f)
        self.server = None
        return recorded, last

    def test_a_confluent_kafka_producer_to_an_undeclared_topic_creates_it_and_the_records_are_read_back(self):
        from confluent_kafka import Consumer, Producer, TopicPartition
        self.server = Server("builtin:leo-hw-walkthrough")
        producer = Producer({"bootstrap.servers": self.server.broker(1), "acks": "all"})
        reports = []
        for i in range(10):
            producer.produce("newtopic", value=b"v%d" % i, partition=0,
                             on_delivery=lambda err, msg: reports.append(err))
        self.assertEqual(producer.flush(30), 0)
        self.assertEqual(reports, [None] * 10)
        consumer = Consumer({"bootstrap.servers": self.server.broker(2), "group.id": "readers",
                             "enable.auto.commit": False})
        consumer.assign([TopicPartition("newtopic", 0, 0)])
        values = []
        deadline = time.time() + 30
        while len(values) < 10 and time.time() < deadline:
            message = consumer.poll(1.0)
            if message is not None and message.error() is None:
                values.append(message.value())
        consumer.close()
        self.assertEqual(values, [b"v%d" % i for i in range(10)])
        recorded, last = self.replays_to_the_served_frames()
        # num.partitions and default.replication.factor: one partition, one replica.
        self.assertEqual(topic_shape(last, "newtopic"), (1, 1))
        self.assertIn("newtopic", [t["name"] for t in recorded["created_topics"]])

    def test_admin_create_topics_makes_three_partitions_of_two_replicas_and_again_is_topic_already_exists(self):
        from confluent_kafka import KafkaError
        from confluent_kafka.admin import AdminClient, NewTopic
        self.server = Server("builtin:leo-hw-walkthrough")
        admin = AdminClient({"bootstrap.servers": self.server.broker(1)})
        futures = admin.create_topics([NewTopic("created", num_partitions=3, replication_factor=2)])
        self.assertIsNone(futures["created"].result(30))
        deadline = time.time() + 10
        while time.time() < deadline:
            metadata = admin.list_topics(timeout=10)
            if "created" in metadata.topics:
                break
            time.sleep(0.2)
        partitions = metadata.topics["created"].partitions
        self.assertEqual(sorted(partitions), [0, 1, 2])
        for p in partitions.values():
            self.assertEqual(len(p.replicas), 2)
            self.assertEqual(p.leader, p.replicas[0])
        again = admin.create_topics([NewTopic("created", num_partitions=3, replication_factor=2)])
        with self.assertRaises(Exception) as raised:
            again["created"].result(30)
        self.assertEqual(raised.exception.args[0].code(), KafkaError.TOPIC_ALREADY_EXISTS)
        recorded, last = self.replays_to_the_served_frames()
        self.assertEqual([t["name"] for t in recorded["created_topics"]], ["created"])
        self.assertEqual(topic_shape(last, "created"), (3, 2))

    def test_without_auto_create_a_produce_to_an_unknown_topic_fails_unknown_topic_and_nothing_is_created(self):
        from confluent_kafka import KafkaError, Producer
        path = scenario_file(self.dir, {"auto.create.topics.enable": False})
        self.server = Server(path)
        producer = Producer({"bootstrap.servers": self.server.broker(1), "acks": "all",
                             "topic.metadata.propagation.max.ms": 2000, "message.timeout.ms": 10000})
        reports = []
        producer.produce("missing", value=b"lost", on_delivery=lambda err, msg: reports.append(err))
        self.assertEqual(producer.flush(30), 0, "the client gives up on the message")
        self.assertEqual(len(reports), 1)
        self.assertIsNotNone(reports[0])
        self.assertIn(reports[0].code(), (KafkaError.UNKNOWN_TOPIC_OR_PART, KafkaError._UNKNOWN_TOPIC), reports[0])
        recorded, last = self.replays_to_the_served_frames()
        self.assertEqual({p["topic"] for p in last["partitions"]}, {"orders"})
        self.assertNotIn("created_topics", recorded)

    @unittest.skipUnless(os.path.isdir(os.path.join(KAFKA_DIST, "libs")), "Kafka 4.4.0 (scripts/kafka-dist) is not here")
    def test_kafka_topics_sh_creates_a_topic(self):
        self.server = Server("builtin:leo-hw-walkthrough")
        topics = ["java", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                  "-Dlog4j2.configurationFile=" + os.path.join(KAFKA_DIST, "config", "tools-log4j2.yaml"),
                  "-cp", os.path.join(KAFKA_DIST, "libs", "*"), "org.apache.kafka.tools.TopicCommand",
                  "--bootstrap-server", self.server.broker(1)]
        created = subprocess.run(topics + ["--create", "--topic", "from-java", "--partitions", "2",
                                           "--replication-factor", "3"], capture_output=True, timeout=120)
        self.assertEqual(created.returncode, 0, created.stderr.decode())
        self.assertIn("Created topic from-java.", created.stdout.decode())
        again = subprocess.run(topics + ["--create", "--topic", "from-java", "--partitions", "2"], capture_output=True,
                               timeout=120)
        self.assertNotEqual(again.returncode, 0)
        self.assertIn("already exists", (again.stdout + again.stderr).decode())
        recorded, last = self.replays_to_the_served_frames()
        self.assertEqual(topic_shape(last, "from-java"), (2, 3))
        self.assertEqual([t["name"] for t in recorded["created_topics"]], ["from-java"])


if __name__ == "__main__":
    real_clients.CLI = sys.argv[1]
    sys.argv = [sys.argv[0]] + sys.argv[2:]
    unittest.main()
