// `iblinkinfo -l` (iblinkinfo.c, print_port with line_mode set): one line per port, no
// headers, so no line says which node is a switch.
//
//   0x0000000000100017 "                        host12"     22    1[  ] ==( 4X      25.78125 Gbps
//   Active/  LinkUp)==>  0x0000000000200009     15    3[  ] "pod2-leaf2" ( ) 0x0000000000200009 "
//   pod2-leaf2"     15    4[  ] ==(                Down/ Polling)==>             [  ] "" ( )
//
// The GUID is the port's (libibnetdisc's port->guid): on a switch every port has its port 0's
// GUID, on a CA each port its own. print_node prints a node's ports together, in order, so:
// - consecutive lines with one GUID and one description are one switch's ports;
// - consecutive lines with one description, rising port numbers and new GUIDs are one CA's
//   ports (its first port's GUID stands in for the node GUID, as in the default layout);
// - a node of one line is a switch when its GUID is named with two port numbers (by its line
//   and by peers' lines), else a CA (or a router: -l cannot tell them apart).
// Peers are found by port GUID; peers without lines of their own go to iblinkinfo_peers.cpp.

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/iblinkinfo.hpp"

#include "formats/iblinkinfo_peers.hpp"
#include "formats/iblinkinfo_row.hpp"
#include "text.hpp"

namespace ibatlas::linkinfo {

namespace {

struct LineRow {
  PortRow row;
  std::size_t line = 0;
};

// Consecutive lines of one node: rows_[first, first + count).
struct Group {
  std::size_t first = 0;
  std::size_t count = 0;
  bool shared_guid = false;  // two lines with one GUID: a switch
};

class LineAssembler {
 public:
  explicit LineAssembler(std::string_view name) : name_(name) {}

  void row(std::string_view text, std::size_t line) {
    rows_.push_back(LineRow{parse_row(name_, line, text, RowKind::Line), line});
  }

  Fabric finish() && {
    std::map<Guid, std::set<std::uint8_t>> named = ports_named();
    for (const Group& g : groups()) {
      add_node(g, type_of(g, named));
    }
    for (const LineRow& r : rows_) {
      if (r.row.has_peer) {
        resolve(r);
      }
    }
    add_missing_peers(builder_, missing_, listed_, name_);
    builder_.set_provenance(
        Provenance{std::string(name_), "iblinkinfo", std::nullopt, "iblinkinfo -l", std::nullopt});
    return std::move(builder_).build();
  }

 private:
  [[noreturn]] void fail(std::size_t line, const std::string& expected,
                         const std::string& found) const {
    throw ParseError(std::string(name_), line, expected, found);
  }

  bool continues(const Group& g, const PortRow& r) const {
    const PortRow& last = rows_[g.first + g.count - 1].row;
    if (r.desc != last.desc) {
      return false;
    }
    if (*r.guid == *last.guid) {
      return g.count == 1 || g.shared_guid;  // a switch's next port
    }
    if (g.shared_guid || r.port <= last.port) {
      return false;
    }
    for (std::size_t i = g.first; i < g.first + g.count; ++i) {
      if (*rows_[i].row.guid == *r.guid) {
        return false;
      }
    }
    return true;  // a CA's next port
  }

  std::vector<Group> groups() const {
    std::vector<Group> out;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      if (!out.empty() && continues(out.back(), rows_[i].row)) {
        Group& g = out.back();
        g.shared_guid = g.shared_guid || *rows_[i].row.guid == *rows_[i - 1].row.guid;
        ++g.count;
      } else {
        out.push_back(Group{i, 1, false});
      }
    }
    return out;
  }

  // Every port number each GUID is named with, by its own lines and by peers' lines.
  std::map<Guid, std::set<std::uint8_t>> ports_named() const {
    std::map<Guid, std::set<std::uint8_t>> out;
    for (const LineRow& r : rows_) {
      out[*r.row.guid].insert(r.row.port);
      if (r.row.has_peer && r.row.peer_guid) {
        out[*r.row.peer_guid].insert(r.row.peer_port);
      }
    }
    return out;
  }

  NodeType type_of(const Group& g, const std::map<Guid, std::set<std::uint8_t>>& named) const {
    if (g.shared_guid) {
      return NodeType::Switch;
    }
    bool one_line_two_ports = g.count == 1 && named.at(*rows_[g.first].row.guid).size() > 1;
    return one_line_two_ports ? NodeType::Switch : NodeType::Ca;
  }

  PortId port(NodeId node, std::uint8_t number) {
    PortId id = builder_.port(node, number);
    if (own_row_.size() <= id.value) {
      own_row_.resize(id.value + 1U, false);
    }
    return id;
  }

  void add_node(const Group& g, NodeType type) {
    const LineRow& head = rows_[g.first];
    for (std::size_t i = g.first; i < g.first + g.count; ++i) {
      if (by_guid_.count(*rows_[i].row.guid) != 0) {  // a node of an earlier group
        fail(rows_[i].line, "the lines of one node together, once",
             "port GUID " + text::guid_text(*rows_[i].row.guid) + " again");
      }
    }
    Node node;
    node.type = type;
    node.guid = *head.row.guid;
    node.description = std::string(head.row.desc);
    NodeId id = builder_.add_node(std::move(node));
    listed_.insert(type);
    if (type == NodeType::Switch) {
      Port& port0 = builder_.port_data(port(id, 0));  // the lines' GUID and LID are port 0's
      port0.guid = head.row.guid;
      port0.base_lid = head.row.lid;
    }
    for (std::size_t i = g.first; i < g.first + g.count; ++i) {
      add_port(id, type, rows_[i]);
    }
  }

  void add_port(NodeId id, NodeType type, const LineRow& r) {
    PortId pid = port(id, r.row.port);
    if (own_row_[pid.value]) {
      fail(r.line, "one line per port", "a second line for port " + std::to_string(r.row.port));
    }
    own_row_[pid.value] = true;
    Port& p = builder_.port_data(pid);
    if (type != NodeType::Switch) {
      p.guid = r.row.guid;
      p.base_lid = r.row.lid;
    }
    apply_row(r.row, p);
    by_guid_[*r.row.guid] = id;
    from_.push_back(pid);
  }

  void resolve(const LineRow& r) {
    // rows_ and from_ are in one order: the line's own port.
    PortId from = from_[static_cast<std::size_t>(&r - rows_.data())];
    auto it = r.row.peer_guid ? by_guid_.find(*r.row.peer_guid) : by_guid_.end();
    if (it == by_guid_.end()) {
      missing_.push_back(MissingPeer{from, r.row.peer_guid, r.row.peer_lid, r.row.peer_port,
                                     std::string(r.row.peer_desc), r.line});
      return;
    }
    if (r.row.peer_port == 0 && builder_.node(it->second).type != NodeType::Switch) {
      fail(r.line, "a peer port from 1 to 255 (port 0 of a switch only)", quote_found("0"));
    }
    PortId remote = port(it->second, r.row.peer_port);
    builder_.set_peer(from, remote);
    if (!own_row_[remote.value]) {
      builder_.set_peer(remote, from);  // the peer's own line is not in the file
      fill_from_peer(builder_.port_data(from), builder_.port_data(remote));
    }
  }

  std::string_view name_;
  FabricBuilder builder_;
  std::vector<LineRow> rows_;
  std::vector<PortId> from_;  // per row (groups cover rows_ in order)
  std::vector<bool> own_row_;
  std::unordered_map<Guid, NodeId> by_guid_;  // port GUIDs (a switch's once)
  std::vector<MissingPeer> missing_;
  std::set<NodeType> listed_;
};

}  // namespace

ReadResult read_line_layout(std::string_view text, std::string_view name) {
  ReadResult result;
  LineAssembler assembler(name);
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    bool row = looks_like_line_row(*line);
    if (row || line->find("==(") != std::string_view::npos ||
        looks_like_iblinkinfo_line(text::trim(*line))) {
      if (!row) {
        throw ParseError(std::string(name), lines.line_number(),
                         "an iblinkinfo -l line (0x<port GUID> \"<description>\" <LID> ...), "
                         "as the file's first row",
                         quote_found(*line));
      }
      assembler.row(*line, lines.line_number());
    } else if (!text::trim(*line).empty()) {
      result.skipped.push_back(SkippedLine{lines.line_number(), std::string(*line)});
    }
  }
  result.fabric = std::move(assembler).finish();
  return result;
}

}  // namespace ibatlas::linkinfo
