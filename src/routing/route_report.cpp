#include "ibatlas/routing/route_report.hpp"

#include "routing/analysis_context.hpp"
#include "routing/balance.hpp"
#include "routing/credit_loops.hpp"
#include "routing/credit_loops_deps.hpp"
#include "routing/destination_pass.hpp"
#include "routing/load_acc.hpp"
#include "routing/symmetry_acc.hpp"
#include "routing/validation_acc.hpp"

namespace ibatlas {

std::string to_string(RouteFate fate) {
  constexpr const char* kNames[] = {"delivered", "loop",      "no entry",  "no table",
                                    "bad port",  "down port", "wrong node"};
  return kNames[static_cast<std::size_t>(fate)];
}

std::string to_string(LinkDirection direction) {
  constexpr const char* kNames[] = {"up", "down", "lateral", "to host", "from host"};
  return kNames[static_cast<std::size_t>(direction)];
}

RouteReport analyze_routes(const Fabric& fabric, const RouteAnalysisOptions& options) {
  // 1. Index the fabric: switches, slots, LIDs, shortest distances, sources, destinations.
  AnalysisContext context(fabric);
  // 2. One pass per destination LID settles every switch; each accumulator reads it.
  DestinationPass pass(context.view);
  ValidationAccumulator validation(context);
  LoadAccumulator loads(context);
  std::optional<VlDependencyAccumulator> vl_deps;
  if (options.credit_loops) {
    vl_deps.emplace(context);
  }
  SymmetryAccumulator symmetry(context, options.symmetry ? options.symmetry_max_cells : 0);
  for (const Destination& d : context.dests) {
    pass.run(d);
    validation.add(d, pass);
    if (options.balance) {
      loads.add(d, pass);
    }
    if (vl_deps) {
      vl_deps->add(d, pass);
    }
    if (options.symmetry && symmetry.enabled()) {
      symmetry.add(d, pass);
    }
  }
  // 3. Totals, balance, the channel dependency graph's cycles, symmetry.
  RouteReport report;
  report.validation = std::move(validation).finish();
  if (options.balance) {
    report.balance = summarize_balance(context, loads);
  }
  if (vl_deps) {
    find_credit_loops(context.view, std::move(*vl_deps).finish(), report);
  }
  report.symmetry = symmetry.finish();
  if (!options.symmetry) {
    report.symmetry.checked = false;
    report.symmetry.note = "not requested";
  }
  return report;
}

}  // namespace ibatlas
