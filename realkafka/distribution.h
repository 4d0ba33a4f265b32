// SPDX-License-Identifier: MIT
#pragma once

#include "model/kafka_version.h"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

/// A Kafka distribution on disk, as `highwater-cli real --kafka DIR` takes it: either the directory
/// scripts/kafka-dist assembles (with highwater-dist.properties) or one unpacked from a release tarball
/// (libs/kafka_2.13-X.Y.Z.jar, config/log4j2.yaml or config/log4j.properties). docs/real-kafka.md,
/// "The recipe", has the layout and the JVM flags measured on the project's 2-core machine.
namespace hw::realkafka {

/// A directory that is not a usable distribution, or one of the wrong version: one line that names
/// the path and what is missing or wrong.
class DistributionError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The largest heap a node's JVM gets (the bound): 512 MiB.
inline constexpr int nodeHeapMibMax = 512;
/// A tool's JVM (StorageTool, DumpLogSegments): small, short-lived.
inline constexpr int toolHeapMib = 256;
/// The size of highwater-dist.properties read at most: it holds a dozen lines.
inline constexpr std::uintmax_t distPropertiesBytesMax = 64 * 1024;

struct Distribution {
    std::filesystem::path dir;
    std::string version;    // "4.4.0", from highwater-dist.properties or the kafka_2.13 jar's name
    int major = 0;
    int minor = 0;
    std::filesystem::path java;      // $JAVA_HOME/bin/java, or java on PATH
    std::string classPath;           // "DIR/libs/*"
    std::string serverClass;         // kafka.Kafka
    std::string storageClass;        // kafka.tools.StorageTool
    std::string dumpLogClass;        // kafka.tools.DumpLogSegments (<= 4.2) or org.apache.kafka.tools.DumpLogSegments
    std::filesystem::path nodeLogConfig;  // config/log4j2.yaml (4.x) or config/log4j.properties (3.x)
    std::filesystem::path toolLogConfig;  // config/tools-log4j2.yaml or config/tools-log4j.properties
    std::filesystem::path templateDir;    // holds highwater-controller.properties.in and highwater-broker.properties.in

    /// "4.4": the series a scenario's cluster.kafka_version names.
    std::string series() const;
    /// -Dlog4j2.configurationFile=... (4.x) or -Dlog4j.configuration=file:... (3.x).
    std::string loggingProperty(const std::filesystem::path& config) const;
    /// A node's JVM flags (docs/real-kafka.md, "JVM flags": serial GC, C1 only, -Xmx512m) and logging;
    /// logDir is the node's kafka.logs.dir.
    std::vector<std::string> nodeJvmArgs(const std::filesystem::path& logDir) const;
    /// A tool's JVM flags (small heap, the tools' logging configuration on standard error).
    std::vector<std::string> toolJvmArgs() const;
};

/// Opens DIR. templateFallback is where the node templates are when DIR has none (a release tarball):
/// HighWater's real/config. Throws DistributionError.
Distribution openDistribution(const std::filesystem::path& dir, const std::filesystem::path& templateFallback);

/// The java binary: $JAVA_HOME/bin/java when JAVA_HOME is set, else the first java on PATH. Throws
/// DistributionError when there is none.
std::filesystem::path findJava();

/// Refuses a distribution whose X.Y is not the scenario's cluster.kafka_version, naming both.
void checkVersion(const Distribution& distribution, KafkaVersion scenarioVersion);

/// Where HighWater's real/ folder is (node templates, hwclient): $HW_REAL_DIR, else the source tree's
/// real/ this program was built from.
std::filesystem::path realDir();

} // namespace hw::realkafka
