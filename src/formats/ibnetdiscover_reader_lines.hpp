#pragma once

// Private to the ibnetdiscover reader: one parser per record line. Each takes a line whose
// leading whitespace is gone and that classify() put in its kind, and either returns the
// line's fields (string_views into the text) or throws ParseError naming what it expected.
//
// The layouts are those printed by infiniband-diags' ibnetdiscover (out_switch, out_ca,
// out_switch_port, out_ca_port in ibnetdiscover.c), ibdiagnet's ibnetdiscover-format export
// and ibsim's netfile parser (parse_switch, parse_endnode, parse_port in ibsim/sim_net.c).

#include <cstdint>
#include <optional>
#include <string_view>

#include "ibatlas/fabric.hpp"

#include "formats/ibnetdiscover_lex.hpp"

namespace ibatlas::ibnetdiscover {

// `Switch 36 "S-<guid>" # "desc" enhanced port 0 lid 15 lmc 0`, `Ca 2 "H-<guid>" # "desc"`,
// `Rt ...`, netfile `Hca 2 "Hca1"`.
struct NodeHeader {
  NodeType type = NodeType::Ca;
  bool hca_keyword = false;  // ibsim's "Hca": only netfiles use it
  std::uint8_t port_count = 0;
  std::string_view id;  // between the quotes
  std::optional<std::string_view> description;
  std::optional<bool> enhanced_port0;
  std::optional<Lid> lid;  // a switch's port 0
  std::optional<std::uint8_t> lmc;
};

// `key=value`, with switchguid's `(portguid)` and ibsim's relative form `key+value`.
enum class AttributeKey { VendorId, DeviceId, SystemGuid, SwitchGuid, CaGuid, RouterGuid };

struct Attribute {
  AttributeKey key = AttributeKey::VendorId;
  std::uint64_t value = 0;
  bool relative = false;          // ibsim: "switchguid+N" (offset from the last base)
  std::optional<Guid> port_guid;  // switchguid=0x...(portguid)
};

// ibsim's per-port options: `w=` LinkWidthEnabled, `s=` LinkSpeedEnabled, `e=`
// LinkSpeedExtEnabled (bit masks as in PortInfo); ibnetdiscover -f prints `s= w= v=` with
// the active encodings and the VL capability.
struct PortOptions {
  std::optional<std::uint32_t> w;
  std::optional<std::uint32_t> s;
  std::optional<std::uint32_t> e;
  std::optional<std::uint32_t> v;
};

// `[1] "S-<guid>"[2] # "desc" lid 6 4xQDR` (switch record),
// `[1](portguid) "S-<guid>"[6] # lid 16 lmc 1 "desc" lid 3 4xSDR` (CA/router record),
// `[1] "Hca1"[1] w=4` (netfile).
struct PortLine {
  std::uint8_t number = 0;
  std::optional<std::uint64_t>
      paren;  // "(...)" after [p]: a CA's port GUID; ibdiagnet's port label on switches
  std::string_view remote_id;
  std::optional<std::uint8_t> remote_port;  // netfiles may leave it out (ibsim: port 1)
  std::optional<Guid> remote_port_guid;     // "(...)" after the remote [q]
  std::optional<Lid> lid;                   // this port's, from "# lid L lmc M ..."
  std::optional<std::uint8_t> lmc;
  std::optional<std::string_view> remote_description;
  std::optional<Lid> remote_lid;  // a switch peer's port 0 LID, else the peer port's LID
  bool has_width_speed = false;
  WidthSpeed width_speed;
  PortOptions options;
};

NodeHeader parse_header(std::string_view line, const LineRef& where);
Attribute parse_attribute(std::string_view line, const LineRef& where);
// `in_switch` selects the comment layout: only CA and router lines carry their own LID.
PortLine parse_port_line(std::string_view line, bool in_switch, const LineRef& where);
// `Chassis 3` or `Chassis 3 (guid 0x...)`; the other grouping lines need no checking.
void check_grouping(std::string_view line, const LineRef& where);

}  // namespace ibatlas::ibnetdiscover
