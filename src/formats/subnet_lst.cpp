// opensm's subnet.lst (opensm/osm_dump.c, dump_topology_node): one line per connected port,
// printed from that port's side, so every cable appears twice:
//
//   { CA Ports:01 SystemGUID:... NodeGUID:... PortGUID:... VenID:0002C9 DevID:1013
//     Rev:00000000 {ime5 HCA-1} LID:0032 PN:01 } { SW Ports:25 ... LID:00F9 PN:0C }
//     PHY=4x LOG=ACT SPD=25                                          (one line in the file)
//
// Every number is hex. A switch's LID and PortGUID are its port 0's. PHY/LOG/SPD describe the
// first half's port. opensm prints the second half's DevID with cl_ntoh32 on a 16-bit field,
// so on little-endian hosts it comes out shifted left by 16 bits (CF08 -> CF080000).

#include "ibatlas/formats/subnet_lst.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

using text::next_token;

struct LstEnd {
  NodeType type = NodeType::Ca;
  std::uint8_t port_count = 0;
  Guid system_guid = 0;
  Guid node_guid = 0;
  Guid port_guid = 0;
  std::uint32_t vendor_id = 0;
  std::uint32_t device_id = 0;
  std::uint32_t revision = 0;
  std::string_view description;
  Lid lid = 0;
  std::uint8_t port = 0;
};

struct LstRow {
  LstEnd local;
  LstEnd remote;
  std::optional<LinkWidth> width;
  std::optional<PortState> state;
  std::optional<LinkSpeed> speed;
};

struct SpeedCode {
  std::string_view text;
  LinkSpeed speed;
};

// osm_dump.c's SPD= values: the lane rate in Gb/s before encoding, or FDR10.
constexpr std::array<SpeedCode, 7> kSpeedCodes = {{{"2.5", LinkSpeed::Sdr},
                                                   {"5", LinkSpeed::Ddr},
                                                   {"10", LinkSpeed::Qdr},
                                                   {"FDR10", LinkSpeed::Fdr10},
                                                   {"14", LinkSpeed::Fdr},
                                                   {"25", LinkSpeed::Edr},
                                                   {"50", LinkSpeed::Hdr}}};

class LstParser {
 public:
  LstParser(std::string_view name, std::size_t line, std::string_view rest)
      : name_(name), line_(line), rest_(rest) {}

  LstRow parse() {
    LstRow row;
    row.local = end();
    row.remote = end();
    row.width = width(value_of("PHY="));
    row.state = state(value_of("LOG="));
    row.speed = speed(value_of("SPD="));
    std::string_view extra = next_token(rest_);
    if (!extra.empty()) {
      fail("end of line", extra);
    }
    return row;
  }

 private:
  [[noreturn]] void fail(const std::string& expected, std::string_view found) const {
    throw ParseError(std::string(name_), line_, expected, quote_found(found));
  }

  void expect(std::string_view token) {
    std::string_view found = next_token(rest_);
    if (found != token) {
      fail(std::string("\"") + std::string(token) + "\"", found);
    }
  }

  std::string_view value_of(std::string_view key) {
    last_ = next_token(rest_);
    if (!text::starts_with(last_, key)) {
      fail(std::string(key) + "...", last_);
    }
    return last_.substr(key.size());
  }

  std::uint64_t hex(std::string_view key, std::uint64_t max) {
    std::string_view value = value_of(key);
    std::optional<std::uint64_t> parsed = text::parse_hex(value);
    if (!parsed || *parsed > max || text::starts_with(value, "0x")) {
      fail(std::string(key) + " with a hex value", last_);
    }
    return *parsed;
  }

  NodeType type() {
    std::string_view token = next_token(rest_);
    std::string_view base = token.substr(0, token.find('-'));
    if (base.size() != token.size() && token.substr(base.size()) != "-SM") {
      base = {};  // only "-SM" (the master SM runs here) may follow the type
    }
    if (base == "SW") {
      return NodeType::Switch;
    }
    if (base == "CA") {
      return NodeType::Ca;
    }
    if (base == "Rt") {
      return NodeType::Router;
    }
    fail("a node type (SW, CA or Rt)", token);
  }

  // The DevID of the second half is the 16-bit id shifted into the high half (see above).
  std::uint32_t device_id() {
    std::uint64_t value = hex("DevID:", 0xFFFFFFFF);
    if (value > 0xFFFF) {
      if ((value & 0xFFFF) != 0) {
        fail("DevID: with a 16-bit device id", last_);
      }
      value >>= 16;
    }
    return static_cast<std::uint32_t>(value);
  }

  std::string_view description() {
    rest_ = rest_.substr(std::min(rest_.size(), rest_.find_first_not_of(" \t")));
    std::size_t close = rest_.find("} LID:");
    if (rest_.empty() || rest_.front() != '{' || close == std::string_view::npos) {
      fail("a node description {...} followed by LID:", rest_);
    }
    std::string_view desc = rest_.substr(1, close - 1);
    rest_.remove_prefix(close + 1);
    return desc;
  }

  LstEnd end() {
    LstEnd e;
    expect("{");
    e.type = type();
    e.port_count = static_cast<std::uint8_t>(hex("Ports:", 0xFF));
    e.system_guid = hex("SystemGUID:", ~0ULL);
    e.node_guid = hex("NodeGUID:", ~0ULL);
    e.port_guid = hex("PortGUID:", ~0ULL);
    e.vendor_id = static_cast<std::uint32_t>(hex("VenID:", 0xFFFFFF));
    e.device_id = device_id();
    e.revision = static_cast<std::uint32_t>(hex("Rev:", 0xFFFFFFFF));
    e.description = description();
    e.lid = static_cast<Lid>(hex("LID:", 0xFFFF));
    e.port = static_cast<std::uint8_t>(hex("PN:", 0xFF));
    if ((e.port == 0 && e.type != NodeType::Switch) || e.port > e.port_count) {
      fail("PN: with a port number from " + std::string(e.type == NodeType::Switch ? "0" : "1") +
               " to Ports:",
           last_);
    }
    expect("}");
    return e;
  }

  std::optional<LinkWidth> width(std::string_view value) const {
    if (value == "??") {
      return std::nullopt;
    }
    std::optional<LinkWidth> w = parse_width(value);
    if (!w) {
      fail("PHY= with a width (1x, 2x, 4x, 8x, 12x or \?\?)", "PHY=" + std::string(value));
    }
    return w;
  }

  std::optional<PortState> state(std::string_view value) const {
    if (value == "ACT") {
      return PortState::Active;
    }
    if (value == "ARM") {
      return PortState::Armed;
    }
    if (value == "INI") {
      return PortState::Init;
    }
    if (value == "DWN") {
      return PortState::Down;
    }
    fail("LOG= with a state (ACT, ARM, INI or DWN)", "LOG=" + std::string(value));
  }

  std::optional<LinkSpeed> speed(std::string_view value) const {
    if (value == "??") {
      return std::nullopt;
    }
    for (const SpeedCode& code : kSpeedCodes) {
      if (code.text == value) {
        return code.speed;
      }
    }
    fail("SPD= with a speed (2.5, 5, 10, FDR10, 14, 25, 50 or \?\?)", "SPD=" + std::string(value));
  }

  std::string_view name_;
  std::size_t line_;
  std::string_view rest_;
  std::string_view last_;  // the token value_of() read last, for messages
};

// Rows into nodes and cables. A port's own row (the one printed from its side) is
// authoritative; the other half only fills in what is still unknown.
class LstAssembler {
 public:
  explicit LstAssembler(std::string_view name) : name_(name) {}

  void add(const LstRow& row, std::size_t line) {
    PortId local = port_for(node_for(row.local, line), row.local, true);
    if (own_row_[local.value]) {
      throw ParseError(std::string(name_), line, "one line per port",
                       "a second line for port " + std::to_string(row.local.port));
    }
    own_row_[local.value] = true;
    builder_.port_data(local).width_active = row.width;
    builder_.port_data(local).state = row.state;
    builder_.port_data(local).speed_active = row.speed;
    PortId remote = port_for(node_for(row.remote, line), row.remote, false);
    builder_.set_peer(local, remote);
    if (!own_row_[remote.value]) {
      builder_.set_peer(remote, local);
    }
  }

  Fabric build() && {
    builder_.set_provenance(
        Provenance{std::string(name_), "lst", std::nullopt, "opensm", std::nullopt});
    return std::move(builder_).build();
  }

 private:
  NodeId node_for(const LstEnd& e, std::size_t line) {
    if (std::optional<NodeId> found = builder_.find_node(e.node_guid)) {
      if (builder_.node(*found).type != e.type ||
          builder_.node(*found).port_count != e.port_count) {
        throw ParseError(
            std::string(name_), line,
            "the node type and port count this NodeGUID had before (" +
                to_string(builder_.node(*found).type) + ", " +
                std::to_string(builder_.node(*found).port_count) + " ports)",
            quote_found(to_string(e.type) + ", " + std::to_string(e.port_count) + " ports"));
      }
      return *found;
    }
    Node node;
    node.type = e.type;
    node.guid = e.node_guid;
    node.system_guid = e.system_guid;
    node.vendor_id = e.vendor_id;
    node.device_id = e.device_id;
    node.revision = e.revision;
    node.description = std::string(e.description);
    node.port_count = e.port_count;
    NodeId id = builder_.add_node(std::move(node));
    if (e.type == NodeType::Switch) {
      PortId port0 = builder_.port(id, 0);  // a switch's LID and PortGUID are port 0's
      builder_.port_data(port0).guid = e.port_guid;
      builder_.port_data(port0).base_lid = e.lid;
    }
    return id;
  }

  PortId port_for(NodeId node, const LstEnd& e, bool own) {
    PortId id = builder_.port(node, e.port);
    if (own_row_.size() <= id.value) {
      own_row_.resize(id.value + 1U, false);
    }
    Port& p = builder_.port_data(id);
    if (e.type != NodeType::Switch && (own || !p.guid)) {
      p.guid = e.port_guid;
      p.base_lid = e.lid;
    }
    return id;
  }

  std::string_view name_;
  FabricBuilder builder_;
  std::vector<bool> own_row_;  // by builder PortId: the port had its own line
};

}  // namespace

ReadResult read_subnet_lst(std::string_view text, std::string_view name) {
  ReadResult result;
  LstAssembler assembler(name);
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    std::string_view trimmed = text::trim(*line);
    if (text::starts_with(trimmed, "{")) {
      assembler.add(LstParser(name, lines.line_number(), trimmed).parse(), lines.line_number());
    } else if (!trimmed.empty()) {
      result.skipped.push_back(SkippedLine{lines.line_number(), std::string(*line)});
    }
  }
  result.fabric = std::move(assembler).build();
  return result;
}

bool looks_like_subnet_lst_line(std::string_view line) {
  if (!text::starts_with(line, "{ ")) {
    return false;
  }
  line.remove_prefix(2);
  std::string_view type = next_token(line);
  type = type.substr(0, type.find('-'));
  return (type == "SW" || type == "CA" || type == "Rt") &&
         text::starts_with(text::trim(line), "Ports:");
}

}  // namespace ibatlas
