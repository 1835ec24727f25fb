#pragma once

// Comparing two fabrics as topologies, whatever order their nodes and ports were added in:
// each fabric becomes a sorted list of lines (one per node, port and forwarding table, peers
// named by GUID and port number), and the two lists are compared as multisets. Used where a
// crawl must give back the fabric it crawled (crawl(FabricTransport(f)) == f).

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/fabric.hpp"

namespace ibatlas::test {

struct CompareOptions {
  bool counters = true;
  bool tables = true;
};

std::vector<std::string> canonical_lines(const Fabric& fabric, const CompareOptions& options = {});

// Success when the canonical lines agree; otherwise the first lines only one side has.
::testing::AssertionResult topology_equal(const Fabric& expected, const Fabric& actual,
                                          const CompareOptions& options = {});

// A copy of `f` without the nodes in `removed` (cables to them unplugged at the far end),
// with `edit_node` and `edit_port` applied to every node and port kept. Tests use it to make
// the fabric they expect from the one they generated.
Fabric copy_fabric(const Fabric& f, const std::set<std::uint32_t>& removed = {},
                   const std::function<void(NodeId, Node&)>& edit_node = {},
                   const std::function<void(NodeId, Port&)>& edit_port = {});

// What a crawl can know of `f`: FDR10 shows only in Mellanox ExtPortInfo, which the crawl
// (like libibnetdisc) reads only for LinkUp ports running QDR, so other ports' enabled and
// supported sets lose FDR10.
Fabric as_crawled(const Fabric& f);

}  // namespace ibatlas::test
