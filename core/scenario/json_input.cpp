// SPDX-License-Identifier: MIT
#include "scenario/json_input.h"

#include "model/limits.h"

#include <algorithm>
#include <iterator>

namespace hw::json_input {

std::string describe(const Json& value)
{
    switch (value.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::boolean:
        return value.get<bool>() ? "true" : "false";
    case Json::value_t::string: {
        std::string s = value.get<std::string>();
        if (s.size() > 40)
            s = s.substr(0, 40) + "...";
        return "the string \"" + s + "\"";
    }
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
        return "the number " + value.dump();
    case Json::value_t::number_float:
        return "the number " + value.dump();
    case Json::value_t::array:
        return "an array";
    case Json::value_t::object:
        return "an object";
    default:
        return "a value of another kind";
    }
}

std::string child(const std::string& path, std::string_view key)
{
    // JSON pointer escaping (RFC 6901).
    std::string escaped;
    for (char c : key) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return path + "/" + escaped;
}

std::string child(const std::string& path, std::size_t index)
{
    return path + "/" + std::to_string(index);
}

std::string joinNames(std::initializer_list<std::string_view> names)
{
    std::string out;
    for (auto name : names) {
        if (!out.empty())
            out += ", ";
        out += name;
    }
    return out;
}

void requireObject(const Json& value, const std::string& path, std::string_view what)
{
    if (!value.is_object())
        fail(path, "expected " + std::string(what) + " (a JSON object), got " + describe(value));
}

void checkKeys(const Json& object, const std::string& path, std::initializer_list<std::string_view> allowed)
{
    for (const auto& item : object.items()) {
        if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end())
            fail(child(path, item.key()), "unknown key \"" + item.key() + "\"; expected one of: " + joinNames(allowed));
    }
}

const Json& required(const Json& object, std::string_view key, const std::string& path)
{
    auto it = object.find(std::string(key));
    if (it == object.end())
        fail(path, "missing required key \"" + std::string(key) + "\"");
    return *it;
}

std::int64_t readInt(const Json& value, const std::string& path, std::int64_t min, std::int64_t max)
{
    if (!value.is_number_integer())
        fail(path, "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                       describe(value));
    if (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(max))
        fail(path, "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                       describe(value));
    const auto n = value.get<std::int64_t>();
    if (n < min || n > max)
        fail(path, "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                       std::to_string(n));
    return n;
}

std::string readString(const Json& value, const std::string& path, bool allowEmpty)
{
    if (!value.is_string())
        fail(path, "expected a string, got " + describe(value));
    std::string s = value.get<std::string>();
    if (!allowEmpty && s.empty())
        fail(path, "expected a non-empty string");
    if (s.size() > limits::stringBytesMax)
        fail(path, "a string longer than the limit of " + std::to_string(limits::stringBytesMax) + " bytes");
    return s;
}

bool readBool(const Json& value, const std::string& path)
{
    if (!value.is_boolean())
        fail(path, "expected true or false, got " + describe(value));
    return value.get<bool>();
}


void lineAndColumn(std::string_view text, std::size_t byte, int& line, int& column)
{
    line = 1;
    column = 1;
    const std::size_t end = std::min(byte, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) {
            ++column; // count characters, not UTF-8 continuation bytes
        }
    }
}

namespace {

/// Walks the text for nlohmann's lexer and remembers how far it has read. The SAX interface gives its
/// handler no positions; this is how the handler locates the bracket or key it is called for.
class TrackingIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    TrackingIterator(const char* at, const char** furthest) : m_at(at), m_furthest(furthest) { }
    reference operator*() const { return *m_at; }
    TrackingIterator& operator++()
    {
        *m_furthest = ++m_at;
        return *this;
    }
    TrackingIterator operator++(int)
    {
        TrackingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const TrackingIterator& other) const { return m_at == other.m_at; }

private:
    const char* m_at;
    const char** m_furthest;
};

/// Builds the document as nlohmann's json_sax_dom_parser does, and also stops, with the position, at
/// the first array or object nested deeper than jsonDepthMax and at the first key an object repeats.
/// The library would keep the last of two equal keys silently, and its ordered_map looks every key up
/// by a linear scan, so that one object of 200,000 keys took minutes; here a hash map per open object
/// finds repeats, and keys are appended directly.
class DocumentBuilder {
public:
    DocumentBuilder(std::string_view text, Json& root) : m_text(text), m_root(root), m_furthest(text.data()) { }

    const char** furthest() { return &m_furthest; }
    const std::optional<ScenarioError>& error() const { return m_error; }

    bool null() { return add(nullptr); }
    bool boolean(bool value) { return add(value); }
    bool number_integer(Json::number_integer_t value) { return add(value); }
    bool number_unsigned(Json::number_unsigned_t value) { return add(value); }
    bool number_float(Json::number_float_t value, const std::string&) { return add(value); }
    bool string(std::string& value) { return add(std::move(value)); }
    bool binary(Json::binary_t& value) { return add(Json::binary(std::move(value))); }

    bool start_object(std::size_t) { return open(Json::object(), '{'); }
    bool start_array(std::size_t) { return open(Json::array(), '['); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(std::string& name)
    {
        // The lexer has just read the key's closing quote; its opening quote is the nearest quote
        // before that which is not escaped.
        const std::size_t close = read() - 1;
        std::size_t start = close;
        while (start > 0) {
            --start;
            if (m_text[start] != '"')
                continue;
            std::size_t backslashes = 0;
            while (start > backslashes && m_text[start - 1 - backslashes] == '\\')
                ++backslashes;
            if (backslashes % 2 == 0)
                break;
        }
        auto [first, inserted] = m_keys.back().try_emplace(name, start);
        if (!inserted) {
            int line = 0;
            int column = 0;
            lineAndColumn(m_text, first->second, line, column);
            stop(start, child(pointer(), name),
                "a second key \"" + name + "\" in one object (the first is at line " + std::to_string(line)
                    + ", column " + std::to_string(column) + "); expected each key once");
            return false;
        }
        Json::object_t& object = m_open.back()->get_ref<Json::object_t&>();
        object.emplace_back(std::move(name), nullptr);
        m_member = &object.back().second;
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e)
    {
        // `position` is the 1-based index of the byte where the parser stopped.
        std::string what = e.what();
        const auto colon = what.find(": ", what.find("column"));
        stop(position == 0 ? 0 : position - 1, "", colon == std::string::npos ? what : what.substr(colon + 2));
        return false;
    }

private:
    std::size_t read() const { return static_cast<std::size_t>(m_furthest - m_text.data()); }

    /// The JSON pointer of the innermost open container: each open container is the last member or
    /// element of the one around it.
    std::string pointer() const
    {
        std::string out;
        for (std::size_t i = 0; i + 1 < m_open.size(); ++i) {
            const Json& container = *m_open[i];
            if (container.is_array())
                out = child(out, container.size() - 1);
            else
                out = child(out, container.get_ref<const Json::object_t&>().back().first);
        }
        return out;
    }

    /// Records the error that ends the parse (the handler then returns false).
    void stop(std::size_t byte, std::string path, std::string message)
    {
        ScenarioError error;
        lineAndColumn(m_text, byte, error.line, error.column);
        error.path = std::move(path);
        error.message = std::move(message);
        m_error = std::move(error);
    }

    /// Puts a value where the parser is: the root, the next element of the open array, or the member
    /// whose key was just read.
    Json* place(Json&& value)
    {
        if (m_open.empty()) {
            m_root = std::move(value);
            return &m_root;
        }
        if (m_open.back()->is_array()) {
            Json::array_t& array = m_open.back()->get_ref<Json::array_t&>();
            array.push_back(std::move(value));
            return &array.back();
        }
        *m_member = std::move(value);
        return m_member;
    }

    bool add(Json&& value)
    {
        place(std::move(value));
        return true;
    }

    bool open(Json&& container, char bracket)
    {
        if (m_open.size() >= static_cast<std::size_t>(limits::jsonDepthMax)) {
            stop(read() - 1, "",
                "expected at most " + std::to_string(limits::jsonDepthMax)
                    + " nested arrays and objects (jsonDepthMax), got a deeper '" + std::string(1, bracket) + "'");
            return false;
        }
        // Pointers into the enclosing containers stay valid: nothing is added to a container while a
        // member or element of it is open.
        m_open.push_back(place(std::move(container)));
        m_keys.emplace_back();
        return true;
    }

    bool close()
    {
        m_open.pop_back();
        m_keys.pop_back();
        return true;
    }

    std::string_view m_text;
    Json& m_root;
    const char* m_furthest;
    std::vector<Json*> m_open; // the arrays and objects being filled, outermost first
    // Per open container (empty for arrays): each key read so far and the byte of its opening quote.
    std::vector<std::unordered_map<std::string, std::size_t>> m_keys;
    Json* m_member = nullptr; // the member of the innermost object whose key was read last
    std::optional<ScenarioError> m_error;
};

} // namespace

/// Parses JSON text into a document within jsonDepthMax and without repeated keys.
std::variant<Json, ScenarioError> parseDocument(std::string_view text, const std::string& file)
{
    Json root;
    DocumentBuilder builder(text, root);
    const TrackingIterator first(text.data(), builder.furthest());
    const TrackingIterator last(text.data() + text.size(), builder.furthest());
    // sax_parse returns false exactly when one of the handlers returned false, and each of them
    // records the error before it does.
    Json::sax_parse(first, last, &builder);
    if (builder.error()) {
        ScenarioError error = *builder.error();
        error.file = file;
        return error;
    }
    return root;
}

} // namespace hw::json_input
