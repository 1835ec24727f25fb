// XML snapshot reader (format versions 1 to 3; docs/formats.md; AR state in
// xml_snapshot_ar_reader.cpp, path SLs in xml_snapshot_path_sls.cpp, routing tables in
// xml_snapshot_tables.cpp). Strict: a snapshot is written
// by a program, so anything unexpected (XML that XML 1.0 forbids, an unknown element or attribute,
// a value out of range, a dangling peer) is an error naming the line, never a silent default.

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include <pugixml.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "formats/xml_checked.hpp"
#include "formats/xml_snapshot_ar.hpp"
#include "formats/xml_snapshot_path_sls.hpp"
#include "formats/xml_snapshot_schema.hpp"
#include "formats/xml_snapshot_sm.hpp"
#include "formats/xml_snapshot_tables.hpp"
#include "formats/xml_strict.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::array<std::string_view, 1> kRootAttributes = {"version"};
constexpr std::array<std::string_view, 8> kProvenanceAttributes = {"source",
                                                                   "format",
                                                                   "tool",
                                                                   "time",
                                                                   "local-port-guid",
                                                                   "partial-from",
                                                                   "partial-from-guid",
                                                                   "partial-max-hops"};

// "0" or "0,P1,...,Pn", ports 1-255: a directed route as ibnetdiscover prints one.
bool is_directed_route(std::string_view text) {
  if (!text.starts_with('0')) {
    return false;
  }
  text.remove_prefix(1);
  std::size_t hops = 0;
  while (!text.empty()) {
    std::size_t end = text.find(',', 1);
    std::optional<std::uint64_t> port =
        text[0] == ',' ? text::parse_decimal(text.substr(1, end == text.npos ? end : end - 1))
                       : std::nullopt;
    if (!port || *port == 0 || *port > 255 || ++hops > 63) {
      return false;
    }
    text.remove_prefix(end == text.npos ? text.size() : end);
  }
  return true;
}

constexpr std::array<std::string_view, 10> kNodeAttributes = {
    "index",     "type",     "guid",       "system-guid",    "vendor-id",
    "device-id", "revision", "port-count", "enhanced-port0", "description"};
constexpr std::array<std::string_view, 17> kPortAttributes = {
    "number",    "guid",          "lid",
    "lmc",       "state",         "phys-state",
    "width",     "width-enabled", "width-supported",
    "speed",     "speed-enabled", "speed-supported",
    "mtu",       "mtu-cap",       "vl-cap",
    "peer-node", "peer-port"};

// A port's peer, resolved once every node is known (a peer may come later in the file).
struct PendingPeer {
  PortId from;
  std::uint64_t node = 0;
  std::uint64_t port = 0;
  pugi::xml_node where;
};

template <typename T>
std::optional<T> narrow(std::optional<std::uint64_t> value) {
  return value ? std::optional<T>(static_cast<T>(*value)) : std::nullopt;
}

std::string mtu_name(Mtu mtu) {
  return std::to_string(mtu_bytes(mtu));
}

class SnapshotReader {
 public:
  SnapshotReader(std::string_view text, std::string_view name) : c_(text, name) {}

  Fabric read();

 private:
  void check_root(const pugi::xml_document& doc);
  Provenance read_provenance(pugi::xml_node e) const;
  void read_node(pugi::xml_node e);
  void read_port(pugi::xml_node e, NodeId node);
  void read_port_values(pugi::xml_node e, Port& port) const;
  void read_rates(pugi::xml_node e, Port& port) const;
  PortCounters read_counters(pugi::xml_node e) const;
  void resolve_peer(const PendingPeer& pending);

  XmlChecker c_;
  FabricBuilder builder_;
  std::vector<PendingPeer> peers_;
  std::uint64_t version_ = 0;
};

void SnapshotReader::check_root(const pugi::xml_document& doc) {
  pugi::xml_node root = doc.document_element();
  if (std::string_view(root.name()) != xml_schema::kRoot) {
    c_.fail(root, std::string("root element <") + xml_schema::kRoot + ">",
            "<" + std::string(root.name()) + ">");
  }
  std::string_view version = c_.required(root, "version");
  std::optional<std::uint64_t> number = text::parse_decimal(version);
  if (!number) {
    c_.fail(root, c_.where(root, "version") + " to be a number", quote_found(version));
  }
  if (*number < xml_schema::kPlainTextVersion || *number > kXmlSnapshotVersion) {
    c_.fail(root,
            "snapshot version 1 to " + std::to_string(kXmlSnapshotVersion) +
                (*number > kXmlSnapshotVersion ? " (this file is from a newer ibatlas; upgrade it)"
                                               : ""),
            "version " + quote_found(version));
  }
  // Version 1 was written before the escape: its backslashes are text.
  c_.set_escaped_free_text(*number > xml_schema::kPlainTextVersion);
  version_ = *number;
  c_.check_attributes(root, kRootAttributes);
  for (pugi::xml_node top = root.next_sibling(); top; top = top.next_sibling()) {
    if (top.type() == pugi::node_element || top.type() == pugi::node_pcdata) {
      c_.fail(top, "nothing after </ibatlas-snapshot>", XmlChecker::describe(top));
    }
  }
}

Provenance SnapshotReader::read_provenance(pugi::xml_node e) const {
  c_.check_attributes(e, kProvenanceAttributes);
  for (const char* attribute : {"source", "format", "tool"}) {
    c_.required(e, attribute);
  }
  Provenance p{.source = *c_.free_text(e, "source"),
               .format = *c_.free_text(e, "format"),
               .time = c_.free_text(e, "time"),
               .tool = *c_.free_text(e, "tool"),
               .local_port_guid = c_.hex(e, "local-port-guid", UINT64_MAX)};
  if (e.attribute("partial-from") || e.attribute("partial-from-guid") ||
      e.attribute("partial-max-hops")) {
    std::string_view from = c_.required(e, "partial-from");
    if (!is_directed_route(from)) {
      c_.fail(e, c_.where(e, "partial-from") + " to be a directed route (\"0,1,3\")",
              quote_found(from));
    }
    c_.required(e, "partial-max-hops");
    p.partial = PartialScan{std::string(from), c_.hex(e, "partial-from-guid", UINT64_MAX),
                            *narrow<std::uint32_t>(c_.number(e, "partial-max-hops", 63))};
  }
  c_.check_empty(e);
  return p;
}

void SnapshotReader::read_node(pugi::xml_node e) {
  c_.check_attributes(e, kNodeAttributes);
  std::string_view index = c_.required(e, "index");
  if (c_.number(e, "index", UINT32_MAX) != builder_.node_count()) {
    c_.fail(e, "index=\"" + std::to_string(builder_.node_count()) + "\" (nodes count up from 0)",
            quote_found(index));
  }
  c_.required(e, "type");
  c_.required(e, "guid");
  c_.required(e, "port-count");
  c_.required(e, "description");
  Node node{
      .type = *c_.named(e, "type", xml_schema::kNodeTypes, [](NodeType t) { return to_string(t); }),
      .guid = *c_.hex(e, "guid", UINT64_MAX),
      .system_guid = c_.hex(e, "system-guid", UINT64_MAX),
      .vendor_id = narrow<std::uint32_t>(c_.hex(e, "vendor-id", UINT32_MAX)),
      .device_id = narrow<std::uint32_t>(c_.hex(e, "device-id", UINT32_MAX)),
      .revision = narrow<std::uint32_t>(c_.hex(e, "revision", UINT32_MAX)),
      .description = *c_.free_text(e, "description"),
      .port_count = *narrow<std::uint8_t>(c_.number(e, "port-count", 255)),
      .enhanced_port0 = c_.named(e, "enhanced-port0", std::array<bool, 2>{false, true},
                                 [](bool b) { return std::string(b ? "true" : "false"); })};
  NodeId id = builder_.add_node(node);
  for (pugi::xml_node child : e.children()) {
    if (std::string_view(child.name()) != "port") {
      c_.fail(child, "<port> inside <node>", XmlChecker::describe(child));
    }
    read_port(child, id);
  }
}

void SnapshotReader::read_port(pugi::xml_node e, NodeId node) {
  c_.check_attributes(e, kPortAttributes);
  std::string_view text = c_.required(e, "number");
  std::uint8_t n = *narrow<std::uint8_t>(c_.number(e, "number", 255));
  const Node& owner = builder_.node(node);
  if (builder_.find_port(node, n)) {
    c_.fail(e, "a port number not used before on this node", quote_found(text));
  }
  if (n == 0 && owner.type != NodeType::Switch) {
    c_.fail(e, "port 0 only on a switch", quote_found(text));
  }
  if (owner.port_count != 0 && n > owner.port_count) {
    c_.fail(e, "a port number up to the node's port-count " + std::to_string(owner.port_count),
            quote_found(text));
  }
  Port port{.number = n};
  read_port_values(e, port);
  for (pugi::xml_node child : e.children()) {
    if (std::string_view(child.name()) != "counters" || port.counters) {
      c_.fail(child, "at most one <counters> inside <port>", XmlChecker::describe(child));
    }
    port.counters = read_counters(child);
  }
  PortId id = builder_.add_port(node, port);
  std::optional<std::uint64_t> peer_node = c_.number(e, "peer-node", UINT32_MAX);
  std::optional<std::uint64_t> peer_port = c_.number(e, "peer-port", 255);
  if (peer_node.has_value() != peer_port.has_value()) {
    c_.fail(e, "both peer-node and peer-port, or neither",
            peer_node ? "peer-node only" : "peer-port only");
  }
  if (peer_node) {
    peers_.push_back(PendingPeer{id, *peer_node, *peer_port, e});
  }
}

void SnapshotReader::read_port_values(pugi::xml_node e, Port& port) const {
  port.guid = c_.hex(e, "guid", UINT64_MAX);
  port.base_lid = narrow<Lid>(c_.number(e, "lid", 65535));
  port.lmc = narrow<std::uint8_t>(c_.number(e, "lmc", 7));
  port.state =
      c_.named(e, "state", xml_schema::kPortStates, [](PortState s) { return to_string(s); });
  port.phys_state =
      c_.named(e, "phys-state", xml_schema::kPhysStates, [](PhysState s) { return to_string(s); });
  read_rates(e, port);
  port.mtu_active = c_.named(e, "mtu", xml_schema::kMtus, mtu_name);
  port.mtu_cap = c_.named(e, "mtu-cap", xml_schema::kMtus, mtu_name);
  port.vl_cap = narrow<std::uint8_t>(c_.number(e, "vl-cap", 15));
}

void SnapshotReader::read_rates(pugi::xml_node e, Port& port) const {
  auto width_name = [](LinkWidth w) { return to_string(w); };
  auto speed_name = [](LinkSpeed s) { return to_string(s); };
  port.width_active = c_.named(e, "width", xml_schema::kWidths, width_name);
  port.speed_active = c_.named(e, "speed", xml_schema::kSpeeds, speed_name);
  if (std::optional<unsigned> bits = c_.set(e, "width-enabled", xml_schema::kWidths, 8)) {
    port.width_enabled = WidthSet{static_cast<std::uint8_t>(*bits)};
  }
  if (std::optional<unsigned> bits = c_.set(e, "width-supported", xml_schema::kWidths, 8)) {
    port.width_supported = WidthSet{static_cast<std::uint8_t>(*bits)};
  }
  if (std::optional<unsigned> bits = c_.set(e, "speed-enabled", xml_schema::kSpeeds, 16)) {
    port.speed_enabled = SpeedSet{static_cast<std::uint16_t>(*bits)};
  }
  if (std::optional<unsigned> bits = c_.set(e, "speed-supported", xml_schema::kSpeeds, 16)) {
    port.speed_supported = SpeedSet{static_cast<std::uint16_t>(*bits)};
  }
}

PortCounters SnapshotReader::read_counters(pugi::xml_node e) const {
  PortCounters counters;
  for (pugi::xml_attribute a : e.attributes()) {
    auto field = std::find_if(
        xml_schema::kCounterFields.begin(), xml_schema::kCounterFields.end(),
        [&a](const xml_schema::CounterField& f) { return std::string_view(f.name) == a.name(); });
    if (field == xml_schema::kCounterFields.end()) {
      c_.fail(e, "a counter name such as symbol-errors on <counters>",
              "attribute " + quote_found(a.name()));
    }
    counters.*(field->member) = c_.number(e, field->name, UINT64_MAX);
  }
  c_.check_empty(e);
  return counters;
}

void SnapshotReader::resolve_peer(const PendingPeer& pending) {
  if (pending.node >= builder_.node_count()) {
    c_.fail(pending.where,
            "attribute peer-node naming one of the " + std::to_string(builder_.node_count()) +
                " nodes (0 to " + std::to_string(builder_.node_count()) + " - 1)",
            quote_found(pending.where.attribute("peer-node").value()));
  }
  NodeId node{static_cast<std::uint32_t>(pending.node)};
  std::optional<PortId> to = builder_.find_port(node, static_cast<std::uint8_t>(pending.port));
  if (!to) {
    c_.fail(pending.where,
            "attribute peer-port naming a <port> of node " + std::to_string(pending.node),
            quote_found(pending.where.attribute("peer-port").value()));
  }
  builder_.set_peer(pending.from, *to);
}

Fabric SnapshotReader::read() {
  pugi::xml_document doc;
  std::string buffer;  // pugixml's in-place copy of the text; doc points into it
  load_strict_xml(doc, buffer, c_);
  check_root(doc);
  pugi::xml_node root = doc.document_element();
  bool have_provenance = false;
  bool have_sms = false;
  std::vector<pugi::xml_node> tables;
  std::vector<pugi::xml_node> ar;
  for (pugi::xml_node child : root.children()) {
    std::string_view kind = child.name();
    if (kind == "provenance" && !have_provenance) {
      builder_.set_provenance(read_provenance(child));
      have_provenance = true;
    } else if (kind == "node") {
      read_node(child);
    } else if (kind == "forwarding-table" || kind == "sl2vl-table" ||
               kind == xml_schema::kPathSls) {
      tables.push_back(child);
    } else if (kind == "adaptive-routing" && version_ >= xml_schema::kAdaptiveRoutingVersion) {
      ar.push_back(child);
    } else if (kind == xml_schema::kSubnetManagers && !have_sms) {
      xml_schema::read_subnet_managers(c_, builder_, child);
      have_sms = true;
    } else {
      c_.fail(child,
              "<provenance> (once), <node>, <forwarding-table>, <sl2vl-table>, <path-sls>, "
              "<subnet-managers> (once) or (from version 3) <adaptive-routing>",
              XmlChecker::describe(child));
    }
  }
  if (!have_provenance) {
    c_.fail(root, "a <provenance> element inside <ibatlas-snapshot>", "none");
  }
  for (const PendingPeer& pending : peers_) {
    resolve_peer(pending);
  }
  xml_schema::read_tables(c_, builder_, tables);    // the <forwarding-table>, <sl2vl-table>
  xml_schema::read_path_sls(c_, builder_, tables);  // and <path-sls> among them
  xml_schema::read_adaptive_routing(c_, builder_, ar);
  return std::move(builder_).build();
}

}  // namespace

ReadResult read_xml_snapshot(std::string_view text, std::string_view name) {
  return ReadResult{SnapshotReader(text, name).read(), {}};
}

bool looks_like_xml_snapshot_line(std::string_view line) {
  return text::starts_with(line, "<?xml") || text::starts_with(line, "<ibatlas-snapshot");
}

}  // namespace ibatlas
