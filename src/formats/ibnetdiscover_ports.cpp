// `ibnetdiscover -p`: one line per port (infiniband-diags ibnetdiscover.c, dump_ports_report):
//
//   SW  1719 10 0x7cfe9003009ce5b0 4x EDR - CA   134  1 0x7cfe9003003b4bde ( 'sw' - 'host' )
//   SW  2052 37 0x506b4b03005c2740 4x ???                                    'sw'
//
// The GUID printed is NodeInfo PortGUID, not the node GUID: for a switch that is port 0's
// GUID (all its rows share it), for a CA the GUID of that port. The node GUID of a CA is
// not printed at all, so a CA's port GUID stands in for it (docs/formats.md). The LID is a
// switch's port-0 LID, or a CA port's base LID.

#include "ibatlas/formats/ibnetdiscover_ports.hpp"

#include <string>
#include <utility>
#include <vector>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

using text::next_token;

// One end as a row prints it: type, LID, port number, GUID.
struct End {
  NodeType type = NodeType::Ca;
  Lid lid = 0;
  std::uint8_t port = 0;
  Guid guid = 0;
};

struct Row {
  End local;
  std::optional<LinkWidth> width;
  std::optional<LinkSpeed> speed;
  std::optional<End> remote;
  std::string_view local_desc;
  std::string_view remote_desc;
};

std::optional<NodeType> node_type(std::string_view token) {
  if (token == "SW") {
    return NodeType::Switch;
  }
  if (token == "CA") {
    return NodeType::Ca;
  }
  if (token == "RT") {
    return NodeType::Router;
  }
  return std::nullopt;
}

// Parses one row. Every failure names the field that was expected.
class RowParser {
 public:
  RowParser(std::string_view name, std::size_t line, std::string_view rest)
      : name_(name), line_(line), rest_(rest) {}

  Row parse() {
    Row row;
    row.local = end(next_token(rest_));
    row.width = width(next_token(rest_));
    row.speed = speed(next_token(rest_));
    std::string_view tail = text::trim(rest_);
    if (!tail.empty() && tail.front() == '-' && (tail.size() == 1 || tail[1] == ' ')) {
      next_token(rest_);
      row.remote = end(next_token(rest_));
      descriptions(row);
    } else {
      row.local_desc = lone_description(tail);
    }
    return row;
  }

 private:
  [[noreturn]] void fail(const std::string& expected, std::string_view found) const {
    throw ParseError(std::string(name_), line_, expected, quote_found(found));
  }

  End end(std::string_view type_token) {
    End e;
    std::optional<NodeType> type = node_type(type_token);
    if (!type) {
      fail("a node type (CA, SW or RT)", type_token);
    }
    e.type = *type;
    std::string_view lid_token = next_token(rest_);
    std::optional<std::uint64_t> lid = text::parse_decimal(lid_token);
    if (!lid || *lid > 0xFFFF) {
      fail("a LID (0-65535)", lid_token);
    }
    e.lid = static_cast<Lid>(*lid);
    std::string_view port_token = next_token(rest_);
    std::optional<std::uint64_t> port = text::parse_decimal(port_token);
    if (!port || *port > 255 || (*port == 0 && e.type != NodeType::Switch)) {
      fail(e.type == NodeType::Switch ? "a port number (0-255)" : "a port number (1-255)",
           port_token);
    }
    e.port = static_cast<std::uint8_t>(*port);
    std::string_view guid_token = next_token(rest_);
    std::optional<std::uint64_t> guid;
    if (text::starts_with(guid_token, "0x")) {
      guid = text::parse_hex(guid_token);
    }
    if (!guid) {
      fail("a GUID (0x followed by hex digits)", guid_token);
    }
    e.guid = *guid;
    return e;
  }

  std::optional<LinkWidth> width(std::string_view token) const {
    if (token == "??") {
      return std::nullopt;  // ibnetdiscover's "unknown width"
    }
    std::optional<LinkWidth> w = parse_width(token);
    if (!w) {
      fail("a link width (1x, 2x, 4x, 8x, 12x or \?\?)", token);
    }
    return w;
  }

  std::optional<LinkSpeed> speed(std::string_view token) const {
    if (token == "???") {
      return std::nullopt;  // no speed: typically a port without a link
    }
    std::optional<LinkSpeed> s = parse_speed(token);
    if (!s) {
      fail("a link speed (SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR or \?\?\?)", token);
    }
    return s;
  }

  // "( 'local' - 'remote' )" after a peer.
  void descriptions(Row& row) const {
    std::string_view tail = text::trim(rest_);
    constexpr std::string_view kOpen = "( '";
    constexpr std::string_view kClose = "' )";
    constexpr std::string_view kMiddle = "' - '";
    const char* expected = "node descriptions ( 'local' - 'remote' )";
    if (tail.size() < kOpen.size() + kClose.size() || !text::starts_with(tail, kOpen) ||
        tail.substr(tail.size() - kClose.size()) != kClose) {
      fail(expected, tail);
    }
    std::string_view inner = tail.substr(kOpen.size(), tail.size() - kOpen.size() - kClose.size());
    std::size_t middle = inner.find(kMiddle);
    if (middle == std::string_view::npos) {
      fail(expected, tail);
    }
    row.local_desc = inner.substr(0, middle);
    row.remote_desc = inner.substr(middle + kMiddle.size());
  }

  // The description of a port without a peer: 'quoted', or bare as some captures have it.
  std::string_view lone_description(std::string_view tail) const {
    if (tail.empty()) {
      fail("a peer (- CA|SW|RT ...) or a node description", tail);
    }
    if (tail.size() >= 2 && tail.front() == '\'' && tail.back() == '\'') {
      return tail.substr(1, tail.size() - 2);
    }
    return tail;
  }

  std::string_view name_;
  std::size_t line_;
  std::string_view rest_;
};

// Turns rows into nodes, ports and cables. A port's own row is authoritative for it; a row's
// peer half fills in only what the peer's own row (if any) does not give.
class PortsAssembler {
 public:
  explicit PortsAssembler(std::string_view name) : name_(name) {}

  void add(const Row& row, std::size_t line) {
    NodeId local_node = node_for(row.local, row.local_desc, true, line);
    PortId local = port_for(local_node, row.local, true);
    if (own_row_[local.value]) {
      fail(line, "one row per port", "a second row for port " + std::to_string(row.local.port));
    }
    own_row_[local.value] = true;
    builder_.port_data(local).width_active = row.width;
    builder_.port_data(local).speed_active = row.speed;
    if (!row.remote) {
      builder_.port_data(local).peer.reset();  // its own row says nothing is cabled here
      return;
    }
    NodeId remote_node = node_for(*row.remote, row.remote_desc, false, line);
    PortId remote = port_for(remote_node, *row.remote, false);
    builder_.set_peer(local, remote);
    if (!own_row_[remote.value]) {
      builder_.set_peer(remote, local);  // until (unless) the peer's own row says otherwise
    }
  }

  Fabric build() && {
    builder_.set_provenance(Provenance{std::string(name_), "ibnetdiscover-ports", std::nullopt,
                                       "ibnetdiscover", std::nullopt});
    return std::move(builder_).build();
  }

 private:
  [[noreturn]] void fail(std::size_t line, const std::string& expected,
                         const std::string& found) const {
    throw ParseError(std::string(name_), line, expected, found);
  }

  NodeId node_for(const End& e, std::string_view desc, bool own, std::size_t line) {
    std::optional<NodeId> found = builder_.find_node(e.guid);
    if (!found) {
      Node node;
      node.type = e.type;
      node.guid = e.guid;
      node.description = std::string(desc);
      found = builder_.add_node(std::move(node));
      described_.push_back(own);
    } else if (builder_.node(*found).type != e.type) {
      fail(line,
           "the node type this GUID had on an earlier row (" +
               to_string(builder_.node(*found).type) + ")",
           quote_found(to_string(e.type)));
    } else if (own && !described_[found->value]) {
      builder_.node(*found).description = std::string(desc);
      described_[found->value] = true;
    }
    if (e.type == NodeType::Switch) {
      // The row's GUID and LID are the switch's port 0's (its management port).
      fill(builder_.port(*found, 0), e, own);
    }
    return *found;
  }

  PortId port_for(NodeId node, const End& e, bool own) {
    PortId id = builder_.port(node, e.port);
    if (own_row_.size() <= id.value) {
      own_row_.resize(id.value + 1, false);
    }
    if (e.type != NodeType::Switch) {
      fill(id, e, own);  // a switch's external ports have no GUID or LID of their own
    }
    return id;
  }

  void fill(PortId id, const End& e, bool overwrite) {
    if (own_row_.size() <= id.value) {
      own_row_.resize(id.value + 1, false);
    }
    Port& p = builder_.port_data(id);
    if (overwrite || !p.guid) {
      p.guid = e.guid;
    }
    if (overwrite || !p.base_lid) {
      p.base_lid = e.lid;
    }
  }

  std::string_view name_;
  FabricBuilder builder_;
  std::vector<bool> own_row_;    // by builder PortId: the port had its own row
  std::vector<bool> described_;  // by NodeId: description taken from the node's own row
};

bool is_row(std::string_view line) {
  std::string_view rest = line;
  return node_type(next_token(rest)).has_value();
}

}  // namespace

ReadResult read_ibnetdiscover_ports(std::string_view text, std::string_view name) {
  ReadResult result;
  PortsAssembler assembler(name);
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    if (is_row(*line)) {
      assembler.add(RowParser(name, lines.line_number(), *line).parse(), lines.line_number());
    } else if (!text::trim(*line).empty()) {
      // `-s` progress ("DR path slid 0; ..."), prompts, stderr: not part of the report.
      result.skipped.push_back(SkippedLine{lines.line_number(), std::string(*line)});
    }
  }
  result.fabric = std::move(assembler).build();
  return result;
}

bool looks_like_ibnetdiscover_ports_line(std::string_view line) {
  std::string_view type = next_token(line);
  if (!node_type(type)) {
    return false;
  }
  std::string_view lid = next_token(line);
  std::string_view port = next_token(line);
  std::string_view guid = next_token(line);
  return text::all_digits(lid) && text::all_digits(port) && text::starts_with(guid, "0x") &&
         text::all_hex_digits(guid.substr(2));
}

}  // namespace ibatlas
