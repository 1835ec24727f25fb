#pragma once

// The hand-built fat-tree every render test draws, and what a person expects of its map.
//
//        S1 (0x...a1)             S2 (0x...a2)           spines (tier 2)
//   L1-S1: two 4xHDR cables      L1-S2: one 4xHDR and one 1xHDR cable (degraded)
//   L2-S1: one 4xHDR             L2-S2: one 4xHDR
//        L1 (0x...b1)             L2 (0x...b2)           leaves (tier 1)
//   L1: node0001..node0003 ("nodeXXXX HCA-1") on ports 1-3, 4xHDR
//   L2: node0010, node0011 ("nodeXXXX mlx5_0") on ports 1-2, and a CA whose description is
//       the firmware default ("MT4123 ConnectX6 Mellanox Technologies", GUID 0x...c9) on 3.

#include "ibatlas/fabric.hpp"

#include "unit/analysis/fabric_sketch.hpp"

namespace ibatlas::test {

constexpr Guid kS1 = 0xa1, kS2 = 0xa2, kL1 = 0xb1, kL2 = 0xb2;
constexpr Guid kNode1 = 0xc1, kNode2 = 0xc2, kNode3 = 0xc3, kNode10 = 0xca, kNode11 = 0xcb;
constexpr Guid kNoName = 0xc9;

inline Fabric render_sample() {
  Sketch s;
  NodeId s1 = s.sw("S1", kS1), s2 = s.sw("S2", kS2), l1 = s.sw("L1", kL1), l2 = s.sw("L2", kL2);
  NodeId n1 = s.ca("node0001 HCA-1", kNode1), n2 = s.ca("node0002 HCA-1", kNode2);
  NodeId n3 = s.ca("node0003 HCA-1", kNode3), n10 = s.ca("node0010 mlx5_0", kNode10);
  NodeId n11 = s.ca("node0011 mlx5_0", kNode11);
  NodeId bare = s.ca("MT4123 ConnectX6 Mellanox Technologies", kNoName);
  s.cable(l1, 31, s1, 1);
  s.cable(l1, 32, s1, 2);
  s.cable(l1, 33, s2, 1);
  s.cable(l1, 34, s2, 2, LinkWidth::X1);
  s.cable(l2, 31, s1, 3);
  s.cable(l2, 32, s2, 3);
  s.cable(n1, 1, l1, 1);
  s.cable(n2, 1, l1, 2);
  s.cable(n3, 1, l1, 3);
  s.cable(n10, 1, l2, 1);
  s.cable(n11, 1, l2, 2);
  s.cable(bare, 1, l2, 3);
  return s.build();
}

}  // namespace ibatlas::test
