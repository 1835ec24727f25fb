#pragma once

// Private to src/routing: the fat-tree of opensm's ftree engine (osm_ucast_ftree.c), built
// by ftree.cpp (construct_fabric: ranking, port groups, indexing, validation) and routed by
// ftree_route.cpp (do_routing). Switches are held in opensm's switch table order (GUIDs
// byte-swapped on little-endian hosts); port groups live in one pool and switches list them
// by index, so reordering a switch's groups (opensm sorts them by load between uses) never
// moves a group another loop is holding.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

#include "routing/route_view.hpp"

namespace ibatlas::ftree {

constexpr std::uint32_t kNone = 0xffffffff;

// A switch's index: [rank, position at each level...]; 0xff marks unused places.
using Tuple = std::array<std::uint8_t, 8>;

struct Link {
  std::uint8_t port = 0;         // on the group's switch
  std::uint8_t remote_port = 0;  // on the remote node
  std::uint32_t up = 0;          // routes going up over it (counter_up)
  std::uint32_t down = 0;        // routes going down over it (counter_down)
};

// The cables from one switch to one remote node (a remote LID) in one direction.
struct Group {
  Lid remote_lid = 0;
  std::uint32_t remote = kNone;  // the remote switch (Tree::sw index); kNone: a CA
  std::vector<Link> links;       // by port number
  std::uint32_t up = 0;
  std::uint32_t down = 0;
};

struct Switch {
  std::uint32_t view = 0;  // RouteView switch index
  Lid lid = 0;
  std::uint32_t rank = kNone;  // 0: a root; the leaves have the highest
  Tuple tuple{};
  std::vector<std::uint32_t> down;  // Tree::groups indexes
  std::vector<std::uint32_t> up;
  std::vector<std::uint32_t> same;  // to switches of the same rank
  bool leaf = false;                // a CA is cabled to it
  bool up_changed = false;          // a down group's up counter moved since the last sort
};

struct Tree {
  std::vector<Switch> sw;  // opensm's switch table order
  std::vector<Group> groups;
  std::vector<std::uint32_t> leaves;  // the leaf array: by tuple, first to last real leaf
  std::uint32_t leaf_rank = 0;
  std::uint32_t max_cas_per_leaf = 0;
  std::uint32_t lid_limit = 0;  // tables are this long
};

// construct_fabric. nullopt with `why` set when opensm would refuse the fabric.
std::optional<Tree> build_tree(const RouteView& view, std::string& why);

// fabric_make_indexing from the first leaf in switch table order: every switch's tuple, its
// down groups (above the leaves) and up groups (below the roots) sorted by remote tuple.
// REQUIRES: some switch is a leaf.
void make_indexing(Tree& tree);

// do_routing: one table per switch of the view (switches outside the tree get empty ones).
std::vector<ForwardingTable> route_tree(Tree& tree, const RouteView& view);

}  // namespace ibatlas::ftree
