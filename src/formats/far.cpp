// read_far: ibdiagnet2.far as a line-driven state machine. The order of sections is the
// grammar's (ar-spec.md §4); between a "Switch" line and its "Groups Definition:" any text is
// allowed, since ibdiagnet prints per-switch AR settings there in forms no public source
// fixes. Blank and "#" comment lines are skipped everywhere.

#include "ibatlas/formats/far.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "ibatlas/error.hpp"

#include "formats/far_rows.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using far_text::Where;

constexpr std::string_view kGroupsLabel = "Groups Definition:";
constexpr std::string_view kLftLabel = "LFT Definition:";
constexpr std::string_view kSwitchLine = "a switch line \"Switch 0x<16 hex digits>\"";

// What the next line that is not blank or a comment must be.
enum class Expect : std::uint8_t {
  Version,      // "File version: N"
  Switch,       // a switch line (or the end)
  Groups,       // free text up to "Groups Definition:"
  GroupHeader,  // "Group Sub Group WHBF Ports"
  GroupDashes,  // "-----"
  GroupRows,    // rows, or "LFT Definition:"
  Plft,         // "PLFT_NUM: N , top: 0xTOP"
  LftHeader,    // "LID Static Port Lid State Group"
  LftDashes,    // "-----"
  LftRows,      // rows, "LFT Definition:", a switch line or the end
};

class FarReader {
 public:
  FarReader(std::string_view text, std::string_view name)
      : lines_(text),
        name_(name),
        text_size_(text.size()),
        entries_left_(kEntriesPerByte * text.size() + kFreeEntries) {}

  FarDump read() && {
    while (std::optional<std::string_view> line = lines_.next()) {
      std::string_view trimmed = text::trim(*line);
      if (expect_ != Expect::Groups && (trimmed.empty() || trimmed.front() == '#')) {
        continue;
      }
      handle(trimmed);
    }
    at_end();
    return std::move(dump_);
  }

 private:
  Where where() const { return Where{name_, lines_.line_number()}; }

  [[noreturn]] void fail(const std::string& expected, std::string_view found) const {
    far_text::fail(where(), expected, quote_found(found));
  }

  void handle(std::string_view line);
  void free_text(std::string_view line);
  void column_header(std::string_view line);
  void at_end();
  void open_switch(std::string_view line);
  void finish_switch();
  void open_lft(std::string_view line);
  void finish_lft();
  void group_row(std::string_view line);
  void lft_row(std::string_view line);

  text::LineReader lines_;
  std::string name_;
  FarDump dump_;
  Expect expect_ = Expect::Version;
  std::optional<FarSwitch> switch_;
  std::optional<ArLft> lft_;
  std::map<Guid, std::size_t> switch_lines_;        // GUID -> its Switch line
  std::map<std::uint8_t, std::size_t> plft_lines_;  // current switch
  std::map<std::pair<std::uint16_t, std::uint8_t>, std::size_t> group_lines_;  // current switch
  std::vector<std::size_t> lid_lines_;                                         // current pLFT
  // Every pLFT holds an entry per LID up to its top, listed or not. A real dump lists about
  // every LID in 20-40 bytes a row; a 30-byte "PLFT_NUM: 0 , top: 0xbfff" block alone would
  // ask for 49,152 entries. So the entries of the whole dump are bounded by its size, and a
  // crafted file cannot make the reader take thousands of times its size in memory.
  static constexpr std::size_t kEntriesPerByte = 16;
  static constexpr std::size_t kFreeEntries = 65536;
  std::size_t text_size_;
  std::size_t entries_left_;
};

void FarReader::handle(std::string_view line) {
  switch (expect_) {
    case Expect::Version:
      dump_.version = far_text::parse_version(line, where());
      expect_ = Expect::Switch;
      return;
    case Expect::Switch:
      if (!far_text::is_switch_line(line)) {
        fail(std::string(kSwitchLine), line);
      }
      open_switch(line);
      return;
    case Expect::Groups:
      free_text(line);
      return;
    case Expect::GroupHeader:
    case Expect::GroupDashes:
    case Expect::LftHeader:
    case Expect::LftDashes:
      column_header(line);
      return;
    case Expect::GroupRows:
      group_row(line);
      return;
    case Expect::Plft:
      open_lft(line);
      return;
    case Expect::LftRows:
      lft_row(line);
      return;
  }
}

void FarReader::free_text(std::string_view line) {
  if (far_text::names_switch(line)) {
    fail("\"Groups Definition:\" before the next switch", line);
  }
  if (far_text::is_label(line, kLftLabel)) {
    fail("\"Groups Definition:\" before \"LFT Definition:\"", line);
  }
  if (far_text::is_label(line, kGroupsLabel)) {
    expect_ = Expect::GroupHeader;
  }
}

void FarReader::column_header(std::string_view line) {
  if (expect_ == Expect::GroupHeader) {
    if (!far_text::has_tokens(line, {"Group", "Sub", "Group", "WHBF", "Ports"})) {
      fail("the column header \"Group Sub Group WHBF Ports\"", line);
    }
    expect_ = Expect::GroupDashes;
    return;
  }
  if (expect_ == Expect::LftHeader) {
    if (!far_text::has_tokens(line, {"LID", "Static", "Port", "Lid", "State", "Group"})) {
      fail("the column header \"LID Static Port Lid State Group\"", line);
    }
    expect_ = Expect::LftDashes;
    return;
  }
  if (!far_text::is_dashes(line)) {
    fail("a line of dashes under the column header", line);
  }
  expect_ = expect_ == Expect::GroupDashes ? Expect::GroupRows : Expect::LftRows;
}

void FarReader::at_end() {
  constexpr std::string_view kEnd = "end of file";
  // The last line (line 1 for an empty text), where the missing part should have followed.
  Where last{name_, std::max<std::size_t>(lines_.line_number(), 1)};
  switch (expect_) {
    case Expect::Version:
      far_text::fail(last, "\"File version: N\"", std::string(kEnd));
    case Expect::Switch:
      return;  // no switch at all is allowed: ibatlas writes that for a fabric without AR
    case Expect::LftRows:
      finish_switch();
      return;
    case Expect::Groups:
      far_text::fail(last, "\"Groups Definition:\"", std::string(kEnd));
    case Expect::GroupRows:
      far_text::fail(last, "\"LFT Definition:\"", std::string(kEnd));
    case Expect::GroupHeader:
    case Expect::GroupDashes:
    case Expect::Plft:
    case Expect::LftHeader:
    case Expect::LftDashes:
      break;
  }
  far_text::fail(last, "the rest of the switch's tables", std::string(kEnd));
}

void FarReader::open_switch(std::string_view line) {
  Guid guid = far_text::parse_switch_line(line, where());
  auto [known, added] = switch_lines_.emplace(guid, lines_.line_number());
  if (!added) {
    far_text::fail(
        where(), "each switch once",
        quote_found(line) + " again (first on line " + std::to_string(known->second) + ")");
  }
  switch_ = FarSwitch{guid, lines_.line_number(), {}, {}};
  plft_lines_.clear();
  group_lines_.clear();
  expect_ = Expect::Groups;
}

void FarReader::finish_switch() {
  finish_lft();
  FarSwitch& s = *switch_;
  std::sort(s.lfts.begin(), s.lfts.end(),
            [](const ArLft& a, const ArLft& b) { return a.plft < b.plft; });
  std::sort(s.groups.begin(), s.groups.end(), [](const ArGroup& a, const ArGroup& b) {
    return std::tie(a.group, a.sub_group) < std::tie(b.group, b.sub_group);
  });
  dump_.switches.push_back(std::move(s));
  switch_.reset();
}

void FarReader::open_lft(std::string_view line) {
  far_text::PlftHeader header = far_text::parse_plft_line(line, where());
  auto [known, added] = plft_lines_.emplace(header.plft, lines_.line_number());
  if (!added) {
    far_text::fail(
        where(), "each pLFT once per switch",
        quote_found(line) + " again (first on line " + std::to_string(known->second) + ")");
  }
  std::size_t entries = header.top + 1U;
  if (entries > entries_left_) {
    fail("a top a dump of this size can hold (its LIDs up to top would take " +
             std::to_string(entries) + " entries; " + std::to_string(entries_left_) +
             " are left for a file of " + std::to_string(text_size_) + " bytes)",
         line);
  }
  entries_left_ -= entries;
  lft_ = ArLft{header.plft, {}};
  lft_->entries.resize(entries);
  lid_lines_.assign(header.top + 1U, 0);
  expect_ = Expect::LftHeader;
}

void FarReader::finish_lft() {
  if (lft_) {
    switch_->lfts.push_back(std::move(*lft_));
    lft_.reset();
  }
}

void FarReader::group_row(std::string_view line) {
  if (far_text::is_label(line, kLftLabel)) {
    expect_ = Expect::Plft;
    return;
  }
  if (far_text::is_switch_line(line)) {
    fail("\"LFT Definition:\" before the next switch", line);
  }
  ArGroup group = far_text::parse_group_row(line, where());
  auto [known, added] =
      group_lines_.emplace(std::pair(group.group, group.sub_group), lines_.line_number());
  if (!added) {
    far_text::fail(where(), "each sub-group once per switch",
                   "group " + std::to_string(group.group) + " sub-group " +
                       std::to_string(group.sub_group) + " again (first on line " +
                       std::to_string(known->second) + ")");
  }
  switch_->groups.push_back(std::move(group));
}

void FarReader::lft_row(std::string_view line) {
  if (far_text::is_label(line, kLftLabel)) {
    finish_lft();
    expect_ = Expect::Plft;
    return;
  }
  if (far_text::is_switch_line(line)) {
    finish_switch();
    open_switch(line);
    return;
  }
  far_text::LftRow row =
      far_text::parse_lft_row(line, static_cast<std::uint16_t>(lft_->entries.size() - 1U), where());
  std::size_t& first = lid_lines_[row.lid];
  if (first != 0) {
    far_text::fail(
        where(), "each LID once per pLFT",
        text::hex_text(row.lid, 4) + " again (first on line " + std::to_string(first) + ")");
  }
  first = lines_.line_number();
  lft_->entries[row.lid] = row.entry;
}

}  // namespace

FarDump read_far(std::string_view text, std::string_view name) {
  return FarReader(text, name).read();
}

}  // namespace ibatlas
