#pragma once

// The snapshot's identifiers, apart from fabric.hpp so that the parts of the snapshot that
// live in their own headers (adaptive_routing.hpp) can name nodes and ports.

#include <compare>
#include <cstdint>

namespace ibatlas {

using Guid = std::uint64_t;
using Lid = std::uint16_t;

// A typed index into one of Fabric's vectors. NodeId and PortId don't mix.
template <typename Tag>
struct Id {
  std::uint32_t value = 0;
  // clang-tidy 14 reports the literal 0 of the synthesized comparison as "use nullptr".
  friend auto operator<=>(const Id&, const Id&) = default;  // NOLINT(modernize-use-nullptr)
};
using NodeId = Id<struct NodeTag>;
using PortId = Id<struct PortTag>;

}  // namespace ibatlas
