#pragma once

// The fabric the AR check tests break one thing at a time: two spines, three leaves, one
// host per leaf, minhop tables and the consistent AR state (support/ar_state.hpp).
//
//   leaf port 1: its host; port 3: sp1; port 4: sp2. Spine port i: leaf i.
//   LIDs: sp1 1, sp2 2, l1 3, l2 4, l3 5, a (on l1) 6, b (on l2) 7, c (on l3) 8.
//   Leaf groups (port-set order): 1 = {3} (to sp1), 2 = {3, 4} (to other leaves and
//   their hosts), 3 = {4} (to sp2). sp1's groups: 1 = {1} (l1, a), 2 = {1, 2, 3} (sp2),
//   3 = {2} (l2, b), 4 = {3} (l3, c).

#include <algorithm>
#include <string>
#include <vector>

#include "ibatlas/ar/ar_checks.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/routing/minhop.hpp"
#include "ibatlas/tiers.hpp"

#include "support/ar_state.hpp"
#include "support/routing_net.hpp"

namespace ibatlas::ar_test {

struct Tree {
  test::Net net;
  NodeId sp1 = net.sw("sp1");
  NodeId sp2 = net.sw("sp2");
  NodeId l1 = net.sw("l1");
  NodeId l2 = net.sw("l2");
  NodeId l3 = net.sw("l3");
  NodeId a = net.ca("a");
  NodeId b = net.ca("b");
  NodeId c = net.ca("c");
  Fabric plain;   // with minhop tables, no AR state
  Fabric fabric;  // plain with the consistent AR state

  explicit Tree(ArLidState state = ArLidState::Free) {
    NodeId leaves[] = {l1, l2, l3};
    NodeId hosts[] = {a, b, c};
    for (int i = 0; i < 3; ++i) {
      net.link(hosts[i], 1, leaves[i], 1);
      net.link(leaves[i], 3, sp1, i + 1);
      net.link(leaves[i], 4, sp2, i + 1);
    }
    Fabric bare = net.build();
    plain = with_forwarding_tables(bare, compute_minhop(bare));
    fabric = test::with_consistent_ar(plain, state);
  }

  SwitchAr ar(NodeId sw) const { return test::switch_ar(fabric, sw); }

  // The fabric with `ar` in place of its switch's state.
  Fabric with(SwitchAr ar) const { return test::with_switch_ar(fabric, std::move(ar)); }
};

inline std::vector<Finding> ar_findings(const Fabric& f, const AuditOptions& options = {}) {
  return check_adaptive_routing(f, infer_tiers(f), options);
}

inline std::vector<Finding> of(const std::vector<Finding>& all, const std::string& check) {
  std::vector<Finding> some;
  std::copy_if(all.begin(), all.end(), std::back_inserter(some),
               [&](const Finding& f) { return f.check == check; });
  return some;
}

inline std::string summary(const std::vector<Finding>& all) {
  std::string text;
  for (const Finding& f : all) {
    text += f.check + " @ " + f.location.here.name + ": " + f.message + "\n";
  }
  return text;
}

}  // namespace ibatlas::ar_test
