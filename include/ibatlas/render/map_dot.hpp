#pragma once

// The render model as Graphviz DOT text: what `ibatlas render -o map.dot` writes and what
// the Graphviz library lays out. Deterministic: the same model gives the same bytes.
//
// Tiers layout: one `rank=same` subgraph per tier, edges drawn from the upper tier down.
// Node ids are the model's ids, edge ids "e<index>"; tooltips become SVG titles; the legend
// (speeds and widths in use, highlights in use, fabric-wide notes) is the graph's label.

#include <string>
#include <string_view>

#include "ibatlas/render/render_model.hpp"

namespace ibatlas {

std::string map_dot(const RenderModel& model);

// Text made safe inside a DOT double-quoted escString: quotes and backslashes escaped,
// newlines as "\n", other control characters and bytes that are not UTF-8 as "?".
std::string dot_escape(std::string_view text);

// Text made safe inside an HTML-like label (&, <, >, ", and the same byte rules).
std::string html_label_escape(std::string_view text);

// Bytes that are not valid UTF-8, control characters but tab and newline, and DEL replaced
// by "?" (text::clean_utf8 with Controls::Label).
std::string clean_utf8(std::string_view text);

// The Graphviz layout engine for a model: dot for tiers; neato for a spring layout of up
// to 400 boxes, sfdp above.
std::string layout_engine(const RenderModel& model);

}  // namespace ibatlas
