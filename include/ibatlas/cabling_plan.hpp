#pragma once

// A cabling plan: the cables a fabric should have, read from a CSV file
// (formats/plan_csv.hpp) or taken from a golden snapshot. Node names stay as written; they
// are matched against a fabric when it is checked (analysis/plan.hpp).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct PlanEnd {
  std::string node;  // a node description, a node-name-map name, or a GUID "0x..."
  std::uint8_t port = 0;
  std::string label;  // how to show the node when no fabric node matches; empty: `node`
  friend bool operator==(const PlanEnd&, const PlanEnd&) = default;
};

struct PlannedCable {
  PlanEnd a;
  PlanEnd b;
  std::optional<LinkWidth> width;  // absent: any width will do
  std::optional<LinkSpeed> speed;
  std::size_t line = 0;  // 1-based line in the CSV; 0 for a golden snapshot
  friend bool operator==(const PlannedCable&, const PlannedCable&) = default;
};

struct CablingPlan {
  std::string source;  // file name, for messages
  std::vector<PlannedCable> cables;
};

// Every link of `golden` as a planned cable: nodes named by GUID ("0x0002c903000e1234")
// with their description as label, width and speed as active there.
CablingPlan plan_from_fabric(const Fabric& golden);

}  // namespace ibatlas
