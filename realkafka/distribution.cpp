// SPDX-License-Identifier: MIT
#include "realkafka/distribution.h"

#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace hw::realkafka {

namespace fs = std::filesystem;

namespace {

const char* const distProperties = "highwater-dist.properties";

[[noreturn]] void refuse(const fs::path& dir, const std::string& what)
{
    throw DistributionError(dir.string() + " is not a Kafka distribution: " + what);
}

/// highwater-dist.properties as key=value lines (# comments), the format kafka-dist writes.
std::map<std::string, std::string> readProperties(const fs::path& file)
{
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec)
        refuse(file.parent_path(), "cannot read " + file.filename().string() + ": " + ec.message());
    if (size > distPropertiesBytesMax)
        refuse(file.parent_path(), file.filename().string() + " is " + std::to_string(size) + " bytes, more than "
                + std::to_string(distPropertiesBytesMax));
    std::ifstream in(file);
    if (!in)
        refuse(file.parent_path(), "cannot open " + file.filename().string());
    std::map<std::string, std::string> properties;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        const std::size_t eq = line.find('=');
        if (eq == std::string::npos)
            continue;
        properties[line.substr(0, eq)] = line.substr(eq + 1);
    }
    return properties;
}

/// The kafka_2.13-X.Y.Z.jar in libs/: exactly one, or the directory is not a distribution.
std::string versionFromJars(const fs::path& dir)
{
    const fs::path libs = dir / "libs";
    std::error_code ec;
    if (!fs::is_directory(libs, ec))
        refuse(dir, "no libs/ folder");
    static const std::regex serverJar(R"(kafka_2\.13-(\d+\.\d+\.\d+)\.jar)");
    std::vector<std::string> versions;
    for (const fs::directory_entry& entry : fs::directory_iterator(libs, ec)) {
        std::smatch match;
        const std::string name = entry.path().filename().string();
        if (std::regex_match(name, match, serverJar))
            versions.push_back(match[1]);
    }
    if (versions.size() != 1)
        refuse(dir, "libs/ holds " + std::to_string(versions.size()) + " kafka_2.13-X.Y.Z.jar files, expected one");
    return versions.front();
}

bool isExecutable(const fs::path& path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

} // namespace

std::string Distribution::series() const
{
    return std::to_string(major) + "." + std::to_string(minor);
}

std::string Distribution::loggingProperty(const fs::path& config) const
{
    if (major >= 4)
        return "-Dlog4j2.configurationFile=" + config.string();
    return "-Dlog4j.configuration=file:" + config.string();
}

std::vector<std::string> Distribution::nodeJvmArgs(const fs::path& logDir) const
{
    // docs/real-kafka.md, "JVM flags": the serial collector with a small initial heap and C1 only cut
    // the CPU to start four JVMs by 41% and their memory by a third against Kafka's own flags.
    return { "-Xms64m", "-Xmx" + std::to_string(nodeHeapMibMax) + "m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
        "-Xss512k", loggingProperty(nodeLogConfig), "-Dkafka.logs.dir=" + logDir.string() };
}

std::vector<std::string> Distribution::toolJvmArgs() const
{
    return { "-Xmx" + std::to_string(toolHeapMib) + "m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
        "-Xshare:auto", loggingProperty(toolLogConfig) };
}

fs::path findJava()
{
    if (const char* home = std::getenv("JAVA_HOME"); home && *home) {
        const fs::path java = fs::path(home) / "bin" / "java";
        if (!isExecutable(java))
            throw DistributionError("JAVA_HOME is " + std::string(home) + ", which has no executable bin/java");
        return java;
    }
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty())
            continue;
        const fs::path java = fs::path(dir) / "java";
        if (isExecutable(java))
            return java;
    }
    throw DistributionError("no java on PATH and JAVA_HOME is not set (Debian: apt-get install openjdk-17-jdk-headless)");
}

Distribution openDistribution(const fs::path& dirIn, const fs::path& templateFallback)
{
    std::error_code ec;
    if (!fs::is_directory(dirIn, ec))
        throw DistributionError(dirIn.string() + " is not a Kafka distribution: no such directory");
    Distribution d;
    d.dir = fs::absolute(dirIn, ec).lexically_normal();
    if (!d.dir.empty() && d.dir.filename().empty())
        d.dir = d.dir.parent_path();
    const std::string jarVersion = versionFromJars(d.dir);
    const fs::path propertiesFile = d.dir / distProperties;
    std::map<std::string, std::string> properties;
    if (fs::exists(propertiesFile, ec))
        properties = readProperties(propertiesFile);
    const auto property = [&](const std::string& key, const std::string& fallback) {
        const auto it = properties.find(key);
        return it == properties.end() || it->second.empty() ? fallback : it->second;
    };
    d.version = property("kafka.version", jarVersion);
    if (d.version != jarVersion)
        refuse(d.dir, std::string(distProperties) + " says kafka.version=" + d.version + " but libs/ holds kafka_2.13-"
                + jarVersion + ".jar");
    static const std::regex versionPattern(R"((\d+)\.(\d+)\.\d+)");
    std::smatch match;
    if (!std::regex_match(d.version, match, versionPattern))
        refuse(d.dir, "cannot read a version X.Y.Z from \"" + d.version + "\"");
    d.major = std::stoi(match[1]);
    d.minor = std::stoi(match[2]);
    d.classPath = (d.dir / "libs" / "*").string();
    d.serverClass = property("class.server", "kafka.Kafka");
    d.storageClass = property("class.storage", "kafka.tools.StorageTool");
    // docs/real-kafka.md: DumpLogSegments moved from kafka_2.13 (kafka.tools) to kafka-tools
    // (org.apache.kafka.tools) in 4.3.
    const bool toolsDump = d.major > 4 || (d.major == 4 && d.minor >= 3);
    d.dumpLogClass = property("class.dump.log", toolsDump ? "org.apache.kafka.tools.DumpLogSegments" : "kafka.tools.DumpLogSegments");

    const bool log4j2 = d.major >= 4;
    const std::string nodeLog = log4j2 ? "log4j2.yaml" : "log4j.properties";
    const std::string toolLog = log4j2 ? "tools-log4j2.yaml" : "tools-log4j.properties";
    // A tarball ships the logging files in config/; kafka-dist writes them there too and names them in
    // its properties. HighWater's own copies in real/config are the last resort.
    for (auto [target, key, name] : { std::tuple { &d.nodeLogConfig, "logging.config", nodeLog },
             std::tuple { &d.toolLogConfig, "logging.tools.config", toolLog } }) {
        const std::string named = property(key, "");
        const std::vector<fs::path> candidates { named.empty() ? fs::path() : d.dir / named, d.dir / "config" / name,
            templateFallback / name };
        for (const fs::path& candidate : candidates) {
            if (!candidate.empty() && fs::is_regular_file(candidate, ec)) {
                *target = candidate;
                break;
            }
        }
        if (target->empty())
            refuse(d.dir, "no config/" + name + " (the logging configuration of Kafka " + d.version + ")");
    }
    for (const fs::path& dir : { d.dir / "config", templateFallback }) {
        if (fs::is_regular_file(dir / "highwater-broker.properties.in", ec)
            && fs::is_regular_file(dir / "highwater-controller.properties.in", ec)) {
            d.templateDir = dir;
            break;
        }
    }
    if (d.templateDir.empty())
        refuse(d.dir, "no node templates (highwater-broker.properties.in) in config/ or in " + templateFallback.string());
    d.java = findJava();
    return d;
}

void checkVersion(const Distribution& distribution, KafkaVersion scenarioVersion)
{
    const std::string wanted(kafkaVersionName(scenarioVersion));
    if (distribution.series() != wanted)
        throw DistributionError("the scenario's cluster.kafka_version is " + wanted + " but " + distribution.dir.string()
            + " holds Kafka " + distribution.version + " (run the scenario with a " + wanted
            + ".x distribution: scripts/kafka-dist " + wanted + ")");
}

fs::path realDir()
{
    if (const char* dir = std::getenv("HW_REAL_DIR"); dir && *dir)
        return dir;
    return HW_REAL_SOURCE_DIR;
}

} // namespace hw::realkafka
