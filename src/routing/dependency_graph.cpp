#include "routing/dependency_graph.hpp"

#include <algorithm>

namespace ibatlas {

namespace {

constexpr std::uint32_t kNone = 0xffffffff;

// Tarjan's algorithm with an explicit stack of (vertex, next target position) in place of
// recursion: a dependency graph's depth-first paths can be as long as it has vertices.
class Tarjan {
 public:
  explicit Tarjan(const DependencyGraph& g)
      : g_(g), index_(g.size(), kNone), low_(g.size(), 0), on_stack_(g.size(), false) {
    result_.of.assign(g.size(), 0);
  }

  StrongComponents run() && {
    for (std::uint32_t v = 0; v < g_.size(); ++v) {
      if (index_[v] == kNone) {
        search(v);
      }
    }
    return std::move(result_);
  }

 private:
  struct Frame {
    std::uint32_t v = 0;
    std::size_t next = 0;  // position in v's targets
  };

  void open(std::uint32_t v) {
    index_[v] = next_index_;
    low_[v] = next_index_;
    ++next_index_;
    stack_.push_back(v);
    on_stack_[v] = true;
    calls_.push_back(Frame{v, 0});
  }

  // v's targets are all searched: pass its low link up, and close its component if it is
  // the component's root.
  void close(std::uint32_t v) {
    calls_.pop_back();
    if (!calls_.empty()) {
      std::uint32_t caller = calls_.back().v;
      low_[caller] = std::min(low_[caller], low_[v]);
    }
    if (low_[v] != index_[v]) {
      return;
    }
    std::uint32_t w = kNone;
    while (w != v) {
      w = stack_.back();
      stack_.pop_back();
      on_stack_[w] = false;
      result_.of[w] = result_.count;
    }
    ++result_.count;
  }

  void search(std::uint32_t root) {
    open(root);
    while (!calls_.empty()) {
      Frame& top = calls_.back();
      std::uint32_t v = top.v;
      std::span<const std::uint32_t> out = g_.targets(v);
      if (top.next == out.size()) {
        close(v);
        continue;
      }
      std::uint32_t w = out[top.next++];
      if (index_[w] == kNone) {
        open(w);  // invalidates `top`
      } else if (on_stack_[w]) {
        low_[v] = std::min(low_[v], index_[w]);
      }
    }
  }

  const DependencyGraph& g_;
  std::vector<std::uint32_t> index_;
  std::vector<std::uint32_t> low_;
  std::vector<bool> on_stack_;
  std::vector<std::uint32_t> stack_;
  std::vector<Frame> calls_;
  std::uint32_t next_index_ = 0;
  StrongComponents result_;
};

}  // namespace

DependencyGraph::DependencyGraph(std::uint32_t vertices, std::span<const GraphEdge> edges)
    : first_(std::size_t{vertices} + 1, 0), targets_(edges.size(), 0) {
  // Counting sort by source, stable: each vertex's targets keep their order in `edges`.
  for (const GraphEdge& e : edges) {
    ++first_[e.from + 1];
  }
  for (std::size_t v = 1; v < first_.size(); ++v) {
    first_[v] += first_[v - 1];
  }
  std::vector<std::size_t> fill(first_.begin(), first_.end() - 1);
  for (const GraphEdge& e : edges) {
    targets_[fill[e.from]++] = e.to;
  }
}

bool DependencyGraph::has_edge(std::uint32_t from, std::uint32_t to) const {
  std::span<const std::uint32_t> out = targets(from);
  return std::find(out.begin(), out.end(), to) != out.end();
}

StrongComponents strong_components(const DependencyGraph& g) {
  return Tarjan(g).run();
}

std::vector<std::uint32_t> cycle_through(const DependencyGraph& g, std::uint32_t start,
                                         const StrongComponents& components) {
  std::vector<std::uint32_t> parent(g.size(), kNone);
  std::vector<std::uint32_t> queue{start};
  std::uint32_t component = components.of[start];
  for (std::size_t head = 0; head < queue.size(); ++head) {
    std::uint32_t v = queue[head];
    for (std::uint32_t w : g.targets(v)) {
      if (components.of[w] != component) {
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
      if (parent[w] == kNone) {
        parent[w] = v;
        queue.push_back(w);
      }
    }
  }
  return {};
}

}  // namespace ibatlas
