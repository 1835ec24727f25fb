// What iblinkinfo.c's print_port writes, read back. The texts come from libibmad (dump.c:
// mad_dump_linkwidth, _linkspeed, _portstate, _physportstate) and libibnetdisc
// (ibnd_dump_agg_linkspeedext); "undefined (n)", "?(n)" and "NoChange" mean no valid value.

#include "formats/iblinkinfo_row.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas::linkinfo {

namespace {

using text::next_token;

struct SpeedText {
  std::string_view text;
  LinkSpeed speed;
};

// libibmad mad_dump_linkspeed / libibnetdisc ibnd_dump_agg_linkspeedext, and iblinkinfo's
// own FDR10 text.
constexpr std::array<SpeedText, 9> kSpeedTexts = {{{"2.5 Gbps", LinkSpeed::Sdr},
                                                   {"5.0 Gbps", LinkSpeed::Ddr},
                                                   {"10.0 Gbps", LinkSpeed::Qdr},
                                                   {"10.0 Gbps (FDR10)", LinkSpeed::Fdr10},
                                                   {"14.0625 Gbps", LinkSpeed::Fdr},
                                                   {"25.78125 Gbps", LinkSpeed::Edr},
                                                   {"53.125 Gbps", LinkSpeed::Hdr},
                                                   {"106.25 Gbps", LinkSpeed::Ndr},
                                                   {"212.5 Gbps", LinkSpeed::Xdr}}};

constexpr std::array<std::string_view, 5> kStateNames = {"", "Down", "Initialize", "Armed",
                                                         "Active"};
constexpr std::array<std::string_view, 8> kPhysNames = {"",
                                                        "Sleep",
                                                        "Polling",
                                                        "Disabled",
                                                        "PortConfigurationTraining",
                                                        "LinkUp",
                                                        "LinkErrorRecovery",
                                                        "PhyTest"};

// True for the values iblinkinfo prints when a field holds no valid value.
bool is_undefined(std::string_view s) {
  return s == "NoChange" || text::starts_with(s, "?(") || text::starts_with(s, "undefined (") ||
         s == "Extended speed" || s == "No Extended Speed";
}

class RowParser {
 public:
  RowParser(std::string_view name, std::size_t line, std::string_view text)
      : name_(name), line_(line), text_(text) {}

  PortRow parse(RowKind kind) {
    PortRow row;
    std::size_t open = text_.find("==(");
    std::size_t arrow = text_.find(")==>", open);
    if (arrow == std::string_view::npos) {
      fail("a port row \"... ==( link )==> peer\"", text_);
    }
    std::string_view left = text_.substr(0, open);
    if (kind == RowKind::Line) {
      line_head(left, row);
    }
    local(left, kind, row);
    link(text_.substr(open + 3, arrow - open - 3), row);
    std::string_view right = text::trim(text_.substr(arrow + 4));
    if (kind == RowKind::Line && text::starts_with(right, "0x")) {
      row.peer_guid = guid_token(right, "a peer port GUID (0x followed by hex digits)");
    }
    peer(text::trim(right), row);
    return row;
  }

 private:
  [[noreturn]] void fail(const std::string& expected, std::string_view found) const {
    throw ParseError(std::string(name_), line_, expected, quote_found(found));
  }

  std::uint64_t number(std::string_view token, std::uint64_t max, const char* what) const {
    std::optional<std::uint64_t> value = text::parse_decimal(token);
    if (!value || *value > max) {
      fail(what, token);
    }
    return *value;
  }

  // "<port>[<ext>]" with anything after the ']' left in `rest`.
  std::uint8_t port_bracket(std::string_view& rest) const {
    rest = text::trim(rest);
    std::size_t bracket = rest.find('[');
    std::size_t close = rest.find(']');
    if (bracket == std::string_view::npos || close == std::string_view::npos || close < bracket) {
      fail("a port number and [external port]", rest);
    }
    std::uint8_t port =
        static_cast<std::uint8_t>(number(rest.substr(0, bracket), 255, "a port number (0-255)"));
    rest.remove_prefix(close + 1);
    return port;
  }

  // "0x<hex>" at the start of `rest`, which moves past it.
  Guid guid_token(std::string_view& rest, const char* what) const {
    std::string_view guid = next_token(rest);
    std::optional<std::uint64_t> value;
    if (text::starts_with(guid, "0x")) {
      value = text::parse_hex(guid);
    }
    if (!value) {
      fail(what, guid);
    }
    return *value;
  }

  // -l: `0x<port guid> "<desc>" ` before the LID. The description is printed "%30s", so a
  // short one is padded on the left; the last quote before "==(" closes it (a description
  // may hold quotes).
  void line_head(std::string_view& left, PortRow& row) const {
    row.guid = guid_token(left, "a port GUID (0x followed by hex digits)");
    std::string_view rest = text::trim(left);
    std::size_t close = rest.rfind('"');
    if (rest.empty() || rest.front() != '"' || close == 0) {
      fail("a quoted node description after the port GUID", rest);
    }
    row.desc = rest.substr(1, close - 1);
    if (row.desc.size() <= 30) {
      row.desc.remove_prefix(std::min(row.desc.size(), row.desc.find_first_not_of(' ')));
    }
    left = rest.substr(close + 1);
  }

  void local(std::string_view left, RowKind kind, PortRow& row) const {
    bool is_switch = kind == RowKind::Switch;
    if (kind == RowKind::Ca) {
      row.guid = guid_token(left, "a port GUID (0x followed by hex digits)");
    }
    row.lid = static_cast<Lid>(number(next_token(left), 0xFFFF, "a LID (0-65535)"));
    row.port = port_bracket(left);
    if (!text::trim(left).empty()) {
      fail("\"==(\" after the port", left);
    }
    if (row.port == 0 && !is_switch) {  // -l: iblinkinfo prints no port 0 of any node
      fail("a port number (1-255)", "0");
    }
  }

  // "4X          10.0 Gbps Active/  LinkUp" or "               Down/ Polling", maybe followed
  // by " (HOQ:n VL_Stall:n" (iblinkinfo -p).
  void link(std::string_view inner, PortRow& row) const {
    inner = inner.substr(0, inner.find(") (HOQ:"));
    std::size_t slash = inner.rfind('/');
    if (slash == std::string_view::npos) {
      fail("a link \"width speed state/physical state\"", inner);
    }
    row.phys = enum_value<PhysState>(text::trim(inner.substr(slash + 1)), kPhysNames,
                                     "a physical port state (Polling, LinkUp, ...)");
    std::string_view head = text::trim(inner.substr(0, slash));
    std::size_t space = head.find_last_of(" \t");
    std::string_view state = space == std::string_view::npos ? head : head.substr(space + 1);
    row.state = enum_value<PortState>(state, kStateNames, "a port state (Down, Active, ...)");
    head = text::trim(head.substr(0, head.size() - state.size()));
    if (!head.empty()) {
      width_and_speed(head, row);
    }
  }

  void width_and_speed(std::string_view head, PortRow& row) const {
    if (text::starts_with(head, "undefined (")) {
      head.remove_prefix(std::min(head.size(), head.find(')') + 1));
    } else {
      std::string_view width = next_token(head);
      row.width = parse_width(width);
      if (!row.width) {
        fail("a link width (1X, 2X, 4X, 8X or 12X)", width);
      }
    }
    std::string_view speed = text::trim(head);
    if (is_undefined(speed)) {
      return;
    }
    for (const SpeedText& s : kSpeedTexts) {
      if (s.text == speed) {
        row.speed = s.speed;
        return;
      }
    }
    fail("a link speed (2.5 Gbps ... 212.5 Gbps)", speed);
  }

  template <typename Enum, std::size_t N>
  std::optional<Enum> enum_value(std::string_view s, const std::array<std::string_view, N>& names,
                                 const char* what) const {
    for (std::size_t i = 1; i < N; ++i) {
      if (names[i] == s) {
        return static_cast<Enum>(i);
      }
    }
    if (!is_undefined(s)) {
      fail(what, s);
    }
    return std::nullopt;
  }

  // `<lid> <port>[<ext>] "<desc>" (<hints>)`, `[  ] "" ( )` (down) or "Port not available".
  void peer(std::string_view right, PortRow& row) const {
    if (text::starts_with(right, "[") || right == "\"Port not available\"") {
      return;
    }
    std::string_view rest = right;
    std::optional<std::uint64_t> lid = text::parse_decimal(next_token(rest));
    std::size_t first_quote = rest.find('"');
    std::size_t last_quote = rest.rfind('"');
    if (!lid || *lid > 0xFFFF || first_quote == last_quote) {
      fail("a peer (LID port[ext] \"description\") or [  ] \"\"", right);
    }
    row.peer_lid = static_cast<Lid>(*lid);
    std::string_view port_part = rest.substr(0, first_quote);
    row.peer_port = port_bracket(port_part);
    row.peer_desc = rest.substr(first_quote + 1, last_quote - first_quote - 1);
    row.has_peer = true;
  }

  std::string_view name_;
  std::size_t line_;
  std::string_view text_;
};

}  // namespace

PortRow parse_row(std::string_view name, std::size_t line, std::string_view text, RowKind kind) {
  return RowParser(name, line, text).parse(kind);
}

bool looks_like_line_row(std::string_view line) {
  std::string_view rest = text::trim(line);
  std::string_view guid = next_token(rest);
  return text::starts_with(guid, "0x") && text::parse_hex(guid) &&
         text::starts_with(text::trim(rest), "\"") && rest.find("==(") != std::string_view::npos;
}

void fill_from_peer(const Port& row_port, Port& port) {
  if (!port.width_active) {
    port.width_active = row_port.width_active;
  }
  if (!port.speed_active) {
    port.speed_active = row_port.speed_active;
  }
}

void apply_row(const PortRow& row, Port& port) {
  port.state = row.state;
  port.phys_state = row.phys;
  port.width_active = row.width;
  port.speed_active = row.speed;
}

}  // namespace ibatlas::linkinfo
