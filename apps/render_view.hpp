#pragma once

// What `ibatlas render` draws (docs/render.md): the detailed map of today, the grouped
// overview of a large fabric (with its interactive atlas as HTML), or the cabling matrix.
// The command parses options; this decides the view and produces the bytes.

#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "ibatlas/cabling_plan.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/render/graphviz.hpp"
#include "ibatlas/render/render_model.hpp"
#include "ibatlas/routing/route_load.hpp"

namespace ibatlas::cli {

struct MapRequest {
  std::string view = "auto";        // auto, detail, overview or matrix
  std::vector<std::string> expand;  // MapGroup ids, or "all"
  MapFormat format = MapFormat::Svg;
  RenderOptions options;              // hosts, layout, focus
  const CablingPlan* plan = nullptr;  // the matrix's expectation; null: the majority
  const RouteLoad* loads = nullptr;   // --loads: switch lines coloured by load; null: by speed
};

struct DrawnMap {
  std::string bytes;
  std::string summary;  // for "ibatlas: wrote map.svg (SUMMARY)": "overview of 24 groups: ..."
  std::string note;     // what else can be drawn; empty: nothing to say
};

// Throws Error for an unknown --expand id and for a format the view cannot write (the
// matrix is SVG or HTML). A slow layout is announced on `err` first (and ticks on a
// terminal).
DrawnMap draw_map(const Fabric& fabric, std::span<const Finding> findings,
                  const MapRequest& request, std::ostream& err);

}  // namespace ibatlas::cli
