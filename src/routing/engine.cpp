#include "ibatlas/routing/engine.hpp"

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/routing/ftree.hpp"
#include "ibatlas/routing/minhop.hpp"
#include "ibatlas/routing/updn.hpp"

namespace ibatlas {

std::string to_string(RoutingEngine engine) {
  switch (engine) {
    case RoutingEngine::Minhop:
      return "minhop";
    case RoutingEngine::Updn:
      return "updn";
    case RoutingEngine::Ftree:
      break;
  }
  return "ftree";
}

std::optional<RoutingEngine> parse_routing_engine(std::string_view text) {
  for (RoutingEngine e : {RoutingEngine::Minhop, RoutingEngine::Updn, RoutingEngine::Ftree}) {
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
  } else if (options.engine == RoutingEngine::Ftree) {
    FtreeTables ftree = compute_ftree(fabric);
    tables = std::move(ftree.tables);
    result.notes = std::move(ftree.notes);
    result.used = ftree.fell_back ? RoutingEngine::Minhop : RoutingEngine::Ftree;
  } else {
    tables = compute_minhop(fabric);
  }
  result.fabric = with_forwarding_tables(fabric, std::move(tables));
  return result;
}

}  // namespace ibatlas
