#pragma once

// opensm's fat-tree routing engine (`opensm -R ftree`, osm_ucast_ftree.c), computed offline.

#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct FtreeTables {
  std::vector<ForwardingTable> tables;
  bool fell_back = false;          // not a fat-tree to opensm: minhop tables, as opensm does
  std::vector<std::string> notes;  // why it fell back
};

// With opensm's default options (no root, compute-node or I/O GUID files, no LMC, no
// quasi-fat-tree indexing, no connect_roots): switches are ranked from the CA-attached
// leaves (roots are the switches farthest from any CA), indexed by a breadth-first walk
// from the first leaf in opensm's GUID table order, and checked to be a regular fat-tree.
// Then, leaf by leaf in index order, each leaf's CAs in port order, every CA LID is routed
// down from the roots and up from every leaf over the least loaded port groups (opensm's
// counters and tie-breaks), padded with "dummy" CAs up to the fullest leaf; then every
// switch LID. A fabric opensm would refuse (fewer than 2 switches or CAs, a CA cabled to a
// CA, leaves at different ranks, a rank outside 2..8, an irregular tree, LMC > 0) gets
// minhop tables and a note, as opensm falls back. Never throws.
FtreeTables compute_ftree(const Fabric& fabric);

}  // namespace ibatlas
