// The fabric side of an NDT plan: which node each NDT name denotes. NVIDIA's own converter
// from ibnetdiscover output to NDT (ufm_sdk_3.0, UFM_NDT_Plugin/topo_diff/
// ibnetdiscover_to_ndt.py) and the UFM manual ("Blade N_Port i/j, where N is a leaf number,
// i is an internal ASIC number and j is a port number") fix the naming read here: a director
// ASIC describes itself as "MF0;NAME:MODEL/L16/U2" and its port 20 is "Blade 16_Port 2/20"
// of device NAME; a spine ASIC ("/S05/U1") has only internal links and no NDT name.

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "ibatlas/formats/ndt_plan.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// "L16" with letter 'L' -> 16.
std::optional<std::uint32_t> tagged_number(std::string_view part, char letter) {
  if (part.size() < 2 || std::toupper(static_cast<unsigned char>(part.front())) != letter) {
    return std::nullopt;
  }
  std::optional<std::uint64_t> n = text::parse_decimal(part.substr(1));
  if (!n || *n > 9999) {
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(*n);
}

// What NDT name a switch's node description gives it.
struct SwitchName {
  std::string device;                  // upper case
  std::optional<std::uint32_t> blade;  // a director's line ASIC: its blade and ASIC
  std::uint32_t asic = 0;
  bool spine = false;  // a director's spine ASIC: no NDT name
};

SwitchName switch_name(std::string_view description) {
  std::string_view d = text::trim(description);
  if (!text::starts_with(d, "MF0;")) {
    return SwitchName{text::to_upper(d)};
  }
  d.remove_prefix(4);
  std::size_t colon = d.find(':');
  SwitchName name{text::to_upper(d.substr(0, colon))};
  if (colon == std::string_view::npos) {
    return name;
  }
  std::string_view path = d.substr(colon + 1);  // "MCS8500/L16/U2"
  std::size_t last = path.rfind('/');
  std::size_t before = last == std::string_view::npos || last == 0 ? std::string_view::npos
                                                                   : path.rfind('/', last - 1);
  if (before == std::string_view::npos) {
    return name;
  }
  std::string_view unit = path.substr(before + 1, last - before - 1);
  std::optional<std::uint32_t> asic = tagged_number(path.substr(last + 1), 'U');
  if (!asic) {
    return name;
  }
  name.spine = tagged_number(unit, 'S').has_value();
  name.blade = tagged_number(unit, 'L');
  name.asic = name.blade ? *asic : 0;
  return name;
}

using DirectorKey = std::tuple<std::string, std::uint32_t, std::uint32_t>;

// The fabric's nodes under their NDT names.
struct NdtIndex {
  std::map<std::string, std::vector<NodeId>> switches;
  std::map<DirectorKey, std::vector<NodeId>> line_asics;
  std::map<std::string, std::vector<NodeId>> described;  // every node, by upper-case description
  std::set<std::string> directors;                       // devices with line or spine ASICs

  explicit NdtIndex(const Fabric& fabric) {
    for (const Node& n : fabric.nodes()) {
      NodeId id = fabric.id_of(n);
      described[text::to_upper(text::trim(n.description))].push_back(id);
      if (n.type != NodeType::Switch) {
        continue;
      }
      SwitchName name = switch_name(n.description);
      if (name.blade || name.spine) {
        directors.insert(name.device);
      }
      if (name.blade) {
        line_asics[DirectorKey{name.device, *name.blade, name.asic}].push_back(id);
      } else if (!name.spine) {
        switches[name.device].push_back(id);
      }
    }
  }

  const std::vector<NodeId>* find(const NdtEnd& end) const {
    if (end.kind == NdtPortKind::Host) {
      return lookup(described, text::to_upper(end.port));
    }
    if (end.kind == NdtPortKind::Director) {
      return lookup(line_asics, DirectorKey{text::to_upper(end.device), end.blade, end.asic});
    }
    // A switch's NDT name; failing that, a whole description (what NVIDIA's
    // ndt_file_creator.py writes, hosts included: "r-ufm64 mlx5_0,Port 1").
    const std::vector<NodeId>* by_name = lookup(switches, text::to_upper(end.device));
    return by_name != nullptr ? by_name : lookup(described, text::to_upper(end.device));
  }

  template <typename Map, typename Key>
  static const std::vector<NodeId>* lookup(const Map& map, const Key& key) {
    auto found = map.find(key);
    return found == map.end() ? nullptr : &found->second;
  }
};

// An end's node as the NDT names it (a director ASIC as "DEVICE/L16/U2", the way the ASIC
// describes itself): its label, and its name when no single node matches. Findings append
// " port N".
std::string ndt_node_name(const NdtEnd& end) {
  switch (end.kind) {
    case NdtPortKind::Host:
      return end.port;
    case NdtPortKind::Director:
      return end.device + "/L" + std::to_string(end.blade) + "/U" + std::to_string(end.asic);
    case NdtPortKind::Switch:
      break;
  }
  return end.device;
}

PlanEnd plan_end(const NdtEnd& end, const NdtIndex& index, const Fabric& fabric) {
  std::string name = ndt_node_name(end);
  PlanEnd p{name, end.number, name};
  const std::vector<NodeId>* nodes = index.find(end);
  if (nodes == nullptr) {
    return p;
  }
  const Node& first = fabric.node(nodes->front());
  if (nodes->size() == 1) {
    p.node = text::guid_text(first.guid);
    return p;
  }
  bool shared = std::all_of(nodes->begin(), nodes->end(), [&](NodeId id) {
    return fabric.node(id).description == first.description;
  });
  if (shared) {
    p.node = first.description;  // check_plan reports the name ambiguous
  }
  return p;
}

// `Port N` of a device that is a director in the fabric: which line blade's ASIC that is,
// the NDT does not say, and a guess would report wrong cables.
void refuse_director_ports(const NdtPlan& ndt, const NdtCable& cable, const NdtIndex& index) {
  for (auto [end, side] :
       {std::pair{&cable.start, "StartPort"}, std::pair{&cable.end, "EndPort"}}) {
    if (end->kind == NdtPortKind::Switch && index.find(*end) == nullptr &&
        index.directors.count(text::to_upper(end->device)) != 0) {
      throw ParseError(ndt.source, cable.line,
                       "a director port `Blade B_Port A/N` in " + std::string(side) + " (" +
                           end->device + " is a director in the fabric)",
                       quote_found(end->port));
    }
  }
}

bool director_asic(const SwitchName& name) {
  return name.blade || name.spine;
}

// The links inside directors (line ASIC to spine ASIC of one chassis): an NDT does not list
// them, for they are no cables, so they are planned as they are and never reported extra.
void plan_internal_links(const Fabric& fabric, CablingPlan& plan) {
  auto end_of = [&fabric](PortId id) {
    const Port& p = fabric.port(id);
    const Node& n = fabric.node(p.node);
    return PlanEnd{text::guid_text(n.guid), p.number, n.description};
  };
  std::set<std::pair<std::string, std::uint8_t>> planned;  // the NDT's ports stay its own
  for (const PlannedCable& c : plan.cables) {
    planned.emplace(c.a.node, c.a.port);
    planned.emplace(c.b.node, c.b.port);
  }
  for (PortId link : fabric.links()) {
    const Port& here = fabric.port(link);
    const Node& a = fabric.node(here.node);
    const Node& b = fabric.node(fabric.port(*here.peer).node);
    if (link == *here.peer || a.type != NodeType::Switch || b.type != NodeType::Switch) {
      continue;
    }
    SwitchName na = switch_name(a.description);
    SwitchName nb = switch_name(b.description);
    if (!director_asic(na) || !director_asic(nb) || na.device != nb.device) {
      continue;
    }
    PlannedCable cable{end_of(link), end_of(*here.peer)};
    if (planned.count({cable.a.node, cable.a.port}) == 0 &&
        planned.count({cable.b.node, cable.b.port}) == 0) {
      plan.cables.push_back(std::move(cable));
    }
  }
}

}  // namespace

CablingPlan ndt_cabling_plan(const NdtPlan& ndt, const Fabric& fabric) {
  NdtIndex index(fabric);
  CablingPlan plan{ndt.source, {}};
  plan.cables.reserve(ndt.cables.size());
  for (const NdtCable& cable : ndt.cables) {
    refuse_director_ports(ndt, cable, index);
    PlannedCable planned{plan_end(cable.start, index, fabric), plan_end(cable.end, index, fabric)};
    planned.line = cable.line;
    plan.cables.push_back(std::move(planned));
  }
  plan_internal_links(fabric, plan);
  return plan;
}

ParseError not_a_plan_error(std::string_view text, std::string_view name) {
  text::LineReader lines(text);
  std::optional<std::pair<std::size_t, std::string_view>> first;
  std::size_t line_count = 0;
  while (std::optional<std::string_view> line = lines.next()) {
    line_count = lines.line_number();
    std::string_view t = text::trim(*line);
    if (t.empty()) {
      continue;
    }
    if (t.front() != '#') {
      first = {lines.line_number(), t};
      break;
    }
    if (!first) {
      first = {lines.line_number(), t};
    }
  }
  const std::string expected =
      "a cabling plan (ibatlas plan CSV header `node,port,peer_node,peer_port`, UFM NDT CSV "
      "`#StartDevice,StartPort,EndDevice,EndPort,LinkType`, or a fabric dump)";
  if (!first) {
    return ParseError(std::string(name), line_count + 1, expected, "end of file");
  }
  return ParseError(std::string(name), first->first, expected, quote_found(first->second));
}

}  // namespace ibatlas
