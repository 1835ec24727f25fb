#pragma once

// Private to src/diff: the JSON form of a change, shared by the diff and history reports.

#include <nlohmann/json.hpp>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/diff.hpp"

namespace ibatlas::diff {

nlohmann::ordered_json ref_json(const PortRef& ref);
nlohmann::ordered_json change_json(const Change& change);
nlohmann::ordered_json snapshot_json(const SnapshotInfo& info);

template <typename T>
nlohmann::ordered_json optional_json(const std::optional<T>& value) {
  return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

}  // namespace ibatlas::diff
