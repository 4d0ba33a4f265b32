// HwClient: Kafka's own Java producer and consumer, driven by HighWater through JSON lines on standard input,
// answering in JSON lines on standard output. docs/real-kafka.md ("The client harness") lists every line.
//
// It runs on the classpath of a Kafka distribution (libs/*: kafka-clients, and Jackson, which every Kafka
// distribution carries), so the client rules checked are those of the Kafka version the cluster runs.
// real/hwclient compiles it once per kafka-clients jar and starts it.
//
// Threads: the main thread reads commands and runs them one at a time, in order. A producer's acks arrive
// on that producer's I/O thread and are written as they come; every write to standard output is one whole
// line under one lock. Each consumer is used from a thread of its own only (ConsumerWorker), as
// KafkaConsumer requires; the main thread hands it commands. The group descriptions use Kafka's Admin client.
// Nothing here waits without a bound: every blocking call is bounded by a timeout the command gives (capped
// at timeoutMaxMs) or by the client's own request and delivery timeouts.

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.RoundRobinAssignor;
import org.apache.kafka.clients.consumer.StickyAssignor;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

public final class HwClient {
    // One command line is at most this long; a longer one is refused, read to its end and dropped.
    static final int lineCharsMax = 1 << 20;
    // At most this many producers and consumers open at once.
    static final int clientsMax = 64;
    // No command waits longer than this (poll, flush, close).
    static final long timeoutMaxMs = 600_000;
    // The version of the line protocol, reported in the "ready" line; it changes when a line changes.
    static final String protocolVersion = "2";

    private static final ObjectMapper json = new ObjectMapper();
    // The protocol's stream: the real standard output. System.out is pointed at standard error so that
    // nothing a library prints can break a protocol line.
    private static final PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false,
            StandardCharsets.UTF_8);
    private static final Object outLock = new Object();

    private final Map<String, KafkaProducer<String, String>> producers = new LinkedHashMap<>();
    private final Map<String, ConsumerWorker> consumers = new LinkedHashMap<>();
    // Made at the first describe_groups.
    private Admin admin;
    private long lineNumber = 0;

    /** Thrown for a command that cannot run: answered with an error line, the harness goes on. */
    static final class BadCommand extends Exception {
        final String code;

        BadCommand(String code, String message) {
            super(message);
            this.code = code;
        }
    }

    public static void main(String[] args) throws IOException {
        System.setOut(System.err);
        HwClient client = new HwClient();
        ObjectNode ready = event("ready");
        ready.put("protocol", protocolVersion);
        ready.put("kafka_clients", clientsVersion());
        emit(ready);
        int status = client.run(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
        System.exit(status);
    }

    /** kafka-clients' version, from the properties file in its jar (AppInfoParser moved between releases). */
    static String clientsVersion() {
        Properties properties = new Properties();
        try (InputStream in = KafkaProducer.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in != null)
                properties.load(in);
        } catch (IOException e) {
            return "unknown";
        }
        return properties.getProperty("version", "unknown");
    }

    static ObjectNode event(String name) {
        ObjectNode node = json.createObjectNode();
        node.put("event", name);
        return node;
    }

    static void emit(ObjectNode node) {
        String line;
        try {
            line = json.writeValueAsString(node);
        } catch (IOException e) {
            line = "{\"event\":\"error\",\"error\":\"internal\",\"message\":\"cannot write JSON\"}";
        }
        synchronized (outLock) {
            out.print(line);
            out.print('\n');
            out.flush();
        }
    }

    static void emitError(JsonNode id, long line, String code, String message) {
        ObjectNode node = event("error");
        if (id != null)
            node.set("id", id);
        if (line > 0)
            node.put("line", line);
        node.put("error", code);
        node.put("message", message == null ? "" : message);
        emit(node);
    }

    /** Reads one line of at most lineCharsMax characters; null at the end of input. */
    static String readLine(BufferedReader in, boolean[] tooLong) throws IOException {
        StringBuilder line = new StringBuilder();
        tooLong[0] = false;
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n')
                return line.toString();
            if (line.length() < lineCharsMax)
                line.append((char) c);
            else
                tooLong[0] = true;
        }
        return line.length() == 0 && !tooLong[0] ? null : line.toString();
    }

    int run(BufferedReader in) throws IOException {
        boolean[] tooLong = new boolean[1];
        String line;
        while ((line = readLine(in, tooLong)) != null) {
            ++lineNumber;
            if (tooLong[0]) {
                emitError(null, lineNumber, "bad-input", "line longer than " + lineCharsMax + " characters");
                continue;
            }
            if (line.isBlank())
                continue;
            JsonNode command;
            try {
                command = json.readTree(line);
            } catch (JsonProcessingException e) {
                emitError(null, lineNumber, "bad-input", "not JSON: " + e.getOriginalMessage());
                continue;
            }
            if (command == null || !command.isObject()) {
                emitError(null, lineNumber, "bad-input", "expected a JSON object");
                continue;
            }
            JsonNode id = command.get("id");
            try {
                if (!execute(command, id))
                    break;
            } catch (BadCommand e) {
                emitError(id, lineNumber, e.code, e.getMessage());
            } catch (RuntimeException e) {
                emitError(id, lineNumber, kafkaError(e), e.getMessage());
            }
        }
        closeAll();
        ObjectNode bye = event("exit");
        emit(bye);
        return 0;
    }

    /** Runs one command; false when the harness is to exit. */
    boolean execute(JsonNode command, JsonNode id) throws BadCommand {
        String op = text(command, "op", true);
        switch (op) {
            case "ping" -> reply(id, event("pong"));
            case "producer" -> createProducer(command, id);
            case "send" -> send(command, id);
            case "flush" -> flush(command, id);
            case "consumer" -> createConsumer(command, id);
            case "poll" -> poll(command, id);
            case "commit" -> commit(command, id);
            case "seek" -> seek(command, id);
            case "status" -> status(id);
            case "describe_groups" -> describeGroups(command, id);
            case "close" -> close(command, id);
            case "exit" -> {
                return false;
            }
            default -> throw new BadCommand("bad-input", "unknown op \"" + op + "\": expected ping, producer, send, "
                    + "flush, consumer, poll, commit, seek, status, describe_groups, close or exit");
        }
        return true;
    }

    static void reply(JsonNode id, ObjectNode node) {
        if (id != null)
            node.set("id", id);
        emit(node);
    }

    static String text(JsonNode command, String field, boolean required) throws BadCommand {
        JsonNode value = command.get(field);
        if (value == null || value.isNull()) {
            if (required)
                throw new BadCommand("bad-input", "missing \"" + field + "\"");
            return null;
        }
        if (!value.isTextual())
            throw new BadCommand("bad-input", "\"" + field + "\" must be a string");
        return value.asText();
    }

    static long integer(JsonNode command, String field, long fallback, long min, long max) throws BadCommand {
        JsonNode value = command.get(field);
        if (value == null || value.isNull())
            return fallback;
        if (!value.isIntegralNumber() || !value.canConvertToLong())
            throw new BadCommand("bad-input", "\"" + field + "\" must be an integer");
        long number = value.asLong();
        if (number < min || number > max)
            throw new BadCommand("bad-input", "\"" + field + "\" must be in " + min + ".." + max + ", not " + number);
        return number;
    }

    /** The command's "config" object as client properties: every value a string, number or boolean. */
    static Properties config(JsonNode command) throws BadCommand {
        JsonNode config = command.get("config");
        Properties properties = new Properties();
        if (config == null || config.isNull())
            return properties;
        if (!config.isObject())
            throw new BadCommand("bad-input", "\"config\" must be an object of client settings");
        for (Map.Entry<String, JsonNode> field : config.properties()) {
            JsonNode value = field.getValue();
            if (!value.isValueNode() || value.isNull())
                throw new BadCommand("bad-input", "config \"" + field.getKey() + "\" must be a string, number or boolean");
            properties.put(field.getKey(), value.asText());
        }
        return properties;
    }

    void checkNewName(String name) throws BadCommand {
        if (producers.containsKey(name) || consumers.containsKey(name))
            throw new BadCommand("bad-input", "a client named \"" + name + "\" is open already");
        if (producers.size() + consumers.size() >= clientsMax)
            throw new BadCommand("limit", "at most " + clientsMax + " clients may be open at once");
    }

    KafkaProducer<String, String> producer(JsonNode command) throws BadCommand {
        String name = text(command, "producer", true);
        KafkaProducer<String, String> producer = producers.get(name);
        if (producer == null)
            throw new BadCommand("bad-input", "no producer named \"" + name + "\"");
        return producer;
    }

    ConsumerWorker consumer(JsonNode command) throws BadCommand {
        String name = text(command, "consumer", true);
        ConsumerWorker consumer = consumers.get(name);
        if (consumer == null)
            throw new BadCommand("bad-input", "no consumer named \"" + name + "\"");
        return consumer;
    }

    void createProducer(JsonNode command, JsonNode id) throws BadCommand {
        String name = text(command, "name", true);
        checkNewName(name);
        Properties properties = config(command);
        KafkaProducer<String, String> producer;
        try {
            producer = new KafkaProducer<>(properties, new StringSerializer(), new StringSerializer());
        } catch (RuntimeException e) {
            throw new BadCommand("config", rootMessage(e));
        }
        producers.put(name, producer);
        ObjectNode node = event("producer");
        node.put("name", name);
        reply(id, node);
    }

    void send(JsonNode command, JsonNode id) throws BadCommand {
        String name = text(command, "producer", true);
        KafkaProducer<String, String> producer = producer(command);
        String topic = text(command, "topic", true);
        long partition = integer(command, "partition", -1, -1, Integer.MAX_VALUE);
        String key = text(command, "key", false);
        String value = text(command, "value", false);
        ProducerRecord<String, String> record = new ProducerRecord<>(topic,
                partition < 0 ? null : (int) partition, key, value);
        long sentNanos = System.nanoTime();
        // send() itself may throw (a record too large, a closed producer) or block up to max.block.ms for
        // metadata; either way exactly one ack or error line answers the send.
        producer.send(record, (metadata, exception) -> {
            ObjectNode node = exception == null ? event("ack") : event("error");
            if (id != null)
                node.set("id", id);
            node.put("producer", name);
            node.put("topic", topic);
            if (exception == null) {
                node.put("partition", metadata.partition());
                node.put("offset", metadata.hasOffset() ? metadata.offset() : -1);
                node.put("timestamp", metadata.hasTimestamp() ? metadata.timestamp() : -1);
            } else {
                if (partition >= 0)
                    node.put("partition", partition);
                node.put("error", kafkaError(exception));
                node.put("message", exception.getMessage());
            }
            node.put("elapsed_ms", (System.nanoTime() - sentNanos) / 1_000_000);
            emit(node);
        });
    }

    void flush(JsonNode command, JsonNode id) throws BadCommand {
        String name = text(command, "producer", true);
        producer(command).flush();
        ObjectNode node = event("flushed");
        node.put("producer", name);
        reply(id, node);
    }

    // Consumers. Each consumer lives on a thread of its own (ConsumerWorker), which runs its commands in
    // the order given and, for a consumer that polls on its own (auto_poll), polls between them: a group
    // member must keep polling to rebalance and to stay in its group, whatever the other commands wait for.
    // The main thread hands a worker its commands and goes on; the worker writes their answers.

    /** The worker whose thread is running: the assignors below mark it as its group's leader. */
    static final ThreadLocal<ConsumerWorker> currentWorker = new ThreadLocal<>();

    /** Called by an assignor, which only the group's leader member runs (AbstractCoordinator.onLeaderElected). */
    static void markLeader() {
        ConsumerWorker worker = currentWorker.get();
        if (worker != null)
            worker.leaderPending = true;
    }

    // Kafka's own assignors under the same protocol names, so that a member running them is told apart as
    // its group's leader: DescribeGroups does not name the leader. Nothing else differs.
    public static final class LeaderRange extends RangeAssignor {
        @Override
        public GroupAssignment assign(Cluster metadata, GroupSubscription subscriptions) {
            markLeader();
            return super.assign(metadata, subscriptions);
        }
    }

    public static final class LeaderRoundRobin extends RoundRobinAssignor {
        @Override
        public GroupAssignment assign(Cluster metadata, GroupSubscription subscriptions) {
            markLeader();
            return super.assign(metadata, subscriptions);
        }
    }

    public static final class LeaderSticky extends StickyAssignor {
        @Override
        public GroupAssignment assign(Cluster metadata, GroupSubscription subscriptions) {
            markLeader();
            return super.assign(metadata, subscriptions);
        }
    }

    public static final class LeaderCooperativeSticky extends CooperativeStickyAssignor {
        @Override
        public GroupAssignment assign(Cluster metadata, GroupSubscription subscriptions) {
            markLeader();
            return super.assign(metadata, subscriptions);
        }
    }

    static String assignorClass(String assignor) throws BadCommand {
        return switch (assignor) {
            case "range" -> LeaderRange.class.getName();
            case "roundrobin" -> LeaderRoundRobin.class.getName();
            case "sticky" -> LeaderSticky.class.getName();
            case "cooperative-sticky" -> LeaderCooperativeSticky.class.getName();
            default -> throw new BadCommand("bad-input", "unknown assignor \"" + assignor
                    + "\": expected range, roundrobin, sticky or cooperative-sticky");
        };
    }

    /** A command a worker runs on its thread. */
    interface ConsumerTask {
        void run() throws BadCommand;
    }

    static final class ConsumerWorker implements Runnable {
        final String name;
        final String group;
        final KafkaConsumer<String, String> consumer;
        final List<String> topics;
        final boolean autoPoll;
        final long pollIntervalMs;
        final LinkedBlockingQueue<Map.Entry<JsonNode, ConsumerTask>> tasks = new LinkedBlockingQueue<>();
        final Thread thread;
        // Written by this worker's thread only; the status snapshot is what other threads read.
        boolean closing = false;
        boolean fetching = false;
        boolean leaderPending = false;
        int leaderGeneration = -1;
        long polls = 0;
        volatile ObjectNode status;

        ConsumerWorker(String name, String group, KafkaConsumer<String, String> consumer, List<String> topics,
                boolean autoPoll, long pollIntervalMs) {
            this.name = name;
            this.group = group;
            this.consumer = consumer;
            this.topics = topics;
            this.autoPoll = autoPoll;
            this.pollIntervalMs = pollIntervalMs;
            this.thread = new Thread(this, "hwclient-consumer-" + name);
            this.thread.setDaemon(true);
            this.status = snapshot(false);
        }

        void submit(JsonNode id, ConsumerTask task) {
            tasks.add(new java.util.AbstractMap.SimpleEntry<>(id, task));
        }

        @Override
        public void run() {
            currentWorker.set(this);
            subscribe();
            long nextPoll = System.nanoTime();
            while (!closing) {
                long waitMs = autoPoll ? Math.max(0, (nextPoll - System.nanoTime()) / 1_000_000) : 1000;
                Map.Entry<JsonNode, ConsumerTask> task;
                try {
                    task = tasks.poll(waitMs, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    break;
                }
                if (task != null) {
                    try {
                        task.getValue().run();
                    } catch (BadCommand e) {
                        emitError(task.getKey(), 0, e.code, e.getMessage());
                    } catch (RuntimeException e) {
                        emitError(task.getKey(), 0, kafkaError(e), e.getMessage());
                    }
                    continue;
                }
                if (autoPoll && System.nanoTime() - nextPoll >= 0) {
                    try {
                        pollOnce(autoPollTimeoutMs, true);
                    } catch (RuntimeException e) {
                        emitError(null, 0, kafkaError(e), "consumer " + name + " polling: " + e.getMessage());
                    }
                    nextPoll = System.nanoTime() + pollIntervalMs * 1_000_000;
                }
            }
        }

        void subscribe() {
            // The listener runs inside poll, on this thread, so its lines come before the poll's answer.
            consumer.subscribe(topics, new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    emit(assignment("revoked", name, partitions));
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    // ConsumerCoordinator.onJoinComplete sets the group metadata before it calls the
                    // listener, so the generation here is the one this member's assignment belongs to.
                    if (leaderPending) {
                        leaderGeneration = consumer.groupMetadata().generationId();
                        leaderPending = false;
                    }
                    // A consumer that reads only in poll commands keeps its partitions paused meanwhile, so
                    // that the polls which run its group protocol read nothing.
                    if (!autoPoll && !fetching)
                        consumer.pause(partitions);
                    emit(assignment("assigned", name, partitions));
                }

                @Override
                public void onPartitionsLost(Collection<TopicPartition> partitions) {
                    emit(assignment("lost", name, partitions));
                }
            });
        }

        /** One poll: its records as lines, then the status snapshot is renewed. Returns the records read. */
        int pollOnce(long timeoutMs, boolean fetch) {
            fetching = fetch;
            if (!autoPoll && fetch)
                consumer.resume(consumer.assignment());
            ConsumerRecords<String, String> records;
            try {
                records = consumer.poll(Duration.ofMillis(timeoutMs));
            } finally {
                if (!autoPoll)
                    consumer.pause(consumer.assignment());
                fetching = false;
            }
            ++polls;
            for (ConsumerRecord<String, String> record : records) {
                ObjectNode node = event("record");
                node.put("consumer", name);
                node.put("topic", record.topic());
                node.put("partition", record.partition());
                node.put("offset", record.offset());
                node.put("timestamp", record.timestamp());
                if (record.leaderEpoch().isPresent())
                    node.put("leader_epoch", record.leaderEpoch().get());
                node.put("key", record.key());
                node.put("value", record.value());
                emit(node);
            }
            status = snapshot(true);
            return records.count();
        }

        /**
         * What this consumer knows of itself: its member id and generation (the group metadata its last
         * JoinGroup gave it), whether it led that generation, its assignment with the position of each
         * partition (null while the committed offset or the reset is still being looked up).
         */
        ObjectNode snapshot(boolean open) {
            ObjectNode node = json.createObjectNode();
            node.put("name", name);
            node.put("group", group);
            node.put("open", open);
            node.put("auto_poll", autoPoll);
            node.put("polls", polls);
            if (!open) {
                node.putArray("assignment");
                return node;
            }
            ConsumerGroupMetadata metadata = consumer.groupMetadata();
            node.put("member_id", metadata.memberId());
            node.put("generation", metadata.generationId());
            node.put("leader", metadata.generationId() >= 0 && metadata.generationId() == leaderGeneration);
            ArrayNode list = node.putArray("assignment");
            List<TopicPartition> owned = new ArrayList<>(consumer.assignment());
            owned.sort(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
            for (TopicPartition partition : owned) {
                ObjectNode item = list.addObject();
                item.put("topic", partition.topic());
                item.put("partition", partition.partition());
                try {
                    // A zero timeout: the position when it is known, never a wait for the lookup.
                    item.put("position", consumer.position(partition, Duration.ZERO));
                } catch (org.apache.kafka.common.errors.TimeoutException e) {
                    item.putNull("position");
                }
            }
            return node;
        }

        void close(JsonNode id, long timeoutMs) {
            // KafkaConsumer.close(Duration) is deprecated from 4.1 for close(CloseOptions), which 3.x
            // lacks; the harness builds against every release from 3.7 on, so it keeps the older call.
            try {
                consumer.close(Duration.ofMillis(timeoutMs));
            } finally {
                closing = true;
                status = snapshot(false);
            }
            ObjectNode node = event("closed");
            node.put("consumer", name);
            reply(id, node);
        }
    }

    /** An auto-polling consumer's poll waits at most this long, so that its commands are taken promptly. */
    static final long autoPollTimeoutMs = 100;

    void createConsumer(JsonNode command, JsonNode id) throws BadCommand {
        String name = text(command, "name", true);
        checkNewName(name);
        JsonNode topicsNode = command.get("topics");
        if (topicsNode == null || !topicsNode.isArray() || topicsNode.isEmpty())
            throw new BadCommand("bad-input", "\"topics\" must be a non-empty array of topic names");
        List<String> topics = new ArrayList<>();
        for (JsonNode topic : topicsNode) {
            if (!topic.isTextual())
                throw new BadCommand("bad-input", "\"topics\" must hold strings");
            topics.add(topic.asText());
        }
        boolean autoPoll = bool(command, "auto_poll", false);
        long pollIntervalMs = integer(command, "poll_interval_ms", 0, 0, timeoutMaxMs);
        Properties properties = config(command);
        String assignor = text(command, "assignor", false);
        if (assignor != null)
            properties.put("partition.assignment.strategy", assignorClass(assignor));
        KafkaConsumer<String, String> consumer;
        try {
            consumer = new KafkaConsumer<>(properties, new StringDeserializer(), new StringDeserializer());
        } catch (RuntimeException e) {
            throw new BadCommand("config", rootMessage(e));
        }
        ConsumerWorker worker = new ConsumerWorker(name, properties.getProperty("group.id", ""), consumer, topics,
                autoPoll, pollIntervalMs);
        consumers.put(name, worker);
        worker.thread.start();
        ObjectNode node = event("consumer");
        node.put("name", name);
        reply(id, node);
    }

    static boolean bool(JsonNode command, String field, boolean fallback) throws BadCommand {
        JsonNode value = command.get(field);
        if (value == null || value.isNull())
            return fallback;
        if (!value.isBoolean())
            throw new BadCommand("bad-input", "\"" + field + "\" must be true or false");
        return value.asBoolean();
    }

    static ObjectNode assignment(String what, String consumer, Collection<TopicPartition> partitions) {
        ObjectNode node = event(what);
        node.put("consumer", consumer);
        ArrayNode list = node.putArray("partitions");
        for (TopicPartition partition : partitions) {
            ObjectNode item = list.addObject();
            item.put("topic", partition.topic());
            item.put("partition", partition.partition());
        }
        return node;
    }

    void poll(JsonNode command, JsonNode id) throws BadCommand {
        ConsumerWorker worker = consumer(command);
        long timeoutMs = integer(command, "timeout_ms", 1000, 0, timeoutMaxMs);
        boolean fetch = bool(command, "fetch", true);
        worker.submit(id, () -> {
            int count = worker.pollOnce(timeoutMs, fetch);
            ObjectNode node = worker.status.deepCopy();
            node.put("event", "polled");
            node.put("consumer", worker.name);
            node.put("count", count);
            reply(id, node);
        });
    }

    void commit(JsonNode command, JsonNode id) throws BadCommand {
        ConsumerWorker worker = consumer(command);
        worker.submit(id, () -> {
            KafkaConsumer<String, String> consumer = worker.consumer;
            Map<TopicPartition, OffsetAndMetadata> positions = new LinkedHashMap<>();
            for (TopicPartition partition : consumer.assignment())
                positions.put(partition, new OffsetAndMetadata(consumer.position(partition)));
            consumer.commitSync(positions);
            ObjectNode node = event("committed");
            node.put("consumer", worker.name);
            ArrayNode list = node.putArray("offsets");
            for (Map.Entry<TopicPartition, OffsetAndMetadata> entry : positions.entrySet()) {
                ObjectNode item = list.addObject();
                item.put("topic", entry.getKey().topic());
                item.put("partition", entry.getKey().partition());
                item.put("offset", entry.getValue().offset());
            }
            reply(id, node);
        });
    }

    void seek(JsonNode command, JsonNode id) throws BadCommand {
        ConsumerWorker worker = consumer(command);
        String topic = text(command, "topic", true);
        long partition = integer(command, "partition", 0, 0, Integer.MAX_VALUE);
        long offset = integer(command, "offset", 0, 0, Long.MAX_VALUE);
        worker.submit(id, () -> {
            TopicPartition tp = new TopicPartition(topic, (int) partition);
            if (!worker.consumer.assignment().contains(tp))
                throw new BadCommand("bad-input", "consumer " + worker.name + " does not own " + tp);
            worker.consumer.seek(tp, offset);
            worker.status = worker.snapshot(true);
            ObjectNode node = event("sought");
            node.put("consumer", worker.name);
            node.put("topic", topic);
            node.put("partition", partition);
            node.put("offset", offset);
            reply(id, node);
        });
    }

    /** Every open consumer's snapshot (ConsumerWorker.snapshot), as of its last poll or command. */
    void status(JsonNode id) {
        ObjectNode node = event("status");
        ArrayNode list = node.putArray("consumers");
        for (ConsumerWorker worker : consumers.values())
            list.add(worker.status);
        reply(id, node);
    }

    /**
     * The groups as their coordinators describe them (DescribeGroups through Kafka's Admin client: state,
     * protocol, coordinator, members with their client id and assignment) and their committed offsets
     * (OffsetFetch). The admin client is made at the first call, with this command's config.
     */
    void describeGroups(JsonNode command, JsonNode id) throws BadCommand {
        JsonNode groupsNode = command.get("groups");
        if (groupsNode == null || !groupsNode.isArray() || groupsNode.isEmpty())
            throw new BadCommand("bad-input", "\"groups\" must be a non-empty array of group ids");
        List<String> groups = new ArrayList<>();
        for (JsonNode group : groupsNode) {
            if (!group.isTextual())
                throw new BadCommand("bad-input", "\"groups\" must hold strings");
            groups.add(group.asText());
        }
        long timeoutMs = integer(command, "timeout_ms", 10_000, 1, timeoutMaxMs);
        if (admin == null) {
            try {
                admin = Admin.create(config(command));
            } catch (RuntimeException e) {
                throw new BadCommand("config", rootMessage(e));
            }
        }
        Map<String, KafkaFuture<ConsumerGroupDescription>> descriptions =
                admin.describeConsumerGroups(groups).describedGroups();
        ObjectNode node = event("groups");
        ArrayNode list = node.putArray("groups");
        for (String group : groups) {
            ObjectNode item = list.addObject();
            item.put("group", group);
            // A group nobody has joined yet: from 4.0 the coordinator answers GROUP_ID_NOT_FOUND, before it
            // the classic coordinator describes it as Dead with no members. Both are written as Dead.
            ConsumerGroupDescription description = awaitGroup(descriptions.get(group), "DescribeGroups of " + group,
                    timeoutMs);
            if (description == null) {
                item.put("state", "Dead");
                item.put("protocol", "");
                item.put("coordinator", -1);
                item.putArray("members");
                item.putArray("committed");
                continue;
            }
            // state() is deprecated from 4.0 for groupState(), which 3.x lacks; both name the classic states alike.
            item.put("state", description.state().toString());
            item.put("protocol", description.partitionAssignor());
            item.put("coordinator", description.coordinator() == null ? -1 : description.coordinator().id());
            ArrayNode members = item.putArray("members");
            for (MemberDescription member : description.members()) {
                ObjectNode m = members.addObject();
                m.put("member_id", member.consumerId());
                m.put("client_id", member.clientId());
                ArrayNode assigned = m.putArray("assignment");
                List<TopicPartition> partitions = new ArrayList<>(member.assignment().topicPartitions());
                partitions.sort(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
                for (TopicPartition partition : partitions) {
                    ObjectNode p = assigned.addObject();
                    p.put("topic", partition.topic());
                    p.put("partition", partition.partition());
                }
            }
            Map<TopicPartition, OffsetAndMetadata> offsets = awaitGroup(
                    admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata(), "OffsetFetch of " + group,
                    timeoutMs);
            if (offsets == null)
                offsets = Map.of();
            ArrayNode committed = item.putArray("committed");
            List<TopicPartition> partitions = new ArrayList<>(offsets.keySet());
            partitions.sort(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
            for (TopicPartition partition : partitions) {
                OffsetAndMetadata offset = offsets.get(partition);
                if (offset == null)
                    continue;
                ObjectNode c = committed.addObject();
                c.put("topic", partition.topic());
                c.put("partition", partition.partition());
                c.put("offset", offset.offset());
            }
        }
        reply(id, node);
    }

    /** The future's value within the timeout; null when the group does not exist (GroupIdNotFoundException). */
    static <T> T awaitGroup(KafkaFuture<T> future, String what, long timeoutMs) throws BadCommand {
        try {
            return future.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException)
                return null;
            throw new BadCommand(kafkaError(e.getCause()), what + ": " + e.getCause().getMessage());
        } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new BadCommand("TimeoutException", what + ": no answer within " + timeoutMs + " ms");
        }
    }

    void close(JsonNode command, JsonNode id) throws BadCommand {
        long timeoutMs = integer(command, "timeout_ms", 30_000, 0, timeoutMaxMs);
        String producerName = text(command, "producer", false);
        String consumerName = text(command, "consumer", false);
        if ((producerName == null) == (consumerName == null))
            throw new BadCommand("bad-input", "close names exactly one of \"producer\" and \"consumer\"");
        if (producerName != null) {
            KafkaProducer<String, String> producer = producer(command);
            producers.remove(producerName);
            producer.close(Duration.ofMillis(timeoutMs));
            ObjectNode node = event("closed");
            node.put("producer", producerName);
            reply(id, node);
        } else {
            ConsumerWorker worker = consumer(command);
            consumers.remove(consumerName);
            worker.submit(id, () -> worker.close(id, timeoutMs));
        }
    }

    void closeAll() {
        for (KafkaProducer<String, String> producer : producers.values()) {
            try {
                producer.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                emitError(null, 0, kafkaError(e), "closing a producer: " + e.getMessage());
            }
        }
        for (ConsumerWorker worker : consumers.values())
            worker.submit(null, () -> worker.close(null, 5000));
        for (ConsumerWorker worker : consumers.values()) {
            try {
                worker.thread.join(10_000);
            } catch (InterruptedException e) {
                break;
            }
        }
        if (admin != null) {
            try {
                admin.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                emitError(null, 0, kafkaError(e), "closing the admin client: " + e.getMessage());
            }
        }
        producers.clear();
        consumers.clear();
    }

    /** Kafka's name for an error: the exception's class without its package (NotEnoughReplicasException). */
    static String kafkaError(Throwable e) {
        return e.getClass().getSimpleName();
    }

    static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause)
            cause = cause.getCause();
        return cause == e ? String.valueOf(e.getMessage()) : e.getMessage() + ": " + cause.getMessage();
    }
}
