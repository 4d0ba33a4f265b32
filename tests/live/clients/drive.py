# SPDX-License-Identifier: MIT
"""One Kafka client library, driven as a student's program would: produce with acks=all, or read a partition
back with a consumer that assigns it itself (no group). tests/live/client_matrix.py runs it with Debian's
python3 (Debian's kafka-python and confluent-kafka) and with the venv of scripts/live-clients (PyPI's), so
the same code tests every version.

    python drive.py LIBRARY produce BOOTSTRAP TOPIC PARTITION CLIENT_ID PREFIX COUNT [COMPRESSION]
    python drive.py LIBRARY consume BOOTSTRAP TOPIC PARTITION CLIENT_ID PREFIX COUNT
    python drive.py LIBRARY version

LIBRARY is confluent-kafka or kafka-python. produce sends PREFIX-0 .. PREFIX-(COUNT-1) and prints each
acknowledged offset, one a line; consume prints the values that start with PREFIX from the beginning, one a
line, and stops once it has COUNT of them. COMPRESSION (none, gzip, snappy, lz4 or zstd; none unless given) is
the producer's compression.type. Any error (a failed delivery, a client exception, no progress
within the timeout) ends the run with exit status 1 and one line on standard error, so that a client that
cannot work stops instead of looping.
"""
import sys
import time

# How long a run may wait for the broker before it gives up; the test bounds the process as well.
CLIENT_TIMEOUT_S = 45


def fail(message):
    print("drive.py: " + message, file=sys.stderr)
    sys.exit(1)


def confluent_produce(bootstrap, topic, partition, client_id, values, compression):
    from confluent_kafka import Producer
    acked = {}
    errors = []

    def delivered(err, msg):
        if err is not None:
            errors.append(str(err))
        else:
            acked[msg.value().decode()] = msg.offset()

    producer = Producer({"bootstrap.servers": bootstrap, "client.id": client_id, "acks": "all",
                         "linger.ms": 5, "message.timeout.ms": CLIENT_TIMEOUT_S * 1000,
                         "compression.type": compression})
    for v in values:
        producer.produce(topic, value=v.encode(), partition=partition, on_delivery=delivered)
        producer.poll(0)
    left = producer.flush(CLIENT_TIMEOUT_S)
    if errors:
        fail("%d of %d deliveries failed, the first: %s" % (len(errors), len(values), errors[0]))
    if left:
        fail("%d records still unacknowledged after %d s" % (left, CLIENT_TIMEOUT_S))
    return [acked[v] for v in values]


def confluent_consume(bootstrap, topic, partition, client_id, prefix, count):
    from confluent_kafka import Consumer, KafkaError, TopicPartition, OFFSET_BEGINNING
    # librdkafka wants a group.id to make a consumer; assign() never joins it, and with commits off it never
    # needs the coordinator.
    consumer = Consumer({"bootstrap.servers": bootstrap, "client.id": client_id, "group.id": client_id + "-unused",
                         "enable.auto.commit": False, "enable.auto.offset.store": False})
    consumer.assign([TopicPartition(topic, partition, OFFSET_BEGINNING)])
    read = []
    deadline = time.time() + CLIENT_TIMEOUT_S
    while len(read) < count:
        if time.time() > deadline:
            fail("read %d of %d records in %d s" % (len(read), count, CLIENT_TIMEOUT_S))
        msg = consumer.poll(0.5)
        if msg is None:
            continue
        if msg.error():
            if msg.error().code() == KafkaError._PARTITION_EOF:
                continue
            fail("consumer error: %s" % msg.error())
        value = msg.value().decode()
        if value.startswith(prefix):
            read.append(value)
    consumer.close()
    return read


def kafka_python_produce(bootstrap, topic, partition, client_id, values, compression):
    from kafka import KafkaProducer
    producer = KafkaProducer(bootstrap_servers=bootstrap, client_id=client_id, acks="all",
                             request_timeout_ms=20000,
                             compression_type=None if compression == "none" else compression)
    futures = [producer.send(topic, value=v.encode(), partition=partition) for v in values]
    producer.flush(timeout=CLIENT_TIMEOUT_S)
    offsets = [f.get(timeout=1).offset for f in futures]
    producer.close()
    return offsets


def kafka_python_consume(bootstrap, topic, partition, client_id, prefix, count):
    from kafka import KafkaConsumer, TopicPartition
    consumer = KafkaConsumer(bootstrap_servers=bootstrap, client_id=client_id, group_id=None,
                             enable_auto_commit=False)
    tp = TopicPartition(topic, partition)
    consumer.assign([tp])
    consumer.seek_to_beginning(tp)
    read = []
    deadline = time.time() + CLIENT_TIMEOUT_S
    while len(read) < count:
        if time.time() > deadline:
            fail("read %d of %d records in %d s" % (len(read), count, CLIENT_TIMEOUT_S))
        for records in consumer.poll(timeout_ms=500).values():
            read += [r.value.decode() for r in records if r.value.decode().startswith(prefix)]
    consumer.close()
    return read


def version(library):
    if library == "confluent-kafka":
        import confluent_kafka
        # version() is a (string, int) pair in 1.x and the string alone in 2.x.
        ours = confluent_kafka.version()
        return "%s librdkafka %s" % (ours[0] if isinstance(ours, tuple) else ours, confluent_kafka.libversion()[0])
    import kafka
    return kafka.__version__


def main(argv):
    if len(argv) == 2 and argv[1] == "version":
        print(version(argv[0]))
        return
    compression = argv.pop(8) if len(argv) == 9 and argv[1] == "produce" else "none"
    if len(argv) != 8 or argv[0] not in ("confluent-kafka", "kafka-python") or argv[1] not in ("produce", "consume"):
        fail("usage: drive.py confluent-kafka|kafka-python produce|consume BOOTSTRAP TOPIC PARTITION CLIENT_ID "
             "PREFIX COUNT [COMPRESSION], or drive.py LIBRARY version")
    library, action, bootstrap, topic, partition, client_id, prefix, count = argv
    partition, count = int(partition), int(count)
    try:
        if action == "produce":
            values = ["%s-%d" % (prefix, i) for i in range(count)]
            produce = confluent_produce if library == "confluent-kafka" else kafka_python_produce
            for offset in produce(bootstrap, topic, partition, client_id, values, compression):
                print(offset)
        else:
            consume = confluent_consume if library == "confluent-kafka" else kafka_python_consume
            for value in consume(bootstrap, topic, partition, client_id, prefix, count):
                print(value)
    except Exception as e:  # Any client exception is the answer: report it in one line.
        fail("%s: %s" % (type(e).__name__, e))


if __name__ == "__main__":
    main(sys.argv[1:])
