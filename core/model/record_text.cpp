// SPDX-License-Identifier: MIT
#include "model/record_text.h"

#include <cstdint>

namespace hw {

namespace {

/// The length of the UTF-8 sequence at `i`, or 0 when it is not well-formed.
std::size_t sequenceLength(std::string_view s, std::size_t i)
{
    const auto b0 = static_cast<std::uint8_t>(s[i]);
    if (b0 < 0x80)
        return 1;
    std::size_t length = 0;
    std::uint32_t minimum = 0;
    std::uint32_t cp = 0;
    if ((b0 & 0xe0) == 0xc0) {
        length = 2;
        minimum = 0x80;
        cp = b0 & 0x1f;
    } else if ((b0 & 0xf0) == 0xe0) {
        length = 3;
        minimum = 0x800;
        cp = b0 & 0x0f;
    } else if ((b0 & 0xf8) == 0xf0) {
        length = 4;
        minimum = 0x10000;
        cp = b0 & 0x07;
    } else {
        return 0;
    }
    if (i + length > s.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k) {
        const auto b = static_cast<std::uint8_t>(s[i + k]);
        if ((b & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (b & 0x3f);
    }
    if (cp < minimum || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return length;
}

} // namespace

bool isValidUtf8(std::string_view bytes)
{
    for (std::size_t i = 0; i < bytes.size();) {
        const std::size_t length = sequenceLength(bytes, i);
        if (length == 0)
            return false;
        i += length;
    }
    return true;
}

std::optional<std::string> fromHex(std::string_view hex)
{
    auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    };
    if (hex.size() % 2 != 0)
        return std::nullopt;
    std::string out;
    out.reserve(hex.size() / 2);
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int high = digit(hex[i]);
        const int low = digit(hex[i + 1]);
        if (high < 0 || low < 0)
            return std::nullopt;
        out.push_back(static_cast<char>((high << 4) | low));
    }
    return out;
}

std::string toHex(std::string_view bytes)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (char c : bytes) {
        const auto b = static_cast<std::uint8_t>(c);
        out.push_back(digits[b >> 4]);
        out.push_back(digits[b & 0x0f]);
    }
    return out;
}

std::string recordText(std::string_view bytes, std::size_t shownMax)
{
    if (isValidUtf8(bytes)) {
        std::size_t shown = 0;
        for (std::size_t i = 0; i < bytes.size(); ++shown) {
            if (shown == shownMax)
                return std::string(bytes.substr(0, i)) + "\u2026";
            i += sequenceLength(bytes, i);
        }
        return std::string(bytes);
    }
    const std::size_t bytesShown = shownMax / 2;
    if (bytes.size() <= bytesShown)
        return "0x" + toHex(bytes);
    return "0x" + toHex(bytes.substr(0, bytesShown)) + "\u2026";
}

} // namespace hw
