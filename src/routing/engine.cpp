#include "ibatlas/routing/engine.hpp"

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/routing/minhop.hpp"
#include "ibatlas/routing/updn.hpp"

namespace ibatlas {

std::string to_string(RoutingEngine engine) {
  return engine == RoutingEngine::Minhop ? "minhop" : "updn";
}

std::optional<RoutingEngine> parse_routing_engine(std::string_view text) {
  for (RoutingEngine e : {RoutingEngine::Minhop, RoutingEngine::Updn}) {
    if (text == to_string(e)) {
      return e;
    }
  }
  return std::nullopt;
}

ComputeResult compute_routes(const Fabric& fabric, const ComputeOptions& options) {
  ComputeResult result;
  result.used = options.engine;
  std::vector<ForwardingTable> tables;
  if (options.engine == RoutingEngine::Updn) {
    UpdnTables updn = compute_updn(fabric, options.roots);
    tables = std::move(updn.tables);
    result.roots = std::move(updn.roots);
    result.notes = std::move(updn.notes);
    result.used = updn.fell_back ? RoutingEngine::Minhop : RoutingEngine::Updn;
  } else {
    tables = compute_minhop(fabric);
  }
  result.fabric = with_forwarding_tables(fabric, std::move(tables));
  return result;
}

}  // namespace ibatlas
