#include "ibatlas/audit/audit.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "ibatlas/analysis/counters.hpp"
#include "ibatlas/analysis/fat_tree.hpp"
#include "ibatlas/analysis/ftree_ready.hpp"
#include "ibatlas/analysis/identities.hpp"
#include "ibatlas/analysis/link_mismatch.hpp"
#include "ibatlas/analysis/link_speed.hpp"
#include "ibatlas/analysis/plan.hpp"
#include "ibatlas/analysis/port_state.hpp"
#include "ibatlas/analysis/subnet_manager.hpp"
#include "ibatlas/ar/ar_checks.hpp"
#include "ibatlas/routing/route_checks.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

namespace {

void append(std::vector<Finding>& all, std::vector<Finding> more) {
  all.insert(all.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

// (node GUID, port) with absent halves as -1: plain numbers, because GCC 12's <=> on pairs of
// optionals dereferences an empty one.
using PortRef = std::pair<long long, int>;

PortRef ref(const Endpoint& e) {
  return {e.node_guid ? static_cast<long long>(*e.node_guid) : -1, e.port ? *e.port : -1};
}

// A cable the plan reports missing is not also a port.down (same ports, either order).
void drop_reported_downs(std::vector<Finding>& findings) {
  std::set<std::pair<PortRef, PortRef>> missing;
  auto ends = [](const Finding& f) -> std::pair<PortRef, PortRef> {
    PortRef a = ref(f.location.here);
    PortRef b = f.location.peer ? ref(*f.location.peer) : PortRef{-1, -1};
    return std::minmax(a, b);  // copied out before a and b go
  };
  for (const Finding& f : findings) {
    if (f.check == "plan.missing") {
      missing.insert(ends(f));
    }
  }
  std::erase_if(findings, [&](const Finding& f) {
    return f.check == "port.down" && missing.count(ends(f)) != 0;
  });
}

}  // namespace

std::vector<Finding> run_checks(const Fabric& fabric, const AuditOptions& options) {
  Tiers tiers = infer_tiers(fabric);
  std::vector<Finding> findings;
  append(findings, check_link_speed(fabric, tiers, options));
  append(findings, check_link_mismatch(fabric, options));
  append(findings, check_port_state(fabric, options));
  append(findings, check_identities(fabric, options));
  append(findings, check_fat_tree(fabric, tiers, options));
  append(findings, check_ftree_ready(fabric, tiers, options));
  append(findings, check_counters(fabric, options));
  append(findings, check_routes(fabric, options));           // returns at once without tables
  append(findings, check_subnet_managers(fabric, options));  // nothing without SMInfo
  if (!fabric.adaptive_routing().empty()) {
    append(findings, check_adaptive_routing(fabric, tiers, options));
  }
  if (options.plan != nullptr) {
    append(findings, check_plan(fabric, *options.plan, options));
    drop_reported_downs(findings);
  }
  sort_findings(findings);
  return findings;
}

}  // namespace ibatlas
