// The overview's label size and row wrapping (overview_rows.hpp).

#include "render/overview_rows.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace ibatlas::render_detail {

namespace {

// Row wrapping. Sizes in pt (with the room around a box) mirror map_dot's overview: group
// labels at group_font, margin 0.2 x 0.1 in, nodesep 0.1 in, 1 in between rows;
// overview_svg_test measures real layouts.
struct Size {
  double width = 0;
  double height = 0;
};

Size box_size(const RenderNode& n, int group_points) {
  double font = n.kind == BoxKind::Group ? group_points : 10;
  double lines = 1;
  std::size_t chars = 0;
  std::size_t widest = 0;
  for (char c : n.label) {
    if (c == '\n') {
      ++lines;
      chars = 0;
    } else if ((static_cast<unsigned char>(c) & 0xc0) != 0x80) {  // a UTF-8 character starts
      widest = std::max(widest, ++chars);
    }
  }
  return {static_cast<double>(widest) * font * 0.5 + font * 1.44 + 7.2,
          lines * font * 1.1 + font * 0.72 + 72};
}

// The legend at 14 pt: title, about three rows of rates and marks, notes wrapped at 64
// characters (map_dot), at most 12 and a line for the rest.
Size legend_size(const RenderModel& model) {
  double lines = 4;
  double widest = static_cast<double>(model.title.size());
  for (std::size_t i = 0; i < model.notes.size() && i < 12; ++i) {
    lines += std::ceil(static_cast<double>(model.notes[i].size()) / 64);
    widest = std::max(widest, std::min(64.0, static_cast<double>(model.notes[i].size())));
  }
  return {widest * 14 * 0.55 + 20, lines * 20 - 72};  // no gap under the last row
}

// The drawing with rows of at most `limit` boxes, top tier first. A line that skips rows
// widens each row it passes (dot routes it through a virtual node there: ~16 pt measured).
Size estimate(const RenderModel& model, const std::vector<Size>& sizes, std::size_t limit) {
  std::map<int, std::size_t, std::greater<>> first_row;  // boxes per tier, then first row
  for (const RenderNode& n : model.nodes) {
    first_row[n.tier.value_or(-1)] += n.tier ? 1 : 0;
  }
  std::size_t rows = 0;
  for (auto& tier : first_row) {
    rows += (std::exchange(tier.second, rows) + limit - 1) / limit;
  }
  std::vector<Size> row(rows);
  std::vector<std::size_t> row_of(model.nodes.size(), rows);  // rows: none (no tier)
  std::map<int, std::size_t> placed;
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    if (std::optional<int> tier = model.nodes[i].tier) {
      row_of[i] = first_row[*tier] + placed[*tier]++ / limit;
      row[row_of[i]].width += sizes[i].width;
      row[row_of[i]].height = std::max(row[row_of[i]].height, sizes[i].height);
    }
  }
  for (const RenderEdge& e : model.edges) {
    std::size_t top = std::min(row_of[e.upper], row_of[e.lower]);
    std::size_t bottom = std::max(row_of[e.upper], row_of[e.lower]);
    for (std::size_t r = top + 1; bottom < rows && r < bottom; ++r) {
      row[r].width += 16;
    }
  }
  Size total = legend_size(model);
  for (const Size& r : row) {
    total = {std::max(total.width, r.width), total.height + r.height};
  }
  return total;
}

}  // namespace

int group_font(const RenderModel& model) {
  auto groups = static_cast<double>(
      std::count_if(model.nodes.begin(), model.nodes.end(),
                    [](const RenderNode& n) { return n.kind == BoxKind::Group; }));
  return static_cast<int>(std::lround(std::clamp(20 * std::sqrt(groups / 32), 20.0, 48.0)));
}

std::size_t choose_row_limit(const RenderModel& model) {
  std::vector<Size> sizes;
  std::map<int, std::size_t> per_tier;
  std::size_t widest = 1;
  for (const RenderNode& n : model.nodes) {
    sizes.push_back(box_size(n, model.group_font));
    widest = std::max(widest, n.tier ? ++per_tier[*n.tier] : 0);
  }
  std::size_t best = widest;
  double best_score = -1e9;
  for (std::size_t limit = 1; limit <= widest; ++limit) {
    Size s = estimate(model, sizes, limit);
    double aspect = s.width / s.height;
    double score = aspect >= 0.6 && aspect <= 2.2 ? std::min(1920 / s.width, 1080 / s.height)
                                                  : -std::abs(std::log(aspect / 1.6)) - 1;
    if (score > best_score) {
      best = limit;
      best_score = score;
    }
  }
  return best;
}

}  // namespace ibatlas::render_detail
