#include "routing/credit_loops.hpp"

#include <algorithm>
#include <bit>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

namespace ibatlas {

namespace {

using Cdg = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

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

  void mark(std::size_t key) { vertex_of_[key] = 0; }

  std::uint32_t number() {
    std::uint32_t n = 0;
    for (std::size_t key = 0; key < vertex_of_.size(); ++key) {
      if (vertex_of_[key] != kNotVertex) {
        vertex_of_[key] = n++;
        keys_.push_back(key);
      }
    }
    return n;
  }

  std::uint32_t vertex(std::size_t key) const { return vertex_of_[key]; }

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
  std::vector<std::size_t> keys_;         // per vertex
};

struct Edge {
  std::size_t from = 0;  // keys
  std::size_t to = 0;
};

// Every dependency as a pair of keys (a cross-VL one only when both VLs are below `lanes`).
std::vector<Edge> edges(const RouteView& view, const Vertices& vertices,
                        const VlDependencies& deps) {
  std::vector<Edge> out;
  std::size_t lanes = deps.lanes;
  for (std::uint32_t slot = 0; slot < deps.same_base.size(); ++slot) {
    std::uint32_t base = deps.same_base[slot];
    if (base == kNoChannel) {
      continue;
    }
    std::uint32_t next = vertices.at(slot).peer_switch;
    for (std::uint32_t q = 0; q <= view.port_count(next); ++q) {
      std::uint32_t to = vertices.channel_after(slot, q);
      for (unsigned vls = deps.same[base + q]; vls != 0 && to != kNotVertex; vls &= vls - 1) {
        auto vl = static_cast<std::size_t>(std::countr_zero(vls));
        out.push_back(Edge{slot * lanes + vl, to * lanes + vl});
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
      out.push_back(Edge{from / 16 * lanes + from % 16, to / 16 * lanes + to % 16});
    }
  }
  return out;
}

// A shortest cycle through `start` inside its component, by breadth-first search.
std::vector<std::uint32_t> cycle_through(const Cdg& g, std::uint32_t start,
                                         const std::vector<int>& component) {
  std::vector<std::uint32_t> parent(boost::num_vertices(g), kNotVertex);
  std::vector<std::uint32_t> queue{start};
  for (std::size_t head = 0; head < queue.size(); ++head) {
    std::uint32_t v = queue[head];
    for (auto [e, end] = boost::out_edges(v, g); e != end; ++e) {
      auto w = static_cast<std::uint32_t>(boost::target(*e, g));
      if (component[w] != component[start]) {
        continue;
      }
      if (w == start) {
        std::vector<std::uint32_t> cycle{v};
        while (cycle.back() != start) {
          cycle.push_back(parent[cycle.back()]);
        }
        std::reverse(cycle.begin(), cycle.end());
        return cycle;
      }
      if (parent[w] == kNotVertex) {
        parent[w] = v;
        queue.push_back(w);
      }
    }
  }
  return {};
}

std::vector<CreditLoop> cycles(const Cdg& g, const Vertices& vertices) {
  std::size_t n = boost::num_vertices(g);
  std::vector<int> component(n);
  auto count = static_cast<std::size_t>(boost::strong_components(g, component.data()));
  std::vector<std::size_t> size(count, 0);
  std::vector<std::uint32_t> first(count, kNotVertex);
  for (std::uint32_t v = 0; v < n; ++v) {
    auto k = static_cast<std::size_t>(component[v]);
    ++size[k];
    first[k] = std::min(first[k], v);
  }
  std::vector<CreditLoop> loops;
  for (std::size_t k = 0; k < count; ++k) {
    if (size[k] == 1 && !boost::edge(first[k], first[k], g).second) {
      continue;  // a single vertex that does not depend on itself
    }
    CreditLoop loop;
    loop.component = size[k];
    for (std::uint32_t v : cycle_through(g, first[k], component)) {
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
  std::vector<Edge> all = edges(view, vertices, deps);
  std::vector<bool> lane_used(deps.lanes, false);
  for (const Edge& e : all) {
    vertices.mark(e.from);
    vertices.mark(e.to);
    lane_used[e.from % deps.lanes] = true;
    lane_used[e.to % deps.lanes] = true;
  }
  report.virtual_lanes = std::max<std::size_t>(
      1, static_cast<std::size_t>(std::count(lane_used.begin(), lane_used.end(), true)));
  Cdg g(vertices.number());
  for (const Edge& e : all) {
    boost::add_edge(vertices.vertex(e.from), vertices.vertex(e.to), g);
  }
  report.credit_loops = cycles(g, vertices);
}

}  // namespace ibatlas
