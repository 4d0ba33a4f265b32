// SPDX-License-Identifier: MIT
// The observer's security properties file (realkafka/security_config.h): each protocol and mechanism, the
// JAAS line, the environment overrides, and every refusal naming the file, line and key without the secret.
#include "realkafka/security_config.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

namespace hw::realkafka {
namespace {

namespace fs = std::filesystem;

constexpr const char* secret = "Tr0ub4dor&3";

EnvironmentLookup environmentOf(std::map<std::string, std::string> variables)
{
    return [variables = std::move(variables)](const std::string& name) -> std::optional<std::string> {
        const auto found = variables.find(name);
        if (found == variables.end())
            return std::nullopt;
        return found->second;
    };
}

SecurityConfig parse(const std::string& text, std::map<std::string, std::string> variables = {})
{
    return parseSecurityConfig(text, fs::path(HW_REALKAFKA_TEST_DATA_DIR) / "client.properties",
        environmentOf(std::move(variables)))
        .config;
}

/// Expects a refusal holding every fragment and never the password.
void expectRefused(const std::string& text, const std::vector<std::string>& fragments)
{
    try {
        parse(text);
        ADD_FAILURE() << "accepted:\n" << text;
    } catch (const SecurityConfigError& error) {
        const std::string message = error.what();
        for (const std::string& fragment : fragments)
            EXPECT_NE(message.find(fragment), std::string::npos) << message << "\nlacks: " << fragment;
        EXPECT_EQ(message.find(secret), std::string::npos) << "the password shows: " << message;
    }
}

TEST(SecurityConfig, AnEmptyFileIsPlaintext)
{
    const SecurityConfig config = parse("# nothing\n\n");
    EXPECT_EQ(config.protocol, SecurityProtocol::Plaintext);
    EXPECT_FALSE(config.usesTls());
    EXPECT_FALSE(config.usesSasl());
}

TEST(SecurityConfig, SaslSslWithScramAndPemFiles)
{
    const SecurityConfig config = parse("security.protocol=SASL_SSL\n"
                                        "sasl.mechanism = SCRAM-SHA-512\n"
                                        "sasl.username: alice\n"
                                        "sasl.password " + std::string(secret) + "\n"
                                        "ssl.ca.location=tls/ca.pem\n"
                                        "ssl.endpoint.identification.algorithm=\n");
    EXPECT_EQ(config.protocol, SecurityProtocol::SaslSsl);
    EXPECT_EQ(config.mechanism, SaslMechanism::ScramSha512);
    EXPECT_EQ(config.username, "alice");
    EXPECT_EQ(config.password, secret);
    EXPECT_EQ(config.caLocation, (fs::path(HW_REALKAFKA_TEST_DATA_DIR) / "tls/ca.pem").string());
    EXPECT_FALSE(config.verifyHostName);
}

TEST(SecurityConfig, TheJaasLineGivesTheCredentials)
{
    const SecurityConfig config = parse("security.protocol=SASL_PLAINTEXT\nsasl.mechanism=SCRAM-SHA-256\n"
                                        "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule \\\n"
                                        "    required username=\"al\\\\\\\"ice\" password=\""
        + std::string(secret) + "\";\n");
    EXPECT_EQ(config.username, "al\"ice");
    EXPECT_EQ(config.password, secret);
    const SecurityConfig plain = parse("security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"
                                       "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule "
                                       "required username=bob password=\"p w\";\n");
    EXPECT_EQ(plain.username, "bob");
    EXPECT_EQ(plain.password, "p w");
    EXPECT_TRUE(plain.verifyHostName);
    EXPECT_TRUE(plain.caLocation.empty());
}

TEST(SecurityConfig, TheEnvironmentOverridesTheFile)
{
    const SecurityConfig config = parse("security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.username=file\n",
        { { saslUsernameVariable, "env-user" }, { saslPasswordVariable, "env-pass" } });
    EXPECT_EQ(config.username, "env-user");
    EXPECT_EQ(config.password, "env-pass");
}

TEST(SecurityConfig, EveryRefusalNamesTheFileLineAndKeyWithoutTheSecret)
{
    const std::string sasl = "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n";
    expectRefused("security.protocol=TLS\n", { "client.properties:1: security.protocol", "\"TLS\"", "SASL_SSL" });
    expectRefused("sasl.pasword=" + std::string(secret) + "\n",
        { "client.properties:1: sasl.pasword", "not a key HighWater reads", "sasl.password" });
    expectRefused(
        "security.protocol=SSL\nsecurity.protocol=SSL\n", { ":2: security.protocol", "given twice", "line 1" });
    expectRefused("security.protocol=SASL_SSL\nsasl.password=" + std::string(secret) + "\nsasl.username=a\n",
        { "client.properties: sasl.mechanism: missing", "GSSAPI" });
    expectRefused(sasl + "sasl.username=a\n", { "needs a password", saslPasswordVariable });
    expectRefused(sasl + "sasl.password=" + std::string(secret) + "\n", { "needs a user name", saslUsernameVariable });
    expectRefused("security.protocol=SASL_SSL\nsasl.mechanism=GSSAPI\n", { ":2: sasl.mechanism", "\"GSSAPI\"" });
    expectRefused("security.protocol=SSL\nsasl.password=" + std::string(secret) + "\n",
        { ":2: sasl.password", "SASL_PLAINTEXT or SASL_SSL", "not SSL" });
    expectRefused("ssl.ca.location=x.pem\n", { ":1: ssl.ca.location", "SSL or SASL_SSL", "not PLAINTEXT" });
    expectRefused("security.protocol=SSL\nssl.ca.location=no-such.pem\n",
        { ":2: ssl.ca.location", "no-such.pem", "is not a file" });
    expectRefused("security.protocol=SSL\nssl.certificate.location=tls/broker.pem\n",
        { ":2: ssl.certificate.location", "needs both" });
    expectRefused("security.protocol=SSL\nssl.endpoint.identification.algorithm=none\n",
        { ":2: ssl.endpoint.identification.algorithm", "\"none\"" });
    expectRefused(sasl + "sasl.password=" + std::string(secret) + "\\u0041\n", { ":3: sasl.password", "\\u" });
    expectRefused(sasl + "sasl.username=a\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule "
                         "required password=\"" + std::string(secret) + "\";\n",
        { ":3: sasl.username", "given with sasl.jaas.config (line 4)" });
    expectRefused(sasl + "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;\n",
        { ":3: sasl.jaas.config", "PlainLoginModule" });
    expectRefused(sasl + "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
                         "password=\"" + std::string(secret) + "\"\n",
        { ":3: sasl.jaas.config", "expected option=\"value\" or ';'" });
    expectRefused(sasl + "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
                         "password=\"" + std::string(secret) + "\n",
        { ":3: sasl.jaas.config", "no closing" });
    expectRefused(sasl + "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
                         "tokenauth=\"" + std::string(secret) + "\";\n",
        { ":3: sasl.jaas.config", "option tokenauth", "only username and password" });
    expectRefused(std::string(securityLineBytesMax + 1, '#') + "\n", { ":1:", "securityLineBytesMax" });
    expectRefused(std::string(securityFileBytesMax + 1, '\n'), { "securityFileBytesMax" });
}

TEST(SecurityConfig, AFileOthersCanReadIsLoadedWithAWarning)
{
    const fs::path file = fs::temp_directory_path() / ("hw-security-" + std::to_string(::getpid()) + ".properties");
    std::ofstream(file) << "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.username=a\nsasl.password="
                        << secret << "\n";
    fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    LoadedSecurityConfig loaded = loadSecurityConfig(file, environmentOf({}));
    EXPECT_EQ(loaded.config.password, secret);
    ASSERT_EQ(loaded.warnings.size(), 1u);
    EXPECT_NE(loaded.warnings[0].find("mode 0640"), std::string::npos) << loaded.warnings[0];
    EXPECT_NE(loaded.warnings[0].find("chmod 600"), std::string::npos) << loaded.warnings[0];
    EXPECT_EQ(loaded.warnings[0].find(secret), std::string::npos);
    fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_TRUE(loadSecurityConfig(file, environmentOf({})).warnings.empty());
    fs::remove(file);
    EXPECT_THROW(loadSecurityConfig(file, environmentOf({})), SecurityConfigError);
}

} // namespace
} // namespace hw::realkafka
