#pragma once

// Private to src/ar: what the AR checks share. A Context indexes the fabric once (LID
// owners, each switch's groups by number, each port's far end) so that the per-LID checks
// cost O(1) a lookup; Tally folds per-LID problems into one finding per switch.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/tiers.hpp"

#include "findings/finding_factory.hpp"

namespace ibatlas::ar_detail {

// A switch's AR state is read and decoded: its tables can be checked.
bool tables_readable(const SwitchAr& ar);

// AR is on, or nothing says it is off (a .far dump has no ArInfo).
bool ar_on(const SwitchAr& ar);

// What a switch's port leads to.
struct FarEnd {
  enum class Kind : std::uint8_t { Nothing, Switch, Ca } kind = Kind::Nothing;
  std::uint32_t index = 0;  // Switch: the NodeId value; Ca: the PortId value
};

// One switch's groups: the union of a group's sub-groups' ports, by (pLFT, table, group).
class GroupIndex {
 public:
  explicit GroupIndex(const SwitchAr& ar);

  // The ports of the group an entry of `plft` names; nullptr when no such group is held.
  // Groups are looked up under the entry's pLFT, then under pLFT 0 (global groups).
  const std::vector<std::uint8_t>* ports(std::uint8_t plft, const ArLftEntry& entry) const;

 private:
  static std::uint64_t key(std::uint8_t plft, std::uint8_t table, std::uint16_t group);
  std::vector<std::vector<std::uint8_t>> dense_;  // pLFT 0, table 0, by group number
  std::vector<bool> dense_held_;
  std::unordered_map<std::uint64_t, std::vector<std::uint8_t>> other_;
};

struct Context {
  Context(const Fabric& fabric, const Tiers& tiers, const AuditOptions& options);

  // The port answering to `lid`, or nullopt.
  std::optional<PortId> owner(Lid lid) const;

  // Where port `number` of switch `sw` leads, over a cable whose ends name each other and
  // are not known to be anything but Active.
  FarEnd far_end(NodeId sw, std::uint8_t number) const;

  // The switches whose tables are checked: readable, with AR on; and their group indexes.
  const Fabric& fabric;
  const Tiers& tiers;
  const AuditOptions& options;
  FindingFactory make;
  std::vector<const SwitchAr*> checked;
  std::vector<GroupIndex> groups;          // parallel to checked
  std::vector<std::int32_t> checked_slot;  // per NodeId: index into checked, -1: none
  std::vector<std::uint32_t> owners;       // lid_owners()
  std::vector<std::vector<FarEnd>> ends;   // per NodeId (switches): per port number
};

// "0x002a".
std::string lid_text(Lid lid);

// "0x0005 (group 9)"; without detail "0x0005".
std::string lid_item(Lid lid, const std::string& detail);

// Problems of one switch and check (LIDs, groups), reported as one finding.
class Tally {
 public:
  explicit Tally(std::string noun = "LID") : noun_(std::move(noun)) {}

  void add(const std::string& item);

  bool empty() const { return count_ == 0; }

  std::size_t count() const { return count_; }

  // "3 LIDs: 0x0005 (group 9), 0x0006 (group 9), 0x0007 (group 9)"; past kShown: ", ...".
  std::string text() const;

 private:
  static constexpr std::size_t kShown = 3;
  std::string noun_;
  std::size_t count_ = 0;
  std::vector<std::string> shown_;
};

// "0x00ff" with `digits` hex digits.
std::string hex(unsigned value, int digits);

// Peers: tier (-1: none), NodeInfo DeviceID (-1: unknown).
using PeerKey = std::pair<int, long long>;

// Peer sets of the switches whose ArInfo was read and decoded (and group_cap is not 0).
std::map<PeerKey, std::vector<const SwitchAr*>> peer_sets(const Context& c);

// "leaf switches of device 0xcf08".
std::string peers_name(const PeerKey& key);

// The parts of the AR checks (one file each).
void check_ar_fleet(const Context& c, std::vector<Finding>& out);
void check_ar_group_ids(const Context& c, std::vector<Finding>& out);
void check_ar_tables(const Context& c, std::vector<Finding>& out);
void check_ar_min_hop(const Context& c, std::vector<Finding>& out);
void check_ar_paths(const Context& c, std::vector<Finding>& out);
void check_ar_expect(const Context& c, std::vector<Finding>& out);

}  // namespace ibatlas::ar_detail
