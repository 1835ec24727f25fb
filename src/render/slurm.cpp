#include "ibatlas/render/slurm.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "ibatlas/render/style.hpp"
#include "ibatlas/tiers.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

struct SlurmSwitch {
  std::string name;
  int tier = 0;
  std::set<std::string> hosts;
  std::set<std::uint32_t> below;  // units one tier down, cabled to this one
};

// Slurm reads topology.conf names as hostlist expressions (',' separates, '[' ']' enclose
// ranges) on lines its parser splits at blanks, '#' and '='. Only letters, digits, '-', '_'
// and '.' are safe; every other byte becomes '_'.
bool slurm_safe(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '-';
}

std::string slurm_word(const std::string& text) {
  std::string word;
  for (char c : text) {
    word += slurm_safe(c) ? c : '_';
  }
  return word;
}

bool has_alnum(const std::string& word) {
  return std::any_of(word.begin(), word.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
}

std::string guid_suffix(Guid guid) {
  return "_" + text::guid_text(guid).substr(2);
}

// One Slurm switch per unit (a chassis is one); names unique. Renames: each name that is not
// the switch's own name (made safe, or made unique).
std::map<std::uint32_t, SlurmSwitch> slurm_switches(const Fabric& fabric, const Tiers& tiers,
                                                    std::vector<SlurmRename>& renames) {
  std::map<std::uint32_t, std::vector<NodeId>> units;
  for (const Node& node : fabric.nodes()) {
    NodeId id = fabric.id_of(node);
    if (node.type == NodeType::Switch && tiers.of(id)) {
      units[tiers.unit_of(id).value].push_back(id);
    }
  }
  std::map<std::uint32_t, SlurmSwitch> switches;
  std::map<std::uint32_t, std::string> own;  // the name before it was made safe
  std::map<std::string, int> uses;
  for (const auto& [unit, chips] : units) {
    own[unit] = chips.size() > 1 ? chassis_name(fabric, chips)
                                 : switch_name(fabric.node(chips[0]).description);
    std::string name = slurm_word(own[unit]);
    if (!has_alnum(name)) {
      name = "switch" + guid_suffix(fabric.node(chips[0]).guid);
    }
    switches[unit] = SlurmSwitch{name, *tiers.of(chips[0]), {}, {}};
    ++uses[name];
  }
  for (auto& [unit, s] : switches) {
    if (uses[s.name] > 1) {
      s.name += guid_suffix(fabric.nodes()[unit].guid);
    }
    if (!own[unit].empty() && s.name != own[unit]) {
      renames.push_back({own[unit], s.name});
    }
  }
  return switches;
}

// A host as its description names it, before it is made a Slurm name.
struct PlacedHost {
  std::uint32_t unit = 0;  // of its switch
  Guid guid;               // of its first HCA, to make its name unique
};

// Slurm names for the hosts: a safe name is kept; any other is made safe and, when that
// leaves no letter or digit or takes a name already used, gets "_<GUID>", so two hosts
// never merge into one.
std::map<std::string, std::string> host_slurm_names(const std::map<std::string, PlacedHost>& hosts,
                                                    std::vector<SlurmRename>& renames) {
  std::map<std::string, std::string> names;
  std::set<std::string> taken;
  for (const auto& [own, host] : hosts) {
    if (slurm_word(own) == own && has_alnum(own)) {
      names[own] = own;
      taken.insert(own);
    }
  }
  for (const auto& [own, host] : hosts) {
    if (names.contains(own)) {
      continue;
    }
    std::string word = slurm_word(own);
    std::string base = has_alnum(word) ? word : "host";
    std::string name = base == word && !taken.contains(word) ? word : base + guid_suffix(host.guid);
    for (int n = 2; taken.contains(name); ++n) {  // only when a host is named like that
      name = base + guid_suffix(host.guid) + "_" + std::to_string(n);
    }
    taken.insert(name);
    names[own] = name;
    renames.push_back({own, name});
  }
  return names;
}

// Hosts under the switch of their lowest cabled port; returns the hosts without a name.
std::vector<Guid> place_hosts(const Fabric& fabric, const Tiers& tiers,
                              std::map<std::uint32_t, SlurmSwitch>& switches,
                              std::vector<SlurmRename>& renames) {
  std::vector<Guid> unnamed;
  std::map<std::string, PlacedHost> placed;
  for (const Node& node : fabric.nodes()) {
    if (!is_host(node)) {
      continue;
    }
    std::optional<std::string> name = host_name(node.description);
    for (const Port& port : fabric.ports_of(fabric.id_of(node))) {
      std::uint32_t unit = port.peer ? tiers.unit_of(fabric.node_of(*port.peer)).value : 0;
      if (!port.peer || !switches.contains(unit)) {
        continue;
      }
      if (!name) {
        unnamed.push_back(node.guid);
      } else {
        placed.try_emplace(*name, PlacedHost{unit, node.guid});
      }
      break;
    }
  }
  std::map<std::string, std::string> names = host_slurm_names(placed, renames);
  for (const auto& [own, host] : placed) {
    switches.at(host.unit).hosts.insert(names.at(own));
  }
  return unnamed;
}

void link_tiers(const Fabric& fabric, const Tiers& tiers,
                std::map<std::uint32_t, SlurmSwitch>& switches) {
  for (PortId cable : fabric.links()) {
    std::uint32_t a = tiers.unit_of(fabric.node_of(cable)).value;
    std::uint32_t b = tiers.unit_of(fabric.node_of(*fabric.port(cable).peer)).value;
    auto sa = switches.find(a);
    auto sb = switches.find(b);
    if (sa == switches.end() || sb == switches.end()) {
      continue;
    }
    if (sa->second.tier == sb->second.tier + 1) {
      sa->second.below.insert(b);
    }
    if (sb->second.tier == sa->second.tier + 1) {
      sb->second.below.insert(a);
    }
  }
}

// A name split into its prefix and trailing number; digits == 0 when it has none.
struct Numbered {
  std::string prefix;
  std::size_t digits = 0;
  bool padded = false;  // a leading zero
};

Numbered split_number(const std::string& name) {
  std::size_t start = name.size();
  while (start > 0 && std::isdigit(static_cast<unsigned char>(name[start - 1]))) {
    --start;
  }
  std::size_t digits = name.size() - start;
  if (digits == 0 || digits > 18) {
    return {name, 0, false};
  }
  return {name.substr(0, start), digits, digits > 1 && name[start] == '0'};
}

// "node[0001-0003,0007]", or "node0007" for one number.
std::string bracketed(const std::string& prefix, std::size_t width,
                      const std::set<unsigned long long>& numbers) {
  auto padded = [width](unsigned long long n) {
    std::string s = std::to_string(n);
    return std::string(width > s.size() ? width - s.size() : 0, '0') + s;
  };
  if (numbers.size() == 1) {
    return prefix + padded(*numbers.begin());
  }
  std::string inside;
  for (auto it = numbers.begin(); it != numbers.end();) {
    auto last = it;
    while (std::next(last) != numbers.end() && *std::next(last) == *last + 1) {
      ++last;
    }
    inside += (inside.empty() ? "" : ",") + padded(*it) + (last == it ? "" : "-" + padded(*last));
    it = std::next(last);
  }
  return prefix + "[" + inside + "]";
}

}  // namespace

std::string hostlist(const std::vector<std::string>& names) {
  // Zero-padded numbers fix their prefix's width: "c10" joins "c01"-"c09" (width 2), while
  // without padding "n9" and "n10" share one range.
  std::set<std::pair<std::string, std::size_t>> padded;
  for (const std::string& name : names) {
    Numbered n = split_number(name);
    if (n.padded) {
      padded.insert({n.prefix, n.digits});
    }
  }
  std::map<std::pair<std::string, std::size_t>, std::set<unsigned long long>> ranges;
  std::vector<std::string> parts;
  for (const std::string& name : names) {
    Numbered n = split_number(name);
    if (n.digits == 0) {
      parts.push_back(name);
      continue;
    }
    std::size_t width = padded.contains({n.prefix, n.digits}) ? n.digits : 0;
    ranges[{n.prefix, width}].insert(std::stoull(name.substr(n.prefix.size())));
  }
  for (const auto& [key, numbers] : ranges) {
    parts.push_back(bracketed(key.first, key.second, numbers));
  }
  std::sort(parts.begin(), parts.end(),
            [](const std::string& a, const std::string& b) { return natural_less(a, b); });
  std::string joined;
  for (const std::string& p : parts) {
    joined += (joined.empty() ? "" : ",") + p;
  }
  return joined;
}

namespace {

// The comment at the top: where the file comes from, the hosts left out and every name
// changed for Slurm. Bytes from the fabric are shown escaped: a newline would end the comment.
void write_header(const Fabric& fabric, const std::vector<Guid>& unnamed,
                  const std::vector<SlurmRename>& renames, std::ostream& out) {
  out << "# Slurm topology.conf (TopologyPlugin=topology/tree) written by ibatlas "
      << IBATLAS_VERSION << "\n# from " << text::printable(fabric.provenance().source)
      << ". Host names: the first word of each HCA's node description.\n";
  if (!unnamed.empty()) {
    out << "# " << unnamed.size() << " hosts left out: their description names no host:";
    for (std::size_t i = 0; i < unnamed.size() && i < 8; ++i) {
      out << ' ' << text::guid_text(unnamed[i]);
    }
    out << (unnamed.size() > 8 ? " ...\n" : "\n");
  }
  if (!renames.empty()) {
    out << "# " << renames.size()
        << " names renamed (Slurm names here are letters, digits, '-', '_' and '.'):\n";
    for (const SlurmRename& r : renames) {
      out << "#   \"" << text::printable(r.original) << "\" -> " << r.name << '\n';
    }
  }
}

}  // namespace

SlurmExport write_slurm_topology(const Fabric& fabric, std::ostream& out) {
  Tiers tiers = infer_tiers(fabric);
  SlurmExport result;
  std::map<std::uint32_t, SlurmSwitch> switches = slurm_switches(fabric, tiers, result.renames);
  std::vector<Guid> unnamed = place_hosts(fabric, tiers, switches, result.renames);
  result.unnamed_hosts = unnamed.size();
  link_tiers(fabric, tiers, switches);
  write_header(fabric, unnamed, result.renames, out);
  std::vector<const SlurmSwitch*> order;
  order.reserve(switches.size());
  for (const auto& [unit, s] : switches) {
    order.push_back(&s);
  }
  std::sort(order.begin(), order.end(), [](const SlurmSwitch* a, const SlurmSwitch* b) {
    return a->tier != b->tier ? a->tier < b->tier : natural_less(a->name, b->name);
  });
  for (const SlurmSwitch* s : order) {
    std::vector<std::string> children;
    for (std::uint32_t unit : s->below) {
      const SlurmSwitch& child = switches.at(unit);
      if (!child.hosts.empty() || !child.below.empty()) {  // only switches with a line
        children.push_back(child.name);
      }
    }
    if (s->hosts.empty() && children.empty()) {
      continue;
    }
    out << "SwitchName=" << s->name;
    if (!s->hosts.empty()) {
      out << " Nodes=" << hostlist({s->hosts.begin(), s->hosts.end()});
    }
    if (!children.empty()) {
      out << " Switches=" << hostlist(children);
    }
    out << '\n';
  }
  return result;
}

}  // namespace ibatlas
