// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

/// How a scenario asks to be shown (its "display" object, docs/scenario-format.md). Kept apart from
/// scenario.h so that the views can name these without the engine's headers.
namespace hw {

/// What a log cell of the views shows: the record's offset, its value, or both. A teaching choice (a
/// lesson about ordering needs the values, one about lag the offsets); it does not change the run.
enum class CellText : std::uint8_t { Offsets, Values, Both };

/// "offsets", "values" or "both", as the scenario format and `highwater-cli export --cells` spell them.
constexpr std::string_view cellTextName(CellText text)
{
    switch (text) {
    case CellText::Offsets:
        return "offsets";
    case CellText::Values:
        return "values";
    case CellText::Both:
        return "both";
    }
    return "offsets";
}

/// The CellText a name spells, or nullopt for any other text.
constexpr std::optional<CellText> parseCellText(std::string_view name)
{
    for (const CellText text : {CellText::Offsets, CellText::Values, CellText::Both}) {
        if (name == cellTextName(text))
            return text;
    }
    return std::nullopt;
}

/// How the scenario asks to be shown (its "display" object). Unset fields leave the choice to the viewer.
struct DisplaySpec {
    std::optional<CellText> cells;
    friend bool operator==(const DisplaySpec&, const DisplaySpec&) = default;
};

} // namespace hw
