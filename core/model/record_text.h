// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

/// How a record's bytes are shown. A live client's key or value is any bytes: text where they are
/// valid UTF-8, otherwise hexadecimal, and in the views cut to limits::recordTextShownMax.
namespace hw {

/// Whether the bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, at most
/// U+10FFFF), so a JSON writer or a text view may take them as they are.
bool isValidUtf8(std::string_view bytes);

/// Lower-case hexadecimal, two digits per byte.
std::string toHex(std::string_view bytes);

/// The bytes that toHex wrote (either case of the digits), or nullopt for anything else.
std::optional<std::string> fromHex(std::string_view hex);

/// The bytes as text if they are UTF-8, else as "0x" and hex; cut to at most `shownMax` characters
/// (code points, or hex digits) with "…" at the end when cut.
std::string recordText(std::string_view bytes, std::size_t shownMax);

} // namespace hw
