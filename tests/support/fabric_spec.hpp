#pragma once

// Small fabrics for the diff tests, written as a list of nodes and cables so that a test
// copies the base, edits one thing, and states the expected change by hand.
//
// two_tier(): spine (0x10, 8 ports, LID 1), leaf1 (0x20, LID 2), leaf2 (0x30, LID 3), CAs
// h1..h4 (0x100, 0x200, 0x300, 0x400; 1 port; LIDs 11..14).
//   leaf1[7]-spine[1]  leaf1[8]-spine[3]  leaf2[7]-spine[2]
//   h1[1]-leaf1[1]  h2[1]-leaf1[2]  h3[1]-leaf2[1]  h4[1]-leaf2[2]     all 4x HDR
// Cabled ports are Active/LinkUp, uncabled ones Down/Polling, switch port 0 Active.

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

// Readable gtest failures: 0x0000000000000020[1] "leaf1".
void PrintTo(const PortRef& ref, std::ostream* out);

}  // namespace ibatlas

namespace ibatlas::test {

struct NodeSpec {
  std::string name;
  Guid guid = 0;
  NodeType type = NodeType::Ca;
  int ports = 1;
  std::optional<Lid> lid;  // switch: port 0; CA: port 1
};

struct CableSpec {
  std::string a;
  int pa = 0;
  std::string b;
  int pb = 0;
  LinkWidth width = LinkWidth::X4;
  LinkSpeed speed = LinkSpeed::Hdr;
};

struct FabricSpec {
  std::vector<NodeSpec> nodes;
  std::vector<CableSpec> cables;
  std::optional<std::string> time;
  std::map<std::pair<std::string, int>, PortCounters> counters;
  bool states = true;  // false: like a dump, no port states at all

  // The node or the cable at a node's port, to edit. Throws std::logic_error if absent.
  NodeSpec& node(const std::string& name);
  CableSpec& cable(const std::string& name, int port);

  void unplug(const std::string& name, int port);
  void plug(const std::string& a, int pa, const std::string& b, int pb);

  Fabric build() const;
};

FabricSpec two_tier();

}  // namespace ibatlas::test
