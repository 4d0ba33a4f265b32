# SPDX-License-Identifier: MIT
"""Every Kafka client a class uses, against `highwater-cli serve` (issue #28, "Test clients"):

- Debian 12's kcat (librdkafka 2.0.2), python3-kafka (kafka-python 2.0.2) and python3-confluent-kafka (1.7.0
  on librdkafka 2.0.2), which scripts/setup.sh installs;
- PyPI's confluent-kafka 2.x (its wheel bundles a recent librdkafka) and kafka-python 2.x, npm's kafkajs and
  Kafka's own console producer and consumer (kafka-clients and kafka-tools from Maven Central), which
  scripts/live-clients installs as tests/live/clients/ pins them.

ClientVersions checks that each client is the version pinned. ClientMatrix starts one server for all its cases
(starting the JVM tools and the clients is the cost, not the server): each client produces to a topic of its
own with acks=all and reads the partition back with a consumer that assigns it itself, or, where a client
cannot work with serve, stops within a bound with a clear error. The API versions each client picked are
printed from serve's log (it logs every request's API and version with the connection's client.id).
Run by ctest (tests/live/CMakeLists.txt) with Debian's python3:
    python3 client_matrix.py CLI ClientMatrix
"""
import json
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time
import unittest
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402  (the Server class: free ports, startup, SIGTERM)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PINS = os.path.join(HERE, "clients")
DEBIAN_PYTHON = "/usr/bin/python3"
# Each client's run (one produce or one consume) is bounded: drive.py and drive.js give up after 45 s.
RUN_TIMEOUT_S = 60
# Records each client produces and reads back: enough for several batches per request.
RECORDS = 500
# A client that cannot work with serve must stop within this many seconds, not retry for ever.
STOP_WITHIN_S = 30

# Debian 12 (bookworm) pins its own: these are the versions its packages carry.
DEBIAN_VERSIONS = {
    "kcat": "1.7.1",
    "kcat librdkafka": "2.0.2",
    "python3-kafka": "2.0.2",
    "python3-confluent-kafka": "1.7.0 librdkafka 2.0.2",
}

# Every client of the matrix: its topic and client.id are named after it.
CLIENTS = ["kcat", "debian-kafka-python", "debian-confluent-kafka", "pypi-confluent-kafka", "pypi-kafka-python",
           "kafkajs", "java"]

# The codecs each client compresses with in ClientMatrix's compression cases: librdkafka's clients all four
# (serve advertises Produce from v0, as Kafka 4.x does for librdkafka, and Fetch 10, which zstd needs);
# kafka-python gzip alone, the one codec it has without python-snappy, lz4 or zstandard installed.
CODECS = ["gzip", "snappy", "lz4", "zstd"]
COMPRESSING = {"kcat": CODECS, "debian-confluent-kafka": CODECS, "pypi-confluent-kafka": CODECS,
               "debian-kafka-python": ["gzip"], "pypi-kafka-python": ["gzip"]}
# Records of a compression case: few, but each long and repetitive, so that every batch, even one of a single
# record, comes out smaller compressed (librdkafka sends a batch that compression does not shrink uncompressed).
COMPRESSED_RECORDS = 200


def clients_dir():
    """The directory scripts/live-clients installed, from its clients.properties."""
    result = subprocess.run([os.path.join(ROOT, "scripts", "live-clients"), "print"], capture_output=True,
                            text=True, timeout=60)
    if result.returncode != 0:
        raise AssertionError(result.stderr.strip() or "scripts/live-clients print failed")
    directory = result.stdout.strip()
    properties = {}
    with open(os.path.join(directory, "clients.properties")) as f:
        for line in f:
            if "=" in line and not line.startswith("#"):
                name, value = line.rstrip("\n").split("=", 1)
                properties[name] = value
    return properties


def pinned_pypi():
    """name -> version from requirements.txt's name==version lines."""
    with open(os.path.join(PINS, "requirements.txt")) as f:
        return dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^ \\\n]+)", f.read(), re.M))


def pinned_npm():
    with open(os.path.join(PINS, "package.json")) as f:
        return json.load(f)["dependencies"]


def pinned_kafka():
    with open(os.path.join(PINS, "kafka-tools.version")) as f:
        return f.read().strip()


def jar_version(jar):
    """The version in a Kafka jar's kafka/kafka-version.properties, as Kafka's AppInfoParser reads it."""
    with zipfile.ZipFile(jar) as z:
        for line in z.read("kafka/kafka-version.properties").decode().splitlines():
            if line.startswith("version="):
                return line.split("=", 1)[1].strip()
    return None


def run(args, env=None, stdin=None, timeout=RUN_TIMEOUT_S):
    return subprocess.run(args, input=stdin, capture_output=True, timeout=timeout, env=env)



def stop_and_print_api_versions(server, what):
    """Stops the shared server and prints, from its log, the API versions each client.id used."""
    server.stop()
    print("API versions each %s used (client.id: API vN ...):" % what)
    for client_id, apis in sorted(api_versions(server.output()).items()):
        print("  %s: %s" % (client_id, ", ".join(sorted(apis))))

class ClientVersions(unittest.TestCase):
    def test_each_client_is_the_version_pinned(self):
        kcat = run(["kcat", "-V"]).stdout.decode()
        found = re.search(r"Version (\S+) .*librdkafka (\S+)", kcat)
        self.assertIsNotNone(found, kcat)
        self.assertEqual(found.group(1), DEBIAN_VERSIONS["kcat"])
        self.assertEqual(found.group(2), DEBIAN_VERSIONS["kcat librdkafka"])
        drive = os.path.join(PINS, "drive.py")
        self.assertEqual(run([DEBIAN_PYTHON, drive, "kafka-python", "version"]).stdout.decode().strip(),
                         DEBIAN_VERSIONS["python3-kafka"])
        self.assertEqual(run([DEBIAN_PYTHON, drive, "confluent-kafka", "version"]).stdout.decode().strip(),
                         DEBIAN_VERSIONS["python3-confluent-kafka"])

        installed = clients_dir()
        pypi = pinned_pypi()
        self.assertEqual(sorted(pypi), ["confluent-kafka", "kafka-python"])
        venv = installed["python"]
        confluent = run([venv, drive, "confluent-kafka", "version"]).stdout.decode().split()
        self.assertEqual(confluent[0], pypi["confluent-kafka"])
        self.assertEqual(confluent[1], "librdkafka")  # the wheel's own, not Debian's 2.0.2
        self.assertNotEqual(confluent[2], DEBIAN_VERSIONS["kcat librdkafka"])
        self.assertEqual(run([venv, drive, "kafka-python", "version"]).stdout.decode().strip(), pypi["kafka-python"])
        self.assertTrue(pypi["kafka-python"].startswith("2."), "the issue names kafka-python 2.x")
        self.assertTrue(pypi["confluent-kafka"].startswith("2."), "the issue names confluent-kafka 2.x")

        kafkajs = run(["node", os.path.join(PINS, "drive.js"), "version"],
                      env=dict(os.environ, NODE_PATH=installed["node.modules"])).stdout.decode().strip()
        self.assertEqual(kafkajs, pinned_npm()["kafkajs"])
        with open(os.path.join(PINS, "package-lock.json")) as f:
            self.assertEqual(json.load(f)["packages"]["node_modules/kafkajs"]["version"], kafkajs)

        kafka = pinned_kafka()
        self.assertEqual(installed["kafka.version"], kafka)
        libs = os.path.join(installed["kafka.dist"], "libs")
        self.assertEqual(jar_version(os.path.join(libs, "kafka-clients-%s.jar" % kafka)), kafka)
        self.assertTrue(os.path.isfile(os.path.join(libs, "kafka-tools-%s.jar" % kafka)))
        # The tools report kafka-clients' version (AppInfoParser): the one they run with.
        tool = run([os.path.join(installed["kafka.bin"], "kafka-console-consumer.sh"), "--version"])
        self.assertEqual(tool.stdout.decode().strip(), kafka, tool.stderr.decode())
        for tool in ("kafka-console-producer.sh", "kafka-console-consumer.sh", "kafka-consumer-groups.sh"):
            with open(os.path.join(installed["kafka.bin"], tool)) as f:
                self.assertIn(installed["kafka.dist"], f.read(), tool)


class LiveClientsScript(unittest.TestCase):
    """scripts/live-clients: a registry it cannot reach is one clear line, and a second run needs no network."""

    def unreachable(self):
        """A loopback URL nothing listens on: a port bound but not listening refuses connections."""
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.addCleanup(sock.close)
        return "http://127.0.0.1:%d/" % sock.getsockname()[1]

    def test_an_unreachable_registry_is_one_clear_line_and_leaves_nothing_that_looks_installed(self):
        cache = tempfile.mkdtemp(prefix="hw-clients-")
        env = dict(os.environ, HW_CLIENTS_CACHE=cache, PIP_INDEX_URL=self.unreachable() + "simple",
                   npm_config_registry=self.unreachable())
        script = os.path.join(ROOT, "scripts", "live-clients")
        result = run([script, "install"], env=env, timeout=300)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, b"")
        last = result.stderr.decode().strip().splitlines()[-1]
        self.assertRegex(last, r"^live-clients: cannot reach PyPI \(http://127\.0\.0\.1:\d+/simple\): "
                               r"Connection refused; see .*/pip\.log$")
        printed = run([script, "print"], env=env)
        self.assertEqual(printed.returncode, 2)
        self.assertIn("run scripts/live-clients install", printed.stderr.decode())

    def test_a_second_run_needs_no_network_and_returns_at_once(self):
        installed = subprocess.run([os.path.join(ROOT, "scripts", "live-clients"), "print"], capture_output=True,
                                   text=True, timeout=60)
        self.assertEqual(installed.returncode, 0, installed.stderr)
        env = dict(os.environ, PIP_INDEX_URL=self.unreachable() + "simple", npm_config_registry=self.unreachable(),
                   HW_KAFKA_MVN_ARGS="-o")
        start = time.time()
        again = run([os.path.join(ROOT, "scripts", "live-clients"), "install"], env=env)
        self.assertLess(time.time() - start, 2.0)
        self.assertEqual(again.returncode, 0, again.stderr.decode())
        self.assertEqual(again.stdout.decode(), installed.stdout)


def scenario_path():
    """Three brokers and a topic per client (one partition, three replicas), so that no client reads another's
    records and each check stands alone."""
    scenario = {
        "format": "highwater/1", "name": "client-matrix",
        "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
        "topics": [{"name": "matrix-" + c, "partitions": 1, "replication.factor": 3,
                    "assignment": [[1 + i % 3, 1 + (i + 1) % 3, 1 + (i + 2) % 3]]} for i, c in enumerate(CLIENTS)]
        # One topic per compressing client (a scenario has at most 16): its codecs follow one another there,
        # each read back by its values' prefix.
        + [{"name": "compressed-" + c, "partitions": 1, "replication.factor": 3,
            "assignment": [[1 + i % 3, 1 + (i + 1) % 3, 1 + (i + 2) % 3]]} for i, c in enumerate(sorted(COMPRESSING))],
    }
    path = os.path.join(tempfile.mkdtemp(prefix="hw-matrix-"), "client-matrix.json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    return path


class ClientMatrix(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.clients = clients_dir()
        cls.server = real_clients.Server(scenario_path())
        cls.bootstrap = cls.server.broker(1)

    @classmethod
    def tearDownClass(cls):
        stop_and_print_api_versions(cls.server, "client")

    def values(self, client):
        return ["%s-%d" % (client, i) for i in range(RECORDS)]

    def assert_offsets(self, result, client):
        self.assertEqual(result.returncode, 0, result.stderr.decode())
        offsets = [int(line) for line in result.stdout.decode().split()]
        self.assertEqual(len(offsets), RECORDS)
        # The topic is the client's alone: its records sit at offsets 0 .. RECORDS-1, in order.
        self.assertEqual(offsets, list(range(RECORDS)), client)

    def assert_read_back(self, result, client):
        self.assertEqual(result.returncode, 0, result.stderr.decode())
        self.assertEqual(result.stdout.decode().split(), self.values(client))

    def assert_used(self, client, expected):
        """The APIs the client's connections used, each at the version named (serve's log)."""
        used = api_versions(self.server.output()).get("hw-" + client, set())
        for api in expected:
            self.assertIn(api, used, "%s used %s" % (client, sorted(used)))

    def python_client(self, python, library, client):
        drive = os.path.join(PINS, "drive.py")
        topic = "matrix-" + client
        produced = run([python, drive, library, "produce", self.bootstrap, topic, "0", "hw-" + client, client,
                        str(RECORDS)])
        self.assert_offsets(produced, client)
        consumed = run([python, drive, library, "consume", self.bootstrap, topic, "0", "hw-" + client, client,
                        str(RECORDS)])
        self.assert_read_back(consumed, client)

    def compressed_prefix(self, client, codec):
        return "%s-%s-%s" % (client, codec, "abc" * 50)

    def compressed_values(self, client, codec):
        return ["%s-%d" % (self.compressed_prefix(client, codec), i) for i in range(COMPRESSED_RECORDS)]

    def assert_compressed(self, client_id, codec):
        """Every Produce batch of the client.id arrived compressed with `codec` (serve's log names the codec of
        each connection's batches when it changes): one "none" fails."""
        seen = produce_codecs(self.server.output()).get(client_id, set())
        self.assertEqual(seen, {codec}, "%s's batches arrived as %s" % (client_id, sorted(seen)))

    def compressed_case(self, client, codec, produce, consume):
        """`produce(topic, client_id, values)` with compression `codec`, then `consume(topic, client_id, prefix)`
        reads the values back; the batches must have arrived compressed."""
        topic = "compressed-" + client
        client_id = "hw-%s-%s" % (client, codec)
        values = self.compressed_values(client, codec)
        produced = produce(topic, client_id, values)
        self.assertEqual(produced.returncode, 0, produced.stderr.decode())
        consumed = consume(topic, client_id, self.compressed_prefix(client, codec))
        self.assertEqual(consumed.returncode, 0, consumed.stderr.decode())
        read = [v for v in consumed.stdout.decode().split() if v.startswith(self.compressed_prefix(client, codec))]
        self.assertEqual(read, values, "%s %s" % (client, codec))
        self.assert_compressed(client_id, codec)

    def test_kcat_compressed(self):
        def produce(topic, client_id, values):
            return run(["kcat", "-b", self.bootstrap, "-P", "-t", topic, "-p", "0", "-X", "acks=all", "-z",
                        codec, "-X", "client.id=" + client_id], stdin=("\n".join(values) + "\n").encode())

        def consume(topic, client_id, prefix):
            return run(["kcat", "-b", self.bootstrap, "-C", "-t", topic, "-p", "0", "-o", "beginning", "-e", "-q",
                        "-X", "client.id=" + client_id])
        for codec in COMPRESSING["kcat"]:
            with self.subTest(codec=codec):
                self.compressed_case("kcat", codec, produce, consume)
        # zstd needs Produce 7 and Fetch 10 (librdkafka's ZSTD feature): kcat used both.
        self.assert_used("kcat-zstd", ["Produce v7", "Fetch v10"])

    def python_compressed(self, python, library, client):
        drive = os.path.join(PINS, "drive.py")

        def produce(topic, client_id, values):
            # drive.py produces PREFIX-0 .. PREFIX-(COUNT-1): the values compressed_values() names.
            return run([python, drive, library, "produce", self.bootstrap, topic, "0", client_id,
                        self.compressed_prefix(client, codec), str(COMPRESSED_RECORDS), codec])

        def consume(topic, client_id, prefix):
            return run([python, drive, library, "consume", self.bootstrap, topic, "0", client_id, prefix,
                        str(COMPRESSED_RECORDS)])
        for codec in COMPRESSING[client]:
            with self.subTest(codec=codec):
                self.compressed_case(client, codec, produce, consume)

    def test_debian_confluent_kafka_compressed(self):
        self.python_compressed(DEBIAN_PYTHON, "confluent-kafka", "debian-confluent-kafka")

    def test_pypi_confluent_kafka_compressed(self):
        self.python_compressed(self.clients["python"], "confluent-kafka", "pypi-confluent-kafka")

    def test_debian_kafka_python_compressed(self):
        self.python_compressed(DEBIAN_PYTHON, "kafka-python", "debian-kafka-python")

    def test_pypi_kafka_python_compressed(self):
        self.python_compressed(self.clients["python"], "kafka-python", "pypi-kafka-python")

    def test_kcat(self):
        client = "kcat"
        produced = run(["kcat", "-b", self.bootstrap, "-P", "-t", "matrix-kcat", "-p", "0", "-X", "acks=all",
                        "-X", "client.id=hw-kcat"], stdin=("\n".join(self.values(client)) + "\n").encode())
        self.assertEqual(produced.returncode, 0, produced.stderr.decode())
        consumed = run(["kcat", "-b", self.bootstrap, "-C", "-t", "matrix-kcat", "-p", "0", "-o", "beginning", "-e",
                        "-q", "-X", "client.id=hw-kcat"])
        self.assert_read_back(consumed, client)
        self.assert_used(client, ["Produce v7", "Fetch v10", "ListOffsets v2"])

    def test_debian_kafka_python(self):
        self.python_client(DEBIAN_PYTHON, "kafka-python", "debian-kafka-python")
        # kafka-python 2.0.2 guesses the broker's version from ApiVersions (conn.py
        # _infer_broker_version_from_api_versions): Fetch 10 makes it 2.1, for which its sender picks Produce 7;
        # its fetcher sends Fetch 4 for anything from 0.11 on.
        self.assert_used("debian-kafka-python", ["Produce v7", "Fetch v4", "ListOffsets v1", "Metadata v1"])

    def test_debian_confluent_kafka(self):
        self.python_client(DEBIAN_PYTHON, "confluent-kafka", "debian-confluent-kafka")
        self.assert_used("debian-confluent-kafka", ["Produce v7", "Fetch v10"])

    def test_pypi_confluent_kafka(self):
        self.python_client(self.clients["python"], "confluent-kafka", "pypi-confluent-kafka")
        self.assert_used("pypi-confluent-kafka", ["Produce v7", "Fetch v10"])

    def test_pypi_kafka_python(self):
        self.python_client(self.clients["python"], "kafka-python", "pypi-kafka-python")
        self.assert_used("pypi-kafka-python", ["Produce v7", "Fetch v10"])

    def test_kafkajs(self):
        client = "kafkajs"
        env = dict(os.environ, NODE_PATH=self.clients["node.modules"])
        drive = os.path.join(PINS, "drive.js")
        produced = run(["node", drive, "produce", self.bootstrap, "matrix-kafkajs", "0", "hw-kafkajs", client,
                        str(RECORDS)], env=env)
        self.assert_offsets(produced, client)
        self.assert_used(client, ["Produce v7"])
        # kafkajs has no consumer without a group: it needs the group coordinator's APIs. Where serve
        # advertises them it reads the records back through its group; where it does not, kafkajs must say
        # so and stop rather than retry.
        start = time.time()
        consumed = run(["node", drive, "consume", self.bootstrap, "matrix-kafkajs", "0", "hw-kafkajs", client,
                        str(RECORDS)], env=env)
        if FIND_COORDINATOR in advertised_api_keys(self.server):
            self.assert_read_back(consumed, client)
            self.assert_used(client, ["FindCoordinator v2", "JoinGroup v4", "SyncGroup v2", "Fetch v10"])
        else:
            self.assertLess(time.time() - start, STOP_WITHIN_S)
            self.assertEqual(consumed.returncode, 1)
            self.assertIn("Failed to find group coordinator", consumed.stderr.decode())

    def test_java_console_producer_and_consumer(self):
        client = "java"
        bin_dir = self.clients["kafka.bin"]
        produced = run([os.path.join(bin_dir, "kafka-console-producer.sh"), "--bootstrap-server", self.bootstrap,
                        "--topic", "matrix-java", "--command-property", "acks=all",
                        "--command-property", "client.id=hw-java"],
                       stdin=("\n".join(self.values(client)) + "\n").encode())
        self.assertEqual(produced.returncode, 0, produced.stderr.decode())
        # --partition makes the console consumer assign the partition itself (no group).
        consumed = run([os.path.join(bin_dir, "kafka-console-consumer.sh"), "--bootstrap-server", self.bootstrap,
                        "--topic", "matrix-java", "--partition", "0", "--offset", "earliest", "--max-messages",
                        str(RECORDS), "--timeout-ms", "30000", "--command-property", "client.id=hw-java"])
        self.assert_read_back(consumed, client)
        self.assert_used(client, ["Produce v7", "Fetch v10", "InitProducerId v1"])


# The group tests: a topic of GROUP_PARTITIONS partitions per client, GROUP_RECORDS records in each.
GROUP_CLIENTS = ["pypi-confluent-kafka", "debian-confluent-kafka", "pypi-kafka-python", "kafkajs", "java"]
GROUP_PARTITIONS = 4
GROUP_RECORDS = 100


def group_scenario_path():
    scenario = {
        "format": "highwater/1", "name": "client-groups",
        "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
        "topics": [{"name": "groups-" + c, "partitions": GROUP_PARTITIONS, "replication.factor": 3,
                    "assignment": [[1 + (i + p) % 3, 1 + (i + p + 1) % 3, 1 + (i + p + 2) % 3]
                                   for p in range(GROUP_PARTITIONS)]} for i, c in enumerate(GROUP_CLIENTS)],
    }
    path = os.path.join(tempfile.mkdtemp(prefix="hw-groups-"), "client-groups.json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    return path


class ClientGroups(unittest.TestCase):
    """Two consumers of one group split a topic of four partitions, commit (b only half of what it read) and
    b leaves: a then owns every partition and reads b's from b's commits on, nothing skipped and nothing read
    twice past a commit (tests/live/clients/group_drive.py, group_drive.js and GroupDrive.java say how). Then
    kafka-consumer-groups.sh --describe shows the group's committed offsets. One server for all cases."""

    @classmethod
    def setUpClass(cls):
        cls.clients = clients_dir()
        cls.server = real_clients.Server(group_scenario_path())
        cls.bootstrap = cls.server.broker(1)
        for client in GROUP_CLIENTS:
            for p in range(GROUP_PARTITIONS):
                values = "".join("%s-%d-%d\n" % (client, p, i) for i in range(GROUP_RECORDS))
                produced = run(["kcat", "-b", cls.bootstrap, "-P", "-t", "groups-" + client, "-p", str(p),
                                "-X", "acks=all"], stdin=values.encode())
                assert produced.returncode == 0, produced.stderr.decode()

    @classmethod
    def tearDownClass(cls):
        stop_and_print_api_versions(cls.server, "group client")

    def assert_rebalanced_from_the_commits(self, result):
        self.assertEqual(result.returncode, 0, result.stderr.decode())
        run_ = json.loads(result.stdout)
        every = list(range(GROUP_PARTITIONS))
        self.assertTrue(run_["a"] and run_["b"], run_)
        self.assertEqual(sorted(run_["a"] + run_["b"]), every, run_)
        self.assertEqual(run_["a_final"], every)
        read = {}
        for partition, offset in run_["a_after_leave"]:
            read.setdefault(partition, []).append(offset)
        # a committed the end of its own partitions: it reads none of them again. b committed half of each of
        # its own: a reads each from there to the end, once and in order.
        self.assertEqual(sorted(read), run_["b"])
        for partition in run_["b"]:
            self.assertEqual(read[partition], list(range(GROUP_RECORDS // 2, GROUP_RECORDS)), partition)
        return run_

    def python_group(self, python, library, client):
        result = run([python, os.path.join(PINS, "group_drive.py"), library, self.bootstrap, "groups-" + client,
                      "hw-" + client, str(GROUP_PARTITIONS), str(GROUP_RECORDS)], timeout=120)
        self.assert_rebalanced_from_the_commits(result)

    def test_pypi_confluent_kafka_group(self):
        self.python_group(self.clients["python"], "confluent-kafka", "pypi-confluent-kafka")

    def test_debian_confluent_kafka_group(self):
        self.python_group(DEBIAN_PYTHON, "confluent-kafka", "debian-confluent-kafka")

    def test_pypi_kafka_python_group(self):
        self.python_group(self.clients["python"], "kafka-python", "pypi-kafka-python")

    def test_kafkajs_group(self):
        result = run(["node", os.path.join(PINS, "group_drive.js"), self.bootstrap, "groups-kafkajs", "hw-kafkajs",
                      str(GROUP_PARTITIONS), str(GROUP_RECORDS)],
                     env=dict(os.environ, NODE_PATH=self.clients["node.modules"]), timeout=120)
        self.assert_rebalanced_from_the_commits(result)

    def test_java_group_and_kafka_consumer_groups_describe(self):
        dist = self.clients["kafka.dist"]
        version = self.clients["kafka.version"]
        classes = tempfile.mkdtemp(prefix="hw-groupdrive-")
        compiled = run(["javac", "-d", classes, "-cp", os.path.join(dist, "libs", "kafka-clients-%s.jar" % version),
                        os.path.join(PINS, "GroupDrive.java")], timeout=120)
        self.assertEqual(compiled.returncode, 0, compiled.stderr.decode())
        result = run(["java", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                      "-Dlog4j2.configurationFile=" + os.path.join(dist, "config", "tools-log4j2.yaml"),
                      "-cp", classes + os.pathsep + os.path.join(dist, "libs", "*"), "GroupDrive", self.bootstrap,
                      "groups-java", "hw-java", str(GROUP_PARTITIONS), str(GROUP_RECORDS)], timeout=120)
        self.assert_rebalanced_from_the_commits(result)
        # a committed every partition's end before it left: the group is empty, its offsets at the end.
        described = run([os.path.join(self.clients["kafka.bin"], "kafka-consumer-groups.sh"), "--bootstrap-server",
                         self.bootstrap, "--describe", "--group", "hw-java"])
        self.assertEqual(described.returncode, 0, described.stderr.decode())
        output = described.stdout.decode()
        # The tool says so on standard error, the table on standard output.
        self.assertIn("Consumer group 'hw-java' has no active members.", described.stderr.decode())
        rows = [line.split() for line in output.splitlines() if line.startswith("hw-java ")]
        self.assertEqual([(r[1], int(r[2]), r[3], r[4], r[5]) for r in sorted(rows, key=lambda r: int(r[2]))],
                         [("groups-java", p, str(GROUP_RECORDS), str(GROUP_RECORDS), "0")
                          for p in range(GROUP_PARTITIONS)], output)


FIND_COORDINATOR = 10


def advertised_api_keys(server):
    """The API keys broker 1 advertises in its ApiVersions v0 answer."""
    from kafka.protocol.admin import ApiVersionResponse_v0
    with socket.create_connection(("127.0.0.1", server.base + 1), timeout=10) as sock:
        sock.sendall(real_clients.frame(struct.pack(">hhih", 18, 0, 3, -1)))
        body = real_clients.read_response(sock)
    response = ApiVersionResponse_v0.decode(body[4:])
    assert response.error_code == 0, response
    return {key for key, _, _ in response.api_versions}


def produce_codecs(log):
    """client.id -> {"gzip", ...}: the codecs serve's log says each client.id's Produce batches came in."""
    used = {}
    for line in log.splitlines():
        found = re.match(r"connection \d+ \(([^)]*)\): Produce batches compressed with codec (\w+)", line)
        if found:
            used.setdefault(found.group(1), set()).add(found.group(2))
    return used


def api_versions(log):
    """client.id -> {"Produce v7", ...}: what serve's log says each connection used."""
    names = {}
    used = {}
    for line in log.splitlines():
        found = re.match(r"connection (\d+) \(([^)]*)\): (\w+) v(\d+)", line)
        if found:
            connection, client_id, api, version = found.groups()
            names[connection] = client_id
            used.setdefault(client_id, set()).add("%s v%s" % (api, version))
    return used


if __name__ == "__main__":
    real_clients.CLI = sys.argv.pop(1)
    unittest.main(verbosity=2)
