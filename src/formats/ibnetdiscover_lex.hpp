#pragma once

// Private to the ibnetdiscover reader: a cursor over one line and the classification of a
// line (record, comment, noise ...). Everything works on string_views into the caller's
// text; nothing here allocates except when an error message is built.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ibatlas/fabric.hpp"

namespace ibatlas::ibnetdiscover {

// Where a line is, for ParseError messages.
struct LineRef {
  std::string_view file;
  std::size_t number = 0;
};

// Throws ParseError("file:line: expected <expected>, found <quote_found(found)>").
[[noreturn]] void fail(const LineRef& where, std::string_view expected, std::string_view found);

// A forward-only cursor over one line. Every consume_* returns nullopt/false and leaves
// the cursor where it was when the text does not match.
class Cursor {
 public:
  explicit Cursor(std::string_view line) : rest_(line) {}

  std::string_view rest() const { return rest_; }

  bool at_end() const { return rest_.empty(); }

  bool peek(char c) const { return !rest_.empty() && rest_.front() == c; }

  // Skips spaces and TABs; returns whether there were any.
  bool skip_blanks();
  bool consume(char c);
  bool consume(std::string_view literal);
  // `literal` followed by a blank or the end of the line (a whole word).
  bool consume_word(std::string_view literal);
  std::optional<std::uint64_t> consume_decimal();
  std::optional<std::uint64_t> consume_hex();  // digits only, no 0x
  // Text up to the next occurrence of `stop` (not consumed).
  std::string_view take_until(char stop);
  // Text up to the next blank or the end of the line.
  std::string_view take_word();

  void advance(std::size_t n) { rest_.remove_prefix(n); }

 private:
  std::string_view rest_;
};

// Consume-or-fail helpers: each throws ParseError("expected <what>, found <the rest>").
std::uint64_t expect_decimal(Cursor& c, std::uint64_t min, std::uint64_t max, std::string_view what,
                             const LineRef& where);
void expect(Cursor& c, char ch, std::string_view what, const LineRef& where);
void expect_end(Cursor& c, std::string_view what, const LineRef& where);  // blanks allowed
Lid expect_lid(Cursor& c, const LineRef& where);           // after the word "lid": 0-65535
std::uint8_t expect_lmc(Cursor& c, const LineRef& where);  // after the word "lmc": 0-7
std::uint64_t expect_hex_value(Cursor& c, std::string_view what,
                               const LineRef& where);  // "0x1f" or decimal
// At a '"': a description running to the LAST quote on the line, so descriptions holding
// '"' or '#' survive (nothing after a description is ever quoted).
std::string_view expect_description(Cursor& c, const LineRef& where);
std::string_view expect_node_id(Cursor& c, const LineRef& where);  // "..." , not empty

enum class LineKind {
  Blank,      // empty or only whitespace: ends a record
  Comment,    // starts with '#'
  Attribute,  // vendid=, devid=, sysimgguid=, switchguid=, caguid=, rtguid=, hcaguids=
  Header,     // Switch / Ca / Hca / Rt followed by a blank or the port count
  Port,       // '[' followed by a digit
  Grouping,   // ibnetdiscover -g: "Non-Chassis Nodes", "Chassis N ...", "Hostname: ..."
  Extension,  // an ibsim netfile extension we do not support (include, do, aliases ...)
  Noise,      // anything else: shell prompts, log lines, stderr
};

// Classifies a line whose leading whitespace has been removed. Extensions are only
// recognised when `netfile` is set: in ibnetdiscover output, "do ..." is just noise.
LineKind classify(std::string_view line, bool netfile);

// Removes leading spaces, TABs and CRs (PuTTY logs start a line with a stray CR).
std::string_view trim_left(std::string_view line);

// ibnetdiscover's "4xQDR": a width ("1x" ... "12x", or "??" when the tool did not know it)
// followed by a speed ("SDR" ... "XDR", or "???"). Returns false when `token` is neither.
struct WidthSpeed {
  std::optional<LinkWidth> width;
  std::optional<LinkSpeed> speed;
};

bool parse_width_speed(std::string_view token, WidthSpeed& out);

// A node id "S-0002c90300000001" / "H-..." / "R-...": the prefix's node type and the GUID.
// nullopt when `id` is not of that form (a netfile name such as "Switch1").
struct GuidId {
  NodeType type = NodeType::Ca;
  Guid guid = 0;
};

std::optional<GuidId> parse_guid_id(std::string_view id);

}  // namespace ibatlas::ibnetdiscover
