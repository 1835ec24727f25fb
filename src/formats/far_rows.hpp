#pragma once

// Private to the .far reader: recognising and parsing its lines one at a time. The parsers
// throw ParseError naming the column that is wrong; the reader keeps the order of sections
// and what may not repeat.

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/fabric_ids.hpp"

namespace ibatlas::far_text {

constexpr std::uint32_t kMaxTop = 0xbfff;     // the last unicast LID
constexpr std::uint32_t kMaxGroupPort = 254;  // the last switch port

struct Where {
  std::string_view name;
  std::size_t line = 0;
};

[[noreturn]] void fail(const Where& where, const std::string& expected, const std::string& found);

// A line whose first token is "Switch": one that opens a switch (or is a malformed one).
bool is_switch_line(std::string_view line);
// A switch line whose second token starts with "0x": what may not stand between a switch
// line and its "Groups Definition:", where other lines are free text.
bool names_switch(std::string_view line);
// The GUID of a switch line: "0x" and 16 hex digits; anything after it is ignored.
Guid parse_switch_line(std::string_view line, const Where& where);
// "File version: N".
std::uint32_t parse_version(std::string_view line, const Where& where);

// The line, trimmed, is `label` ("Groups Definition:").
bool is_label(std::string_view line, std::string_view label);
// The line's blank-separated tokens are exactly `tokens`.
bool has_tokens(std::string_view line, std::initializer_list<std::string_view> tokens);
// Only dashes, at least one.
bool is_dashes(std::string_view line);

// "GROUP SUB_GROUP WHBF P1,P2,...," (the port list may be empty, blanks inside it are
// ignored). Ports come back ascending.
ArGroup parse_group_row(std::string_view line, const Where& where);

struct PlftHeader {
  std::uint8_t plft = 0;
  std::uint16_t top = 0;
};

// "PLFT_NUM: N , top: 0xTOP", blanks around the tokens free.
PlftHeader parse_plft_line(std::string_view line, const Where& where);

struct LftRow {
  Lid lid = 0;
  ArLftEntry entry;
};

// "0xLID STATIC_PORT STATE GROUP", the LID at most `top`.
LftRow parse_lft_row(std::string_view line, std::uint16_t top, const Where& where);

}  // namespace ibatlas::far_text
