#pragma once

// Private to src/routing: a directed graph in compressed sparse rows (each vertex's targets
// contiguous, in the order its edges were given), its strongly connected components (Tarjan,
// without recursion) and a shortest cycle through a vertex. The channel dependency graph of
// credit_loops.cpp has up to millions of edges at 10k hosts; one array of targets keeps them
// compact where a list of vectors per vertex would allocate once per vertex.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ibatlas {

struct GraphEdge {
  std::uint32_t from = 0;
  std::uint32_t to = 0;
};

class DependencyGraph {
 public:
  // Vertices 0 .. vertices - 1; each vertex's edges keep their order in `edges`.
  DependencyGraph(std::uint32_t vertices, std::span<const GraphEdge> edges);

  std::uint32_t size() const { return static_cast<std::uint32_t>(first_.size() - 1); }

  std::span<const std::uint32_t> targets(std::uint32_t v) const {
    return std::span<const std::uint32_t>(targets_).subspan(first_[v], first_[v + 1] - first_[v]);
  }

  bool has_edge(std::uint32_t from, std::uint32_t to) const;

 private:
  std::vector<std::size_t> first_;  // per vertex, and one past the last: where its targets start
  std::vector<std::uint32_t> targets_;
};

struct StrongComponents {
  std::vector<std::uint32_t> of;  // per vertex: its component, 0 .. count - 1
  std::uint32_t count = 0;
};

StrongComponents strong_components(const DependencyGraph& g);

// A shortest cycle through `start` inside its component, by breadth-first search in the
// order of each vertex's targets: start first, then the vertices in the order the cycle
// visits them. Empty when start is on no cycle.
std::vector<std::uint32_t> cycle_through(const DependencyGraph& g, std::uint32_t start,
                                         const StrongComponents& components);

}  // namespace ibatlas
