#pragma once

// Graphviz through its C library (cgraph + gvc): layout and rendering of DOT text. Nothing
// shells out to dot. Part of ibatlas_render, the only target that links Graphviz.

#include <string>

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

}  // namespace ibatlas
