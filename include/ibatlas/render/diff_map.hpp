#pragma once

// `ibatlas diff OLD NEW --svg out.svg`: NEW drawn with what changed since OLD. Added nodes
// and cables green; removed ones as dashed red boxes and lines (drawn between the boxes
// that remain, or the removed node's box); moved and swapped cables orange at their new
// place and dashed red at the old; anything else changed (rates, states, LIDs,
// descriptions, counters, replaced nodes) orange. Hosts a change names are not folded.
// The change's text is in the element's tooltip.

#include <span>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/render/render_model.hpp"

namespace ibatlas {

// The render model of `after` with `changes` (diff_fabrics(before, after).changes) marked.
RenderModel diff_map_model(const Fabric& after, std::span<const Change> changes);

}  // namespace ibatlas
