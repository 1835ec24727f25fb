#pragma once

// Private to the iblinkinfo reader: parsing one port row, in the default layout
// `<guid> <lid> <port>[<ext>] ==( <width> <speed> <state>/ <phys>)==> <peer>` or in `-l`'s
// `0x<port guid> "<%30s desc>" <lid> <port>[<ext>] ==( ... )==>  0x<peer port guid> <peer>`.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/read_result.hpp"

namespace ibatlas::linkinfo {

// Which layout a row is in: a switch's or a CA's/router's row under a header (default
// layout; a switch row has no GUID column), or an `iblinkinfo -l` line.
enum class RowKind { Switch, Ca, Line };

// One row as printed. Absent values are the ones iblinkinfo prints no valid value for.
struct PortRow {
  std::optional<Guid> guid;  // CA and router rows, and every -l line (the port's GUID)
  std::string_view desc;     // -l lines only: the node's description, padding removed
  Lid lid = 0;
  std::uint8_t port = 0;
  std::optional<LinkWidth> width;
  std::optional<LinkSpeed> speed;
  std::optional<PortState> state;
  std::optional<PhysState> phys;
  bool has_peer = false;
  std::optional<Guid> peer_guid;  // -l lines only: the peer port's GUID
  Lid peer_lid = 0;
  std::uint8_t peer_port = 0;
  std::string_view peer_desc;
};

// Parses `text`, a row of `kind`. Throws ParseError "name:line: expected ..., found ..."
// naming the first field that does not fit.
PortRow parse_row(std::string_view name, std::size_t line, std::string_view text, RowKind kind);

// True for an `iblinkinfo -l` line: "0x<hex>", blanks, then a quote, and a "==(" later.
bool looks_like_line_row(std::string_view line);

// Copies what a row says about its own port (states, width, speed) into `port`.
void apply_row(const PortRow& row, Port& port);

// A port without a row of its own, cabled to `row_port`: the active width and speed are the
// link's, so they are the same at both ends; states are not copied (either end may differ).
void fill_from_peer(const Port& row_port, Port& port);

// Reads `iblinkinfo -l` output (iblinkinfo_lines.cpp).
ReadResult read_line_layout(std::string_view text, std::string_view name);

}  // namespace ibatlas::linkinfo
