#pragma once

// The fabric snapshot: one plain value that every reader, the live crawler and every
// analysis share. Read this file first.
//
// Rules (DESIGN.md): flat vectors, typed ids, no owning pointers, no virtuals. A value a
// source does not give is std::nullopt, never zero. Build one with FabricBuilder.

#include <array>
#include <compare>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/fabric_ids.hpp"

namespace ibatlas {

enum class NodeType : std::uint8_t { Ca = 1, Switch = 2, Router = 3 };  // NodeInfo encoding

// Link widths and speeds, in increasing order of capability within each enum.
enum class LinkWidth : std::uint8_t { X1, X2, X4, X8, X12 };
enum class LinkSpeed : std::uint8_t { Sdr, Ddr, Qdr, Fdr10, Fdr, Edr, Hdr, Ndr, Xdr };

// A set of widths or speeds (PortInfo LinkWidthEnabled/Supported and friends), one bit per
// enumerator: bit (1 << static_cast<int>(value)).
struct WidthSet {
  std::uint8_t bits = 0;

  bool contains(LinkWidth w) const { return (bits >> static_cast<int>(w)) & 1U; }

  void insert(LinkWidth w) { bits = static_cast<std::uint8_t>(bits | (1U << static_cast<int>(w))); }

  friend bool operator==(const WidthSet&, const WidthSet&) = default;
};

struct SpeedSet {
  std::uint16_t bits = 0;

  bool contains(LinkSpeed s) const { return (bits >> static_cast<int>(s)) & 1U; }

  void insert(LinkSpeed s) {
    bits = static_cast<std::uint16_t>(bits | (1U << static_cast<int>(s)));
  }

  friend bool operator==(const SpeedSet&, const SpeedSet&) = default;
};

// PortInfo PortState and PortPhysicalState, with the IBA encodings.
enum class PortState : std::uint8_t { Down = 1, Init = 2, Armed = 3, Active = 4 };
enum class PhysState : std::uint8_t {
  Sleep = 1,
  Polling = 2,
  Disabled = 3,
  Training = 4,  // PortConfigurationTraining
  LinkUp = 5,
  LinkErrorRecovery = 6,
  PhyTest = 7,
};

// PortInfo MTU encoding: 1 = 256 bytes ... 5 = 4096 bytes.
enum class Mtu : std::uint8_t { B256 = 1, B512 = 2, B1024 = 3, B2048 = 4, B4096 = 5 };

// PerfMgt PortCounters, PortCountersExtended and the error details. Each counter is absent
// when not read.
struct PortCounters {
  std::optional<std::uint64_t> symbol_errors;
  std::optional<std::uint64_t> link_error_recovery;
  std::optional<std::uint64_t> link_downed;
  std::optional<std::uint64_t> rcv_errors;
  std::optional<std::uint64_t> rcv_remote_phys_errors;
  std::optional<std::uint64_t> rcv_switch_relay_errors;
  std::optional<std::uint64_t> xmit_discards;
  std::optional<std::uint64_t> xmit_constraint_errors;
  std::optional<std::uint64_t> rcv_constraint_errors;
  std::optional<std::uint64_t> local_link_integrity_errors;
  std::optional<std::uint64_t> excessive_buffer_overruns;
  std::optional<std::uint64_t> vl15_dropped;
  std::optional<std::uint64_t> xmit_wait;
  std::optional<std::uint64_t> xmit_data;  // in units of 4 octets, as the IBA counts
  std::optional<std::uint64_t> rcv_data;
  std::optional<std::uint64_t> xmit_pkts;
  std::optional<std::uint64_t> rcv_pkts;
  // PortCountersExtended, where the port supports the unicast/multicast split.
  std::optional<std::uint64_t> unicast_xmit_pkts;
  std::optional<std::uint64_t> unicast_rcv_pkts;
  std::optional<std::uint64_t> multicast_xmit_pkts;
  std::optional<std::uint64_t> multicast_rcv_pkts;
  // PortRcvErrorDetails (0x15): why PortRcvErrors counted.
  std::optional<std::uint64_t> local_physical_errors;
  std::optional<std::uint64_t> malformed_packet_errors;
  std::optional<std::uint64_t> buffer_overrun_errors;
  std::optional<std::uint64_t> dlid_mapping_errors;
  std::optional<std::uint64_t> vl_mapping_errors;
  std::optional<std::uint64_t> looping_errors;
  // PortXmitDiscardDetails (0x16): why PortXmitDiscards counted.
  std::optional<std::uint64_t> inactive_discards;
  std::optional<std::uint64_t> neighbor_mtu_discards;
  std::optional<std::uint64_t> sw_lifetime_limit_discards;
  std::optional<std::uint64_t> sw_hoq_lifetime_limit_discards;
  friend bool operator==(const PortCounters&, const PortCounters&) = default;
};

// An optional value kept on the heap. It behaves like std::optional<T> (value semantics:
// copies copy the value, == compares values), but costs one pointer when empty. Port uses
// it for counters, which most sources never give: inline they would make every Port four
// times larger, and readers spend their time moving Ports.
template <typename T>
class BoxedOptional {
 public:
  BoxedOptional() = default;

  BoxedOptional(std::nullopt_t) {}  // NOLINT: like optional

  BoxedOptional(const T& value) : box_(std::make_unique<T>(value)) {}  // NOLINT: like optional

  BoxedOptional(const BoxedOptional& other)
      : box_(other.box_ ? std::make_unique<T>(*other.box_) : nullptr) {}

  BoxedOptional(BoxedOptional&&) noexcept = default;

  BoxedOptional& operator=(const BoxedOptional& other) {
    box_ = other.box_ ? std::make_unique<T>(*other.box_) : nullptr;
    return *this;
  }

  BoxedOptional& operator=(BoxedOptional&&) noexcept = default;

  BoxedOptional& operator=(const T& value) {
    box_ = std::make_unique<T>(value);
    return *this;
  }

  BoxedOptional& operator=(std::nullopt_t) {
    box_.reset();
    return *this;
  }

  ~BoxedOptional() = default;

  bool has_value() const { return box_ != nullptr; }

  explicit operator bool() const { return has_value(); }

  const T& operator*() const { return *box_; }

  T& operator*() { return *box_; }

  const T* operator->() const { return box_.get(); }

  T* operator->() { return box_.get(); }

  void reset() { box_.reset(); }

  friend bool operator==(const BoxedOptional& a, const BoxedOptional& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }

 private:
  std::unique_ptr<T> box_;
};

struct Port {
  NodeId node;
  std::uint8_t number = 0;  // 0 is the switch management port
  std::optional<Guid> guid;
  std::optional<Lid> base_lid;
  std::optional<std::uint8_t> lmc;
  std::optional<PortState> state;
  std::optional<PhysState> phys_state;
  std::optional<LinkWidth> width_active;
  std::optional<WidthSet> width_enabled;
  std::optional<WidthSet> width_supported;
  std::optional<LinkSpeed> speed_active;
  std::optional<SpeedSet> speed_enabled;
  std::optional<SpeedSet> speed_supported;
  std::optional<Mtu> mtu_active;
  std::optional<Mtu> mtu_cap;
  std::optional<std::uint8_t>
      vl_cap;  // PortInfo VLCap: 1 = VL0, 2 = VL0-1, 3 = VL0-3, 4 = VL0-7, 5 = VL0-14
  std::optional<PortId> peer;  // the port this one's cable reaches; absent: nothing connected
  BoxedOptional<PortCounters> counters;
  friend bool operator==(const Port&, const Port&) = default;
};

struct Node {
  NodeType type = NodeType::Ca;
  Guid guid = 0;
  std::optional<Guid> system_guid;
  std::optional<std::uint32_t> vendor_id;
  std::optional<std::uint32_t> device_id;
  std::optional<std::uint32_t> revision;
  std::string description;
  std::uint8_t port_count = 0;  // NodeInfo NumPorts (a switch's port 0 not counted); 0: unknown
  std::optional<bool> enhanced_port0;  // switches: SwitchInfo EnhancedPort0
  PortId first_port;  // this node's known ports are [first_port, first_port + ports)
  std::uint32_t ports = 0;
  friend bool operator==(const Node&, const Node&) = default;
};

// One switch's linear forwarding table: out_port[lid] is the port a packet to `lid` leaves
// by. kNoRoute marks an unset entry (the IBA's 255).
struct ForwardingTable {
  static constexpr std::uint8_t kNoRoute = 255;
  NodeId switch_node;
  std::vector<std::uint8_t> out_port;
  friend bool operator==(const ForwardingTable&, const ForwardingTable&) = default;
};

// One SLtoVLMappingTable: vl[sl] is the virtual lane a packet of service level `sl` uses. A
// switch has one per (input port, output port) pair, for packets that come in by `in` and
// leave by `out` (in is port 0 for packets the switch sends itself); a CA or router port has
// one of its own, with in == out. VL 15 means "dropped". Only tables that were read are held.
struct SlToVlTable {
  PortId in;
  PortId out;
  std::array<std::uint8_t, 16> vl{};
  friend bool operator==(const SlToVlTable&, const SlToVlTable&) = default;
};

// The SLs the SA gives for the paths from one source LID (PathRecord SL, as `saquery -p`
// prints it): sl[dlid] is the SL of the path to destination LID dlid, kUnknown where no
// record was read. Keyed by LIDs, not ports: it is what the SA answered for those LIDs.
struct PathSlRow {
  static constexpr std::uint8_t kUnknown = 255;
  Lid source = 0;
  std::vector<std::uint8_t> sl;  // never ends in kUnknown (FabricBuilder trims it)
  friend bool operator==(const PathSlRow&, const PathSlRow&) = default;
};

// A subnet manager as its SMInfo (0x20) said, read from a port whose PortInfo
// CapabilityMask has IsSM (docs/discover.md, "Subnet managers"). SM_Key is never kept (a GET
// without the key returns it zeroed). ActCount is read twice, `interval_ms` apart: a master
// whose count did not move between the reads is stuck.
enum class SmState : std::uint8_t { NotActive = 0, Discovering = 1, Standby = 2, Master = 3 };

struct SubnetManager {
  Guid port_guid = 0;         // the port that answered
  std::optional<Lid> lid;     // that port's LID
  Guid guid = 0;              // SMInfo GUID: the SM's own port GUID
  std::uint8_t priority = 0;  // 0 .. 15
  SmState state = SmState::NotActive;
  std::uint32_t act_count = 0;                   // the first read
  std::optional<std::uint32_t> act_count_again;  // the second read, when it answered
  std::optional<std::uint32_t> interval_ms;      // between the two reads
  friend bool operator==(const SubnetManager&, const SubnetManager&) = default;
};

std::string to_string(SmState state);  // "master", "standby", "discovering", "not active"
std::optional<SmState> parse_sm_state(std::string_view text);

// Where a snapshot came from. time is ISO 8601 UTC ("2026-11-29T23:48:00Z") when known.
// A scan that left part of the subnet out on purpose (discover -D/-G/--max-hops): some LinkUp
// port was not followed because it lay beyond max_hops cables of the start node. What is not
// in such a snapshot was not looked at; it is not missing (docs/discover.md, "Partial scans").
struct PartialScan {
  std::string start;               // the directed route to the start node: "0,1,3"; "0": local
  std::optional<Guid> start_guid;  // the port GUID of the start node (a switch: port 0)
  std::uint32_t max_hops = 0;
  friend bool operator==(const PartialScan&, const PartialScan&) = default;
};

struct Provenance {
  std::string source;  // file name, or "live:<ca>/<port>"
  std::string format;  // "ibnetdiscover", "ibnetdiscover-ports", "ibsim", "lst", "xml", "live", ...
  std::optional<std::string> time;
  std::string tool;                     // what produced it: "ibnetdiscover", "ibatlas 0.1.0", ...
  std::optional<Guid> local_port_guid;  // the port the discovery started from
  std::optional<PartialScan> partial;   // absent: every LinkUp port found was followed
  friend bool operator==(const Provenance&, const Provenance&) = default;
};

// The snapshot. Immutable once built; copy it freely.
class Fabric {
 public:
  std::span<const Node> nodes() const { return nodes_; }

  std::span<const Port> ports() const { return ports_; }

  const Node& node(NodeId id) const { return nodes_.at(id.value); }

  const Port& port(PortId id) const { return ports_.at(id.value); }

  std::span<const Port> ports_of(NodeId id) const;

  NodeId node_of(PortId id) const { return port(id).node; }

  PortId id_of(const Port& port) const;  // REQUIRES: port is an element of ports()
  NodeId id_of(const Node& node) const;  // REQUIRES: node is an element of nodes()

  // Lookups. find_node returns the first node with that GUID (duplicates are possible in
  // live crawls; analysis/identities reports them).
  std::optional<NodeId> find_node(Guid guid) const;
  std::optional<PortId> find_port(NodeId node, std::uint8_t number) const;
  std::optional<PortId> find_port_by_lid(Lid lid) const;  // honours LMC ranges

  // A link is two ports that name each other; its id is the lower PortId. Loopback cables
  // (two ports of one switch) are links; a port that is its own peer is one too.
  bool is_link(PortId a) const;
  std::vector<PortId> links() const;  // each link once, by its lower PortId, ascending

  std::span<const ForwardingTable> forwarding_tables() const { return tables_; }

  // Sorted by (in, out): by node, then input port, then output port. Empty: none were read.
  std::span<const SlToVlTable> sl_to_vl_tables() const { return sl_to_vl_; }

  // Path SLs, one row per source LID, sorted by source. Empty: none were read (the analyses
  // then assume SL 0 for every path and say so).
  std::span<const PathSlRow> path_sls() const { return path_sls_; }

  // The SL of the path from `source` to `destination`; absent when it was not read.
  std::optional<std::uint8_t> path_sl(Lid source, Lid destination) const;

  // Adaptive-routing state, one per switch that was asked, sorted by switch. Empty: AR state
  // was not read (which says nothing about whether AR is on).
  std::span<const SwitchAr> adaptive_routing() const { return ar_; }

  const SwitchAr* adaptive_routing_of(NodeId switch_node) const;  // nullptr: not read

  // Subnet managers, sorted by port GUID. subnet_managers_read() false: SMInfo was not read
  // (a dump without SM data), which says nothing about whether an SM runs.
  std::span<const SubnetManager> subnet_managers() const { return sms_; }

  bool subnet_managers_read() const { return sms_read_; }

  const Provenance& provenance() const { return provenance_; }

  friend bool operator==(const Fabric& a, const Fabric& b);

 private:
  friend class FabricBuilder;
  std::vector<Node> nodes_;
  std::vector<Port> ports_;
  std::vector<ForwardingTable> tables_;
  std::vector<SlToVlTable> sl_to_vl_;
  std::vector<PathSlRow> path_sls_;
  std::vector<SwitchAr> ar_;
  std::vector<SubnetManager> sms_;
  bool sms_read_ = false;
  Provenance provenance_;
  std::unordered_map<Guid, NodeId> node_by_guid_;
  std::unordered_map<Lid, PortId> port_by_base_lid_;
};

// Checks that the indexes agree with the vectors, ports are contiguous and sorted per node,
// peers point at existing ports, and port numbers fit the node's port count. Returns one
// message per violation (empty: all good). Every reader test calls it.
std::vector<std::string> check_invariants(const Fabric& fabric);

// True for SHARP aggregation nodes: CAs whose description says "Aggregation Node".
bool is_aggregation_node(const Node& node);

// Names as the IB tools print them: "4x", "HDR", "FDR10", "Active", "LinkUp", "4096".
std::string to_string(NodeType type);
std::string to_string(LinkWidth width);
std::string to_string(LinkSpeed speed);
std::string to_string(PortState state);
std::string to_string(PhysState state);
int mtu_bytes(Mtu mtu);
std::optional<LinkWidth> parse_width(std::string_view text);  // "4x" or "4X"
std::optional<LinkSpeed> parse_speed(std::string_view text);  // "HDR", "FDR10", ...
// As parse_speed, in any letter case: for what people type ("edr" in a plan or an option).
// Readers of tool output keep parse_speed, which is exact.
std::optional<LinkSpeed> parse_speed_any_case(std::string_view text);

// Data rate of one lane in Gb/s after encoding overhead (SDR 2.0 ... XDR 200), and of a
// link: lanes x lane rate.
double lane_rate_gbps(LinkSpeed speed);
int lanes(LinkWidth width);

}  // namespace ibatlas
