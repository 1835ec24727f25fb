#pragma once

// Comparing two fabrics as topologies, whatever order their nodes and ports were added in:
// each fabric becomes a sorted list of lines (one per node, port and forwarding table, peers
// named by GUID and port number), and the two lists are compared as multisets. Used where a
// crawl must give back the fabric it crawled (crawl(FabricTransport(f)) == f).

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

}  // namespace ibatlas::test
