#!/usr/bin/env bash
# The tools for real Apache Kafka beside the simulation (issue #27), without a cluster: scripts/kafka-dist's
# answers to bad input, to a network that cannot be reached, to versions Maven Central does not serve and to
# a half-assembled cache; and the client harness (real/hwclient) answering bad command lines.
#
# test_kafka_dist.sh CASE: runs one case (ctest runs each as its own test). The cases that ask Maven Central
# which releases it serves, or assemble a distribution, need the network once; the rest point Maven at an
# address where nothing listens and a local repository of their own, so they never reach it.
set -uo pipefail

HW_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
kafkaDist=$HW_ROOT/scripts/kafka-dist
# The release the harness case builds against: exact, so that a cached copy needs no network.
readonly harnessKafkaVersion=4.4.0
# How long one call of kafka-dist or the harness may take before the case fails instead of hanging.
readonly callTimeoutSeconds=600

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hw-test-kafka-dist.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

check() {
    local what=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAILED: %s\n' "$what"
    fi
}

# run_dist ARGS...: kafka-dist with its output in $out, its errors in $err and its exit status in $status.
run_dist() {
    status=0
    timeout "$callTimeoutSeconds" "$kafkaDist" "$@" >"$tmp/out" 2>"$tmp/err" || status=$?
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
}

# expect_error STATUS PATTERN ARGS...: kafka-dist ARGS exits with STATUS, prints nothing on standard output
# and one line on standard error that matches the extended regular expression PATTERN.
expect_error() {
    local want=$1 pattern=$2
    shift 2
    run_dist "$@"
    local lines
    lines=$(printf '%s' "$err" | grep -c '')
    check "kafka-dist $* exits $want (got $status)" [ "$status" -eq "$want" ]
    check "kafka-dist $* prints nothing on stdout (got \"$out\")" [ -z "$out" ]
    check "kafka-dist $* says one line (got $lines: \"$err\")" [ "$lines" -eq 1 ]
    check "kafka-dist $* says /$pattern/ (got \"$err\")" grep -qE "$pattern" <<<"$err"
}

# Maven with no way out: every repository mirrored to a loopback port where nothing listens, and an empty
# local repository, so that neither the Maven plugins nor Kafka can come from anywhere.
offline_maven() {
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat >"$tmp/settings.xml" <<XML
<settings><mirrors><mirror><id>nowhere</id><mirrorOf>*</mirrorOf><url>http://127.0.0.1:$port/</url></mirror></mirrors></settings>
XML
    mkdir -p "$tmp/m2"
    # Only these settings: a machine's own MAVEN_OPTS or MAVEN_ARGS (a proxy's, or one that trusts every
    # certificate, as a sandbox that re-signs TLS needs) would change what the cases see.
    unset MAVEN_OPTS MAVEN_ARGS
    export HW_KAFKA_MVN_ARGS="-s $tmp/settings.xml -Dmaven.repo.local=$tmp/m2"
    export HW_KAFKA_CACHE=$tmp/cache
}

case_usage() {
    expect_error 2 '^kafka-dist: usage: kafka-dist VERSION, e[.]g[.] kafka-dist 4[.]2 [(]--help says more[)]$'
    expect_error 2 '^kafka-dist: usage: kafka-dist VERSION' 4.2 4.3
    run_dist --help
    check "kafka-dist --help exits 0 (got $status)" [ "$status" -eq 0 ]
    check "kafka-dist --help prints the usage" grep -q '^usage: kafka-dist VERSION' <<<"$out"
}

case_not_a_version() {
    offline_maven
    local bad
    for bad in 4 4.x 4.2.0.1 4.2. .4.2 04.2 4.2.01 v4.2 4.2.0-rc1 "4.2 " 1234.0 -1 ""; do
        expect_error 2 "^kafka-dist: \"${bad//./[.]}\" is not a Kafka version: expected X.Y or X.Y.Z" "$bad"
    done
}

case_unsupported_versions() {
    offline_maven
    expect_error 2 '^kafka-dist: Kafka 3[.]6 is older than 3[.]7, the oldest release HighWater runs$' 3.6
    expect_error 2 '^kafka-dist: Kafka 2[.]8[.]2 is older than 3[.]7' 2.8.2
    expect_error 2 '^kafka-dist: Kafka 0[.]11 is older than 3[.]7' 0.11
    expect_error 2 '^kafka-dist: Kafka 5[.]0: HighWater knows the layout of Kafka 3[.]x and 4[.]x only$' 5.0
}

case_no_network() {
    offline_maven
    expect_error 2 '^kafka-dist: cannot reach Maven Central to fetch Kafka 4[.]2[.]0: ' 4.2.0
    expect_error 2 '^kafka-dist: cannot reach Maven Central to fetch Kafka 4[.]2: ' 4.2
    check "a failed run leaves no assembly folder in the cache" [ -z "$(ls -A "$tmp/cache")" ]
}

# Maven behind a TLS endpoint whose certificate no CA in Java's trust store signed (a company proxy that
# re-signs TLS looks the same): the error says the certificate is not trusted and how to trust it, not that
# the network is down. The endpoint is openssl s_server with a self-signed certificate made for the case.
case_untrusted_certificate() {
    offline_maven
    local port server
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -days 1 \
        -keyout "$tmp/key.pem" -out "$tmp/cert.pem" >/dev/null 2>&1
    openssl s_server -quiet -accept "127.0.0.1:$port" -cert "$tmp/cert.pem" -key "$tmp/key.pem" -www \
        >/dev/null 2>&1 &
    server=$!
    # s_server prints nothing when it is ready: wait (bounded) until its port takes a connection.
    local tries=0
    until python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; do
        tries=$((tries + 1))
        [ "$tries" -le 100 ] || break
        sleep 0.1
    done
    cat >"$tmp/settings.xml" <<XML
<settings><mirrors><mirror><id>untrusted</id><mirrorOf>*</mirrorOf><url>https://127.0.0.1:$port/</url></mirror></mirrors></settings>
XML
    expect_error 2 "^kafka-dist: cannot fetch Kafka 4[.]2[.]0: Java does not trust the TLS certificate of https://127[.]0[.]0[.]1:$port [(]PKIX path building failed[)]; .*update-ca-certificates\$" 4.2.0
    kill "$server" 2>/dev/null
    wait "$server" 2>/dev/null
    check "a failed run leaves no assembly folder in the cache" [ -z "$(ls -A "$tmp/cache")" ]
}

# A directory that lacks highwater-dist.properties (an assembly cut short, a copy by hand) is never taken
# for a distribution; a complete one is used as it is, with no network.
case_half_assembled_cache() {
    offline_maven
    mkdir -p "$tmp/cache/4.2.0/libs" "$tmp/cache/.assemble-4.2.0.abcdef/dist/libs"
    touch "$tmp/cache/4.2.0/libs/kafka_2.13-4.2.0.jar"
    expect_error 2 '^kafka-dist: cannot reach Maven Central to fetch Kafka 4[.]2[.]0: ' 4.2.0
    mkdir -p "$tmp/cache/4.1.1/libs"
    printf 'kafka.version=4.1.1\n' >"$tmp/cache/4.1.1/highwater-dist.properties"
    run_dist 4.1.1
    check "a complete cached 4.1.1 is used without Maven (status $status, \"$err\")" [ "$status" -eq 0 ]
    check "it prints the cached directory (got \"$out\")" [ "$out" = "$tmp/cache/4.1.1" ]
}

# These ask Maven Central for its list of releases (the network, or Maven's cached copy of the list).
case_versions_not_served() {
    export HW_KAFKA_CACHE=$tmp/cache
    expect_error 2 '^kafka-dist: Maven Central does not serve Kafka 4[.]2[.]99 [(]its 4[.]2 releases: 4[.]2[.]0 4[.]2[.]1 ' 4.2.99
    expect_error 2 '^kafka-dist: Maven Central serves no Kafka 4[.]99[.]x [(]newest served: 4[.]' 4.99
    expect_error 2 '^kafka-dist: Maven Central does not serve Kafka 3[.]9[.]7 [(]its 3[.]9 releases: 3[.]9[.]0 ' 3.9.7
    check "nothing was assembled" [ -z "$(ls -A "$tmp/cache")" ]
}

# The harness on a real distribution, with no cluster: every bad line gets an error line naming its line,
# a good line after bad ones still works, and the end of input ends it with status 0.
case_harness_bad_input() {
    local dist status=0
    dist=$(timeout "$callTimeoutSeconds" "$kafkaDist" "$harnessKafkaVersion") || {
        check "kafka-dist $harnessKafkaVersion assembles the distribution" false
        return
    }
    printf '%s\n' \
        'not json' \
        '[1, 2]' \
        '{"id": 3}' \
        '{"op": "fly", "id": 4}' \
        '{"op": "send", "producer": "nobody", "topic": "t", "id": 5}' \
        '{"op": "producer", "name": "p", "config": {"bootstrap.servers": "127.0.0.1:9", "acks": "sideways"}, "id": 6}' \
        '{"op": "producer", "name": "p", "config": {"bootstrap.servers": "127.0.0.1:9", "max.block.ms": 200}, "id": 7}' \
        '{"op": "producer", "name": "p", "config": {"bootstrap.servers": "127.0.0.1:9"}, "id": 8}' \
        '{"op": "send", "producer": "p", "topic": "t", "partition": "zero", "id": 9}' \
        '{"op": "poll", "consumer": "c", "timeout_ms": -5, "id": 10}' \
        '{"op": "consumer", "name": "c", "topics": [], "id": 11}' \
        '{"op": "close", "id": 12}' \
        '{"op": "ping", "id": 13}' \
        '{"op": "close", "producer": "p", "timeout_ms": 0, "id": 14}' \
        >"$tmp/commands"
    {
        # One line of 2 MiB, past the harness's 1 MiB limit.
        head -c $((2 * 1024 * 1024)) /dev/zero | tr '\0' 'x'
        printf '\n{"op": "ping", "id": 16}\n'
        printf '%s\n' \
            '{"op": "consumer", "name": "c", "topics": ["t"], "assignor": "sideways", "id": 17}' \
            '{"op": "describe_groups", "groups": [], "id": 18}' \
            '{"op": "status", "id": 19}'
    } >>"$tmp/commands"
    timeout "$callTimeoutSeconds" "$HW_ROOT/real/hwclient" "$dist" <"$tmp/commands" >"$tmp/events" 2>"$tmp/harness.err" || status=$?
    check "the harness exits 0 at the end of its input (got $status: $(tail -n3 "$tmp/harness.err"))" [ "$status" -eq 0 ]
    local want
    while IFS= read -r want; do
        check "the harness answers $want (got: $(tr '\n' ' ' <"$tmp/events" | cut -c1-2000))" grep -qF "$want" "$tmp/events"
    done <<'EXPECTED'
{"event":"ready","protocol":"2","kafka_clients":"4.4.0"}
{"event":"error","line":1,"error":"bad-input","message":"not JSON: Unrecognized token 'not'
{"event":"error","line":2,"error":"bad-input","message":"expected a JSON object"}
{"event":"error","id":3,"line":3,"error":"bad-input","message":"missing \"op\""}
{"event":"error","id":4,"line":4,"error":"bad-input","message":"unknown op \"fly\": expected ping, producer, send, flush, consumer, poll, commit, seek, status, describe_groups, close or exit"}
{"event":"error","id":5,"line":5,"error":"bad-input","message":"no producer named \"nobody\""}
{"event":"error","id":6,"line":6,"error":"config","message":"Invalid value sideways for configuration acks
{"event":"producer","name":"p","id":7}
{"event":"error","id":8,"line":8,"error":"bad-input","message":"a client named \"p\" is open already"}
{"event":"error","id":9,"line":9,"error":"bad-input","message":"\"partition\" must be an integer"}
{"event":"error","id":10,"line":10,"error":"bad-input","message":"no consumer named \"c\""}
{"event":"error","id":11,"line":11,"error":"bad-input","message":"\"topics\" must be a non-empty array of topic names"}
{"event":"error","id":12,"line":12,"error":"bad-input","message":"close names exactly one of \"producer\" and \"consumer\""}
{"event":"pong","id":13}
{"event":"closed","producer":"p","id":14}
{"event":"error","line":15,"error":"bad-input","message":"line longer than 1048576 characters"}
{"event":"pong","id":16}
{"event":"error","id":17,"line":17,"error":"bad-input","message":"unknown assignor \"sideways\": expected range, roundrobin, sticky or cooperative-sticky"}
{"event":"error","id":18,"line":18,"error":"bad-input","message":"\"groups\" must be a non-empty array of group ids"}
{"event":"status","consumers":[],"id":19}
{"event":"exit"}
EXPECTED
    local lines
    lines=$(grep -c '' "$tmp/events")
    check "one line per command and no more (ready, 19 answers, exit: got $lines)" [ "$lines" -eq 21 ]
}

case_shellcheck() {
    check "shellcheck finds nothing in kafka-dist, try-real-kafka, hwclient and this test" \
        shellcheck -x "$kafkaDist" "$HW_ROOT/scripts/try-real-kafka" "$HW_ROOT/real/hwclient" "${BASH_SOURCE[0]}"
}

if [ $# -ne 1 ] || ! declare -F "case_$1" >/dev/null; then
    echo "usage: test_kafka_dist.sh CASE, one of: $(declare -F | sed -n 's/^declare -f case_//p' | tr '\n' ' ')" >&2
    exit 2
fi
"case_$1"
printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
