# Shared by scripts/run and scripts/test: installs what is missing and builds. Source it; don't run it.
# shellcheck shell=bash

HW_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# ccache (CMakeLists.txt makes it the compiler launcher) rewrites the checkout's absolute paths relative
# to the build directory and leaves the working directory out of the hash of builds with debug info, so a
# clone in another folder (CI's clean clone, a worktree) reuses what an earlier build compiled.
export CCACHE_BASEDIR="$HW_ROOT" CCACHE_NOHASHDIR=true

# Every Debian 12 package the build, the tests and the app need.
# With --no-install-recommends nothing comes along that the list does not name: Qt6Charts' CMake package
# needs Qt6OpenGL's (libqt6opengl6-dev), the platform plugins (offscreen, xcb) are only recommended by
# libqt6gui6 (qt6-qpa-plugins), and the SVG icon engine and image plugin are libqt6svg6's.
# The wire protocol (wire/, app/serve): standalone Asio for the server's event loop, Boost.CRC for
# RecordBatch's CRC-32C (Debian 12 has no libcrc32c), the four codecs Kafka compresses with; clang-14
# and libFuzzer build the codec's fuzz target; kcat, kafka-python and confluent-kafka (librdkafka) are
# the real clients the live-lab tests drive. Real Apache Kafka beside the simulation (issue #27): Java 17's
# JDK runs the brokers and compiles the client harness (javac, jar), Maven assembles Kafka from Maven
# Central (scripts/kafka-dist), shellcheck checks those scripts and openssl serves an untrusted certificate
# to kafka-dist (ctest real.*); python3 runs the differential suite (scripts/test-real). The live-lab client
# matrix (issue #28, scripts/live-clients): python3-venv makes the venv for PyPI's clients, nodejs and npm
# run and install kafkajs.
HW_PACKAGES=(
    cmake ninja-build g++ ccache pkg-config file
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-translations-l10n libqt6opengl6-dev libqt6svg6 qt6-qpa-plugins libgl-dev libxkbcommon-dev
    nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev libgif-dev
    fonts-noto-cjk fonts-dejavu-core fontconfig
    dpkg-dev desktop-file-utils appstream lintian
    libasio-dev libboost-dev zlib1g-dev libsnappy-dev liblz4-dev libzstd-dev libssl-dev
    clang-14 libfuzzer-14-dev libclang-rt-14-dev
    kcat python3-kafka python3-confluent-kafka
    openjdk-17-jdk-headless maven shellcheck openssl python3
    python3-venv nodejs npm
)

hw_log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

hw_install_packages() {
    local missing=() pkg provided
    # A package another installed one provides counts as present: NodeSource's nodejs, for one, provides
    # (and conflicts with) Debian's npm, which apt-get would otherwise try to install beside it.
    provided=$(dpkg-query -W -f='${db:Status-Abbrev} ${Provides}\n' 2>/dev/null |
        awk '$1 == "ii" { $1 = ""; gsub(/\([^)]*\)/, ""); gsub(/,/, " "); print }' | tr ' ' '\n' | sort -u)
    for pkg in "${HW_PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" &&
            ! grep -qxF "$pkg" <<<"$provided"; then
            missing+=("$pkg")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    hw_log "Installing Debian packages: ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "need root or sudo to install: ${missing[*]}" >&2; return 1; }
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# hw_build DIR [-DNAME=VALUE...] [-- TARGET...]: configure DIR (again when its cache does not hold every
# option as given, so that a tree made before an option existed gets it) and build it, or only the
# targets named after "--".
hw_build() {
    local dir=$1 options=() targets=()
    shift
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        options+=("$1")
        shift
    done
    [ "${1:-}" = "--" ] && shift
    targets=("$@")
    if [ ! -f "$dir/build.ninja" ] || ! hw_cache_holds "$dir" "${options[@]}"; then
        hw_log "Configuring $dir"
        cmake -S "$HW_ROOT" -B "$dir" -G Ninja "${options[@]}"
    fi
    hw_log "Building $dir${targets[*]:+ (${targets[*]})}"
    cmake --build "$dir" --parallel "$(nproc)" ${targets[@]:+--target "${targets[@]}"}
}

# hw_cache_holds DIR -DNAME=VALUE...: whether DIR's CMakeCache.txt has each option with that value.
hw_cache_holds() {
    local dir=$1 option name value line
    shift
    for option in "$@"; do
        option=${option#-D}
        name=${option%%=*}
        name=${name%%:*}
        value=${option#*=}
        line=$(grep -m1 "^$name:" "$dir/CMakeCache.txt") || return 1
        [ "${line#*=}" = "$value" ] || return 1
    done
}

# hw_render_totals DIR: the render check's counts (each of its tests prints "render-check: NAME: F frames,
# B scene builds, ...") added up from the last ctest run in DIR.
hw_render_totals() {
    local log=$1/Testing/Temporary/LastTest.log
    [ -f "$log" ] || return 0
    grep -o 'render-check: .*: [0-9]* frames, [0-9]* scene builds' "$log" | awk '
        { frames += $(NF - 4); builds += $(NF - 2); tests++ }
        END { if (tests) printf "==> Render check: %d frames, %d scene builds in %d tests\n", frames, builds, tests }' >&2
}

# hw_install_live_clients: the pinned PyPI, npm and Maven Central clients the live-lab tests drive
# (scripts/live-clients; cached: a second run needs no network and returns at once).
hw_install_live_clients() {
    hw_log "Installing the live-lab clients (scripts/live-clients)"
    "$HW_ROOT/scripts/live-clients" install >/dev/null
}
