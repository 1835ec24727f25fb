#pragma once

// The SVG a map is made of, finished for people: tooltips in <title>, and the one-file
// interactive page (`ibatlas render -o map.html`).

#include <string>

#include "ibatlas/render/render_model.hpp"

namespace ibatlas {

// Graphviz puts a tooltip into <a xlink:title> and the DOT name into <title>. This copies
// each node's and edge's tooltip into its <title> (what browsers and screen readers show);
// the element keeps its id. Throws Error when `svg` is not XML.
std::string titles_from_tooltips(const std::string& svg);

// One self-contained HTML file, no network: the SVG inline, a search box (name, GUID or
// LID; "#search=TEXT" in the URL runs one on load), pan (drag) and zoom (wheel, + and -),
// and click-to-highlight of a box's lines with its tooltip shown beside the map. The
// status line (id "status") says what a search found.
std::string map_html(const RenderModel& model, const std::string& svg);

// The page's script and style (map_html_script.cpp).
const char* map_html_script();
const char* map_html_style();

}  // namespace ibatlas
