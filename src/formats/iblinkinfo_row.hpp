#pragma once

// Private to the iblinkinfo reader: parsing one port row of iblinkinfo's default layout,
// `<guid> <lid> <port>[<ext>] ==( <width> <speed> <state>/ <phys>)==> <peer>`.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ibatlas/fabric.hpp"

namespace ibatlas::linkinfo {

// One row as printed. Absent values are the ones iblinkinfo prints no valid value for.
struct PortRow {
  std::optional<Guid> guid;  // CA and router rows only
  Lid lid = 0;
  std::uint8_t port = 0;
  std::optional<LinkWidth> width;
  std::optional<LinkSpeed> speed;
  std::optional<PortState> state;
  std::optional<PhysState> phys;
  bool has_peer = false;
  Lid peer_lid = 0;
  std::uint8_t peer_port = 0;
  std::string_view peer_desc;
};

// Parses `text`, a row of a switch (no GUID column) or of a CA or router. Throws ParseError
// "name:line: expected ..., found ..." naming the first field that does not fit.
PortRow parse_row(std::string_view name, std::size_t line, std::string_view text, bool is_switch);

}  // namespace ibatlas::linkinfo
