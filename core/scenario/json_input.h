// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/scenario.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>

/// Reading a JSON document with errors that point at the place: the file's line and column for
/// syntax, a JSON pointer for content. Used by the scenario reader (scenario_reader*.cpp); not for
/// use outside scenario/.
namespace hw::json_input {

using Json = nlohmann::ordered_json;

/// Thrown inside the reader to unwind to parseScenario, which turns it into a returned error.
struct Failure {
    std::string path;
    std::string message;
};

[[noreturn]] inline void fail(const std::string& path, const std::string& message)
{
    throw Failure{path, message};
}

/// A JSON value as an error message names it ("the string \"x\"", "an object", ...).
std::string describe(const Json& value);
/// The JSON pointer of an object's member or an array's element.
std::string child(const std::string& path, std::string_view key);
std::string child(const std::string& path, std::size_t index);
/// "a, b or c".
std::string joinNames(std::initializer_list<std::string_view> names);

void requireObject(const Json& value, const std::string& path, std::string_view what);
/// Fails on the first key not in `allowed`, naming the keys that are.
void checkKeys(const Json& object, const std::string& path, std::initializer_list<std::string_view> allowed);
const Json& required(const Json& object, std::string_view key, const std::string& path);
std::int64_t readInt(const Json& value, const std::string& path, std::int64_t min, std::int64_t max);
std::string readString(const Json& value, const std::string& path, bool allowEmpty = false);
bool readBool(const Json& value, const std::string& path);

/// The 1-based line and column (in characters) of a byte offset.
void lineAndColumn(std::string_view text, std::size_t byte, int& line, int& column);
/// Parses JSON text into a document within jsonDepthMax and without repeated keys.
std::variant<Json, ScenarioError> parseDocument(std::string_view text, const std::string& file);

} // namespace hw::json_input
