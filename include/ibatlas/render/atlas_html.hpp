#pragma once

// The interactive page of a large fabric (`ibatlas render -o map.html` when the overview is
// drawn; docs/render.md, "The HTML atlas"): one self-contained file, no network.
// - It opens on the overview; clicking a group box opens that group in place (its view:
//   its switches and folded hosts, the groups cabled to it folded); Escape, "0" or the
//   "overview" link go back.
// - Search (name, description, GUID, port GUID or LID) finds nodes inside folded groups: it
//   opens the node's group and highlights the node's box.
// - A findings panel lists every finding (severity, check id, message); clicking one opens
//   its group and moves the view to the box or line it marks. Fabric-wide findings are
//   listed without a place.
// - Keyboard: "+"/"-" zoom, "0" fit (and back to the overview when fitted), "/" search.
// - The URL fragment keeps what is open: "#open=pod3", "#open=pod3&select=n0002c9030001"
//   and "#search=TEXT" restore that state on load.
// The status line (id "status") says what a search found, as map_html's does.

#include <span>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/render/render_model.hpp"

namespace ibatlas {

struct AtlasView {
  std::string group;  // MapGroup::id; empty for the overview
  RenderModel model;  // fold_into_groups (overview) or group_view (a group)
  std::string svg;    // the model laid out, tooltips in <title> (titles_from_tooltips)
};

// `views` holds the overview first, then one view per group in groups.groups order.
// `findings` are the ones marked on the models. Throws nothing.
std::string atlas_html(const Fabric& fabric, const MapGroups& groups,
                       std::span<const Finding> findings, const std::vector<AtlasView>& views);

// The page's script and style (atlas_html_script.cpp).
const char* atlas_html_script();
const char* atlas_html_style();

}  // namespace ibatlas
