#pragma once

// The overview of a large fabric (docs/render.md): the detailed render model with every
// MapGroup folded into one box, unless it is expanded.
// - A folded group's box (BoxKind::Group, id "G" + MapGroup::id, RenderNode::group = its id)
//   is labelled with its name and summary; its tooltip lists what it holds; a group with
//   findings carries the worst highlight of its members and "N findings" on its label, and
//   its tooltip repeats every finding line of its members and of the lines inside it.
// - Lines between two boxes become one bundle per pair of boxes, labelled with the cable
//   count and the rate most of its cables have ("×64 4xHDR", "+2 slower" when some are
//   slower); coloured by the worst highlight in it, else by that rate's speed; its tooltip
//   keeps every finding line of the cables in it. Lines inside a folded group are not drawn
//   (the group's tooltip counts them).
// - Boxes of an expanded group keep their detailed form and RenderNode::group.
// - When every switch box is a folded group, row_limit is set so a tier of many boxes wraps
//   into rows and the drawing's aspect ratio stays between 1:2 and 2.5:1, and group_font so
//   labels stay 9 px or more at a 1920x1080 fit. Switches drawn in detail (group_view,
//   --expand) keep one row per tier with straight lines, as in the detailed map: wrapped,
//   they tangle (and take ten times longer to lay out).
// Notes (fabric-wide findings) and the title are kept.

#include <cstddef>
#include <set>
#include <string>

#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/render/render_model.hpp"

namespace ibatlas {

// `detailed` is build_render_model's result (findings marked) for the whole fabric; every
// box's RenderNode::group is set here from groups.group_of of its first member. `expanded`
// holds MapGroup ids; "all" expands every group (the result is then `detailed` itself, with
// the group ids set). Throws Error naming the known ids when an id in `expanded` is unknown.
RenderModel fold_into_groups(const RenderModel& detailed, const MapGroups& groups,
                             const std::set<std::string>& expanded);

// One group opened in place, as the HTML shows it after a click: that group's boxes in
// detail, and the groups cabled to it folded, each drawn once with the bundle to it; nothing
// else. REQUIRES: group < groups.groups.size().
RenderModel group_view(const RenderModel& detailed, const MapGroups& groups, std::size_t group);

}  // namespace ibatlas
