#pragma once

// One difference between two snapshots, as `ibatlas diff` reports it. docs/diff.md documents
// every kind, its fields and the JSON schema.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// In report order: a text report groups changes by kind in this order.
enum class ChangeKind : std::uint8_t {
  NodeAdded,           // "node.added"
  NodeRemoved,         // "node.removed"
  NodeReplaced,        // "node.replaced": new GUID, same type, description and neighbours
  CableAdded,          // "cable.added"
  CableRemoved,        // "cable.removed"
  CableMoved,          // "cable.moved": one end stayed, the other is elsewhere
  CableSwapped,        // "cable.swapped": two cables traded ends (two changes, one per end)
  LinkDegraded,        // "link.degraded": same cable, lower active width or speed
  LinkRestored,        // "link.restored": same cable, higher active width or speed
  PortStateChanged,    // "port.state": logical or physical state, same cable
  LidChanged,          // "lid.changed"
  DescriptionChanged,  // "description.changed"
  CounterDelta,        // "counter.delta": an error counter changed
  ArSupportChanged,    // "ar.support": supported / unsupported / no answer (ar_diff.hpp)
  ArDisabled,          // "ar.disabled": adaptive routing on -> off
  ArEnabled,           // "ar.enabled": adaptive routing off -> on
  ArSettingChanged,    // "ar.setting": the SL mask, sub-groups, transports, fallback routing
  ArLftChanged,        // "ar.lft": AR LFT entries changed (how many: delta)
  ArGroupChanged,      // "ar.group": an AR group added, removed or changed
  SmMasterChanged,     // "sm.master": the master SM moved (sm_diff.hpp)
  SmChanged,           // "sm.changed": an SM appeared, went, or changed state or priority
};

// Every kind, in report order.
std::span<const ChangeKind> change_kinds();

std::string_view to_string(ChangeKind kind);     // "cable.moved"
std::string_view kind_heading(ChangeKind kind);  // "cables moved"

// A node, or one port of it, as it is named in a report.
struct PortRef {
  Guid node_guid = 0;
  std::optional<std::uint8_t> port;  // absent: the node as a whole
  std::string node;                  // node description
  friend bool operator==(const PortRef&, const PortRef&) = default;
};

struct Change {
  ChangeKind kind = ChangeKind::NodeAdded;
  PortRef at;  // where: the node (node kinds), a cable's fixed or first end, a port
  // What it was and is, as text; absent when there was or is nothing (added, removed).
  // Cables: the far end "0x0002c90300000100[3]"; links: "4x EDR"; states: "Active/LinkUp";
  // LIDs and counters: the number; nodes: the type ("Switch"), replaced: the GUIDs.
  std::optional<std::string> before;
  std::optional<std::string> after;
  // Cable and link kinds: the far end before and after (the same end for links).
  std::optional<PortRef> peer_before;
  std::optional<PortRef> peer_after;
  std::optional<PortRef> traded_with;  // cable.swapped: the other fixed end of the trade
  // counter.delta only.
  std::string counter;  // "SymbolErrorCounter"
  // counter.delta: growth; after a reset (after < before), `after`. ar.lft: entries changed.
  std::optional<std::uint64_t> delta;
  bool reset = false;
  std::optional<double> per_hour;  // when both snapshots have times, NEW later than OLD
  // ar.setting, ar.lft, ar.group: which one ("sl_mask", "pLFT 0", "pLFT 0 table 0 group 12
  // sub-group 0").
  std::string item;
  friend bool operator==(const Change&, const Change&) = default;
};

// "0x0002c90300000100[3]" (text::guid_text and the port).
std::string end_string(const PortRef& ref);

// The reference for a node or port of `fabric`.
PortRef node_ref(const Fabric& fabric, NodeId node);
PortRef port_ref(const Fabric& fabric, PortId port);

// Report order: kind, then node GUID, port, then the rest of the fields.
bool report_order(const Change& a, const Change& b);

}  // namespace ibatlas
