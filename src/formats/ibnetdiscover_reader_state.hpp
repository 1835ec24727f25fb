#pragma once

// Private to the ibnetdiscover reader: its state, shared by the line pass
// (ibnetdiscover_reader.cpp) and the peer pass (ibnetdiscover_reader_peers.cpp).

#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/read_result.hpp"

#include "formats/ibnetdiscover_lex.hpp"
#include "formats/ibnetdiscover_reader_ibsim.hpp"
#include "formats/ibnetdiscover_reader_lines.hpp"
#include "formats/ibnetdiscover_reader_provenance.hpp"

namespace ibatlas::ibnetdiscover {

// Attribute lines before a header describe the node of that header.
struct PendingAttributes {
  std::optional<std::uint32_t> vendor_id;
  std::optional<std::uint32_t> device_id;
  std::optional<Guid> system_guid;
  std::optional<Guid> port0_guid;
};

// The node whose port lines are being read.
struct OpenRecord {
  NodeId node;
  NodeType type = NodeType::Ca;
  std::uint8_t port_count = 0;
  Guid guid = 0;
};

// A port line's claims about its peer, resolved once every record is known.
struct PendingPeer {
  PortId local;
  std::uint8_t remote_port = 0;
  std::string_view remote_id;  // netfiles: the peer's name
  GuidId remote;               // ibnetdiscover output: parsed from remote_id
  std::size_t line = 0;
  std::optional<Guid> remote_port_guid;
  std::optional<Lid> remote_lid;
  std::optional<std::string_view> remote_description;
};

// Port ids by (node, number) for nodes that have records, so that checking for a repeated
// port line and finding a peer port cost no search (FabricBuilder::find_port scans).
class PortSlots {
 public:
  void add_node(std::uint8_t port_count) {
    base_.push_back(slots_.size());
    slots_.resize(slots_.size() + port_count + 1U, kNone);
  }

  bool covers(NodeId node) const { return node.value < base_.size(); }

  // REQUIRES: covers(node) and number <= that node's port count.
  std::optional<PortId> find(NodeId node, std::uint8_t number) const {
    std::uint32_t slot = slots_[base_[node.value] + number];
    return slot == kNone ? std::nullopt : std::optional<PortId>(PortId{slot});
  }

  void set(NodeId node, std::uint8_t number, PortId id) {
    slots_[base_[node.value] + number] = id.value;
  }

 private:
  static constexpr std::uint32_t kNone = UINT32_MAX;
  std::vector<std::size_t> base_;
  std::vector<std::uint32_t> slots_;
};

// The reader's state across the two passes (ibnetdiscover_reader.cpp reads the lines,
// ibnetdiscover_reader_peers.cpp resolves the port lines' peers).
class Reader {
 public:
  Reader(std::string_view text, std::string_view name);

  ReadResult read() &&;

 private:
  LineRef where() const { return LineRef{name_, line_}; }

  void dispatch(std::string_view line, std::string_view raw);
  void on_attribute(std::string_view line);
  void on_header(std::string_view line);
  Guid node_guid(const NodeHeader& header, std::string_view line);
  void on_port(std::string_view line);
  void set_port_facts(Port& port, const PortLine& p) const;
  PortId port_of(NodeId node, std::uint8_t number);
  void resolve(const PendingPeer& peer);
  NodeId find_peer_node(const PendingPeer& peer);
  void apply_claims(const PendingPeer& peer, NodeId remote, PortId remote_port);
  Provenance provenance() const;

  std::string_view text_;
  std::string_view name_;
  bool netfile_;
  std::size_t line_ = 0;
  bool seen_record_ = false;
  FabricBuilder builder_;
  IbsimGuids ibsim_guids_;
  PendingAttributes pending_;
  std::optional<OpenRecord> record_;
  std::vector<PendingPeer> peers_;
  PortSlots slots_;
  std::unordered_map<std::string_view, NodeId> by_name_;  // netfiles
  std::size_t recorded_nodes_ = 0;  // nodes made from headers; the rest are peers only
  HeaderFacts facts_;
  std::vector<SkippedLine> skipped_;
};

}  // namespace ibatlas::ibnetdiscover
