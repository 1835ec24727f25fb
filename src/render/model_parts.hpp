#pragma once

// The steps of build_render_model, shared by its files (render_model.cpp: boxes,
// render_edges.cpp: lines and tooltips).

#include <vector>

#include "ibatlas/render/render_model.hpp"

namespace ibatlas::render_detail {

// Per NodeId: whether the node is drawn (everything, or the focus neighbourhood).
std::vector<bool> included_nodes(const Fabric& fabric, const Tiers& tiers,
                                 const RenderOptions& options);

// Adds a line per bundle of cables and counts cables inside one box in its tooltip.
void add_edges(RenderModel& model, const Fabric& fabric, const Tiers& tiers);

// Tooltip lines describing one fabric node: type and tier, GUID, LIDs, ports.
std::vector<std::string> node_lines(const Fabric& fabric, const Tiers& tiers, NodeId id);

}  // namespace ibatlas::render_detail
