#include "routing/hop_matrix.hpp"

#include <algorithm>

namespace ibatlas {

namespace {

// Each switch's neighbouring switches once (parallel cables collapse), as flat lists.
struct Neighbours {
  std::vector<std::uint32_t> begin;
  std::vector<std::uint32_t> list;
};

Neighbours neighbours(const RouteView& view) {
  Neighbours n;
  n.begin.push_back(0);
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    std::size_t first = n.list.size();
    for (const SwitchPort& p : view.ports(s)) {
      if (p.peer_switch != kNoSwitch && p.peer_switch != s) {
        n.list.push_back(p.peer_switch);
      }
    }
    std::sort(n.list.begin() + static_cast<std::ptrdiff_t>(first), n.list.end());
    n.list.erase(std::unique(n.list.begin() + static_cast<std::ptrdiff_t>(first), n.list.end()),
                 n.list.end());
    n.begin.push_back(static_cast<std::uint32_t>(n.list.size()));
  }
  return n;
}

}  // namespace

HopMatrix::HopMatrix(const RouteView& view)
    : count_(view.switch_count()), hops_(static_cast<std::size_t>(count_) * count_, kUnreachable) {
  Neighbours n = neighbours(view);
  std::vector<std::uint32_t> queue(count_);
  for (std::uint32_t from = 0; from < count_; ++from) {
    std::uint8_t* row = hops_.data() + static_cast<std::size_t>(from) * count_;
    row[from] = 0;
    std::size_t head = 0;
    std::size_t tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      std::uint32_t x = queue[head++];
      if (row[x] + 1 >= kUnreachable) {
        continue;
      }
      auto next = static_cast<std::uint8_t>(row[x] + 1);
      for (std::uint32_t i = n.begin[x]; i < n.begin[x + 1]; ++i) {
        if (row[n.list[i]] == kUnreachable) {
          row[n.list[i]] = next;
          queue[tail++] = n.list[i];
        }
      }
    }
  }
}

}  // namespace ibatlas
