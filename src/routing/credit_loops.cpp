#include "routing/credit_loops.hpp"

#include <algorithm>
#include <bit>

#include "routing/dependency_graph.hpp"

namespace ibatlas {

namespace {

constexpr std::uint32_t kNotVertex = 0xffffffff;

// The graph's vertices: the (slot, VL) pairs some dependency touches, numbered in (slot, VL)
// order; a key is slot * lanes + VL.
class Vertices {
 public:
  Vertices(const RouteView& view, std::uint32_t lanes) : view_(view), lanes_(lanes) {
    switch_of_slot_.resize(view.slot_count());
    for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
      for (std::uint32_t p = 0; p <= view.port_count(s); ++p) {
        switch_of_slot_[view.slot(s, p)] = s;
        channels_ += p != 0 && view.at(s, p).peer_switch != kNoSwitch ? 1U : 0U;
      }
    }
    vertex_of_.assign(std::size_t{view.slot_count()} * lanes, kNotVertex);
  }

  const SwitchPort& at(std::uint32_t slot) const {
    std::uint32_t s = switch_of_slot_[slot];
    return view_.at(s, slot - view_.slot(s, 0));
  }

  // The slot of port q of the switch `slot`'s cable reaches, when that port is a
  // switch-to-switch channel; else kNotVertex.
  std::uint32_t channel_after(std::uint32_t slot, std::uint32_t q) const {
    std::uint32_t next = at(slot).peer_switch;
    if (next == kNoSwitch || q == 0 || q > view_.port_count(next) ||
        view_.at(next, q).peer_switch == kNoSwitch) {
      return kNotVertex;
    }
    return view_.slot(next, q);
  }

  void mark(std::uint32_t key) { vertex_of_[key] = 0; }

  std::uint32_t number() {
    std::uint32_t n = 0;
    for (std::uint32_t key = 0; key < vertex_of_.size(); ++key) {
      if (vertex_of_[key] != kNotVertex) {
        vertex_of_[key] = n++;
        keys_.push_back(key);
      }
    }
    return n;
  }

  std::uint32_t vertex(std::uint32_t key) const { return vertex_of_[key]; }

  PortId port(std::uint32_t v) const {
    return PortId{at(static_cast<std::uint32_t>(keys_[v] / lanes_)).port};
  }

  std::uint8_t vl(std::uint32_t v) const { return static_cast<std::uint8_t>(keys_[v] % lanes_); }

  std::size_t channels() const { return channels_; }

 private:
  const RouteView& view_;
  std::uint32_t lanes_;
  std::size_t channels_ = 0;
  std::vector<std::uint32_t> switch_of_slot_;
  std::vector<std::uint32_t> vertex_of_;  // per key
  std::vector<std::uint32_t> keys_;       // per vertex
};

// Every dependency as a pair of keys (a cross-VL one only when both VLs are below `lanes`).
std::vector<GraphEdge> edges(const RouteView& view, const Vertices& vertices,
                             const VlDependencies& deps) {
  std::vector<GraphEdge> out;
  std::uint32_t lanes = deps.lanes;
  for (std::uint32_t slot = 0; slot < deps.same_base.size(); ++slot) {
    std::uint32_t base = deps.same_base[slot];
    if (base == kNoChannel) {
      continue;
    }
    std::uint32_t next = vertices.at(slot).peer_switch;
    for (std::uint32_t q = 0; q <= view.port_count(next); ++q) {
      std::uint32_t to = vertices.channel_after(slot, q);
      for (unsigned vls = deps.same[base + q]; vls != 0 && to != kNotVertex; vls &= vls - 1) {
        auto vl = static_cast<std::uint32_t>(std::countr_zero(vls));
        out.push_back(GraphEdge{slot * lanes + vl, to * lanes + vl});
      }
    }
  }
  // The same-VL edges come out in a fixed order; the few that change VL are sorted, so the
  // graph (and the cycle reported) never depends on the hash set's order.
  std::vector<std::uint64_t> cross(deps.cross.begin(), deps.cross.end());
  std::sort(cross.begin(), cross.end());
  for (std::uint64_t pair : cross) {
    auto from = static_cast<std::uint32_t>(pair >> 32U);
    auto to = static_cast<std::uint32_t>(pair & 0xffffffffU);
    if (from % 16 < lanes && to % 16 < lanes) {
      out.push_back(GraphEdge{from / 16 * lanes + from % 16, to / 16 * lanes + to % 16});
    }
  }
  return out;
}

std::vector<CreditLoop> cycles(const DependencyGraph& g, const Vertices& vertices) {
  StrongComponents components = strong_components(g);
  std::size_t count = components.count;
  std::vector<std::size_t> size(count, 0);
  std::vector<std::uint32_t> first(count, kNotVertex);
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    std::uint32_t k = components.of[v];
    ++size[k];
    first[k] = std::min(first[k], v);
  }
  std::vector<CreditLoop> loops;
  for (std::size_t k = 0; k < count; ++k) {
    if (size[k] == 1 && !g.has_edge(first[k], first[k])) {
      continue;  // a single vertex that does not depend on itself
    }
    CreditLoop loop;
    loop.component = size[k];
    for (std::uint32_t v : cycle_through(g, first[k], components)) {
      loop.channels.push_back(vertices.port(v));
      loop.vls.push_back(vertices.vl(v));
    }
    loops.push_back(std::move(loop));
  }
  std::sort(loops.begin(), loops.end(), [](const CreditLoop& a, const CreditLoop& b) {
    return std::pair(a.channels.front(), a.vls.front()) <
           std::pair(b.channels.front(), b.vls.front());
  });
  return loops;
}

}  // namespace

void find_credit_loops(const RouteView& view, const VlDependencies& deps, RouteReport& report) {
  Vertices vertices(view, deps.lanes);
  report.channels = vertices.channels();
  report.credit_loop_inputs = deps.inputs;
  std::vector<GraphEdge> all = edges(view, vertices, deps);
  std::vector<bool> lane_used(deps.lanes, false);
  for (const GraphEdge& e : all) {
    vertices.mark(e.from);
    vertices.mark(e.to);
    lane_used[e.from % deps.lanes] = true;
    lane_used[e.to % deps.lanes] = true;
  }
  report.virtual_lanes = std::max<std::size_t>(
      1, static_cast<std::size_t>(std::count(lane_used.begin(), lane_used.end(), true)));
  std::uint32_t n = vertices.number();
  for (GraphEdge& e : all) {
    e = GraphEdge{vertices.vertex(e.from), vertices.vertex(e.to)};
  }
  report.credit_loops = cycles(DependencyGraph(n, all), vertices);
}

}  // namespace ibatlas
