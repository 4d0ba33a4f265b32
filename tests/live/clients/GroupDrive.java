// SPDX-License-Identifier: MIT
// Two consumers of one group with Kafka's own consumer (kafka-clients), as group_drive.py runs them with the
// Python clients; tests/live/client_matrix.py (ClientGroups) compiles it with javac against the kafka-clients
// jar of scripts/live-clients and reads its output. The steps, the output and the exit status are
// group_drive.py's:
//   java GroupDrive BOOTSTRAP TOPIC GROUP PARTITIONS RECORDS
// prints {"a": [...], "b": [...], "a_final": [...], "a_after_leave": [[partition, offset], ...]}.

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

public final class GroupDrive {
    // The whole run's bound, as group_drive.py's RUN_DEADLINE_S.
    private static final long runDeadlineMs = 90_000;
    private static final Duration pollTime = Duration.ofMillis(200);

    private GroupDrive() {
    }

    private static void fail(String message) {
        System.err.println("GroupDrive: " + message);
        System.exit(1);
    }

    private static KafkaConsumer<byte[], byte[]> consumer(String bootstrap, String topic, String group, String id) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, id);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "1000");
        KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(),
            new ByteArrayDeserializer());
        c.subscribe(List.of(topic));
        return c;
    }

    private static List<Integer> owned(KafkaConsumer<byte[], byte[]> c) {
        return c.assignment().stream().map(TopicPartition::partition).sorted().collect(Collectors.toList());
    }

    private static boolean atEnd(KafkaConsumer<byte[], byte[]> c, String topic, List<Integer> partitions,
        long records) {
        for (int p : partitions)
            if (c.position(new TopicPartition(topic, p)) != records)
                return false;
        return true;
    }

    private static void commit(KafkaConsumer<byte[], byte[]> c, String topic, List<Integer> partitions, long offset) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (int p : partitions)
            offsets.put(new TopicPartition(topic, p), new OffsetAndMetadata(offset));
        c.commitSync(offsets);
    }

    private static String json(List<Integer> partitions) {
        return partitions.stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
    }

    public static void main(String[] args) {
        if (args.length != 5)
            fail("usage: GroupDrive BOOTSTRAP TOPIC GROUP PARTITIONS RECORDS");
        final String bootstrap = args[0];
        final String topic = args[1];
        final String group = args[2];
        final int partitions = Integer.parseInt(args[3]);
        final long records = Long.parseLong(args[4]);
        final List<Integer> every = new ArrayList<>();
        for (int p = 0; p < partitions; ++p)
            every.add(p);
        final long deadline = System.currentTimeMillis() + runDeadlineMs;
        try {
            KafkaConsumer<byte[], byte[]> a = consumer(bootstrap, topic, group, group + "-a");
            KafkaConsumer<byte[], byte[]> b = consumer(bootstrap, topic, group, group + "-b");
            List<Integer> ownedA;
            List<Integer> ownedB;
            while (true) {
                if (System.currentTimeMillis() > deadline)
                    fail("the group did not split the partitions and read them within " + runDeadlineMs / 1000
                        + " s (a owns " + owned(a) + ", b owns " + owned(b) + ")");
                a.poll(pollTime);
                b.poll(pollTime);
                ownedA = owned(a);
                ownedB = owned(b);
                Set<Integer> both = new HashSet<>(ownedA);
                both.retainAll(ownedB);
                Set<Integer> all = new TreeSet<>(ownedA);
                all.addAll(ownedB);
                if (!ownedA.isEmpty() && !ownedB.isEmpty() && both.isEmpty() && all.size() == partitions
                    && ownedA.size() + ownedB.size() == partitions && atEnd(a, topic, ownedA, records)
                    && atEnd(b, topic, ownedB, records))
                    break;
            }
            commit(a, topic, ownedA, records);
            commit(b, topic, ownedB, records / 2);
            b.close();

            List<long[]> after = new ArrayList<>();
            while (true) {
                if (System.currentTimeMillis() > deadline)
                    fail("after b left, a did not own every partition and read b's within " + runDeadlineMs / 1000
                        + " s (a owns " + owned(a) + ", read " + after.size() + ")");
                for (ConsumerRecord<byte[], byte[]> r : a.poll(pollTime))
                    after.add(new long[] { r.partition(), r.offset() });
                if (owned(a).equals(every) && atEnd(a, topic, ownedB, records))
                    break;
            }
            // A last poll, so that a record read past the end (or twice) would show.
            for (ConsumerRecord<byte[], byte[]> r : a.poll(pollTime))
                after.add(new long[] { r.partition(), r.offset() });
            List<Integer> ownedFinal = owned(a);
            Map<TopicPartition, OffsetAndMetadata> positions = new HashMap<>();
            for (int p : every) {
                TopicPartition tp = new TopicPartition(topic, p);
                positions.put(tp, new OffsetAndMetadata(a.position(tp)));
            }
            a.commitSync(positions);
            a.close();
            System.out.println("{\"a\": " + json(ownedA) + ", \"b\": " + json(ownedB) + ", \"a_final\": "
                + json(ownedFinal) + ", \"a_after_leave\": "
                + after.stream().map(r -> "[" + r[0] + ", " + r[1] + "]").collect(Collectors.joining(", ", "[", "]"))
                + "}");
        } catch (RuntimeException e) {
            fail(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
