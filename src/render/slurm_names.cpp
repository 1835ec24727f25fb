#include "render/slurm_names.hpp"

#include <algorithm>
#include <cctype>

#include "ibatlas/render/style.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// Slurm reads topology.conf names as hostlist expressions (',' separates, '[' ']' enclose
// ranges) on lines its parser splits at blanks, '#' and '='. Only letters, digits, '-', '_'
// and '.' are safe.
bool slurm_safe(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '-';
}

bool has_alnum(const std::string& word) {
  return std::any_of(word.begin(), word.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
}

std::string guid_suffix(Guid guid) {
  return "_" + text::guid_text(guid).substr(2);
}

}  // namespace

std::string slurm_word(const std::string& text) {
  std::string word;
  for (char c : text) {
    word += slurm_safe(c) ? c : '_';
  }
  return word;
}

// Every switch is named, even one no host reaches: the names do not change when hosts
// are filtered (--slurm-hosts), and a duplicate is always found.
SlurmUnits::SlurmUnits(const Fabric& fabric, std::vector<SlurmRename>& renames)
    : fabric_(fabric), tiers_(infer_tiers(fabric)) {
  std::map<std::uint32_t, std::vector<NodeId>> units;
  for (const Node& node : fabric.nodes()) {
    NodeId id = fabric.id_of(node);
    if (node.type == NodeType::Switch) {
      units[tiers_.unit_of(id).value].push_back(id);
    }
  }
  std::map<std::uint32_t, std::string> own;  // the name before it was made safe
  std::map<std::string, int> uses;
  for (const auto& [unit, chips] : units) {
    own[unit] = chips.size() > 1 ? chassis_name(fabric, chips)
                                 : switch_name(fabric.node(chips[0]).description);
    std::string name = slurm_word(own[unit]);
    if (!has_alnum(name)) {
      name = "switch" + guid_suffix(fabric.node(chips[0]).guid);
    }
    names_[unit] = name;
    ++uses[name];
  }
  for (auto& [unit, name] : names_) {
    if (uses[name] > 1) {
      name += guid_suffix(fabric.nodes()[unit].guid);
    }
    taken_.insert(name);
    if (!own[unit].empty() && name != own[unit]) {
      renames.push_back({own[unit], name});
    }
  }
}

std::string SlurmUnits::unique_name(const std::string& wanted, std::uint32_t unit) {
  std::string name =
      taken_.contains(wanted) ? wanted + guid_suffix(fabric_.nodes()[unit].guid) : wanted;
  taken_.insert(name);
  return name;
}

std::map<std::string, std::string> slurm_host_names(const std::map<std::string, Guid>& hosts,
                                                    std::vector<SlurmRename>& renames) {
  std::map<std::string, std::string> names;
  std::set<std::string> taken;
  for (const auto& [own, guid] : hosts) {
    if (slurm_word(own) == own && has_alnum(own)) {
      names[own] = own;
      taken.insert(own);
    }
  }
  for (const auto& [own, guid] : hosts) {
    if (names.contains(own)) {
      continue;
    }
    std::string word = slurm_word(own);
    std::string base = has_alnum(word) ? word : "host";
    std::string name = base == word && !taken.contains(word) ? word : base + guid_suffix(guid);
    for (int n = 2; taken.contains(name); ++n) {  // only when a host is named like that
      name = base + guid_suffix(guid) + "_" + std::to_string(n);
    }
    taken.insert(name);
    names[own] = name;
    renames.push_back({own, name});
  }
  return names;
}

}  // namespace ibatlas
