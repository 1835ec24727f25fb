// iblinkinfo's default layout (infiniband-diags iblinkinfo.c, print_node_header/print_port):
//
//   Switch: 0x0002c902004b2678 Infiniscale-IV Mellanox Technologies:
//              2    1[  ] ==( 4X          10.0 Gbps Active/  LinkUp)==>       3    1[  ] "h" ( )
//              2    8[  ] ==(                Down/ Polling)==>             [  ] "" ( )
//   CA: teaker-4 HCA-1:
//         0xf45214030091b9f1      1    1[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  2 9[  ] "sw" ( )
//
// A switch header carries its port 0's GUID and every switch row its port-0 LID; a CA row
// carries that port's GUID and base LID. No CA node GUID is printed, so the GUID of a CA's
// first row stands in for it. Peers are named by LID, port and description only, so they are
// resolved once the whole file has been read; peers the file does not list (filtered output)
// become nodes in iblinkinfo_peers.cpp. `-l` output is read in iblinkinfo_lines.cpp.

#include "ibatlas/formats/iblinkinfo.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "formats/iblinkinfo_peers.hpp"
#include "formats/iblinkinfo_row.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using linkinfo::PortRow;
using text::next_token;

struct PendingPeer {
  PortId from;
  Lid lid = 0;
  std::uint8_t port = 0;
  std::string desc;
  std::size_t line = 0;
};

struct Header {
  NodeType type = NodeType::Ca;
  std::optional<Guid> guid;  // switches
  std::string desc;
  std::size_t line = 0;
};

// A key that names one node; a second node with the same key makes it ambiguous.
template <typename Key>
class UniqueIndex {
 public:
  void add(const Key& key, NodeId node) {
    auto [it, inserted] = map_.try_emplace(key, node);
    if (!inserted && it->second != node) {
      it->second.reset();
    }
  }

  std::optional<NodeId> find(const Key& key) const {
    auto it = map_.find(key);
    return it == map_.end() ? std::nullopt : it->second;
  }

 private:
  std::unordered_map<Key, std::optional<NodeId>> map_;
};

class LinkinfoAssembler {
 public:
  explicit LinkinfoAssembler(std::string_view name) : name_(name) {}

  void header(Header h, std::string_view line_text) {
    require_rows(line_text);
    header_ = std::move(h);
    node_.reset();
  }

  void row(std::string_view line_text, std::size_t line) {
    if (!header_) {
      fail(line, "a node header (Switch:, CA: or Router:) before port rows",
           quote_found(line_text));
    }
    bool is_switch = header_->type == NodeType::Switch;
    PortRow r = linkinfo::parse_row(name_, line, line_text,
                                    is_switch ? linkinfo::RowKind::Switch : linkinfo::RowKind::Ca);
    if (!node_) {
      node_ = create_node(r, line);
    }
    PortId id = port(*node_, r.port);
    if (own_row_[id.value]) {
      fail(line, "one row per port", "a second row for port " + std::to_string(r.port));
    }
    own_row_[id.value] = true;
    Port& p = builder_.port_data(id);
    if (!is_switch) {  // a switch's GUID and LID are its port 0's, set with the node
      p.guid = r.guid;
      p.base_lid = r.lid;
    }
    linkinfo::apply_row(r, p);
    if (r.lid != 0) {
      by_lid_.add(r.lid, *node_);
    }
    if (r.has_peer) {
      pending_.push_back(PendingPeer{id, r.peer_lid, r.peer_port, std::string(r.peer_desc), line});
    }
  }

  Fabric finish() && {
    require_rows("end of input");
    for (const PendingPeer& p : pending_) {
      resolve(p);
    }
    linkinfo::add_missing_peers(builder_, missing_, listed_, name_);
    builder_.set_provenance(
        Provenance{std::string(name_), "iblinkinfo", std::nullopt, "iblinkinfo", std::nullopt});
    return std::move(builder_).build();
  }

 private:
  [[noreturn]] void fail(std::size_t line, const std::string& expected,
                         const std::string& found) const {
    throw ParseError(std::string(name_), line, expected, found);
  }

  // iblinkinfo prints a header only before a port of that node.
  void require_rows(std::string_view next) const {
    if (header_ && !node_) {
      fail(header_->line, "port rows after the node header",
           next == "end of input" ? std::string(next) : quote_found(next));
    }
  }

  PortId port(NodeId node, std::uint8_t number) {
    PortId id = builder_.port(node, number);
    if (own_row_.size() <= id.value) {
      own_row_.resize(id.value + 1U, false);
    }
    return id;
  }

  NodeId create_node(const PortRow& r, std::size_t line) {
    Node node;
    node.type = header_->type;
    node.guid = header_->guid ? *header_->guid : *r.guid;  // a CA's first port GUID stands in
    node.description = header_->desc;
    if (builder_.find_node(node.guid)) {
      fail(line, "each node once", "GUID 0x" + hex(node.guid) + " a second time");
    }
    NodeId id = builder_.add_node(std::move(node));
    if (header_->type == NodeType::Switch) {
      PortId port0 = port(id, 0);  // the header's GUID and the rows' LID are port 0's
      builder_.port_data(port0).guid = header_->guid;
      builder_.port_data(port0).base_lid = r.lid;
    }
    by_desc_.add(header_->desc, id);
    listed_.insert(header_->type);
    return id;
  }

  void resolve(const PendingPeer& p) {
    std::optional<NodeId> node = p.lid != 0 ? by_lid_.find(p.lid) : std::nullopt;
    if (!node) {
      node = by_desc_.find(p.desc);
    }
    if (!node) {
      missing_.push_back(
          linkinfo::MissingPeer{p.from, std::nullopt, p.lid, p.port, p.desc, p.line});
      return;
    }
    if (p.port == 0 && builder_.node(*node).type != NodeType::Switch) {
      fail(p.line, "a peer port from 1 to 255 (port 0 of a switch only)", quote_found("0"));
    }
    PortId remote = port(*node, p.port);
    builder_.set_peer(p.from, remote);
    if (!own_row_[remote.value]) {
      builder_.set_peer(remote, p.from);  // the peer's own row is not in the file
      linkinfo::fill_from_peer(builder_.port_data(p.from), builder_.port_data(remote));
    }
  }

  static std::string hex(Guid guid) {
    constexpr char kDigits[] = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, guid >>= 4) {
      out[static_cast<std::size_t>(i)] = kDigits[guid & 0xF];
    }
    return out;
  }

  std::string_view name_;
  FabricBuilder builder_;
  std::optional<Header> header_;
  std::optional<NodeId> node_;  // the current header's node, once its first row is read
  std::vector<bool> own_row_;   // by builder PortId: the port had its own row
  std::vector<PendingPeer> pending_;
  std::vector<linkinfo::MissingPeer> missing_;  // peers the file does not list
  std::set<NodeType> listed_;                   // the types of the nodes with rows
  UniqueIndex<Lid> by_lid_;
  UniqueIndex<std::string> by_desc_;
};

std::optional<NodeType> header_type(std::string_view line) {
  if (text::starts_with(line, "Switch:")) {
    return NodeType::Switch;
  }
  if (text::starts_with(line, "CA:")) {
    return NodeType::Ca;
  }
  if (text::starts_with(line, "Router:")) {
    return NodeType::Router;
  }
  return std::nullopt;
}

// "Switch: 0x<guid> <desc>:", "CA: <desc>:" or "Router: <desc>:".
Header parse_header(NodeType type, std::string_view line, std::size_t number,
                    std::string_view name) {
  Header h;
  h.type = type;
  h.line = number;
  std::string_view body = line.substr(line.find(':') + 1);
  std::size_t end = body.find_last_not_of(" \t");
  if (body.empty() || body.front() != ' ' || end == std::string_view::npos || body[end] != ':') {
    throw ParseError(std::string(name), number, "a node header \"Type: description:\"",
                     quote_found(line));
  }
  body = body.substr(1, end - 1);
  if (type == NodeType::Switch) {
    std::string_view guid = next_token(body);
    std::optional<std::uint64_t> value;
    if (text::starts_with(guid, "0x")) {
      value = text::parse_hex(guid);
    }
    if (!value) {
      throw ParseError(std::string(name), number, "a switch GUID (0x followed by hex digits)",
                       quote_found(guid));
    }
    h.guid = *value;
    body.remove_prefix(std::min<std::size_t>(1, body.size()));
  }
  h.desc = std::string(body);
  return h;
}

// True when the first header or row of `text` is an `-l` line.
bool is_line_layout(std::string_view text) {
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    if (header_type(*line) || line->find("==(") != std::string_view::npos) {
      return linkinfo::looks_like_line_row(*line);
    }
  }
  return false;
}

}  // namespace

ReadResult read_iblinkinfo(std::string_view text, std::string_view name) {
  if (is_line_layout(text)) {
    return linkinfo::read_line_layout(text, name);
  }
  ReadResult result;
  LinkinfoAssembler assembler(name);
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    if (std::optional<NodeType> type = header_type(*line)) {
      assembler.header(parse_header(*type, *line, lines.line_number(), name), *line);
    } else if (line->find("==(") != std::string_view::npos) {
      assembler.row(*line, lines.line_number());
    } else if (!text::trim(*line).empty()) {
      result.skipped.push_back(SkippedLine{lines.line_number(), std::string(*line)});
    }
  }
  result.fabric = std::move(assembler).finish();
  return result;
}

bool looks_like_iblinkinfo_line(std::string_view line) {
  if (linkinfo::looks_like_line_row(line)) {
    return true;
  }
  if (line.empty() || line.back() != ':') {
    return false;
  }
  return text::starts_with(line, "Switch: 0x") || text::starts_with(line, "CA: ") ||
         text::starts_with(line, "Router: ");
}

}  // namespace ibatlas
