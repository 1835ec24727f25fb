// write_ibnetdiscover: the default (non-grouped) output of infiniband-diags' ibnetdiscover,
// laid out as dump_topology() and its out_* helpers print it in rdma-core v44
// (infiniband-diags/ibnetdiscover.c), so that ibsim can simulate any snapshot we hold and
// read_ibnetdiscover reads it back.
//
// Why the choices below:
// - Order: ibnetdiscover prints switches, then CAs, then routers; within a type it follows
//   libibnetdisc's discovery order, which a snapshot does not have, so we sort by GUID (then
//   by position, for duplicate GUIDs) to stay deterministic. Ports go by number.
// - Only cables both ends agree on (Fabric::is_link) are printed, once from each end, as
//   ibnetdiscover does. A one-sided peer is not printed: ibsim's connect_ports() rejects a
//   port whose remote port does not name it back.
// - What the text cannot say is written the way ibnetdiscover writes the same gap: absent
//   width "??", absent speed "???" (its dump_link*_compat fallbacks), both absent: nothing
//   (as 2009-era output); absent LID and LMC "0" (an unassigned LID); absent port GUID or
//   vendid/devid/sysimgguid: the field is left out (as older versions do).
// - Descriptions: non-printable bytes become spaces, as clean_nodedesc() does; a '"' would
//   end the quoted field for ibsim and our reader, so it becomes '\''.
//
// ibsim limits that apply to this output (ibsim 0.10 as in Debian 12, ibsim/sim_net.c and
// sim.h at tag ibsim-0.10):
// - at most 2048 nodes, 256 switches and 256*36 + 2048*2 ports (a switch counts its ports
//   + 1) unless started with -N/-S/-P; LIDs past the linear FDB cap (30K) need -L;
// - node GUIDs must be unique: ibsim refuses a duplicate node GUID or node id;
// - lines are read 255 bytes at a time and descriptions kept to 63 characters: a
//   description much longer than an IB NodeDescription's 64 bytes splits its lines;
// - port GUIDs are not taken from the text: ibsim makes CA port GUIDs node GUID + port;
// - a line's width/speed become that port's *enabled* set. ibsim aborts ("mismatched
//   enabled width") when the two ends of a cable give widths whose enabled sets do not
//   overlap, e.g. 8x against 4x, or 2x against anything else; ends that agree are fine.
//   On a router's (Rt) port lines ibsim ignores the rate and takes 4x, so a router cable
//   narrower than 4x or at 8x aborts it too;
//   NDR and XDR are unknown to 0.10: it warns and keeps its default (SDR) for that port;
// - a node with 0 ports is rejected, so a node with neither a port count nor ports is
//   written with 1 port.

#include <algorithm>
#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/formats/ibnetdiscover.hpp"

namespace ibatlas {

namespace {

std::string hex(std::uint64_t value, int min_digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*" PRIx64, min_digits, value);
  return buf;
}

// ibnetdiscover's node id: "S-0002c90300000100" (node_name() in ibnetdiscover.c).
std::string node_id(const Node& node) {
  char prefix = node.type == NodeType::Switch ? 'S' : node.type == NodeType::Ca ? 'H' : 'R';
  return std::string("\"") + prefix + "-" + hex(node.guid, 16) + "\"";
}

std::string clean_description(const std::string& text) {
  std::string out = text;
  for (char& c : out) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u > 0x7e) {
      c = ' ';
    } else if (c == '"') {
      c = '\'';
    }
  }
  return out;
}

// "2026-11-29T23:48:00Z" (UTC) or "2026-11-29T23:48:00" (a local time, as readers keep
// ibnetdiscover's own header) -> "Sun Nov 29 23:48:00 2026", ctime's layout. Anything else
// is returned unchanged.
std::string ctime_layout(const std::string& iso) {
  constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:dd";
  bool shaped =
      iso.size() == kShape.size() || (iso.size() == kShape.size() + 1 && iso.back() == 'Z');
  for (std::size_t i = 0; shaped && i < kShape.size(); ++i) {
    shaped = kShape[i] == 'd' ? iso[i] >= '0' && iso[i] <= '9' : iso[i] == kShape[i];
  }
  if (!shaped) {
    return iso;
  }
  auto field = [&iso](std::size_t at, std::size_t length) {
    return static_cast<unsigned>(std::stoul(iso.substr(at, length)));
  };
  unsigned y = field(0, 4);
  unsigned mo = field(5, 2);
  unsigned d = field(8, 2);
  std::chrono::year_month_day date{std::chrono::year{static_cast<int>(y)}, std::chrono::month{mo},
                                   std::chrono::day{d}};
  if (!date.ok() || field(11, 2) > 23 || field(14, 2) > 59 || field(17, 2) > 60) {
    return iso;
  }
  constexpr std::array<const char*, 7> kDays = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  constexpr std::array<const char*, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  unsigned weekday = std::chrono::weekday{std::chrono::sys_days{date}}.c_encoding();
  return std::string(kDays.at(weekday)) + " " + kMonths.at(mo - 1) + " " + (d < 10 ? " " : "") +
         std::to_string(d) + " " + iso.substr(11, 8) + " " + std::to_string(y);
}

void write_header(const Fabric& fabric, std::ostream& out) {
  const Provenance& p = fabric.provenance();
  out << "#\n# Topology file: ";
  if (p.time) {
    out << "generated on " << ctime_layout(*p.time) << '\n';
  } else {
    out << "generation time unknown\n";
  }
  out << "#\n";
  if (!p.local_port_guid) {
    return;
  }
  for (const Port& port : fabric.ports()) {
    if (port.guid == p.local_port_guid) {
      out << "# Initiated from node " << hex(fabric.node(port.node).guid, 16) << " port "
          << hex(*p.local_port_guid, 16) << '\n';
      return;
    }
  }
}

std::optional<Lid> switch_lid(const Fabric& fabric, NodeId id) {
  std::optional<PortId> port0 = fabric.find_port(id, 0);
  return port0 ? fabric.port(*port0).base_lid : std::nullopt;
}

// The LID ibnetdiscover prints for a cable's far end: a switch's LID (port 0), else the
// port's own LID.
Lid remote_lid(const Fabric& fabric, const Port& remote) {
  const Node& node = fabric.node(remote.node);
  std::optional<Lid> lid =
      node.type == NodeType::Switch ? switch_lid(fabric, remote.node) : remote.base_lid;
  return lid.value_or(0);
}

// "4xQDR"; "??" or "???" for the absent half; empty when both are absent.
std::string rate(const Port& port) {
  if (!port.width_active && !port.speed_active) {
    return "";
  }
  return (port.width_active ? to_string(*port.width_active) : "??") +
         (port.speed_active ? to_string(*port.speed_active) : "???");
}

std::string lid_and_rate(const Fabric& fabric, const Port& port, const Port& remote) {
  std::string text = "lid " + std::to_string(remote_lid(fabric, remote));
  std::string r = rate(port);
  return r.empty() ? text : text + " " + r;
}

// The far end as ibnetdiscover names it: "H-..."[1](guid) for a CA or router port.
std::string remote_end(const Fabric& fabric, const Port& remote, bool space_before_guid) {
  const Node& node = fabric.node(remote.node);
  std::string text = node_id(node) + "[" + std::to_string(remote.number) + "]";
  if (node.type != NodeType::Switch && remote.guid) {
    text += (space_before_guid ? " (" : "(") + hex(*remote.guid, 1) + ") ";
  }
  return text;
}

void write_switch_port(const Fabric& fabric, const Port& port, std::ostream& out) {
  const Port& remote = fabric.port(*port.peer);
  out << '[' << int{port.number} << "]\t" << remote_end(fabric, remote, false) << "\t\t# \""
      << clean_description(fabric.node(remote.node).description) << "\" "
      << lid_and_rate(fabric, port, remote) << '\n';
}

void write_ca_port(const Fabric& fabric, const Port& port, std::ostream& out) {
  const Port& remote = fabric.port(*port.peer);
  out << '[' << int{port.number} << ']';
  if (port.guid) {
    out << '(' << hex(*port.guid, 1) << ") ";
  }
  out << '\t' << remote_end(fabric, remote, true) << "\t\t# lid " << port.base_lid.value_or(0)
      << " lmc " << int{port.lmc.value_or(0)} << " \""
      << clean_description(fabric.node(remote.node).description) << "\" "
      << lid_and_rate(fabric, port, remote) << '\n';
}

// NodeInfo NumPorts as the header prints it; see the ibsim note at the top for the 1.
int header_port_count(const Fabric& fabric, NodeId id) {
  int count = fabric.node(id).port_count;
  for (const Port& port : fabric.ports_of(id)) {
    count = std::max(count, int{port.number});
  }
  return std::max(count, 1);
}

void write_ids(const Node& node, std::ostream& out) {
  out << '\n';
  if (node.vendor_id) {
    out << "vendid=0x" << hex(*node.vendor_id, 1) << '\n';
  }
  if (node.device_id) {
    out << "devid=0x" << hex(*node.device_id, 1) << '\n';
  }
  if (node.system_guid) {
    out << "sysimgguid=0x" << hex(*node.system_guid, 1) << '\n';
  }
}

void write_switch(const Fabric& fabric, NodeId id, std::ostream& out) {
  const Node& node = fabric.node(id);
  write_ids(node, out);
  out << "switchguid=0x" << hex(node.guid, 1);
  std::optional<PortId> port0 = fabric.find_port(id, 0);
  const Port* p0 = port0 ? &fabric.port(*port0) : nullptr;
  if (p0 && p0->guid) {
    out << '(' << hex(*p0->guid, 1) << ')';
  }
  out << "\nSwitch\t" << header_port_count(fabric, id) << ' ' << node_id(node) << "\t\t# \""
      << clean_description(node.description) << "\" "
      << (node.enhanced_port0.value_or(false) ? "enhanced" : "base") << " port 0 lid "
      << (p0 ? p0->base_lid.value_or(0) : 0) << " lmc " << (p0 ? int{p0->lmc.value_or(0)} : 0)
      << '\n';
  for (const Port& port : fabric.ports_of(id)) {
    if (port.number != 0 && fabric.is_link(fabric.id_of(port))) {
      write_switch_port(fabric, port, out);
    }
  }
}

void write_ca_or_router(const Fabric& fabric, NodeId id, std::ostream& out) {
  const Node& node = fabric.node(id);
  bool router = node.type == NodeType::Router;
  write_ids(node, out);
  out << (router ? "rtguid=0x" : "caguid=0x") << hex(node.guid, 1) << '\n'
      << (router ? "Rt\t" : "Ca\t") << header_port_count(fabric, id) << ' ' << node_id(node)
      << "\t\t# \"" << clean_description(node.description) << "\"\n";
  for (const Port& port : fabric.ports_of(id)) {
    if (fabric.is_link(fabric.id_of(port))) {
      write_ca_port(fabric, port, out);
    }
  }
}

std::vector<NodeId> nodes_of_type(const Fabric& fabric, NodeType type) {
  std::vector<NodeId> ids;
  for (const Node& node : fabric.nodes()) {
    if (node.type == type) {
      ids.push_back(fabric.id_of(node));
    }
  }
  std::stable_sort(ids.begin(), ids.end(), [&fabric](NodeId a, NodeId b) {
    return fabric.node(a).guid < fabric.node(b).guid;
  });
  return ids;
}

}  // namespace

void write_ibnetdiscover(const Fabric& fabric, std::ostream& out) {
  write_header(fabric, out);
  for (NodeId id : nodes_of_type(fabric, NodeType::Switch)) {
    write_switch(fabric, id, out);
  }
  for (NodeType type : {NodeType::Ca, NodeType::Router}) {
    for (NodeId id : nodes_of_type(fabric, type)) {
      write_ca_or_router(fabric, id, out);
    }
  }
}

}  // namespace ibatlas
