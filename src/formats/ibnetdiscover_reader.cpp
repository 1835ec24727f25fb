// read_ibnetdiscover: ibnetdiscover's default output in the variants seen in the field, and
// ibsim's netfile dialect of it. docs/formats.md describes what is read.
//
// One pass over the lines, then one over the port lines:
// 1. Each line is classified (formats/ibnetdiscover_lex.hpp). Records -- attribute lines,
//    node headers, port lines -- are parsed strictly: a line that starts like a record but
//    does not parse is an error naming its line. Lines that look like no record at all
//    (shell prompts, stderr, log banners) are skipped and listed.
// 2. Nodes are made as their headers come. A port line names its peer by id, and the
//    peer's record usually comes later, so port lines are kept (as string_views into the
//    text) and resolved after the last line: the peer is looked up by GUID (or, in a
//    netfile, by name), the port names its peer one way (FabricBuilder::set_peer), and
//    what the line says about the peer -- its LID, port GUID, description -- fills only
//    what the peer's own record left absent.
// 3. A peer that has no record of its own (a cut-down dump) is made from what the lines
//    say about it; its cable is then known from one end only, and that end is taken as
//    the cable's both ends.

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <utility>

#include "ibatlas/formats/ibnetdiscover.hpp"

#include "formats/ibnetdiscover_reader_state.hpp"
#include "text.hpp"

namespace ibatlas::ibnetdiscover {

namespace {

// A netfile uses ibsim's `Hca` keyword or names nodes freely ("Switch1"); ibnetdiscover
// output names every node "S-<guid>", "H-<guid>" or "R-<guid>". The first header decides,
// by its prefix only, so that a broken GUID there is reported rather than taken for a name.
bool is_netfile(std::string_view text) {
  text::LineReader lines(text);
  while (std::optional<std::string_view> raw = lines.next()) {
    std::string_view line = trim_left(*raw);
    if (classify(line, false) != LineKind::Header) {
      continue;
    }
    if (line.substr(0, 3) == "Hca") {
      return true;
    }
    std::size_t open = line.find('"');
    std::string_view id = open == std::string_view::npos ? "" : line.substr(open + 1, 2);
    return !(id == "S-" || id == "H-" || id == "R-");
  }
  return false;
}

}  // namespace

Reader::Reader(std::string_view text, std::string_view name)
    : text_(text), name_(name), netfile_(is_netfile(text)) {
  // Port lines run 60-100 bytes and a node's header block about 300: reserving from the
  // size saves most reallocations of the (large) Port records.
  peers_.reserve(text.size() / 64);
  builder_.reserve(text.size() / 1024 + 1, text.size() / 64 + 1);
}

ReadResult Reader::read() && {
  text::LineReader lines(text_);
  while (std::optional<std::string_view> raw = lines.next()) {
    line_ = lines.line_number();
    dispatch(trim_left(*raw), *raw);
  }
  recorded_nodes_ = builder_.node_count();
  for (const PendingPeer& peer : peers_) {
    resolve(peer);
  }
  builder_.set_provenance(provenance());
  return ReadResult{std::move(builder_).build(), std::move(skipped_)};
}

void Reader::dispatch(std::string_view line, std::string_view raw) {
  switch (classify(line, netfile_)) {
    case LineKind::Blank:
      record_.reset();  // a blank line ends a record
      return;
    case LineKind::Comment:
      if (!seen_record_) {
        scan_header_comment(line, facts_);
      }
      return;
    case LineKind::Attribute:
      return on_attribute(line);
    case LineKind::Header:
      return on_header(line);
    case LineKind::Port:
      return on_port(line);
    case LineKind::Grouping:
      check_grouping(line, where());
      record_.reset();
      return;
    case LineKind::Extension:
      fail(where(),
           "a netfile record (ibsim's include, do, module, width/speed defaults and @aliases "
           "are not supported)",
           line);
    case LineKind::Noise:
      skipped_.push_back(SkippedLine{line_, std::string(raw)});
      return;
  }
}

void Reader::on_attribute(std::string_view line) {
  Attribute a = parse_attribute(line, where());
  record_.reset();
  switch (a.key) {
    case AttributeKey::VendorId:
      pending_.vendor_id = static_cast<std::uint32_t>(a.value);
      break;
    case AttributeKey::DeviceId:
      pending_.device_id = static_cast<std::uint32_t>(a.value);
      break;
    case AttributeKey::SystemGuid:
      pending_.system_guid = a.value;
      break;
    case AttributeKey::SwitchGuid:
      // ibdiagnet writes the system GUID here and the node GUID in the parentheses, so
      // the node GUID always comes from the header's "S-<guid>".
      ibsim_guids_.set_base(NodeType::Switch, a.value, a.relative);
      pending_.port0_guid = a.port_guid;
      break;
    case AttributeKey::CaGuid:
      ibsim_guids_.set_base(NodeType::Ca, a.value, a.relative);
      break;
    case AttributeKey::RouterGuid:
      ibsim_guids_.set_base(NodeType::Router, a.value, a.relative);
      break;
  }
}

Guid Reader::node_guid(const NodeHeader& header, std::string_view line) {
  Guid counted = ibsim_guids_.next(header.type, header.port_count);
  if (netfile_) {
    if (header.id.find_first_of("#@") != std::string_view::npos) {
      fail(where(), "a node name without '#' or '@' (ibsim reserves them)", header.id);
    }
    if (!by_name_.try_emplace(header.id, NodeId{static_cast<std::uint32_t>(builder_.node_count())})
             .second) {
      fail(where(), "a node name not used by an earlier record", line);
    }
    return counted;
  }
  std::optional<GuidId> id = parse_guid_id(header.id);
  if (!id || id->type != header.type) {
    fail(where(),
         std::string("a node id \"") +
             (header.type == NodeType::Switch ? "S"
              : header.type == NodeType::Ca   ? "H"
                                              : "R") +
             "-<GUID of up to 16 hex digits>\"",
         header.id);
  }
  return id->guid;
}

void Reader::on_header(std::string_view line) {
  NodeHeader h = parse_header(line, where());
  Node node;
  node.type = h.type;
  node.guid = node_guid(h, line);
  if (builder_.find_node(node.guid)) {
    fail(where(), "a node GUID not used by an earlier record", line);
  }
  node.port_count = h.port_count;
  node.enhanced_port0 = h.enhanced_port0;
  node.vendor_id = pending_.vendor_id;
  node.device_id = pending_.device_id;
  node.system_guid = pending_.system_guid;
  node.description = std::string(h.description.value_or(std::string_view()));
  if (netfile_) {
    fill_ibsim_defaults(node, h);
  }
  NodeId id = builder_.add_node(std::move(node));
  slots_.add_node(h.port_count);
  if (h.type == NodeType::Switch) {
    Port port0;
    port0.number = 0;
    port0.guid = netfile_ ? std::optional<Guid>(builder_.node(id).guid) : pending_.port0_guid;
    port0.base_lid = h.lid;
    port0.lmc = h.lmc;
    slots_.set(id, 0, builder_.add_port(id, port0));
  }
  // ibsim keeps devid= for the following nodes (sim_net.c resets only vendid and
  // sysimgguid); ibnetdiscover prints every attribute for every node.
  std::optional<std::uint32_t> kept_device_id = netfile_ ? pending_.device_id : std::nullopt;
  pending_ = PendingAttributes{};
  pending_.device_id = kept_device_id;
  record_ = OpenRecord{id, h.type, h.port_count, builder_.node(id).guid};
  seen_record_ = true;
}

void Reader::on_port(std::string_view line) {
  if (!record_) {
    fail(where(), "a Switch, Ca or Rt header before this port line", line);
  }
  PortLine p = parse_port_line(line, record_->type == NodeType::Switch, where());
  if (p.number == 0 || p.number > record_->port_count) {
    fail(where(),
         "a port number from 1 to " + std::to_string(record_->port_count) +
             " (the header's port count)",
         line);
  }
  if (slots_.find(record_->node, p.number)) {
    fail(where(),
         "one line per port, but port " + std::to_string(p.number) + " was already described",
         line);
  }
  if (!p.remote_port && !netfile_) {
    fail(where(), "'[' and the peer's port number after the peer's id", line);
  }
  std::optional<GuidId> remote = netfile_ ? GuidId{} : parse_guid_id(p.remote_id);
  if (!remote || (netfile_ && p.remote_id.find('@') != std::string_view::npos)) {
    fail(where(),
         netfile_ ? "a peer name (ibsim's @aliases are not supported)"
                  : "a peer id \"S-\", \"H-\" or \"R-\" and a GUID of up to 16 hex digits",
         p.remote_id);
  }
  Port port;
  port.number = p.number;
  set_port_facts(port, p);
  PortId local = builder_.add_port(record_->node, port);
  slots_.set(record_->node, p.number, local);
  peers_.push_back(PendingPeer{local, p.remote_port.value_or(1), p.remote_id, *remote, line_,
                               p.remote_port_guid, p.remote_lid, p.remote_description});
}

// What a port line says about its own port. In ibnetdiscover output the width and speed
// are the port's active ones; in a netfile they are what ibsim enables on the port.
void Reader::set_port_facts(Port& port, const PortLine& p) const {
  port.base_lid = p.lid;
  port.lmc = p.lmc;
  if (record_->type != NodeType::Switch) {
    // ibsim ignores GUIDs in port lines and numbers CA ports from the node GUID; a switch
    // port's "(N)" is ibdiagnet's port label, not a GUID.
    port.guid = netfile_ ? std::optional<Guid>(record_->guid + p.number) : p.paren;
  }
  if (!netfile_) {
    port.width_active = p.width_speed.width;
    port.speed_active = p.width_speed.speed;
    if (p.options.v) {
      port.vl_cap = static_cast<std::uint8_t>(*p.options.v);  // ibnetdiscover -f
    }
    return;
  }
  port.width_enabled = enabled_widths(p.options);
  port.speed_enabled = enabled_speeds(p.options);
  if (p.has_width_speed) {  // ibsim: "lid N 4xEDR" overrides w=/s=/e=
    port.width_enabled.reset();
    port.speed_enabled.reset();
    if (p.width_speed.width) {
      port.width_enabled.emplace().insert(*p.width_speed.width);
    }
    if (p.width_speed.speed) {
      port.speed_enabled.emplace().insert(*p.width_speed.speed);
    }
  }
}

NodeId Reader::find_peer_node(const PendingPeer& peer) {
  LineRef at{name_, peer.line};
  if (netfile_) {
    auto it = by_name_.find(peer.remote_id);
    if (it == by_name_.end()) {
      fail(at, "a peer that has a record of its own somewhere in the netfile", peer.remote_id);
    }
    return it->second;
  }
  const GuidId& id = peer.remote;
  if (std::optional<NodeId> found = builder_.find_node(id.guid)) {
    if (builder_.node(*found).type != id.type) {
      fail(at, "a peer id whose S-/H-/R- prefix matches the type of the peer's record",
           peer.remote_id);
    }
    return *found;
  }
  Node node;  // a peer seen only from this side: what the line says is all we know
  node.type = id.type;
  node.guid = id.guid;
  NodeId made = builder_.add_node(std::move(node));
  if (id.type == NodeType::Switch) {
    builder_.port(made, 0);
  }
  return made;
}

Provenance Reader::provenance() const {
  Provenance p;
  p.source = std::string(name_);
  p.format = netfile_ ? "ibsim" : "ibnetdiscover";
  p.tool = facts_.tool.value_or(netfile_ ? "" : "ibnetdiscover");
  p.time = facts_.time;
  p.local_port_guid = facts_.local_port_guid;
  return p;
}

}  // namespace ibatlas::ibnetdiscover

namespace ibatlas {

ReadResult read_ibnetdiscover(std::string_view text, std::string_view name) {
  return ibnetdiscover::Reader(text, name).read();
}

namespace {

// A node header in ibnetdiscover syntax, `Switch 36 "S-<guid>"` (tabs may be missing). Returns
// nullopt for other lines, true when it is ibsim's dialect (`Hca`, or a name that is not
// S-/H-/R- followed by letters and digits), false otherwise. Letters, not only hex digits,
// so that a hand-mangled GUID (`H-b8cef60300xxxxxx`) still reaches the ibnetdiscover checks.
// Looser than the reader's is_netfile: detection must not turn a broken file away.
std::optional<bool> netfile_header(std::string_view line) {
  std::size_t word_end = 0;
  while (word_end < line.size() && std::isalpha(static_cast<unsigned char>(line[word_end]))) {
    ++word_end;
  }
  std::string_view word = line.substr(0, word_end);
  if (word != "Switch" && word != "Ca" && word != "Hca" && word != "Rt") {
    return std::nullopt;
  }
  std::string_view rest = line.substr(word_end);
  rest = rest.substr(std::min(rest.size(), rest.find_first_not_of(" \t")));
  std::size_t digits_end = rest.find_first_not_of("0123456789");
  if (digits_end == 0 || digits_end == std::string_view::npos) {
    return std::nullopt;
  }
  rest = text::trim(rest.substr(digits_end));
  std::size_t close = rest.find('"', 1);
  if (rest.empty() || rest.front() != '"' || close == std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view name = rest.substr(1, close - 1);
  bool guid_name = name.size() > 2 && name[1] == '-' &&
                   (name[0] == 'S' || name[0] == 'H' || name[0] == 'R') &&
                   text::all_alnum(name.substr(2));
  return word == "Hca" || !guid_name;
}

}  // namespace

bool looks_like_ibsim_line(std::string_view line) {
  return netfile_header(line).value_or(false);
}

bool looks_like_ibnetdiscover_line(std::string_view line) {
  if (std::optional<bool> ibsim = netfile_header(line)) {
    return !*ibsim;
  }
  for (std::string_view key :
       {"vendid=", "devid=", "sysimgguid=", "switchguid=", "caguid=", "rtguid="}) {
    if (text::starts_with(line, key)) {
      return true;
    }
  }
  return false;
}

}  // namespace ibatlas
