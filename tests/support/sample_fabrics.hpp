#pragma once

// Hand-built fabrics for writer, round-trip and render tests. Each is made through FabricBuilder
// and described here in enough detail that a test can state expected values by hand.

#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas::test {

// GUIDs of sample_full_fabric's nodes (node GUID; CA port GUIDs are node GUID + port).
constexpr Guid kLeafGuid = 0x0002c90300000100;    // Switch "leaf", 12 ports, base port 0, LID 1
constexpr Guid kSpineGuid = 0x0002c90300000200;   // Switch "spine", 12 ports, enhanced, LID 2
constexpr Guid kBareGuid = 0x0002c90300000300;    // Switch "bare": 4 ports, no port 0 known
constexpr Guid kHost1Guid = 0x0002c90300001000;   // CA "h1 HCA-1": two connected ports
constexpr Guid kAggGuid = 0x0002c90300002000;     // CA aggregation node
constexpr Guid kRouterGuid = 0x0002c90300003000;  // Router "gw1"
constexpr Guid kHost2Guid = 0x0002c90300004000;   // CA "h2": one-sided peer to leaf[10]
constexpr Guid kHost3Guid = 0x0002c90300005000;   // CA with every optional field absent

// Every feature of the model, nodes added out of GUID order:
//   links (both ends give the same active width/speed unless noted):
//     leaf[1]-spine[1] 4x EDR      leaf[2]-spine[2] 1x SDR     leaf[3]-spine[3] 4x DDR
//     h1[1]-leaf[4]    8x XDR      h1[2]-spine[7]   12x QDR    agg[1]-leaf[12]  4x FDR
//     gw1[1]-bare[1]   4x HDR      spine[4]-bare[2] 2x FDR10   spine[5]-spine[6] 4x NDR (loopback)
//     h3[1]-leaf[11]   nothing known on either end
//   one-sided: h2[1] names leaf[10]; leaf[10] names nobody.
//   unconnected ports with states: leaf[5] Down/Polling, leaf[6] Down/Disabled, leaf[7]
//     Init/LinkUp, leaf[8] Armed/LinkUp, leaf[9] Down/Sleep, bare[3] Down/Training,
//     bare[4] Down/LinkErrorRecovery, gw1[2] Down/PhyTest.
//   LIDs: leaf 1 (lmc 0), spine 2 (lmc 0), h1[1] 5 (lmc 2), h1[2] 9 (lmc 0), agg 12,
//     gw1[1] 20, h2[1] 30; bare has no port 0, h3[1] has no LID.
//   forwarding tables: leaf {255, 0, 0, 1, 255, 4, 4, 4, 4, 4, 255, 255, 12}, spine {} (empty).
//   provenance: time 2026-11-29T23:48:00Z, local port h1[1].
// ibsim 0.10 loads its ibnetdiscover text (it ignores the rate on a router's port lines and
// takes 4x there, which is why the router's cable is the 4x one).
Fabric sample_full_fabric();

// One switch and one CA, one 4x HDR link; provenance without time or local port.
Fabric sample_minimal_fabric();

// No nodes at all, default provenance.
Fabric sample_empty_fabric();

// Descriptions and provenance strings with XML/JSON/DOT metacharacters, quotes, a
// backslash, UTF-8, a tab and a byte that is not UTF-8; one link.
Fabric sample_awkward_text_fabric();

// The hand-built fat-tree every render test draws (and some CLI tests write out):
//
//        S1 (0x...a1)             S2 (0x...a2)           spines (tier 2)
//   L1-S1: two 4xHDR cables      L1-S2: one 4xHDR and one 1xHDR cable (degraded)
//   L2-S1: one 4xHDR             L2-S2: one 4xHDR
//        L1 (0x...b1)             L2 (0x...b2)           leaves (tier 1)
//   L1: node0001..node0003 ("nodeXXXX HCA-1") on ports 1-3, 4xHDR
//   L2: node0010, node0011 ("nodeXXXX mlx5_0") on ports 1-2, and a CA whose description is
//       the firmware default ("MT4123 ConnectX6 Mellanox Technologies", GUID 0x...c9) on 3.
// Made with Sketch (fabric_sketch.hpp): every cable carries what a crawl reads. Not in
// sample_fabrics().
constexpr Guid kS1 = 0xa1, kS2 = 0xa2, kL1 = 0xb1, kL2 = 0xb2;
constexpr Guid kNode1 = 0xc1, kNode2 = 0xc2, kNode3 = 0xc3, kNode10 = 0xca, kNode11 = 0xcb;
constexpr Guid kNoName = 0xc9;

Fabric render_sample();

struct NamedFabric {
  std::string name;
  Fabric fabric;
};

// All of the above, for parameterised round trips.
std::vector<NamedFabric> sample_fabrics();

}  // namespace ibatlas::test
