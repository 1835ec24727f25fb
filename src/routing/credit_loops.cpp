#include "routing/credit_loops.hpp"

#include <algorithm>
#include <bit>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

namespace ibatlas {

namespace {

using Cdg = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

constexpr std::uint32_t kNotChannel = 0xffffffff;

struct Channels {
  std::vector<std::uint32_t> vertex_of_slot;  // kNotChannel for slots that are no channel
  std::vector<std::uint32_t> slot_of_vertex;
  std::vector<std::uint32_t> switch_of_vertex;
  std::vector<std::uint32_t> port_of_vertex;  // the sending port's PortId
};

Channels number_channels(const RouteView& view) {
  Channels c;
  c.vertex_of_slot.assign(view.slot_count(), kNotChannel);
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    for (std::uint32_t p = 1; p <= view.port_count(s); ++p) {
      if (view.at(s, p).peer_switch != kNoSwitch) {
        c.vertex_of_slot[view.slot(s, p)] = static_cast<std::uint32_t>(c.slot_of_vertex.size());
        c.slot_of_vertex.push_back(view.slot(s, p));
        c.switch_of_vertex.push_back(s);
        c.port_of_vertex.push_back(view.at(s, p).port);
      }
    }
  }
  return c;
}

Cdg build_graph(const RouteView& view, const Channels& c,
                const std::vector<LoadAccumulator::PortMask>& depends) {
  Cdg g(c.slot_of_vertex.size());
  for (std::uint32_t v = 0; v < c.slot_of_vertex.size(); ++v) {
    std::uint32_t slot = c.slot_of_vertex[v];
    std::uint32_t s = c.switch_of_vertex[v];
    std::uint32_t p = slot - view.slot(s, 0);
    std::uint32_t next = view.at(s, p).peer_switch;
    for (std::uint32_t word = 0; word < 4; ++word) {
      for (std::uint64_t bits = depends[slot][word]; bits != 0; bits &= bits - 1) {
        std::uint32_t q = word * 64U + static_cast<std::uint32_t>(std::countr_zero(bits));
        std::uint32_t w =
            q <= view.port_count(next) ? c.vertex_of_slot[view.slot(next, q)] : kNotChannel;
        if (w != kNotChannel) {
          boost::add_edge(v, w, g);
        }
      }
    }
  }
  return g;
}

// A shortest cycle through `start` inside its component, by breadth-first search.
std::vector<std::uint32_t> cycle_through(const Cdg& g, std::uint32_t start,
                                         const std::vector<int>& component) {
  std::vector<std::uint32_t> parent(boost::num_vertices(g), kNotChannel);
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
      if (parent[w] == kNotChannel) {
        parent[w] = v;
        queue.push_back(w);
      }
    }
  }
  return {};
}

}  // namespace

std::vector<CreditLoop> find_credit_loops(const RouteView& view,
                                          const std::vector<LoadAccumulator::PortMask>& depends,
                                          std::size_t& channels) {
  Channels c = number_channels(view);
  channels = c.slot_of_vertex.size();
  if (depends.empty() || channels == 0) {
    return {};
  }
  Cdg g = build_graph(view, c, depends);
  std::vector<int> component(channels);
  auto count = static_cast<std::size_t>(boost::strong_components(g, component.data()));
  std::vector<std::size_t> size(count, 0);
  std::vector<std::uint32_t> first(count, kNotChannel);
  for (std::uint32_t v = 0; v < channels; ++v) {
    auto k = static_cast<std::size_t>(component[v]);
    ++size[k];
    first[k] = std::min(first[k], v);
  }
  std::vector<CreditLoop> loops;
  for (std::size_t k = 0; k < count; ++k) {
    if (size[k] == 1 && !boost::edge(first[k], first[k], g).second) {
      continue;  // a single channel that does not depend on itself
    }
    CreditLoop loop;
    loop.component = size[k];
    for (std::uint32_t v : cycle_through(g, first[k], component)) {
      loop.channels.push_back(PortId{c.port_of_vertex[v]});
    }
    loops.push_back(std::move(loop));
  }
  std::sort(loops.begin(), loops.end(), [](const CreditLoop& a, const CreditLoop& b) {
    return a.channels.front() < b.channels.front();
  });
  return loops;
}

}  // namespace ibatlas
