#include "ibatlas/cabling_plan.hpp"

#include <utility>

#include "text.hpp"

namespace ibatlas {

CablingPlan plan_from_fabric(const Fabric& golden) {
  CablingPlan plan{"golden snapshot " + golden.provenance().source, {}};
  auto end_of = [&golden](PortId id) {
    const Port& p = golden.port(id);
    const Node& n = golden.node(p.node);
    return PlanEnd{text::guid_text(n.guid), p.number, n.description};
  };
  for (PortId link : golden.links()) {
    const Port& p = golden.port(link);
    if (link == *p.peer) {
      continue;  // a port cabled to itself has nothing to plan
    }
    PlannedCable cable{end_of(link), end_of(*p.peer), p.width_active, p.speed_active, 0};
    plan.cables.push_back(std::move(cable));
  }
  return plan;
}

}  // namespace ibatlas
