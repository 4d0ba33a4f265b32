# SPDX-License-Identifier: MIT
"""Two consumers of one group, as a class's rebalance exercise runs them (tests/live/client_matrix.py,
ClientGroups; GroupDrive.java does the same with Kafka's own consumer):

    python group_drive.py LIBRARY BOOTSTRAP TOPIC GROUP PARTITIONS RECORDS

LIBRARY is confluent-kafka or kafka-python. The topic holds RECORDS records in each of its PARTITIONS
partitions before the run. Consumers a and b subscribe with the group GROUP (client ids GROUP-a and GROUP-b,
commits by hand only, earliest when nothing is committed) and are polled in turn:
1. until the group has split the partitions between them (both own some, none is owned twice, all are owned)
   and each has read its own partitions to the end;
2. a commits its positions (RECORDS on each of its partitions); b commits RECORDS/2 on each of its own, as if
   it had processed only half; then b leaves the group (close);
3. a is polled until it owns every partition and has read b's former partitions to the end, then commits and
   closes.
It prints one JSON object: the partitions each owned after step 1 ("a", "b"), what a owns at the end
("a_final"), and the [partition, offset] pairs a read in step 3 ("a_after_leave"), in the order read. The
test checks that a read exactly b's partitions from b's commits on: nothing skipped, nothing read twice past
a commit. Any error or a step that does not finish within the deadline ends the run with exit status 1 and
one line on standard error.
"""
import json
import sys
import time

# The whole run's bound: two joins and a rebalance on a loaded machine, with a join's wait of a few seconds.
RUN_DEADLINE_S = 90
POLL_S = 0.2


def fail(message):
    print("group_drive.py: " + message, file=sys.stderr)
    sys.exit(1)


class Confluent:
    def __init__(self, bootstrap, topic, group, client_id):
        from confluent_kafka import Consumer
        self.topic = topic
        self.consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "client.id": client_id,
                                  "enable.auto.commit": False, "auto.offset.reset": "earliest",
                                  "session.timeout.ms": 10000, "heartbeat.interval.ms": 1000})
        self.consumer.subscribe([topic])

    def poll(self):
        """[(partition, offset)] read in one poll."""
        msg = self.consumer.poll(POLL_S)
        if msg is None:
            return []
        if msg.error():
            fail("%s: %s" % (self.consumer, msg.error()))
        return [(msg.partition(), msg.offset())]

    def owned(self):
        return sorted(tp.partition for tp in self.consumer.assignment())

    def position(self, partition):
        from confluent_kafka import TopicPartition
        return self.consumer.position([TopicPartition(self.topic, partition)])[0].offset

    def commit(self, offsets):
        from confluent_kafka import TopicPartition
        self.consumer.commit(offsets=[TopicPartition(self.topic, p, o) for p, o in offsets.items()],
                             asynchronous=False)

    def close(self):
        self.consumer.close()


class KafkaPython:
    def __init__(self, bootstrap, topic, group, client_id):
        from kafka import KafkaConsumer
        self.topic = topic
        self.consumer = KafkaConsumer(bootstrap_servers=bootstrap, group_id=group, client_id=client_id,
                                      enable_auto_commit=False, auto_offset_reset="earliest",
                                      session_timeout_ms=10000, heartbeat_interval_ms=1000)
        self.consumer.subscribe([topic])

    def poll(self):
        read = []
        for records in self.consumer.poll(timeout_ms=int(POLL_S * 1000), max_records=100).values():
            read += [(r.partition, r.offset) for r in records]
        return read

    def owned(self):
        return sorted(tp.partition for tp in self.consumer.assignment())

    def position(self, partition):
        from kafka import TopicPartition
        return self.consumer.position(TopicPartition(self.topic, partition))

    def commit(self, offsets):
        from kafka import TopicPartition
        from kafka.structs import OffsetAndMetadata
        # OffsetAndMetadata is (offset, metadata) in 2.0 and (offset, metadata, leader_epoch) from 2.1 on.
        extra = (-1,) if len(OffsetAndMetadata._fields) == 3 else ()
        self.consumer.commit({TopicPartition(self.topic, p): OffsetAndMetadata(o, "", *extra)
                              for p, o in offsets.items()})

    def close(self):
        self.consumer.close()


def main(argv):
    if len(argv) != 6 or argv[0] not in ("confluent-kafka", "kafka-python"):
        fail("usage: group_drive.py confluent-kafka|kafka-python BOOTSTRAP TOPIC GROUP PARTITIONS RECORDS")
    library, bootstrap, topic, group, partitions, records = argv
    partitions, records = int(partitions), int(records)
    every = list(range(partitions))
    kind = Confluent if library == "confluent-kafka" else KafkaPython
    deadline = time.time() + RUN_DEADLINE_S

    def at_end(consumer, owned):
        return all(consumer.position(p) == records for p in owned)

    try:
        a = kind(bootstrap, topic, group, group + "-a")
        b = kind(bootstrap, topic, group, group + "-b")
        while True:
            if time.time() > deadline:
                fail("the group did not split the partitions and read them within %d s (a owns %s, b owns %s)"
                     % (RUN_DEADLINE_S, a.owned(), b.owned()))
            a.poll()
            b.poll()
            owned_a, owned_b = a.owned(), b.owned()
            if (owned_a and owned_b and not set(owned_a) & set(owned_b) and sorted(owned_a + owned_b) == every
                    and at_end(a, owned_a) and at_end(b, owned_b)):
                break
        a.commit({p: records for p in owned_a})
        b.commit({p: records // 2 for p in owned_b})
        b.close()

        after = []
        while True:
            if time.time() > deadline:
                fail("after b left, a did not own every partition and read b's within %d s (a owns %s, read %d)"
                     % (RUN_DEADLINE_S, a.owned(), len(after)))
            after += a.poll()
            if a.owned() == every and at_end(a, owned_b):
                break
        # A last poll, so that a record read past the end (or twice) would show.
        after += a.poll()
        final = a.owned()
        a.commit({p: a.position(p) for p in every})
        a.close()
    except Exception as e:  # Any client exception is the answer: report it in one line.
        fail("%s: %s" % (type(e).__name__, e))
    print(json.dumps({"a": owned_a, "b": owned_b, "a_final": final, "a_after_leave": after}))


if __name__ == "__main__":
    main(sys.argv[1:])
