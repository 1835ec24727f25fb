#pragma once

// Route load on a map (`render --loads`, docs/render.md "Route load"): every drawn
// switch-to-switch cable coloured by how many routes cross it against its tier's fair share
// (routing/route_load.hpp, what route.imbalance judges), so a hot uplink shows at a glance.
// The loads come from the source's own tables (route_loads on analyze_routes) or from a
// saved `routes --json` document (read_route_loads).

#include <cstddef>
#include <string>
#include <string_view>

#include "ibatlas/fabric.hpp"
#include "ibatlas/render/render_model.hpp"
#include "ibatlas/routing/route_load.hpp"

namespace ibatlas {

// Share bounds of the levels below hot: under kLightShare of the fair share a link is
// Light, under kHeavyShare Fair, else Heavy until it is hot (LinkLoad::hot, 2.0 by default).
constexpr double kLightShare = 0.5;
constexpr double kHeavyShare = 1.5;

// A cable's level is its busier direction's: Idle when no route crosses it either way.
LoadLevel load_level(const LinkLoad& load);

std::string load_colour(LoadLevel level);   // "#2171b5", ...; hot is red
std::string to_string(LoadLevel level);     // "idle", "light", "fair", "heavy", "hot"
std::string load_meaning(LoadLevel level);  // the legend's text: "fair (0.50–1.50×)"

// Colours every drawn cable `load` has an entry for (RenderEdge::load): a hot cable leaves
// its bundle and is labelled with its share ("hot 2.0×"); a bundle takes its busiest
// cable's level; each cable direction's routes and share go into the tooltip. Cables
// without an entry (host cables) keep their speed colour. Adds a note saying what the
// colours measure. Throws nothing.
void mark_loads(RenderModel& model, const Fabric& fabric, const RouteLoad& load);

struct LoadsFile {
  RouteLoad load;             // the file's links that are cables of the fabric
  std::size_t unmatched = 0;  // links naming ports the fabric has no cable between
};

// The link loads of a `routes --json` document (findings schema, command "routes",
// report.balance.links), matched to `fabric`'s ports by node GUID and port number. Throws
// ParseError for text that is not JSON, Error for any other document (every error names
// the file and a JSON path).
LoadsFile read_route_loads(std::string_view text, const std::string& file, const Fabric& fabric);

}  // namespace ibatlas
