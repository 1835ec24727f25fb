// parse_port_line: the connected-port lines of a record, in the layouts of
// out_switch_port / out_ca_port (infiniband-diags ibnetdiscover.c), ibdiagnet's export and
// ibsim's parse_port (ibsim/sim_net.c).

#include <string>

#include "formats/ibnetdiscover_reader_lines.hpp"

namespace ibatlas::ibnetdiscover {

namespace {

constexpr std::uint64_t kMaxPort = 255;

std::uint8_t expect_port_number(Cursor& c, std::uint64_t min, const LineRef& where) {
  expect(c, '[', "'[' and a port number", where);
  auto number = static_cast<std::uint8_t>(expect_decimal(
      c, min, kMaxPort, min == 0 ? "a port number (0-255)" : "a port number (1-255)", where));
  expect(c, ']', "']' after the port number", where);
  // ibnetdiscover -g adds the external (front panel) number: "[12][ext 5]". Not kept.
  if (c.consume("[ext")) {
    c.skip_blanks();
    expect_decimal(c, 0, kMaxPort, "an external port number after \"[ext\"", where);
    expect(c, ']', "']' after the external port number", where);
  }
  return number;
}

std::optional<std::uint64_t> parenthesised_hex(Cursor& c, const LineRef& where) {
  if (!c.consume('(')) {
    return std::nullopt;
  }
  std::string_view before = c.rest();
  std::optional<std::uint64_t> value = c.consume_hex();
  if (!value || !c.consume(')')) {
    fail(where, "a GUID in hex between '(' and ')'", before);
  }
  return value;
}

// "w=4" and friends. Ranges as ibsim checks them (is_linkwidth_valid etc.); "v=" is the
// VL capability ibnetdiscover -f prints.
bool parse_option(std::string_view word, PortOptions& options, const LineRef& where) {
  if (word.size() < 3 || word[1] != '=') {
    return false;
  }

  struct Option {
    char name;
    std::uint64_t min;
    std::uint64_t max;
    std::optional<std::uint32_t> PortOptions::*field;
  };

  constexpr Option kOptions[] = {{'w', 1, 31, &PortOptions::w},
                                 {'s', 0, 7, &PortOptions::s},
                                 {'e', 0, 15, &PortOptions::e},
                                 {'v', 0, 15, &PortOptions::v}};
  for (const Option& o : kOptions) {
    if (word[0] != o.name) {
      continue;
    }
    Cursor c(word.substr(2));
    std::optional<std::uint64_t> value = c.consume("0x") ? c.consume_hex() : c.consume_decimal();
    if (!value || !c.at_end() || *value < o.min || *value > o.max) {
      fail(where,
           "a value from " + std::to_string(o.min) + " to " + std::to_string(o.max) + " for " +
               std::string(1, o.name) + "=",
           word);
    }
    options.*o.field = static_cast<std::uint32_t>(*value);
    return true;
  }
  return false;
}

// "# lid L lmc M" (CA and router lines: the port's own LID) or the short netfile form
// "# lid 5 4xEDR", where the LID is the peer's as on a switch line.
void parse_leading_lid(Cursor& c, bool in_switch, PortLine& p, const LineRef& where) {
  std::string_view at = c.rest();
  Lid lid = expect_lid(c, where);
  c.skip_blanks();
  if (!c.consume_word("lmc")) {
    p.remote_lid = lid;
    return;
  }
  if (in_switch) {
    fail(where, "the peer's description in quotes (a switch port has no LID of its own)", at);
  }
  p.lid = lid;
  p.lmc = expect_lmc(c, where);
  c.skip_blanks();
  if (c.peek('"')) {
    p.remote_description = expect_description(c, where);
    c.skip_blanks();
    if (c.consume_word("lid")) {
      p.remote_lid = expect_lid(c, where);
    }
  }
}

// After the LIDs: the width and speed ("4xQDR"), then -f's "s= w= v=", Xsigo's "slot N"
// or "(scp)"; any order after the width, nothing else.
void parse_comment_tail(Cursor& c, PortLine& p, const LineRef& where) {
  bool first = true;
  for (c.skip_blanks(); !c.at_end(); c.skip_blanks(), first = false) {
    std::string_view at = c.rest();
    std::string_view word = c.take_word();
    if (word == "(scp)" || parse_option(word, p.options, where)) {
      continue;
    }
    if (word == "slot") {
      c.skip_blanks();
      expect_decimal(c, 0, kMaxPort, "a slot number", where);
      continue;
    }
    if (!first || !parse_width_speed(word, p.width_speed)) {
      fail(where, "a link width and speed such as 4xQDR, or end of line", at);
    }
    p.has_width_speed = true;
  }
}

void parse_comment(Cursor& c, bool in_switch, PortLine& p, const LineRef& where) {
  c.skip_blanks();
  if (c.consume_word("lid")) {
    parse_leading_lid(c, in_switch, p, where);
  } else if (c.peek('"')) {
    p.remote_description = expect_description(c, where);
    c.skip_blanks();
    if (c.consume_word("lid")) {
      p.remote_lid = expect_lid(c, where);
    }
  }
  parse_comment_tail(c, p, where);
}

}  // namespace

PortLine parse_port_line(std::string_view line, bool in_switch, const LineRef& where) {
  PortLine p;
  Cursor c(line);
  p.number = expect_port_number(c, 0, where);
  p.paren = parenthesised_hex(c, where);
  c.skip_blanks();
  p.remote_id = expect_node_id(c, where);
  if (c.peek('[')) {
    p.remote_port = expect_port_number(c, 1, where);
  }
  c.skip_blanks();
  p.remote_port_guid = parenthesised_hex(c, where);
  // ibsim's options may stand before the comment: `[1] "Hca1"[1]  w=4`.
  for (c.skip_blanks(); !c.at_end() && !c.peek('#'); c.skip_blanks()) {
    std::string_view at = c.rest();
    if (!parse_option(c.take_word(), p.options, where)) {
      fail(where, "'#' and the peer's description, a port option such as w=4, or end of line", at);
    }
  }
  if (c.consume('#')) {
    parse_comment(c, in_switch, p, where);
  }
  return p;
}

}  // namespace ibatlas::ibnetdiscover
