// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

/// How the observer's connections to a real cluster are secured (issue 29): a Kafka-client-style properties
/// file (`--security FILE`), read line by line. The keys are the Kafka client's own (security.protocol,
/// sasl.mechanism, sasl.jaas.config, ssl.endpoint.identification.algorithm: clients/.../CommonClientConfigs,
/// SaslConfigs, SslConfigs at 4.2.0) and librdkafka's PEM names (sasl.username, sasl.password,
/// ssl.ca.location, ssl.certificate.location, ssl.key.location), since the observer reads PEM files, not JKS.
///
/// The file format is java.util.Properties' line format: '#' or '!' starts a comment, "key=value",
/// "key: value" or "key value", a trailing backslash continues the line, "\t" "\n" "\r" "\f" and "\\"
/// escapes; "\uXXXX" is refused. Unlike Properties, an unknown key or a key given twice is an error.
/// Credentials come from the file or the environment (HW_OBSERVE_SASL_USERNAME, HW_OBSERVE_SASL_PASSWORD
/// override the file), never from the command line. No error message ever holds the password.
namespace hw::realkafka {

enum class SecurityProtocol { Plaintext, Ssl, SaslPlaintext, SaslSsl };
enum class SaslMechanism { Plain, ScramSha256, ScramSha512 };

const char* securityProtocolName(SecurityProtocol protocol);
const char* saslMechanismName(SaslMechanism mechanism);

struct SecurityConfig {
    SecurityProtocol protocol = SecurityProtocol::Plaintext;
    SaslMechanism mechanism = SaslMechanism::Plain;
    std::string username;
    std::string password;
    /// PEM files; an empty caLocation means OpenSSL's default verify paths. Relative paths in the file are
    /// taken from the file's directory, and the loaded config holds them absolute.
    std::string caLocation;
    std::string certificateLocation;
    std::string keyLocation;
    /// ssl.endpoint.identification.algorithm "https" (the default, as in Kafka since 2.0, KIP-294) checks the
    /// broker's certificate against the host name; "" turns the check off.
    bool verifyHostName = true;

    bool usesTls() const { return protocol == SecurityProtocol::Ssl || protocol == SecurityProtocol::SaslSsl; }
    bool usesSasl() const
    {
        return protocol == SecurityProtocol::SaslPlaintext || protocol == SecurityProtocol::SaslSsl;
    }
};

/// A file that cannot be used: "FILE:LINE: KEY: what was expected". Never holds a secret.
class SecurityConfigError : public std::runtime_error {
public:
    explicit SecurityConfigError(const std::string& what) : std::runtime_error(what) { }
};

/// The file's size and line length limits: a security file is a few hundred bytes.
constexpr std::size_t securityFileBytesMax = 64 * 1024;
constexpr std::size_t securityLineBytesMax = 8 * 1024;

/// The environment variables that override the file's credentials.
constexpr const char* saslUsernameVariable = "HW_OBSERVE_SASL_USERNAME";
constexpr const char* saslPasswordVariable = "HW_OBSERVE_SASL_PASSWORD";

/// Looks a variable up (std::getenv by default; tests pass their own).
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;
EnvironmentLookup processEnvironment();

struct LoadedSecurityConfig {
    SecurityConfig config;
    /// Warnings for the user (a file that others can read). Never hold a secret.
    std::vector<std::string> warnings;
};

/// Reads the file. Throws SecurityConfigError.
LoadedSecurityConfig loadSecurityConfig(
    const std::filesystem::path& file, const EnvironmentLookup& environment = processEnvironment());

/// Parses the text of a file named fileName (in messages; relative paths are taken from its directory).
/// Throws SecurityConfigError.
LoadedSecurityConfig parseSecurityConfig(
    std::string_view text, const std::filesystem::path& fileName, const EnvironmentLookup& environment);

} // namespace hw::realkafka
