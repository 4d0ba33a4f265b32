// HwClient: Kafka's own Java producer and consumer, driven by HighWater through JSON lines on standard input,
// answering in JSON lines on standard output. docs/real-kafka.md ("The client harness") lists every line.
//
// It runs on the classpath of a Kafka distribution (libs/*: kafka-clients, and Jackson, which every Kafka
// distribution carries), so the client rules checked are those of the Kafka version the cluster runs.
// real/hwclient compiles it once per kafka-clients jar and starts it.
//
// Threads: the main thread reads commands and runs them one at a time, in order. A producer's acks arrive
// on that producer's I/O thread and are written as they come; every write to standard output is one whole
// line under one lock. Consumers are used from the main thread only, as KafkaConsumer requires.
// Nothing here waits without a bound: every blocking call is bounded by a timeout the command gives (capped
// at timeoutMaxMs) or by the client's own request and delivery timeouts.

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

public final class HwClient {
    // One command line is at most this long; a longer one is refused, read to its end and dropped.
    static final int lineCharsMax = 1 << 20;
    // At most this many producers and consumers open at once.
    static final int clientsMax = 64;
    // No command waits longer than this (poll, flush, close).
    static final long timeoutMaxMs = 600_000;
    // The version of the line protocol, reported in the "ready" line; it changes when a line changes.
    static final String protocolVersion = "1";

    private static final ObjectMapper json = new ObjectMapper();
    // The protocol's stream: the real standard output. System.out is pointed at standard error so that
    // nothing a library prints can break a protocol line.
    private static final PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false,
            StandardCharsets.UTF_8);
    private static final Object outLock = new Object();

    private final Map<String, KafkaProducer<String, String>> producers = new LinkedHashMap<>();
    private final Map<String, KafkaConsumer<String, String>> consumers = new LinkedHashMap<>();
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
            case "close" -> close(command, id);
            case "exit" -> {
                return false;
            }
            default -> throw new BadCommand("bad-input", "unknown op \"" + op + "\": expected ping, producer, send, "
                    + "flush, consumer, poll, commit, close or exit");
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

    KafkaConsumer<String, String> consumer(JsonNode command) throws BadCommand {
        String name = text(command, "consumer", true);
        KafkaConsumer<String, String> consumer = consumers.get(name);
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
        Properties properties = config(command);
        KafkaConsumer<String, String> consumer;
        try {
            consumer = new KafkaConsumer<>(properties, new StringDeserializer(), new StringDeserializer());
        } catch (RuntimeException e) {
            throw new BadCommand("config", rootMessage(e));
        }
        consumers.put(name, consumer);
        // The listener runs inside poll, on this thread, so its lines come before the poll's "polled".
        consumer.subscribe(topics, new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                emit(assignment("revoked", name, partitions));
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                emit(assignment("assigned", name, partitions));
            }

            @Override
            public void onPartitionsLost(Collection<TopicPartition> partitions) {
                emit(assignment("lost", name, partitions));
            }
        });
        ObjectNode node = event("consumer");
        node.put("name", name);
        reply(id, node);
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
        String name = text(command, "consumer", true);
        KafkaConsumer<String, String> consumer = consumer(command);
        long timeoutMs = integer(command, "timeout_ms", 1000, 0, timeoutMaxMs);
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(timeoutMs));
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
        ObjectNode node = event("polled");
        node.put("consumer", name);
        node.put("count", records.count());
        ArrayNode assigned = node.putArray("assignment");
        for (TopicPartition partition : consumer.assignment()) {
            ObjectNode item = assigned.addObject();
            item.put("topic", partition.topic());
            item.put("partition", partition.partition());
            item.put("position", consumer.position(partition, Duration.ofMillis(timeoutMs)));
        }
        reply(id, node);
    }

    void commit(JsonNode command, JsonNode id) throws BadCommand {
        String name = text(command, "consumer", true);
        KafkaConsumer<String, String> consumer = consumer(command);
        Map<TopicPartition, OffsetAndMetadata> positions = new LinkedHashMap<>();
        for (TopicPartition partition : consumer.assignment())
            positions.put(partition, new OffsetAndMetadata(consumer.position(partition)));
        consumer.commitSync(positions);
        ObjectNode node = event("committed");
        node.put("consumer", name);
        ArrayNode list = node.putArray("offsets");
        for (Map.Entry<TopicPartition, OffsetAndMetadata> entry : positions.entrySet()) {
            ObjectNode item = list.addObject();
            item.put("topic", entry.getKey().topic());
            item.put("partition", entry.getKey().partition());
            item.put("offset", entry.getValue().offset());
        }
        reply(id, node);
    }

    void close(JsonNode command, JsonNode id) throws BadCommand {
        long timeoutMs = integer(command, "timeout_ms", 30_000, 0, timeoutMaxMs);
        String producerName = text(command, "producer", false);
        String consumerName = text(command, "consumer", false);
        if ((producerName == null) == (consumerName == null))
            throw new BadCommand("bad-input", "close names exactly one of \"producer\" and \"consumer\"");
        ObjectNode node = event("closed");
        if (producerName != null) {
            KafkaProducer<String, String> producer = producer(command);
            producers.remove(producerName);
            producer.close(Duration.ofMillis(timeoutMs));
            node.put("producer", producerName);
        } else {
            KafkaConsumer<String, String> consumer = consumer(command);
            consumers.remove(consumerName);
            consumer.close(Duration.ofMillis(timeoutMs));
            node.put("consumer", consumerName);
        }
        reply(id, node);
    }

    // KafkaConsumer.close(Duration) is deprecated from 4.1 for close(CloseOptions), which 3.x lacks; the
    // harness builds against every release from 3.7 on, so it keeps the older call.
    void closeAll() {
        for (KafkaProducer<String, String> producer : producers.values()) {
            try {
                producer.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                emitError(null, 0, kafkaError(e), "closing a producer: " + e.getMessage());
            }
        }
        for (KafkaConsumer<String, String> consumer : consumers.values()) {
            try {
                consumer.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                emitError(null, 0, kafkaError(e), "closing a consumer: " + e.getMessage());
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
