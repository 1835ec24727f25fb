// Route load on a map: levels, colours, and marking the drawn cables.

#include "ibatlas/render/load_map.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <unordered_map>

#include "ibatlas/render/style.hpp"

namespace ibatlas {

namespace {

// A sequential blue scale for the levels a tier should have, red for hot: a reader looks
// for red. In a load map the line colour is the load, not the speed (the legend says so).
constexpr std::array<const char*, 5> kColours = {"#bdbdbd", "#9ecae1", "#2171b5", "#fb6a4a",
                                                 "#cb181d"};
constexpr std::array<const char*, 5> kNames = {"idle", "light", "fair", "heavy", "hot"};

std::string share_text(double share) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.2f", share);
  return text.data();
}

std::string end_name(const Fabric& fabric, PortId id) {
  const Port& p = fabric.port(id);
  return display_name(fabric.node(p.node)) + " port " + std::to_string(p.number);
}

// "l1 port 3 → sp1 port 1: 4 routes, 2.00× the fair share (hot)"
std::string direction_line(const Fabric& fabric, const LinkLoad& l) {
  return end_name(fabric, l.from) + " → " + end_name(fabric, l.to) + ": " +
         std::to_string(l.routes) + (l.routes == 1 ? " route, " : " routes, ") +
         share_text(l.share) + "× the fair share" + (l.hot ? " (hot)" : "");
}

// Both directions of each cable, by the cable's lower PortId.
struct CableLoads {
  const LinkLoad* one = nullptr;
  const LinkLoad* other = nullptr;
};

std::unordered_map<std::uint32_t, CableLoads> by_cable(const RouteLoad& load) {
  std::unordered_map<std::uint32_t, CableLoads> cables;
  for (const LinkLoad& l : load.links) {
    CableLoads& c = cables[std::min(l.from, l.to).value];
    (c.one == nullptr ? c.one : c.other) = &l;
  }
  return cables;
}

void mark_cable(RenderModel& model, const Fabric& fabric, PortId cable, const CableLoads& c) {
  LoadLevel level = load_level(*c.one);
  double share = c.one->share;
  if (c.other != nullptr) {
    level = std::max(level, load_level(*c.other));
    share = std::max(share, c.other->share);
  }
  std::size_t edge = model.edge_of.at(cable.value);
  if (level == LoadLevel::Hot) {
    edge = isolate_cable(model, cable);
    std::array<char, 32> note{};
    std::snprintf(note.data(), note.size(), "hot %.1f×", share);
    model.edges[edge].label_note = note.data();
  }
  RenderEdge& e = model.edges[edge];
  e.load = std::max(e.load.value_or(LoadLevel::Idle), level);
  e.tooltip.push_back(direction_line(fabric, *c.one));
  if (c.other != nullptr) {
    e.tooltip.push_back(direction_line(fabric, *c.other));
  }
}

}  // namespace

LoadLevel load_level(const LinkLoad& load) {
  if (load.hot) {
    return LoadLevel::Hot;
  }
  if (load.routes == 0) {
    return LoadLevel::Idle;
  }
  if (load.share < kLightShare) {
    return LoadLevel::Light;
  }
  return load.share < kHeavyShare ? LoadLevel::Fair : LoadLevel::Heavy;
}

std::string load_colour(LoadLevel level) {
  return kColours.at(static_cast<std::size_t>(level));
}

std::string to_string(LoadLevel level) {
  return kNames.at(static_cast<std::size_t>(level));
}

std::string load_meaning(LoadLevel level) {
  switch (level) {
    case LoadLevel::Idle:
      return "no route";
    case LoadLevel::Light:
      return "under " + share_text(kLightShare) + "× the fair share";
    case LoadLevel::Fair:
      return "fair (" + share_text(kLightShare) + "–" + share_text(kHeavyShare) + "×)";
    case LoadLevel::Heavy:
      return "heavy (" + share_text(kHeavyShare) + "× or more, not hot)";
    case LoadLevel::Hot:
      break;
  }
  return "hot (route.imbalance)";
}

void mark_loads(RenderModel& model, const Fabric& fabric, const RouteLoad& load) {
  std::unordered_map<std::uint32_t, CableLoads> cables = by_cable(load);
  std::vector<std::uint32_t> order;  // by PortId, so bundles split the same way every run
  order.reserve(cables.size());
  for (const auto& entry : cables) {
    order.push_back(entry.first);
  }
  std::sort(order.begin(), order.end());
  std::size_t hot = 0;
  for (std::uint32_t cable : order) {
    if (!model.edge_of.contains(cable)) {
      continue;  // not drawn (outside the focus, inside a chassis)
    }
    const CableLoads& c = cables.at(cable);
    hot += (c.one->hot || (c.other != nullptr && c.other->hot)) ? 1U : 0U;
    mark_cable(model, fabric, PortId{cable}, c);
  }
  model.notes.push_back("line colour: routes per switch link against the fair share of its tier (" +
                        std::to_string(hot) + " hot cables)");
}

}  // namespace ibatlas
