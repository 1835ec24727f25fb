#pragma once

// Graphviz through its C library (cgraph + gvc): layout and rendering of DOT text. Nothing
// shells out to dot. Part of ibatlas_render, the only target that links Graphviz.

#include <span>
#include <string>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/render/render_model.hpp"

namespace ibatlas {

// The version of the Graphviz library, for `ibatlas --version`.
std::string graphviz_version();

// Lays `dot` out with `engine` ("dot", "neato", "sfdp", ...) and renders it as `format`
// ("svg", "png"). Throws Error with Graphviz's message when the text does not parse or
// the engine or format is unknown.
std::string graphviz_render(const std::string& dot, const std::string& engine,
                            const std::string& format);

enum class MapFormat { Svg, Html, Dot, Png };

// The whole map: DOT text from the model, laid out with the model's engine
// (layout_engine), SVG with every tooltip in the element's <title>, wrapped into the
// self-contained page for Html.
std::string render_map(const RenderModel& model, MapFormat format);

// The interactive atlas of a large fabric (render/atlas_html.hpp): `overview` (from
// fold_into_groups) and every group's group_view laid out with their engines, titles from
// tooltips, in one page. `detailed` is the whole fabric's model with `findings` marked
// (graphviz_atlas.cpp).
std::string render_atlas(const Fabric& fabric, const MapGroups& groups, const RenderModel& detailed,
                         const RenderModel& overview, std::span<const Finding> findings);

}  // namespace ibatlas
