#pragma once

// Private to the ibnetdiscover reader: what ibsim (ibsim/sim_net.c) does with a netfile
// that the text itself does not say -- the GUIDs it gives nodes that only have names, and
// the meaning of its per-port options.

#include <array>
#include <cstdint>
#include <optional>

#include "ibatlas/fabric.hpp"

#include "formats/ibnetdiscover_reader_lines.hpp"

namespace ibatlas::ibnetdiscover {

// ibsim's GUID counters, one per node type (sim_net.c: guids[], absguids[], new_node(),
// parse_guidbase()). They start at 0x100000 for CAs, 0x200000 for switches and 0 for
// routers (absguids[] has no initialiser for ROUTER_NODE). Each node takes the counter of
// its type as its node GUID; a switch then advances it by 1, a CA or router by its port
// count + 1 (its port GUIDs are node GUID + port number). "switchguid=V" / "caguid=V" /
// "hcaguids=V" / "rtguid=V" set the counter of that type to V; "...+V" sets it to the
// last absolute value + V. Following this in file order gives every node the GUID it has
// when ibsim simulates the file, so a live crawl of the simulation equals the file.
class IbsimGuids {
 public:
  void set_base(NodeType type, std::uint64_t value, bool relative);
  // The GUID of the next node of `type` with `ports` ports; advances the counter.
  Guid next(NodeType type, std::uint8_t ports);

 private:
  static std::size_t slot(NodeType type);
  std::array<Guid, 3> base_ = {0x100000, 0x200000, 0};  // CA, switch, router
  std::array<Guid, 3> current_ = base_;
};

// What ibsim reports for a netfile node that its header line does not describe.
void fill_ibsim_defaults(Node& node, const NodeHeader& header);

// ibsim's per-port options as enabled sets: w= is PortInfo LinkWidthEnabled (1 = 1x,
// 2 = 4x, 4 = 8x, 8 = 12x, 16 = 2x), s= LinkSpeedEnabled (1 = SDR, 2 = DDR, 4 = QDR; ibsim
// reads 0 as QDR) and e= LinkSpeedExtEnabled (1 = FDR, 2 = EDR, 4 = HDR, 8 = NDR).
std::optional<WidthSet> enabled_widths(const PortOptions& options);
std::optional<SpeedSet> enabled_speeds(const PortOptions& options);

}  // namespace ibatlas::ibnetdiscover
