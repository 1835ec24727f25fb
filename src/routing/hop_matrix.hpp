#pragma once

// Private to src/routing: switch-to-switch hop distances over the links a RouteView lets
// carry traffic, for every pair (S x S bytes; 2 MB for 1,440 switches).

#include <cstdint>
#include <vector>

#include "routing/route_view.hpp"

namespace ibatlas {

class HopMatrix {
 public:
  static constexpr std::uint8_t kUnreachable = 255;

  // One breadth-first search per switch: O(S * (S + links)). Distances above 254 are
  // stored as kUnreachable (the IB limit is 64 hops).
  explicit HopMatrix(const RouteView& view);

  std::uint8_t at(std::uint32_t from, std::uint32_t to) const {
    return hops_[static_cast<std::size_t>(from) * count_ + to];
  }

 private:
  std::uint32_t count_ = 0;
  std::vector<std::uint8_t> hops_;
};

}  // namespace ibatlas
