// The overview: the detailed render model with its MapGroups folded into boxes, and one
// group opened in place (group_view). Both go through one Fold: each detailed box is shown
// as itself, inside its group's box, or not at all; lines follow their boxes.

#include "ibatlas/render/overview.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <utility>

#include "ibatlas/error.hpp"
#include "ibatlas/render/style.hpp"

#include "render/overview_rows.hpp"

namespace ibatlas {

namespace {

enum class Mode : std::uint8_t { Hidden, Folded, Detailed };

constexpr std::size_t kMaxContentLines = 24;  // boxes a group's tooltip names one by one

// A folded group's box while it is built.
struct GroupBox {
  std::vector<std::string> finding_lines;
  std::size_t inside_cables = 0;
};

using RateKey = std::pair<std::optional<LinkWidth>, std::optional<LinkSpeed>>;

struct Fold {
  const RenderModel& detailed;
  const MapGroups& groups;
  std::vector<std::optional<std::size_t>> group_of_box;                  // per detailed box
  std::vector<std::optional<std::size_t>> new_box;                       // per detailed box
  std::map<std::size_t, GroupBox> folded;                                // by result box index
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> bundle_of;  // box pair -> edge
  std::map<std::size_t, std::map<RateKey, std::size_t>> rates;  // bundle edge -> cables by rate
  RenderModel out;
};

std::vector<std::optional<std::size_t>> box_groups(const RenderModel& detailed,
                                                   const MapGroups& groups) {
  std::vector<std::optional<std::size_t>> of(detailed.nodes.size());
  for (std::size_t i = 0; i < detailed.nodes.size(); ++i) {
    const std::vector<NodeId>& members = detailed.nodes[i].members;
    if (!members.empty() && members.front().value < groups.group_of.size()) {
      of[i] = groups.group_of[members.front().value];
    }
  }
  return of;
}

void check_ids(const MapGroups& groups, const std::set<std::string>& expanded) {
  std::string known;
  for (const MapGroup& g : groups.groups) {
    known += (known.empty() ? "" : ", ") + g.id;
  }
  for (const std::string& id : expanded) {
    if (id != "all" && groups.find(id) == nullptr) {
      throw Error("no group " + quote_found(id) + " to expand; the groups are " +
                  (known.empty() ? std::string("none") : known) + " (or all)");
    }
  }
}

void add_group_box(Fold& f, std::size_t g, const std::vector<std::size_t>& inside) {
  const MapGroup& group = f.groups.groups[g];
  RenderNode box{
      .id = "G" + group.id, .kind = BoxKind::Group, .tier = group.tier, .group = group.id};
  GroupBox parts;
  box.tooltip.push_back(group.name + ": " + group.summary + " (group " + group.id + ")");
  for (std::size_t i : inside) {
    const RenderNode& n = f.detailed.nodes[i];
    f.new_box[i] = f.out.nodes.size();
    std::string name = n.label.substr(0, n.label.find('\n'));
    if (box.tooltip.size() <= kMaxContentLines) {
      box.tooltip.push_back(name);
    }
    box.members.insert(box.members.end(), n.members.begin(), n.members.end());
    box.focus = box.focus || n.focus;
    // The last `findings` lines of a tooltip are those mark_findings added.
    std::size_t end = n.tooltip.size();
    for (std::size_t k = end - std::min(n.findings, end); k < end; ++k) {
      parts.finding_lines.push_back(name + ": " + n.tooltip[k]);
    }
    box.findings += n.findings;
    box.highlight = std::max(box.highlight, n.highlight);
  }
  if (inside.size() > kMaxContentLines) {
    box.tooltip.push_back("… and " + std::to_string(inside.size() - kMaxContentLines) +
                          " more boxes");
  }
  std::sort(box.members.begin(), box.members.end());
  f.folded.emplace(f.out.nodes.size(), std::move(parts));
  f.out.nodes.push_back(std::move(box));
}

// Boxes in drawing order: the groups in theirs (each folded or in detail), then the boxes
// of no group (modes.back()).
void add_boxes(Fold& f, const std::vector<Mode>& modes) {
  std::size_t none = f.groups.groups.size();
  std::vector<std::vector<std::size_t>> by_group(none + 1);
  for (std::size_t i = 0; i < f.detailed.nodes.size(); ++i) {
    by_group[f.group_of_box[i].value_or(none)].push_back(i);
  }
  for (std::size_t g = 0; g <= none; ++g) {
    if (by_group[g].empty() || modes[g] == Mode::Hidden) {
      continue;
    }
    if (modes[g] == Mode::Folded) {
      add_group_box(f, g, by_group[g]);
      continue;
    }
    for (std::size_t i : by_group[g]) {
      f.new_box[i] = f.out.nodes.size();
      f.out.nodes.push_back(f.detailed.nodes[i]);
      f.out.nodes.back().group = g < none ? f.groups.groups[g].id : "";
    }
  }
}

// Takes a line's findings into a box or bundle: its mark, its count, its finding lines (each
// naming its cable when the line is one cable).
template <typename Element>
void absorb(const RenderEdge& e, Element& into, std::vector<std::string>& lines) {
  for (const std::string& line : e.tooltip) {
    lines.push_back(e.cable_lines.size() == 1 ? e.cable_lines[0] + ": " + line : line);
  }
  into.findings += e.findings;
  into.highlight = std::max(into.highlight, e.highlight);
}

void add_to_bundle(Fold& f, std::size_t a, std::size_t b, const RenderEdge& e) {
  std::pair<std::size_t, std::size_t> pair{std::min(a, b), std::max(a, b)};
  auto [it, fresh] = f.bundle_of.emplace(pair, f.out.edges.size());
  if (fresh) {
    bool first_upper =
        f.out.nodes[pair.first].tier.value_or(-1) >= f.out.nodes[pair.second].tier.value_or(-1);
    f.out.edges.push_back({.upper = first_upper ? pair.first : pair.second,
                           .lower = first_upper ? pair.second : pair.first});
  }
  RenderEdge& bundle = f.out.edges[it->second];
  bundle.cables.insert(bundle.cables.end(), e.cables.begin(), e.cables.end());
  bundle.cable_lines.insert(bundle.cable_lines.end(), e.cable_lines.begin(), e.cable_lines.end());
  bundle.count += e.count;
  absorb(e, bundle, bundle.tooltip);
  f.rates[it->second][{e.width, e.speed}] += e.count;
  bundle.load = std::max(bundle.load, e.load);
  for (PortId cable : e.cables) {
    f.out.edge_of[cable.value] = it->second;
  }
}

// Lines between two shown boxes; with `only`, just those with an end in that group.
void add_lines(Fold& f, std::optional<std::size_t> only) {
  for (const RenderEdge& e : f.detailed.edges) {
    std::optional<std::size_t> a = f.new_box[e.upper];
    std::optional<std::size_t> b = f.new_box[e.lower];
    if (!a || !b) {
      continue;
    }
    if (*a == *b) {  // inside a folded group
      f.folded.at(*a).inside_cables += e.count;
      absorb(e, f.out.nodes[*a], f.folded.at(*a).finding_lines);
      continue;
    }
    if (only && f.group_of_box[e.upper] != only && f.group_of_box[e.lower] != only) {
      continue;
    }
    if (f.out.nodes[*a].kind == BoxKind::Group || f.out.nodes[*b].kind == BoxKind::Group) {
      add_to_bundle(f, *a, *b, e);
      continue;
    }
    for (PortId cable : e.cables) {  // two detailed boxes: the line as it was
      f.out.edge_of[cable.value] = f.out.edges.size();
    }
    f.out.edges.push_back(e);
    f.out.edges.back().upper = *a;
    f.out.edges.back().lower = *b;
  }
}

// Gb/s; 0 when the width or the speed is unknown.
double rate_of(const RateKey& key) {
  return key.first && key.second ? lanes(*key.first) * lane_rate_gbps(*key.second) : 0;
}

// The rate most cables have (ties: the faster) names the bundle; slower ones are counted
// on its label ("+2 slower") and named in a first tooltip line ("+2 slower: 1xHDR ×2").
void finish_bundle(RenderEdge& e, const std::map<RateKey, std::size_t>& rates) {
  RateKey major = rates.begin()->first;
  for (const auto& [key, cables] : rates) {
    std::size_t best = rates.at(major);
    if (cables > best || (cables == best && rate_of(key) > rate_of(major))) {
      major = key;
    }
  }
  e.width = major.first;
  e.speed = major.second;
  std::size_t slower = 0;
  std::string which;
  for (const auto& [key, cables] : rates) {
    if (rate_of(major) > 0 && rate_of(key) > 0 && rate_of(key) < rate_of(major)) {
      slower += cables;
      which += (which.empty() ? "" : ", ") + rate_text(key.first, key.second) + " ×" +
               std::to_string(cables);
    }
  }
  if (slower > 0) {
    e.label_note = "+" + std::to_string(slower) + " slower";
    e.tooltip.insert(e.tooltip.begin(), e.label_note + ": " + which);
  }
}

void finish_group(const MapGroup& group, const GroupBox& parts, RenderNode& box) {
  box.label = group.name + "\n" + group.summary;
  std::string count = std::to_string(box.findings);
  box.label +=
      box.findings == 0 ? "" : "\n" + count + (box.findings == 1 ? " finding" : " findings");
  if (parts.inside_cables > 0) {
    box.tooltip.push_back(std::to_string(parts.inside_cables) +
                          (parts.inside_cables == 1 ? " cable" : " cables") +
                          " inside (not drawn)");
  }
  box.tooltip.insert(box.tooltip.end(), parts.finding_lines.begin(), parts.finding_lines.end());
}

RenderLayout overview_layout(const RenderModel& model) {
  auto switchish = [](const RenderNode& n) {
    return n.kind == BoxKind::Switch || n.kind == BoxKind::Chassis || n.kind == BoxKind::Group;
  };
  bool tiered = std::all_of(model.nodes.begin(), model.nodes.end(),
                            [&](const RenderNode& n) { return !switchish(n) || n.tier; });
  bool any = std::any_of(model.nodes.begin(), model.nodes.end(), switchish);
  return any && tiered ? RenderLayout::Tiers : RenderLayout::Spring;
}

// modes: per group, then for the boxes of no group.
RenderModel fold(const RenderModel& detailed, const MapGroups& groups,
                 const std::vector<Mode>& modes, std::optional<std::size_t> only) {
  Fold f{detailed, groups, box_groups(detailed, groups), {}, {}, {}, {}, {}};
  f.new_box.resize(detailed.nodes.size());
  f.out.title = detailed.title;
  f.out.notes = detailed.notes;
  add_boxes(f, modes);
  add_lines(f, only);
  for (const auto& [edge, rates] : f.rates) {
    finish_bundle(f.out.edges[edge], rates);
  }
  for (const auto& [box, parts] : f.folded) {
    finish_group(*groups.find(f.out.nodes[box].group), parts, f.out.nodes[box]);
  }
  for (const std::optional<std::size_t>& box : detailed.box_of) {
    f.out.box_of.push_back(box ? f.new_box[*box] : std::nullopt);
  }
  f.out.layout = overview_layout(f.out);
  f.out.group_font = render_detail::group_font(f.out);
  // Only groups wrap: detailed switches (group_view, --expand) read best as one row per tier
  // with straight lines, as in the detailed map.
  bool detail = std::any_of(f.out.nodes.begin(), f.out.nodes.end(), [](const RenderNode& n) {
    return n.kind == BoxKind::Switch || n.kind == BoxKind::Chassis;
  });
  f.out.row_limit =
      f.out.layout == RenderLayout::Tiers && !detail ? render_detail::choose_row_limit(f.out) : 0;
  return std::move(f.out);
}

}  // namespace

RenderModel fold_into_groups(const RenderModel& detailed, const MapGroups& groups,
                             const std::set<std::string>& expanded) {
  check_ids(groups, expanded);
  if (expanded.contains("all")) {
    RenderModel model = detailed;
    std::vector<std::optional<std::size_t>> of = box_groups(detailed, groups);
    for (std::size_t i = 0; i < model.nodes.size(); ++i) {
      model.nodes[i].group = of[i] ? groups.groups[*of[i]].id : "";
    }
    return model;
  }
  std::vector<Mode> modes(groups.groups.size() + 1, Mode::Detailed);
  for (std::size_t g = 0; g < groups.groups.size(); ++g) {
    modes[g] = expanded.contains(groups.groups[g].id) ? Mode::Detailed : Mode::Folded;
  }
  return fold(detailed, groups, modes, std::nullopt);
}

RenderModel group_view(const RenderModel& detailed, const MapGroups& groups, std::size_t group) {
  std::vector<std::optional<std::size_t>> of = box_groups(detailed, groups);
  std::vector<Mode> modes(groups.groups.size() + 1, Mode::Hidden);
  modes.at(group) = Mode::Detailed;
  for (const RenderEdge& e : detailed.edges) {
    std::optional<std::size_t> a = of[e.upper];
    std::optional<std::size_t> b = of[e.lower];
    if (a && b && *a != *b && (*a == group || *b == group)) {
      modes[*a == group ? *b : *a] = Mode::Folded;
    }
  }
  return fold(detailed, groups, modes, group);
}

}  // namespace ibatlas
