// The atlas of a large fabric: the overview and one view per group, each laid out by
// Graphviz on its own, assembled into one page (render/atlas_html.hpp).
//
// Each group's view is small (its switches and folded hosts, its neighbours folded), so the
// layouts together cost about what the overview costs, far less than the detailed map whole.

#include <vector>

#include "ibatlas/render/atlas_html.hpp"
#include "ibatlas/render/graphviz.hpp"
#include "ibatlas/render/map_dot.hpp"
#include "ibatlas/render/map_html.hpp"
#include "ibatlas/render/overview.hpp"

namespace ibatlas {

namespace {

AtlasView laid_out(std::string group, RenderModel model) {
  std::string svg = graphviz_render(map_dot(model), layout_engine(model), "svg");
  return AtlasView{std::move(group), std::move(model), titles_from_tooltips(svg)};
}

}  // namespace

std::string render_atlas(const Fabric& fabric, const MapGroups& groups, const RenderModel& detailed,
                         const RenderModel& overview, std::span<const Finding> findings) {
  std::vector<AtlasView> views;
  views.reserve(groups.groups.size() + 1);
  views.push_back(laid_out("", overview));
  for (std::size_t g = 0; g < groups.groups.size(); ++g) {
    views.push_back(laid_out(groups.groups[g].id, group_view(detailed, groups, g)));
  }
  return atlas_html(fabric, groups, findings, views);
}

}  // namespace ibatlas
