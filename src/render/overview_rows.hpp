#pragma once

// How large the overview's group labels are, and where its tiers wrap into rows
// (overview_rows.cpp): fold_into_groups sets RenderModel::group_font and row_limit from them,
// map_dot draws with them.

#include <cstddef>

#include "ibatlas/render/render_model.hpp"

namespace ibatlas::render_detail {

// A group's label in pt: 20, and past 32 groups larger by the square root of their number,
// so that what does not grow with it (the space of lines passing between boxes, gaps between
// rows) does not shrink the labels of a drawing fitted to a screen.
int group_font(const RenderModel& model);

// The row length whose drawing, fitted to a 1920x1080 screen, is largest while its aspect
// ratio stays well inside 1:2 .. 2.5:1 (else the one closest to 16:10). REQUIRES:
// model.group_font set.
std::size_t choose_row_limit(const RenderModel& model);

}  // namespace ibatlas::render_detail
