// SPDX-License-Identifier: MIT
#include "realkafka/security_config.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

namespace hw::realkafka {

namespace {

namespace fs = std::filesystem;

constexpr std::array knownKeys = { "security.protocol", "sasl.mechanism", "sasl.username", "sasl.password",
    "sasl.jaas.config", "ssl.ca.location", "ssl.certificate.location", "ssl.key.location",
    "ssl.endpoint.identification.algorithm" };

/// The keys whose values are secret: no message quotes them.
bool isSecret(std::string_view key)
{
    return key == "sasl.password" || key == "sasl.jaas.config";
}

struct Entry {
    std::string value;
    std::size_t line = 0;
};

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\f';
}

std::string_view trimLeft(std::string_view text)
{
    while (!text.empty() && isBlank(text.front()))
        text.remove_prefix(1);
    return text;
}

/// True when the line ends in an odd number of backslashes (a continuation in java.util.Properties).
bool continues(std::string_view line)
{
    std::size_t count = 0;
    while (count < line.size() && line[line.size() - 1 - count] == '\\')
        ++count;
    return count % 2 == 1;
}

class Parser {
public:
    Parser(const fs::path& file, const EnvironmentLookup& environment) : m_file(file), m_environment(environment) { }

    LoadedSecurityConfig parse(std::string_view text)
    {
        if (text.size() > securityFileBytesMax)
            fail(0, "", std::to_string(text.size()) + " bytes, at most " + std::to_string(securityFileBytesMax)
                    + " expected (securityFileBytesMax)");
        readEntries(text);
        interpret();
        return { m_config, {} };
    }

private:
    const fs::path& m_file;
    const EnvironmentLookup& m_environment;
    std::map<std::string, Entry> m_entries;
    SecurityConfig m_config;

    [[noreturn]] void fail(std::size_t line, const std::string& key, const std::string& what) const
    {
        std::string message = m_file.string();
        if (line > 0)
            message += ":" + std::to_string(line);
        if (!key.empty())
            message += ": " + key;
        throw SecurityConfigError(message + ": " + what);
    }

    void readEntries(std::string_view text)
    {
        std::vector<std::string_view> lines;
        std::size_t start = 0;
        while (start <= text.size()) {
            const std::size_t end = text.find('\n', start);
            std::string_view line = text.substr(start, end == std::string_view::npos ? end : end - start);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            lines.push_back(line);
            if (end == std::string_view::npos)
                break;
            start = end + 1;
        }
        for (std::size_t i = 0; i < lines.size(); ++i) {
            if (lines[i].size() > securityLineBytesMax)
                fail(i + 1, "", std::to_string(lines[i].size()) + " bytes on one line, at most "
                        + std::to_string(securityLineBytesMax) + " expected (securityLineBytesMax)");
        }
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const std::size_t lineNumber = i + 1;
            std::string_view first = trimLeft(lines[i]);
            if (first.empty() || first.front() == '#' || first.front() == '!')
                continue;
            std::string logical(first);
            while (continues(logical)) {
                logical.pop_back();
                if (++i == lines.size())
                    break;
                logical += trimLeft(lines[i]);
                if (logical.size() > securityLineBytesMax)
                    fail(lineNumber, "", "a continued line of more than " + std::to_string(securityLineBytesMax)
                            + " bytes (securityLineBytesMax)");
            }
            addEntry(logical, lineNumber);
        }
    }

    /// Undoes java.util.Properties' escapes.
    std::string unescape(std::string_view text, std::size_t line, const std::string& key) const
    {
        std::string out;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] != '\\' || i + 1 == text.size()) {
                out += text[i];
                continue;
            }
            const char c = text[++i];
            if (c == 'u')
                fail(line, key, "\\u escapes are not supported; write the character in UTF-8");
            out += c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c == 'f' ? '\f' : c;
        }
        return out;
    }

    void addEntry(std::string_view line, std::size_t lineNumber)
    {
        std::size_t keyEnd = 0;
        while (keyEnd < line.size() && line[keyEnd] != '=' && line[keyEnd] != ':' && !isBlank(line[keyEnd])) {
            if (line[keyEnd] == '\\')
                ++keyEnd;
            ++keyEnd;
        }
        keyEnd = std::min(keyEnd, line.size());
        const std::string key = unescape(line.substr(0, keyEnd), lineNumber, "");
        std::string_view rest = trimLeft(line.substr(keyEnd));
        if (!rest.empty() && (rest.front() == '=' || rest.front() == ':'))
            rest = trimLeft(rest.substr(1));
        if (std::find(knownKeys.begin(), knownKeys.end(), key) == knownKeys.end()) {
            std::string known;
            for (const char* name : knownKeys)
                known += std::string(known.empty() ? "" : ", ") + name;
            fail(lineNumber, key, "not a key HighWater reads; expected one of " + known);
        }
        if (const auto earlier = m_entries.find(key); earlier != m_entries.end())
            fail(lineNumber, key, "given twice (first on line " + std::to_string(earlier->second.line) + ")");
        m_entries[key] = { unescape(rest, lineNumber, key), lineNumber };
    }

    const Entry* find(const std::string& key) const
    {
        const auto found = m_entries.find(key);
        return found == m_entries.end() ? nullptr : &found->second;
    }

    std::string quoted(const std::string& key, const std::string& value) const
    {
        return isSecret(key) ? std::string("the value") : "\"" + value + "\"";
    }

    void interpret()
    {
        if (const Entry* entry = find("security.protocol")) {
            std::string name = entry->value;
            std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::toupper(c); });
            static const std::map<std::string, SecurityProtocol> protocols = { { "PLAINTEXT",
                                                                                   SecurityProtocol::Plaintext },
                { "SSL", SecurityProtocol::Ssl }, { "SASL_PLAINTEXT", SecurityProtocol::SaslPlaintext },
                { "SASL_SSL", SecurityProtocol::SaslSsl } };
            const auto found = protocols.find(name);
            if (found == protocols.end())
                fail(entry->line, "security.protocol",
                    quoted("", entry->value) + " is not one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL");
            m_config.protocol = found->second;
        }
        interpretSasl();
        interpretTls();
    }

    /// A key that only means something with another protocol is an error, not silently ignored.
    void refuseUnless(bool applies, const std::vector<std::string>& keys, const char* needs) const
    {
        if (applies)
            return;
        for (const std::string& key : keys) {
            if (const Entry* entry = find(key))
                fail(entry->line, key,
                    std::string("only means something when security.protocol is ") + needs + ", not "
                        + securityProtocolName(m_config.protocol));
        }
    }

    void interpretSasl()
    {
        refuseUnless(m_config.usesSasl(), { "sasl.mechanism", "sasl.username", "sasl.password", "sasl.jaas.config" },
            "SASL_PLAINTEXT or SASL_SSL");
        if (!m_config.usesSasl())
            return;
        const Entry* mechanism = find("sasl.mechanism");
        if (mechanism == nullptr)
            fail(0, "sasl.mechanism",
                std::string("missing; ") + securityProtocolName(m_config.protocol)
                    + " needs PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512 (Kafka's default, GSSAPI, is not supported)");
        if (mechanism->value == "PLAIN")
            m_config.mechanism = SaslMechanism::Plain;
        else if (mechanism->value == "SCRAM-SHA-256")
            m_config.mechanism = SaslMechanism::ScramSha256;
        else if (mechanism->value == "SCRAM-SHA-512")
            m_config.mechanism = SaslMechanism::ScramSha512;
        else
            fail(mechanism->line, "sasl.mechanism",
                quoted("", mechanism->value) + " is not one of PLAIN, SCRAM-SHA-256, SCRAM-SHA-512");

        const Entry* jaas = find("sasl.jaas.config");
        if (jaas != nullptr) {
            for (const char* key : { "sasl.username", "sasl.password" }) {
                if (const Entry* entry = find(key))
                    fail(entry->line, key, "given with sasl.jaas.config (line " + std::to_string(jaas->line)
                            + "); give the credentials one way");
            }
            interpretJaas(*jaas);
        }
        if (const Entry* entry = find("sasl.username"))
            m_config.username = entry->value;
        if (const Entry* entry = find("sasl.password"))
            m_config.password = entry->value;
        if (const std::optional<std::string> user = m_environment(saslUsernameVariable))
            m_config.username = *user;
        if (const std::optional<std::string> password = m_environment(saslPasswordVariable))
            m_config.password = *password;
        const std::string needs = std::string(securityProtocolName(m_config.protocol)) + " with "
            + saslMechanismName(m_config.mechanism) + " needs ";
        if (m_config.username.empty())
            fail(0, "",
                needs + "a user name: sasl.username, username= in sasl.jaas.config or $" + saslUsernameVariable);
        if (m_config.password.empty())
            fail(0, "",
                needs + "a password: sasl.password, password= in sasl.jaas.config or $" + saslPasswordVariable);
    }

    /// One login module: "<class> <flag> key="value" ... ;" (Kafka's JaasConfig.parseAppConfigurationEntry at
    /// 4.2.0, clients/.../security/JaasConfig.java). Only username and password are read.
    void interpretJaas(const Entry& entry)
    {
        const std::string key = "sasl.jaas.config";
        const std::string& text = entry.value;
        std::size_t at = 0;
        auto skipBlanks = [&] {
            while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
                ++at;
        };
        auto word = [&] {
            skipBlanks();
            const std::size_t start = at;
            while (at < text.size()
                && (std::isalnum(static_cast<unsigned char>(text[at])) || text[at] == '.' || text[at] == '_'
                    || text[at] == '$' || text[at] == '-'))
                ++at;
            return text.substr(start, at - start);
        };
        const std::string module = word();
        const char* expected = m_config.mechanism == SaslMechanism::Plain
            ? "org.apache.kafka.common.security.plain.PlainLoginModule"
            : "org.apache.kafka.common.security.scram.ScramLoginModule";
        if (module != expected)
            fail(entry.line, key,
                std::string("the login module is not ") + expected + " (what sasl.mechanism "
                    + saslMechanismName(m_config.mechanism) + " uses)");
        const std::string flag = word();
        if (flag != "required" && flag != "requisite" && flag != "sufficient" && flag != "optional")
            fail(entry.line, key, "expected a control flag (required) after the login module");
        while (true) {
            skipBlanks();
            if (at < text.size() && text[at] == ';')
                break;
            const std::string option = word();
            skipBlanks();
            if (option.empty() || at >= text.size() || text[at] != '=')
                fail(entry.line, key, "expected option=\"value\" or ';' after the control flag");
            ++at;
            skipBlanks();
            std::string value;
            if (at < text.size() && text[at] == '"') {
                ++at;
                while (at < text.size() && text[at] != '"') {
                    if (text[at] == '\\' && at + 1 < text.size())
                        ++at;
                    value += text[at++];
                }
                if (at == text.size())
                    fail(entry.line, key, "an option's quoted value has no closing '\"'");
                ++at;
            } else {
                value = word();
            }
            if (option == "username")
                m_config.username = value;
            else if (option == "password")
                m_config.password = value;
            else
                fail(entry.line, key, "option " + option + ": HighWater reads only username and password");
        }
        ++at;
        skipBlanks();
        if (at != text.size())
            fail(entry.line, key, "text after the ';' that ends the login module (one module expected)");
    }

    std::string pemFile(const std::string& key) const
    {
        const Entry* entry = find(key);
        if (entry == nullptr)
            return {};
        if (entry->value.empty())
            fail(entry->line, key, "empty; expected the path of a PEM file");
        fs::path path(entry->value);
        if (path.is_relative())
            path = m_file.parent_path() / path;
        std::error_code error;
        if (!fs::is_regular_file(path, error))
            fail(entry->line, key, "\"" + path.string() + "\" is not a file; expected a PEM file");
        std::ifstream probe(path);
        if (!probe)
            fail(entry->line, key, "\"" + path.string() + "\" cannot be read");
        return fs::absolute(path, error).string();
    }

    void interpretTls()
    {
        refuseUnless(m_config.usesTls(),
            { "ssl.ca.location", "ssl.certificate.location", "ssl.key.location",
                "ssl.endpoint.identification.algorithm" },
            "SSL or SASL_SSL");
        if (!m_config.usesTls())
            return;
        m_config.caLocation = pemFile("ssl.ca.location");
        m_config.certificateLocation = pemFile("ssl.certificate.location");
        m_config.keyLocation = pemFile("ssl.key.location");
        const Entry* certificate = find("ssl.certificate.location");
        const Entry* privateKey = find("ssl.key.location");
        if ((certificate == nullptr) != (privateKey == nullptr)) {
            const Entry* given = certificate != nullptr ? certificate : privateKey;
            fail(given->line, certificate != nullptr ? "ssl.certificate.location" : "ssl.key.location",
                "a client certificate needs both ssl.certificate.location and ssl.key.location");
        }
        if (const Entry* entry = find("ssl.endpoint.identification.algorithm")) {
            if (entry->value == "https")
                m_config.verifyHostName = true;
            else if (entry->value.empty())
                m_config.verifyHostName = false;
            else
                fail(entry->line, "ssl.endpoint.identification.algorithm",
                    quoted("", entry->value) + " is neither https nor empty (no host name check)");
        }
    }
};

} // namespace

const char* securityProtocolName(SecurityProtocol protocol)
{
    switch (protocol) {
    case SecurityProtocol::Plaintext:
        return "PLAINTEXT";
    case SecurityProtocol::Ssl:
        return "SSL";
    case SecurityProtocol::SaslPlaintext:
        return "SASL_PLAINTEXT";
    case SecurityProtocol::SaslSsl:
        return "SASL_SSL";
    }
    return "?";
}

const char* saslMechanismName(SaslMechanism mechanism)
{
    switch (mechanism) {
    case SaslMechanism::Plain:
        return "PLAIN";
    case SaslMechanism::ScramSha256:
        return "SCRAM-SHA-256";
    case SaslMechanism::ScramSha512:
        return "SCRAM-SHA-512";
    }
    return "?";
}

EnvironmentLookup processEnvironment()
{
    return [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        if (value == nullptr)
            return std::nullopt;
        return std::string(value);
    };
}

LoadedSecurityConfig parseSecurityConfig(
    std::string_view text, const std::filesystem::path& fileName, const EnvironmentLookup& environment)
{
    return Parser(fileName, environment).parse(text);
}

LoadedSecurityConfig loadSecurityConfig(const std::filesystem::path& file, const EnvironmentLookup& environment)
{
    std::error_code error;
    const auto status = fs::status(file, error);
    if (error || !fs::is_regular_file(status))
        throw SecurityConfigError(file.string() + ": not a file; expected a security properties file");
    const std::uintmax_t size = fs::file_size(file, error);
    if (error)
        throw SecurityConfigError(file.string() + ": its size cannot be read: " + error.message());
    if (size > securityFileBytesMax)
        throw SecurityConfigError(file.string() + ": " + std::to_string(size) + " bytes, at most "
            + std::to_string(securityFileBytesMax) + " expected (securityFileBytesMax)");
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw SecurityConfigError(file.string() + ": cannot be read");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LoadedSecurityConfig loaded = parseSecurityConfig(text, file, environment);
    const fs::perms others = fs::perms::group_read | fs::perms::others_read;
    if ((status.permissions() & others) != fs::perms::none) {
        std::ostringstream mode;
        mode << std::oct << (static_cast<unsigned>(status.permissions()) & 0777u);
        loaded.warnings.push_back(file.string() + " is readable by its group or by others (mode 0" + mode.str()
            + "); it may hold a password: chmod 600 " + file.string());
    }
    return loaded;
}

} // namespace hw::realkafka
