#!/usr/bin/env bash
# observe_cluster.sh VERSION TEST-BINARY [FIXTURE-DIR]: the end-to-end test of HighWater's observer
# (realkafka/observer.h) on a real Apache Kafka cluster, ctest real.observe.*.
#
# It starts one controller and three brokers the way scripts/try-real-kafka does (its verified recipe), each
# broker with direct listeners that only the observer dials (OBSERVER, plaintext; OBSERVER_SSL; and
# OBSERVER_SASL_SSL and OBSERVER_SASL_PLAINTEXT with SCRAM-SHA-256, -512 and PLAIN), and creates the topic
# "observed" with the assignment 1:2:3 and min.insync.replicas=2. It then drives the cluster through these
# phases and, after each, runs TEST-BINARY (hwrealkafka_live_tests) with --gtest_filter=RealCluster.<phase>
# and HW_REAL_CLUSTER naming a JSON file that describes the cluster (the brokers' OBSERVER ports, log
# folders, which are running, the DumpLogSegments class); the C++ test calls observe() and checks it against
# what the phase made true:
#   Produced      10 records of data/observed-sends.jsonl acked (acks=all, idempotent): leader 1, epoch 0
#   Secured       the same state through the SSL and SASL listeners (cluster.json names their ports, the CA
#                 and the SASL user); a wrong password and a wrong CA refused
#   LeaderKilled  broker 1 killed with SIGKILL (read from its files), fenced, leader 2; `highwater-cli observe`
#                 (HW_CLI) runs across the kill over SASL_SSL and its frames are checked
#                 (check_observed_frames.py), then replayed from its recording by `run`
#   ProducedAgain the same 10 records again, acked by brokers 2 and 3 under epoch 1
#   SecondFollowerKilled  broker 3 killed too: ISR {2}, and from 4.0 (ELR on) ELR {3}
#   Stopped       the other nodes stopped with SIGTERM: every replica from its files and HW checkpoint
# Besides observe(), each running phase polls with the ClusterObserver (realkafka/cluster_observer.h) from the
# OBSERVER listeners, as `highwater-cli observe` would.
# With FIXTURE-DIR it also writes DumpLogSegments' output of broker 2's and broker 1's logs there (the
# parser's fixtures, tests/realkafka/data/dump-*.txt) and their HW checkpoints.
#
# The cluster helper's C++ RealCluster (realkafka/cluster.h) replaces the starting part later. Exit status:
# 0 when every phase passed, 1 when a step or a phase failed, 2 for bad input. Every JVM it started is killed
# and its folder removed on any exit.
set -euo pipefail

HW_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DATA=$HW_ROOT/tests/realkafka/data

# Bounded waits, generous for a loaded 2-core machine.
readonly formatWaitSeconds=120
readonly startWaitSeconds=240
readonly produceWaitSeconds=180
readonly stopWaitSeconds=60
readonly topic=observed
readonly controllerId=1000
readonly brokers=(1 2 3)

say() { printf 'observe_cluster: %s\n' "$*"; }
bad_input() {
    printf 'observe_cluster: %s\n' "$*" >&2
    exit 2
}

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    bad_input "usage: observe_cluster.sh VERSION TEST-BINARY [FIXTURE-DIR]"
fi
dist=$("$HW_ROOT/scripts/kafka-dist" "$1") || exit 2
testBinary=$2
fixtureDir=${3:-}
[ -x "$testBinary" ] || bad_input "$testBinary is not an executable"
cli=${HW_CLI:-}
if [ -z "$cli" ] || [ ! -x "$cli" ]; then
    bad_input "HW_CLI must name highwater-cli (ctest sets it)"
fi
version=$(sed -n 's/^kafka.version=//p' "$dist/highwater-dist.properties")
dumpClass=$(sed -n 's/^class.dump.log=//p' "$dist/highwater-dist.properties")
if [ -z "$version" ] || [ -z "$dumpClass" ]; then
    bad_input "$dist/highwater-dist.properties lacks kafka.version or class.dump.log"
fi
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
if [ "$major" -ge 4 ]; then
    nodeLogging=(-Dlog4j2.configurationFile="$dist/config/log4j2.yaml")
    toolLogging=(-Dlog4j2.configurationFile="$dist/config/tools-log4j2.yaml")
else
    nodeLogging=(-Dlog4j.configuration="file:$dist/config/log4j.properties")
    toolLogging=(-Dlog4j.configuration="file:$dist/config/tools-log4j.properties")
fi
jvmOpts=(-Xms64m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k)
toolOpts=(-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1)
classpath="$dist/libs/*"

run=$(mktemp -d "${TMPDIR:-/tmp}/hw-observe-cluster.XXXXXX")
declare -A pid=()
harnessPid=

alive() {
    local p=${pid[$1]:-}
    [ -n "$p" ] && grep -qF "$run" "/proc/$p/cmdline" 2>/dev/null
}
cleanup() {
    local name
    for name in "${!pid[@]}"; do
        alive "$name" && kill -9 "${pid[$name]}" 2>/dev/null
    done
    if [ -n "$harnessPid" ] && kill -0 "$harnessPid" 2>/dev/null; then
        kill -9 "$harnessPid" 2>/dev/null || true
    fi
    wait 2>/dev/null || true
    rm -rf "$run"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
fail() {
    say "FAIL (Kafka $version): $*"
    local file
    for file in "$run"/*.out "$run"/*/server.log "$run"/hwclient.err; do
        [ -s "$file" ] || continue
        printf '  --- last lines of %s\n' "${file#"$run"/}"
        tail -n 15 "$file" | sed 's/^/  /'
    done
    exit 1
}

read -r -a ports < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(16)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])')
controllerPort=${ports[0]}
declare -A port=([1]=${ports[1]} [2]=${ports[2]} [3]=${ports[3]})
declare -A observerPort=([1]=${ports[4]} [2]=${ports[5]} [3]=${ports[6]})
declare -A observerSslPort=([1]=${ports[7]} [2]=${ports[8]} [3]=${ports[9]})
declare -A observerSaslSslPort=([1]=${ports[10]} [2]=${ports[11]} [3]=${ports[12]})
declare -A observerSaslPlaintextPort=([1]=${ports[13]} [2]=${ports[14]} [3]=${ports[15]})
voters="$controllerId@127.0.0.1:$controllerPort"
bootstrap="127.0.0.1:${port[1]},127.0.0.1:${port[2]},127.0.0.1:${port[3]}"
templates=$HW_ROOT/real/config
fill() {
    sed -e "s|@NODE_ID@|$2|g" -e "s|@QUORUM_VOTERS@|$voters|g" -e "s|@HOST@|127.0.0.1|g" \
        -e "s|@PORT@|$3|g" -e "s|@ADVERTISED_PORT@|$3|g" -e "s|@LOG_DIR@|$run/$4/data|g" \
        -e "s|@INTERNAL_RF@|3|g" "$1"
}
fill "$templates/highwater-controller.properties.in" "$controllerId" "$controllerPort" controller >"$run/controller.properties"
# The secured listeners' material, made at test time: a CA, a broker certificate it signs for 127.0.0.1
# (an IP subjectAltName, so the observer's host name check passes without turning it off), another CA that
# signed nothing (the wrong CA case), and the SASL user's random password. EC P-256 keys: milliseconds.
tls=$run/tls
mkdir -p "$tls"
(
    cd "$tls"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj "/CN=HighWater observe CA" \
        -keyout ca.key -out ca.pem
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj "/CN=HighWater other CA" \
        -keyout other-ca.key -out other-ca.pem
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=127.0.0.1" \
        -keyout broker.key -out broker.csr
    printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >broker.ext
    openssl x509 -req -in broker.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile broker.ext \
        -out broker.pem
    # Kafka's PEM key store file: the PKCS#8 key (unencrypted: no ssl.key.password) and the chain.
    cat broker.key broker.pem ca.pem >broker-keystore.pem
) >"$run/certificates.out" 2>&1 || fail "openssl could not make the test certificates (certificates.out)"
readonly saslUser=hw-observer
saslPassword=$(head -c 18 /dev/urandom | base64 | tr -d '+/=')

for b in "${brokers[@]}"; do
    fill "$templates/highwater-broker.properties.in" "$b" "${port[$b]}" "broker$b" >"$run/broker$b.properties"
    # The OBSERVER listeners, direct and on loopback, that only the observer dials: plaintext, SSL, and
    # SASL_SSL and SASL_PLAINTEXT with SCRAM-SHA-256, SCRAM-SHA-512 and PLAIN (PlainLoginModule's user_NAME
    # option holds the password, PlainServerCallbackHandler). Inter-broker traffic and the tools stay on
    # PLAINTEXT.
    # Keys as in Kafka 4.4.0 (and 3.9.2): listener.name.<listener>.<key> overrides a key for one listener
    # (KafkaConfig / ListenerName.configPrefix); ssl.keystore.type=PEM with ssl.keystore.location naming a
    # file that holds the key and the chain (SslConfigs, DefaultSslEngineFactory.FileBasedPemStore, KIP-651);
    # sasl.enabled.mechanisms (BrokerSecurityConfigs) and one JAAS line per mechanism,
    # listener.name.<listener>.<mechanism>.sasl.jaas.config (JaasContext.loadServerContext). The SCRAM users
    # are written into the metadata log at format time (StorageTool --add-scram, below).
    listeners=PLAINTEXT://127.0.0.1:${port[$b]},OBSERVER://127.0.0.1:${observerPort[$b]}
    listeners+=,OBSERVER_SSL://127.0.0.1:${observerSslPort[$b]},OBSERVER_SASL_SSL://127.0.0.1:${observerSaslSslPort[$b]}
    listeners+=,OBSERVER_SASL_PLAINTEXT://127.0.0.1:${observerSaslPlaintextPort[$b]}
    # Appended keys override the template's.
    cat >>"$run/broker$b.properties" <<PROPS
listeners=$listeners
advertised.listeners=$listeners
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,OBSERVER:PLAINTEXT,OBSERVER_SSL:SSL,OBSERVER_SASL_SSL:SASL_SSL,OBSERVER_SASL_PLAINTEXT:SASL_PLAINTEXT
auto.leader.rebalance.enable=false
listener.name.observer_ssl.ssl.keystore.type=PEM
listener.name.observer_ssl.ssl.keystore.location=$tls/broker-keystore.pem
listener.name.observer_ssl.ssl.truststore.type=PEM
listener.name.observer_ssl.ssl.truststore.location=$tls/ca.pem
listener.name.observer_sasl_ssl.ssl.keystore.type=PEM
listener.name.observer_sasl_ssl.ssl.keystore.location=$tls/broker-keystore.pem
listener.name.observer_sasl_ssl.ssl.truststore.type=PEM
listener.name.observer_sasl_ssl.ssl.truststore.location=$tls/ca.pem
PROPS
    for listener in observer_sasl_ssl observer_sasl_plaintext; do
        cat >>"$run/broker$b.properties" <<PROPS
listener.name.$listener.sasl.enabled.mechanisms=SCRAM-SHA-256,SCRAM-SHA-512,PLAIN
listener.name.$listener.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.$listener.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.$listener.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_$saslUser="$saslPassword";
PROPS
    done
done
mkdir -p "$run/controller" "$run/broker1" "$run/broker2" "$run/broker3"

# 16 random bytes in URL-safe base64, drawn again while they start with '-', which StorageTool's argument
# parser takes for an option (as scripts/try-real-kafka and Kafka's Uuid.randomUuid do).
clusterId=-
while [[ $clusterId == -* ]]; do
    clusterId=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')
done
# The SCRAM user of the SASL_SSL listener, both mechanisms, as UserScramCredentialRecords in the bootstrap
# metadata (StorageTool's --add-scram, KIP-900; the controller writes them into the metadata log).
formatArgs=(format -t "$clusterId" --add-scram "SCRAM-SHA-256=[name=$saslUser,password=$saslPassword]"
    --add-scram "SCRAM-SHA-512=[name=$saslUser,password=$saslPassword]")
if [ "$major" -eq 4 ] && [ "$minor" -eq 0 ]; then
    formatArgs+=(--feature eligible.leader.replicas.version=1)
fi
formatPids=()
for name in controller broker1 broker2 broker3; do
    timeout "$formatWaitSeconds" java "${toolOpts[@]}" "${toolLogging[@]}" -cp "$classpath" kafka.tools.StorageTool \
        "${formatArgs[@]}" -c "$run/$name.properties" >"$run/format-$name.out" 2>&1 &
    formatPids+=($!)
done
for p in "${formatPids[@]}"; do
    wait "$p" || fail "StorageTool format failed (format-*.out)"
done

start() {
    java "${jvmOpts[@]}" "${nodeLogging[@]}" -Dkafka.logs.dir="$run/$1" -cp "$classpath" kafka.Kafka \
        "$run/$1.properties" >>"$run/$1.out" 2>&1 &
    pid[$1]=$!
}
wait_started() {
    local name=$1 deadline=$(($(date +%s) + startWaitSeconds))
    until grep -qs "Kafka Server started" "$run/$name/server.log"; do
        alive "$name" || fail "$name exited while starting"
        [ "$(date +%s)" -lt "$deadline" ] || fail "$name did not log \"Kafka Server started\" within $startWaitSeconds s"
        sleep 0.1
    done
}
for name in controller broker1 broker2 broker3; do
    start "$name"
done
for name in controller broker1 broker2 broker3; do
    wait_started "$name"
done
say "Kafka $version: cluster started ($run)"

timeout 120 java "${toolOpts[@]}" "${toolLogging[@]}" -cp "$classpath" org.apache.kafka.tools.TopicCommand \
    --bootstrap-server "$bootstrap" --create --topic "$topic" --replica-assignment 1:2:3 \
    --config min.insync.replicas=2 >"$run/create.out" 2>&1 || fail "creating $topic failed: $(tail -n1 "$run/create.out")"

# cluster.json: what the C++ test needs to observe the cluster. RUNNING is the list of running brokers.
describe_cluster() {
    local b first=1
    {
        printf '{"kafka_version":"%s","dist":"%s","dump_class":"%s","topic":"%s","tls_dir":"%s",' \
            "$version" "$dist" "$dumpClass" "$topic" "$tls"
        printf '"sasl_user":"%s","sasl_password":"%s","brokers":[' "$saslUser" "$saslPassword"
        for b in "${brokers[@]}"; do
            [ $first -eq 1 ] || printf ','
            first=0
            local running=false
            alive "broker$b" && running=true
            printf '{"id":%d,"port":%d,"ssl_port":%d,"sasl_ssl_port":%d,"sasl_plaintext_port":%d,"log_dir":"%s","running":%s}' \
                "$b" "${observerPort[$b]}" "${observerSslPort[$b]}" "${observerSaslSslPort[$b]}" \
                "${observerSaslPlaintextPort[$b]}" "$run/broker$b/data" "$running"
        done
        printf ']}\n'
    } >"$run/cluster.json"
}
phase() {
    describe_cluster
    say "phase $1"
    HW_REAL_CLUSTER=$run/cluster.json "$testBinary" --gtest_filter="RealCluster.$1" || fail "phase $1 failed"
}

coproc HARNESS { exec "$HW_ROOT/real/hwclient" "$dist" 2>"$run/hwclient.err"; }
harnessPid=$HARNESS_PID
harnessIn=${HARNESS[1]}
harnessOut=${HARNESS[0]}
touch "$run/harness.log"
expect() {
    local line deadline=$(($(date +%s) + $2))
    while true; do
        local left=$((deadline - $(date +%s)))
        [ "$left" -gt 0 ] || fail "the harness sent no \"$1\" within $2 s"
        IFS= read -r -t "$left" -u "$harnessOut" line || fail "the harness sent no \"$1\" within $2 s"
        printf '%s\n' "$line" >>"$run/harness.log"
        [[ $line == *"\"event\":\"$1\""* ]] && return 0
    done
}
expect ready 120
printf '%s\n' "{\"op\":\"producer\",\"name\":\"p\",\"config\":{\"bootstrap.servers\":\"$bootstrap\",\"acks\":\"all\",\"linger.ms\":0,\"enable.idempotence\":true}}" >&"$harnessIn"
expect producer 60
# produce: sends every line of data/observed-sends.jsonl to partition 0, one at a time (one record per
# batch, as the C++ test expects), and checks each was acked.
produce() {
    local line n=0 before
    while IFS= read -r line; do
        before=$(wc -l <"$run/harness.log")
        printf '%s\n' "{\"op\":\"send\",\"producer\":\"p\",\"topic\":\"$topic\",\"partition\":0,${line#\{}" >&"$harnessIn"
        printf '%s\n' '{"op":"flush","producer":"p"}' >&"$harnessIn"
        expect flushed "$produceWaitSeconds"
        tail -n +"$((before + 1))" "$run/harness.log" | grep -q '"event":"ack"' ||
            fail "record $n was not acked: $(tail -n +"$((before + 1))" "$run/harness.log" | head -n 3)"
        n=$((n + 1))
    done <"$DATA/observed-sends.jsonl"
}

produce
phase Produced
phase Secured

# `highwater-cli observe` as a user runs it, across the failover: over SASL_SSL with SCRAM-SHA-512 from a
# security file, the password from the environment, bootstrapped from broker 2 (which stays up), recording.
cat >"$run/cli-security.properties" <<PROPS
security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.username=$saslUser
ssl.ca.location=$tls/ca.pem
PROPS
HW_OBSERVE_SASL_PASSWORD=$saslPassword "$cli" observe --bootstrap "127.0.0.1:${observerSaslSslPort[2]}" \
    --security "$run/cli-security.properties" --topics "$topic" --interval-ms 200 --record "$run/observe.jsonl" \
    >"$run/observe-frames.jsonl" 2>"$run/observe.out" &
pid[observe]=$!
deadline=$(($(date +%s) + 60))
until [ -s "$run/observe-frames.jsonl" ]; do
    alive observe || fail "highwater-cli observe ended before its first frame: $(cat "$run/observe.out")"
    [ "$(date +%s)" -lt "$deadline" ] || fail "highwater-cli observe printed no frame within 60 s"
    sleep 0.2
done

kill -9 "${pid[broker1]}"
wait "${pid[broker1]}" 2>/dev/null || true
phase LeaderKilled

kill -INT "${pid[observe]}"
observeStatus=0
wait "${pid[observe]}" || observeStatus=$?
[ "$observeStatus" -eq 0 ] || fail "highwater-cli observe exited with $observeStatus: $(cat "$run/observe.out")"
python3 "$HW_ROOT/tests/realkafka/check_observed_frames.py" "$run/observe-frames.jsonl" "$version" ||
    fail "highwater-cli observe's frames (observe-frames.jsonl)"
"$cli" run "$run/observe.jsonl" >"$run/replayed-frames.jsonl" 2>"$run/replay.out" ||
    fail "highwater-cli run RECORDING failed: $(cat "$run/replay.out")"
cmp -s "$run/observe-frames.jsonl" "$run/replayed-frames.jsonl" ||
    fail "run RECORDING printed other frames than observe did"
! grep -qF "$saslPassword" "$run/observe.jsonl" "$run/observe-frames.jsonl" "$run/observe.out" ||
    fail "the SASL password is in the recording, the frames or the messages"
say "highwater-cli observe: $(wc -l <"$run/observe-frames.jsonl") frames across the failover, replayed the same"

produce
phase ProducedAgain

kill -9 "${pid[broker3]}"
wait "${pid[broker3]}" 2>/dev/null || true
phase SecondFollowerKilled

printf '%s\n' '{"op":"exit"}' >&"$harnessIn"
expect exit 60
wait "$harnessPid" 2>/dev/null || true
harnessPid=
deadline=$(($(date +%s) + stopWaitSeconds))
kill -TERM "${pid[broker2]}"
for name in broker2 controller; do
    [ "$name" = controller ] && kill -TERM "${pid[controller]}"
    while alive "$name"; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "$name did not exit within $stopWaitSeconds s of SIGTERM"
        sleep 0.1
    done
done
phase Stopped

if [ -n "$fixtureDir" ]; then
    mkdir -p "$fixtureDir"
    for b in 1 2; do
        segments=("$run/broker$b/data/$topic-0"/*.log)
        java "${toolOpts[@]}" "${toolLogging[@]}" -Dfile.encoding=UTF-8 -Dsun.stdout.encoding=UTF-8 -cp "$classpath" \
            "$dumpClass" --print-data-log --deep-iteration --files "$(IFS=,; echo "${segments[*]}")" |
            sed "s|$run/|RUN/|g" >"$fixtureDir/dump-$version-broker$b.txt"
        cp "$run/broker$b/data/replication-offset-checkpoint" "$fixtureDir/replication-offset-checkpoint-$version-broker$b"
    done
    say "fixtures written to $fixtureDir"
fi
say "PASS (Kafka $version)"
