// SPDX-License-Identifier: MIT
// realkafka/distribution.*: what is a Kafka distribution, and the one-line errors for what is not.
#include "realkafka/distribution.h"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace {

using namespace hw::realkafka;
namespace fs = std::filesystem;

class DistributionTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_dir = fs::temp_directory_path() / ("hw-dist-test-" + std::to_string(::getpid()) + "-"
            + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir / "libs");
        fs::create_directories(m_dir / "config");
    }
    void TearDown() override { fs::remove_all(m_dir); }

    void touch(const fs::path& relative, const std::string& text = "")
    {
        fs::create_directories((m_dir / relative).parent_path());
        std::ofstream(m_dir / relative) << text;
    }
    /// A release tarball's layout at this version.
    void tarball(const std::string& version, bool log4j2)
    {
        touch("libs/kafka_2.13-" + version + ".jar");
        touch("libs/kafka-clients-" + version + ".jar");
        touch(log4j2 ? "config/log4j2.yaml" : "config/log4j.properties");
        touch(log4j2 ? "config/tools-log4j2.yaml" : "config/tools-log4j.properties");
    }
    std::string errorOf(const fs::path& dir)
    {
        try {
            openDistribution(dir, hw::realkafka::realDir() / "config");
        } catch (const DistributionError& e) {
            return e.what();
        }
        return "(no error)";
    }

    fs::path m_dir;
};

TEST_F(DistributionTest, ATarballAt44IsReadFromItsJarsWithTheTemplatesOfHighWater)
{
    tarball("4.4.0", true);
    const Distribution d = openDistribution(m_dir, realDir() / "config");
    EXPECT_EQ(d.version, "4.4.0");
    EXPECT_EQ(d.series(), "4.4");
    EXPECT_EQ(d.serverClass, "kafka.Kafka");
    EXPECT_EQ(d.storageClass, "kafka.tools.StorageTool");
    EXPECT_EQ(d.dumpLogClass, "org.apache.kafka.tools.DumpLogSegments");
    EXPECT_EQ(d.nodeLogConfig, m_dir / "config" / "log4j2.yaml");
    EXPECT_EQ(d.templateDir, realDir() / "config");
    EXPECT_EQ(d.classPath, (m_dir / "libs" / "*").string());
    const std::vector<std::string> jvm = d.nodeJvmArgs(m_dir / "node");
    EXPECT_NE(std::find(jvm.begin(), jvm.end(), "-Xmx512m"), jvm.end());
    EXPECT_NE(std::find(jvm.begin(), jvm.end(), "-Dlog4j2.configurationFile=" + (m_dir / "config/log4j2.yaml").string()),
        jvm.end());
    EXPECT_NO_THROW(checkVersion(d, hw::KafkaVersion::V4_4));
}

TEST_F(DistributionTest, A39TarballUsesReload4jAndTheOldDumpLogSegments)
{
    tarball("3.9.2", false);
    const Distribution d = openDistribution(m_dir, realDir() / "config");
    EXPECT_EQ(d.dumpLogClass, "kafka.tools.DumpLogSegments");
    EXPECT_EQ(d.toolJvmArgs().back(), "-Dlog4j.configuration=file:" + (m_dir / "config/tools-log4j.properties").string());
}

TEST_F(DistributionTest, KafkaDistsPropertiesNameTheClasses)
{
    tarball("4.2.2", true);
    touch("highwater-dist.properties", "# comment\nkafka.version=4.2.2\nclass.dump.log=some.Dump\n");
    EXPECT_EQ(openDistribution(m_dir, realDir() / "config").dumpLogClass, "some.Dump");
}

TEST_F(DistributionTest, WhatIsMissingIsNamedWithThePath)
{
    EXPECT_EQ(errorOf(m_dir / "nothing"), (m_dir / "nothing").string() + " is not a Kafka distribution: no such directory");
    EXPECT_EQ(errorOf(m_dir), m_dir.string() + " is not a Kafka distribution: libs/ holds 0 kafka_2.13-X.Y.Z.jar files, "
                              "expected one");
    touch("libs/kafka_2.13-4.4.0.jar");
    touch("libs/kafka_2.13-4.3.2.jar");
    EXPECT_EQ(errorOf(m_dir), m_dir.string() + " is not a Kafka distribution: libs/ holds 2 kafka_2.13-X.Y.Z.jar files, "
                              "expected one");
    fs::remove(m_dir / "libs/kafka_2.13-4.3.2.jar");
    touch("highwater-dist.properties", "kafka.version=4.3.2\n");
    EXPECT_EQ(errorOf(m_dir), m_dir.string() + " is not a Kafka distribution: highwater-dist.properties says "
                              "kafka.version=4.3.2 but libs/ holds kafka_2.13-4.4.0.jar");
    fs::remove(m_dir / "highwater-dist.properties");
    // No config/log4j2.yaml in the directory: HighWater's own copy in real/config is taken.
    EXPECT_EQ(openDistribution(m_dir, realDir() / "config").nodeLogConfig, realDir() / "config" / "log4j2.yaml");
    EXPECT_EQ(errorOf(m_dir / "libs"), (m_dir / "libs").string() + " is not a Kafka distribution: no libs/ folder");
}

TEST_F(DistributionTest, NoLoggingAnywhereIsNamed)
{
    tarball("4.4.0", true);
    fs::remove(m_dir / "config/log4j2.yaml");
    try {
        openDistribution(m_dir, m_dir / "no-templates");
        FAIL() << "opened without logging";
    } catch (const DistributionError& e) {
        EXPECT_EQ(std::string(e.what()), m_dir.string() + " is not a Kafka distribution: no config/log4j2.yaml (the "
                                                          "logging configuration of Kafka 4.4.0)");
    }
}

TEST_F(DistributionTest, AnOversizedPropertiesFileIsRefused)
{
    tarball("4.4.0", true);
    touch("highwater-dist.properties", std::string(distPropertiesBytesMax + 1, '#'));
    EXPECT_NE(errorOf(m_dir).find("highwater-dist.properties is 65537 bytes, more than 65536"), std::string::npos)
        << errorOf(m_dir);
}

TEST_F(DistributionTest, AnotherSeriesThanTheScenariosIsRefusedNamingBoth)
{
    tarball("4.2.2", true);
    const Distribution d = openDistribution(m_dir, realDir() / "config");
    try {
        checkVersion(d, hw::KafkaVersion::V4_4);
        FAIL() << "4.2.2 accepted for 4.4";
    } catch (const DistributionError& e) {
        EXPECT_EQ(std::string(e.what()), "the scenario's cluster.kafka_version is 4.4 but " + m_dir.string()
            + " holds Kafka 4.2.2 (run the scenario with a 4.4.x distribution: scripts/kafka-dist 4.4)");
    }
}

TEST_F(DistributionTest, JavaHomeWithoutJavaIsNamed)
{
    tarball("4.4.0", true);
    const char* old = std::getenv("JAVA_HOME");
    const std::string saved = old ? old : "";
    ::setenv("JAVA_HOME", m_dir.c_str(), 1);
    EXPECT_EQ(errorOf(m_dir), "JAVA_HOME is " + m_dir.string() + ", which has no executable bin/java");
    if (old)
        ::setenv("JAVA_HOME", saved.c_str(), 1);
    else
        ::unsetenv("JAVA_HOME");
}

} // namespace
