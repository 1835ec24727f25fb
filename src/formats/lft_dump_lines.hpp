#pragma once

// Private to the LFT dump reader: recognising and splitting its lines. Pure functions over
// one line each; nothing here throws.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/lft_dump.hpp"

namespace ibatlas::lft_text {

constexpr std::uint32_t kMaxUnicastLid = 0xbfff;

// A table's first line, any of the three formats.
struct Header {
  LftDumpFormat format = LftDumpFormat::Ibroute;
  Guid guid = 0;
  std::optional<Lid> lid;
  std::optional<std::uint32_t> top;  // unchecked: the reader bounds it
  std::string description;
};

// Whether `line` starts a table, and whether the rest of it parses.
enum class HeaderMatch : std::uint8_t { NotAHeader, Header, Malformed };

HeaderMatch match_header(std::string_view line, Header& out);

// One entry line. port is absent for .fdbs "UNREACHABLE".
struct Entry {
  std::uint32_t lid = 0;  // unchecked
  std::optional<std::uint32_t> port;
  std::optional<Guid> destination;  // "portguid 0x..." in the info part
};

std::optional<Entry> parse_entry(std::string_view line, LftDumpFormat format);

// "22 valid lids dumped " / "22 lids dumped": the number.
std::optional<std::uint64_t> parse_trailer(std::string_view line);

// Column headings inside a table ("  Lid  Out   Destination", "LID    : Port : Hops ...").
bool is_column_heading(std::string_view line);

// Lines the tools print on errors, captured with 2>&1.
enum class ToolLine : std::uint8_t { None, Error, UnreadBlock, Warning };

struct ToolMessage {
  ToolLine kind = ToolLine::None;
  std::optional<Guid> guid;            // UnreadBlock: the switch, when the line names it
  std::optional<std::uint32_t> block;  // UnreadBlock: "AM 0x..", the 64-LID block number
};

ToolMessage match_tool_line(std::string_view line);

// dump_lfts' closing "*** WARNING ***: this command has been replaced by dump_fts".
bool is_dump_lfts_trailer(std::string_view line);

}  // namespace ibatlas::lft_text
