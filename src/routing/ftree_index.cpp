// opensm's fat-tree engine: the switch indexing of osm_ucast_ftree.c (fabric_make_indexing,
// bfs_fabric_indexing, fabric_get_new_tuple), which decides the order of every switch's port
// groups and of the leaf array, and so the order in which destinations are routed.

#include <algorithm>
#include <set>

#include "routing/ftree_tree.hpp"

namespace ibatlas::ftree {

namespace {

constexpr std::uint8_t kUnset = 0xff;

class Indexer {
 public:
  explicit Indexer(Tree& tree) : tree_(tree) {}

  // fabric_get_new_tuple: the first free index one level down or up from `from`.
  Tuple new_tuple(const Tuple& from, bool down) {
    Tuple t = from;
    std::size_t place = down ? from[0] + 1U : from[0];
    t[0] = static_cast<std::uint8_t>(down ? from[0] + 1 : from[0] - 1);
    for (std::uint32_t i = 0; i < kUnset; ++i) {
      t[place] = static_cast<std::uint8_t>(i);
      if (!used_.contains(t)) {
        return t;
      }
    }
    Tuple none{};
    none.fill(kUnset);
    return none;
  }

  // A group's remote switch's index; a CA's sorts last.
  Tuple remote_tuple(std::uint32_t g) const {
    std::uint32_t r = tree_.groups[g].remote;
    Tuple none{};
    none.fill(kUnset);
    return r == kNone ? none : tree_.sw[r].tuple;
  }

  void sort_by_index(std::vector<std::uint32_t>& list) {
    std::stable_sort(list.begin(), list.end(), [this](std::uint32_t a, std::uint32_t b) {
      return remote_tuple(a) < remote_tuple(b);
    });
  }

  // Indexes the switches `list` leads to that have none yet, queueing them.
  void index_from(std::uint32_t s, const std::vector<std::uint32_t>& list, bool down,
                  std::vector<std::uint32_t>& queue) {
    for (std::uint32_t g : list) {
      std::uint32_t r = tree_.groups[g].remote;
      if (r == kNone || tree_.sw[r].tuple[0] != kUnset) {
        continue;
      }
      tree_.sw[r].tuple = new_tuple(tree_.sw[s].tuple, down);
      used_.insert(tree_.sw[r].tuple);
      queue.push_back(r);
    }
  }

  // fabric_make_indexing / bfs_fabric_indexing from the first leaf in switch table order;
  // each switch's down groups (above the leaves) and up groups (below the roots) end up
  // sorted by the remote switch's index.
  void run() {
    auto first =
        std::find_if(tree_.sw.begin(), tree_.sw.end(), [](const Switch& sw) { return sw.leaf; });
    Switch& start = *first;  // mark_leaves found CAs, so there is a leaf
    start.tuple[0] = static_cast<std::uint8_t>(start.rank);
    for (std::uint32_t i = 1; i <= tree_.leaf_rank; ++i) {
      start.tuple[i] = 0;
    }
    used_.insert(start.tuple);
    std::vector<std::uint32_t> queue = {static_cast<std::uint32_t>(first - tree_.sw.begin())};
    for (std::size_t head = 0; head < queue.size(); ++head) {
      std::uint32_t s = queue[head];
      if (tree_.sw[s].rank < tree_.leaf_rank) {
        index_from(s, tree_.sw[s].down, true, queue);
        sort_by_index(tree_.sw[s].down);
      }
      if (tree_.sw[s].rank != 0) {
        index_from(s, tree_.sw[s].up, false, queue);
        sort_by_index(tree_.sw[s].up);
      }
    }
  }

 private:
  Tree& tree_;
  std::set<Tuple> used_;
};

}  // namespace

void make_indexing(Tree& tree) {
  Indexer(tree).run();
}

}  // namespace ibatlas::ftree
