#include "ibatlas/formats/lft_dump.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "ibatlas/error.hpp"

#include "formats/lft_dump_lines.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using lft_text::Header;
using lft_text::HeaderMatch;
using lft_text::ToolLine;
using lft_text::ToolMessage;

// A LID seen more than once: in one table, or named with different destinations.
struct Repeat {
  std::size_t first_line = 0;  // the line kept
  std::size_t next_line = 0;   // the first repeat
  std::size_t count = 1;
};

// A 64-LID block the tool said it could not read.
struct UnreadBlock {
  std::optional<Guid> guid;  // absent: old ibroute's message, for the table it was in
  std::uint32_t block = 0;
  std::size_t line = 0;
};

class LftReader {
 public:
  LftReader(std::string_view text, std::string_view name) : lines_(text), name_(name) {
    dump_.name = name_;
  }

  LftDump read() && {
    while (std::optional<std::string_view> line = lines_.next()) {
      handle(*line);
    }
    close_table(dump_.format == LftDumpFormat::OpensmFdbs, "the text ends");
    if (dump_.tables.empty()) {
      throw ParseError(name_, std::max<std::size_t>(first_noise_line_, 1),
                       "an LFT table (\"Unicast lids [\" or "
                       "\"dump_ucast_routes: Switch\")",
                       quote_found(first_noise_));
    }
    apply_unread_blocks();
    collect_destinations();
    return std::move(dump_);
  }

 private:
  std::size_t line_number() const { return lines_.line_number(); }

  void issue(LftIssueKind kind, std::size_t line, const std::string& what) {
    dump_.issues.push_back(LftIssue{kind, line, name_ + ":" + std::to_string(line) + ": " + what});
  }

  [[noreturn]] void fail(const std::string& expected, std::string_view found) const {
    throw ParseError(name_, line_number(), expected, quote_found(found));
  }

  void handle(std::string_view line) {
    if (text::trim(line).empty()) {
      return;
    }
    Header header;
    switch (lft_text::match_header(line, header)) {
      case HeaderMatch::Header:
        close_table(header.format == LftDumpFormat::OpensmFdbs, "the next table starts");
        open_table(std::move(header));
        return;
      case HeaderMatch::Malformed:
        fail("a table header \"Unicast lids [first-last] of switch ... guid 0x... (desc):\"", line);
      case HeaderMatch::NotAHeader:
        break;
    }
    if (handle_tool_line(line)) {
      return;
    }
    if (current_) {
      table_line(line);
    } else {
      noise(line);
    }
  }

  void noise(std::string_view line) {
    if (first_noise_line_ == 0 && !lft_text::is_dump_lfts_trailer(line)) {
      first_noise_line_ = line_number();
      first_noise_ = std::string(line);
    }
    dump_.skipped.push_back(SkippedLine{line_number(), std::string(line)});
  }

  bool handle_tool_line(std::string_view line) {
    ToolMessage m = lft_text::match_tool_line(line);
    switch (m.kind) {
      case ToolLine::None:
        return false;
      case ToolLine::Warning:
        dump_.skipped.push_back(SkippedLine{line_number(), std::string(line)});
        return true;
      case ToolLine::UnreadBlock:
        unread_block(m, line);
        return true;
      case ToolLine::Error:
        issue(LftIssueKind::ToolError, line_number(),
              "the tool reported an error: " + std::string(text::trim(line)));
        close_table(false, "the tool's error line");
        return true;
    }
    return false;
  }

  void unread_block(const ToolMessage& m, std::string_view line) {
    issue(LftIssueKind::ToolError, line_number(),
          "the tool reported an error: " + std::string(text::trim(line)));
    if (!m.block) {
      return;
    }
    std::optional<Guid> guid = m.guid;
    if (!guid && current_) {
      guid = current_->switch_guid;  // old ibroute: one switch, message inside its table
    }
    unread_.push_back(UnreadBlock{guid, *m.block, line_number()});
  }

  void open_table(Header header) {
    LftTable table;
    table.switch_guid = header.guid;
    table.switch_lid = header.lid;
    table.description = std::move(header.description);
    table.line = line_number();
    if (header.top) {
      if (*header.top > lft_text::kMaxUnicastLid) {
        fail("a last LID of at most 0xbfff", text::hex_text(*header.top, 4));
      }
      table.top = static_cast<Lid>(*header.top);
      table.out_port.assign(*header.top + 1U, ForwardingTable::kNoRoute);
    }
    dump_.format = header.format;
    seen_line_.assign(table.out_port.size(), 0);
    repeats_.clear();
    current_ = std::move(table);
  }

  void table_line(std::string_view line) {
    if (lft_text::is_column_heading(line)) {
      return;
    }
    if (std::optional<std::uint64_t> count = lft_text::parse_trailer(line)) {
      trailer(*count);
      return;
    }
    std::optional<lft_text::Entry> entry = lft_text::parse_entry(line, dump_.format);
    if (!entry) {
      fail(dump_.format == LftDumpFormat::OpensmFdbs
               ? "an entry \"0xLID : PORT : HOPS : ...\""
               : "an entry \"0xLID PORT ...\" or \"N lids dumped\"",
           line);
    }
    add_entry(*entry);
  }

  void add_entry(const lft_text::Entry& entry) {
    LftTable& t = *current_;
    if (entry.lid > lft_text::kMaxUnicastLid || (t.top && entry.lid > *t.top)) {
      fail(t.top ? "a LID within the table's range [0x0-" + text::hex_text(*t.top, 4) + "]"
                 : std::string("a unicast LID (at most 0xbfff)"),
           text::hex_text(entry.lid, 4));
    }
    if (entry.port && *entry.port > 255) {
      fail("a port number of at most 255", std::to_string(*entry.port));
    }
    if (entry.lid >= t.out_port.size()) {
      t.out_port.resize(entry.lid + 1U, ForwardingTable::kNoRoute);
      seen_line_.resize(entry.lid + 1U, 0);
    }
    ++t.entries;
    if (entry.destination) {
      claim(entry.lid, *entry.destination);
    }
    if (seen_line_[entry.lid] != 0) {
      Repeat& r = repeats_[entry.lid];
      r.first_line = seen_line_[entry.lid];
      r.next_line = r.next_line == 0 ? line_number() : r.next_line;
      ++r.count;
      return;
    }
    seen_line_[entry.lid] = line_number();
    if (entry.port) {
      t.out_port[entry.lid] = static_cast<std::uint8_t>(*entry.port);
    }
  }

  // The first destination GUID named for each LID; a different one later is a conflict.
  void claim(std::uint32_t lid, Guid guid) {
    if (lid >= claim_guid_.size()) {
      claim_guid_.resize(lid + 1U, 0);
      claim_line_.resize(lid + 1U, 0);
    }
    if (claim_line_[lid] == 0) {
      claim_guid_[lid] = guid;
      claim_line_[lid] = line_number();
    } else if (claim_guid_[lid] != guid) {
      Repeat& r = conflicts_[lid];
      r.first_line = claim_line_[lid];
      r.next_line = r.next_line == 0 ? line_number() : r.next_line;
      ++r.count;
    }
  }

  void trailer(std::uint64_t count) {
    LftTable& t = *current_;
    bool opensm = dump_.format == LftDumpFormat::OpensmLfts;
    // opensm prints the table's last LID there; ibroute the number of entry lines.
    std::uint64_t expected = opensm ? t.top.value_or(0) : t.entries;
    if (count != expected) {
      issue(LftIssueKind::CountMismatch, line_number(),
            "the table of switch " + text::guid_text(t.switch_guid) + " says " +
                std::to_string(count) + " lids dumped, but " +
                (opensm ? "its range ends at LID " : "") + std::to_string(expected) +
                (opensm ? "" : " entry lines were read"));
    }
    t.complete = true;
    finish_table();
  }

  void close_table(bool complete, std::string_view why) {
    if (!current_) {
      return;
    }
    current_->complete = complete;
    if (!complete) {
      const LftTable& t = *current_;
      std::string last = t.entries == 0 ? std::string("before any entry")
                                        : "after " + std::to_string(t.entries) + " entries";
      issue(LftIssueKind::Truncated, line_number(),
            "the table of switch " + text::guid_text(t.switch_guid) + " (line " +
                std::to_string(t.line) + ") ends " + last + " where " + std::string(why) +
                ", without its \"lids dumped\" line: LIDs it did not list are unknown");
    }
    finish_table();
  }

  void finish_table() {
    for (const auto& [lid, r] : repeats_) {
      issue(LftIssueKind::DuplicateEntry, r.next_line,
            "LID " + text::hex_text(lid, 4) + " of switch " +
                text::guid_text(current_->switch_guid) + " is listed " + std::to_string(r.count) +
                " times; the first (line " + std::to_string(r.first_line) + ") is kept");
    }
    repeats_.clear();
    dump_.tables.push_back(std::move(*current_));
    current_.reset();
  }

  void apply_unread_blocks();
  void collect_destinations();

  text::LineReader lines_;
  std::string name_;
  LftDump dump_;
  std::optional<LftTable> current_;
  std::vector<std::size_t> seen_line_;       // per LID of the current table: the line it came from
  std::map<std::uint32_t, Repeat> repeats_;  // current table
  std::map<std::uint32_t, Repeat> conflicts_;  // whole text
  std::vector<Guid> claim_guid_;
  std::vector<std::size_t> claim_line_;
  std::vector<UnreadBlock> unread_;
  std::size_t first_noise_line_ = 0;
  std::string first_noise_;
};

// dump_fts prints a block it could not read from its previous buffer: those entries are
// stale copies of another block, not routes, so they are dropped.
void LftReader::apply_unread_blocks() {
  for (const UnreadBlock& u : unread_) {
    std::uint32_t first = u.block * 64U;
    for (LftTable& t : dump_.tables) {
      if (!u.guid || t.switch_guid != *u.guid) {
        continue;
      }
      std::size_t dropped = 0;
      for (std::uint32_t lid = first; lid < first + 64U && lid < t.out_port.size(); ++lid) {
        dropped += t.out_port[lid] != ForwardingTable::kNoRoute ? 1U : 0U;
        t.out_port[lid] = ForwardingTable::kNoRoute;
      }
      issue(LftIssueKind::UnreadBlock, u.line,
            "switch " + text::guid_text(t.switch_guid) + ": LFT block " + std::to_string(u.block) +
                " (LIDs " + text::hex_text(first, 4) + "-" + text::hex_text(first + 63U, 4) +
                ") could not be read; its " + std::to_string(dropped) +
                " listed entries are stale and were dropped");
    }
  }
}

void LftReader::collect_destinations() {
  for (std::uint32_t lid = 0; lid < claim_line_.size(); ++lid) {
    if (claim_line_[lid] != 0) {
      dump_.destinations.push_back(
          LftDestination{static_cast<Lid>(lid), claim_guid_[lid], claim_line_[lid]});
    }
  }
  for (const auto& [lid, r] : conflicts_) {
    issue(LftIssueKind::DestinationConflict, r.next_line,
          "LID " + text::hex_text(lid, 4) + " is named as " + std::to_string(r.count) +
              " different destinations; the first (line " + std::to_string(r.first_line) +
              ", port GUID " + text::guid_text(claim_guid_[lid]) + ") is used to check the fabric");
  }
}

}  // namespace

std::string to_string(LftDumpFormat format) {
  switch (format) {
    case LftDumpFormat::Ibroute:
      return "ibroute";
    case LftDumpFormat::OpensmLfts:
      return "opensm-lfts";
    case LftDumpFormat::OpensmFdbs:
      return "opensm-fdbs";
  }
  return "?";
}

std::string to_string(LftIssueKind kind) {
  constexpr const char* kNames[] = {"truncated",           "tool-error",     "unread-block",
                                    "duplicate-entry",     "count-mismatch", "destination-conflict",
                                    "duplicate-table",     "unknown-switch", "port-out-of-range",
                                    "destination-mismatch"};
  return kNames[static_cast<int>(kind)];
}

bool looks_like_lft_dump(std::string_view text) {
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    if (text::trim(*line).empty() ||
        lft_text::match_tool_line(*line).kind != lft_text::ToolLine::None) {
      continue;
    }
    Header header;
    return lft_text::match_header(*line, header) != HeaderMatch::NotAHeader;
  }
  return false;
}

LftDump read_lft_dump(std::string_view text, std::string_view name) {
  return LftReader(text, name).read();
}

}  // namespace ibatlas
