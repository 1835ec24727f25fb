#include "formats/lft_dump_lines.hpp"

#include "text.hpp"

namespace ibatlas::lft_text {

namespace {

using text::next_trimmed_token;
using text::parse_decimal;
using text::parse_hex;
using text::starts_with;
using text::trim;

// The hex digits right after `marker` ("portguid 0x", "AM 0x"), as a number.
std::optional<std::uint64_t> hex_after(std::string_view line, std::string_view marker) {
  std::size_t at = line.find(marker);
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view rest = line.substr(at + marker.size());
  std::size_t end = rest.find_first_not_of("0123456789abcdefABCDEF");
  return parse_hex(rest.substr(0, end));
}

// "[0x0-0x16]" (ibroute) or "[0-22]" (opensm).
bool parse_range(std::string_view range, Header& out) {
  std::size_t dash = range.find('-');
  if (dash == std::string_view::npos) {
    return false;
  }
  std::string_view last = range.substr(dash + 1);
  bool hex = starts_with(last, "0x");
  out.format = hex ? LftDumpFormat::Ibroute : LftDumpFormat::OpensmLfts;
  std::optional<std::uint64_t> first =
      hex ? parse_hex(range.substr(0, dash)) : parse_decimal(range.substr(0, dash));
  std::optional<std::uint64_t> top = hex ? parse_hex(last) : parse_decimal(last);
  if (!first || !top || *top > 0xffff) {
    return false;
  }
  out.top = static_cast<std::uint32_t>(*top);
  return true;
}

// "Lid 15" or "DR path slid 0; dlid 0; 0,3,2": the LID when there is one.
bool parse_portid(std::string_view portid, Header& out) {
  if (!starts_with(portid, "Lid ")) {
    return !portid.empty();
  }
  std::string_view rest = portid.substr(4);
  std::optional<std::uint64_t> lid = parse_decimal(next_trimmed_token(rest));
  if (!lid || *lid > 0xffff) {
    return false;
  }
  out.lid = static_cast<Lid>(*lid);
  return true;
}

// " (desc):" (ibroute) or " ('desc'):" (opensm), after the GUID.
bool parse_description(std::string_view rest, Header& out) {
  if (!starts_with(rest, " (") || rest.size() < 4 || rest.substr(rest.size() - 2) != "):") {
    return false;
  }
  std::string_view desc = rest.substr(2, rest.size() - 4);
  if (out.format == LftDumpFormat::OpensmLfts && desc.size() >= 2 && desc.front() == '\'' &&
      desc.back() == '\'') {
    desc = desc.substr(1, desc.size() - 2);
  }
  out.description = std::string(desc);
  return true;
}

HeaderMatch match_unicast(std::string_view line, Header& out) {
  constexpr std::string_view kOfSwitch = "] of switch ";
  constexpr std::string_view kGuid = " guid 0x";
  std::size_t close = line.find(kOfSwitch);
  if (close == std::string_view::npos || !parse_range(line.substr(14, close - 14), out)) {
    return HeaderMatch::Malformed;
  }
  std::string_view rest = line.substr(close + kOfSwitch.size());
  std::size_t guid_at = rest.find(kGuid);
  if (guid_at == std::string_view::npos || !parse_portid(rest.substr(0, guid_at), out)) {
    return HeaderMatch::Malformed;
  }
  rest = rest.substr(guid_at + kGuid.size() - 2);
  std::size_t guid_end = rest.find(' ');
  std::optional<std::uint64_t> guid = parse_hex(rest.substr(0, guid_end));
  if (!guid || guid_end == std::string_view::npos ||
      !parse_description(rest.substr(guid_end), out)) {
    return HeaderMatch::Malformed;
  }
  out.guid = *guid;
  return HeaderMatch::Header;
}

}  // namespace

HeaderMatch match_header(std::string_view line, Header& out) {
  line = trim(line);
  out = Header();
  constexpr std::string_view kFdbs = "dump_ucast_routes: Switch ";
  if (starts_with(line, kFdbs)) {
    out.format = LftDumpFormat::OpensmFdbs;
    std::optional<std::uint64_t> guid = parse_hex(trim(line.substr(kFdbs.size())));
    if (!guid) {
      return HeaderMatch::Malformed;
    }
    out.guid = *guid;
    return HeaderMatch::Header;
  }
  if (!starts_with(line, "Unicast lids [")) {
    return HeaderMatch::NotAHeader;
  }
  return match_unicast(line, out);
}

namespace {

// "0x0001 : 000  : 00   : yes", "0x0002 : UNREACHABLE", "0x0003 : 001  : HOPS UNKNOWN".
std::optional<Entry> parse_fdbs_entry(std::string_view line) {
  std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) {
    return std::nullopt;
  }
  std::optional<std::uint64_t> lid = parse_hex(trim(line.substr(0, colon)));
  std::string_view rest = line.substr(colon + 1);
  std::string_view field = trim(rest.substr(0, rest.find(':')));
  if (!lid || *lid > 0xffff) {
    return std::nullopt;
  }
  Entry entry;
  entry.lid = static_cast<std::uint32_t>(*lid);
  if (field == "UNREACHABLE" && trim(rest) == field) {
    return entry;
  }
  std::optional<std::uint64_t> port = parse_decimal(field);
  if (!port || *port > 0xffff || rest.find(':') == std::string_view::npos) {
    return std::nullopt;
  }
  entry.port = static_cast<std::uint32_t>(*port);
  return entry;
}

}  // namespace

std::optional<Entry> parse_entry(std::string_view line, LftDumpFormat format) {
  if (format == LftDumpFormat::OpensmFdbs) {
    return parse_fdbs_entry(line);
  }
  std::string_view rest = line;
  std::string_view lid_token = next_trimmed_token(rest);
  std::string_view port_token = next_trimmed_token(rest);
  rest = trim(rest);
  std::optional<std::uint64_t> lid =
      starts_with(lid_token, "0x") ? parse_hex(lid_token) : std::nullopt;
  std::optional<std::uint64_t> port = parse_decimal(port_token);
  bool info_ok = format == LftDumpFormat::OpensmLfts ? starts_with(rest, "#")
                                                     : rest.empty() || starts_with(rest, ":");
  if (!lid || !port || *lid > 0xffff || *port > 0xffff || !info_ok) {
    return std::nullopt;
  }
  Entry entry;
  entry.lid = static_cast<std::uint32_t>(*lid);
  entry.port = static_cast<std::uint32_t>(*port);
  entry.destination = hex_after(rest, "portguid 0x");
  return entry;
}

std::optional<std::uint64_t> parse_trailer(std::string_view line) {
  std::string_view rest = line;
  std::optional<std::uint64_t> count = parse_decimal(next_trimmed_token(rest));
  rest = trim(rest);
  if (!count || (rest != "valid lids dumped" && rest != "lids dumped")) {
    return std::nullopt;
  }
  return count;
}

bool is_column_heading(std::string_view line) {
  line = trim(line);
  return line == "Lid  Out   Destination" || line == "Port     Info" ||
         starts_with(line, "LID    : Port : Hops");
}

ToolMessage match_tool_line(std::string_view line) {
  line = trim(line);
  ToolMessage m;
  if (starts_with(line, "SubnGet(LFT) failed") || starts_with(line, "SubnGet() failed")) {
    m.kind = ToolLine::UnreadBlock;
    m.guid = hex_after(line, "Node GUID 0x");
    std::optional<std::uint64_t> block = hex_after(line, "AM 0x");
    if (block && *block <= 0xffff) {
      m.block = static_cast<std::uint32_t>(*block);
    }
  } else if (line.find("iberror:") != std::string_view::npos ||
             line.find("ibpanic:") != std::string_view::npos) {
    m.kind = ToolLine::Error;
  } else if (starts_with(line, "ibwarn:")) {
    m.kind = ToolLine::Warning;
  }
  return m;
}

bool is_dump_lfts_trailer(std::string_view line) {
  return starts_with(trim(line), "*** WARNING ***: this command has been replaced by dump_fts");
}

}  // namespace ibatlas::lft_text
