// From an ArRecord to the snapshot's SwitchAr, with the port-bit self-check of ar-spec.md
// §3.7 step 6: which bit of a group mask is which port is not settled (current firmware:
// bit n = port n, assumed; an old firmware: bit 0 = port 1), but every adaptive entry's
// DefaultPort must lie in its group. Both mappings are tried; the one more entries agree with
// wins (a tie: bit n = port n), and when even that one fails more than 10 % of the entries
// the switch is marked decode_uncertain, so the checks do not report tables read on a guess.

#include <algorithm>
#include <set>

#include "discover/crawl_ar.hpp"

namespace ibatlas {

namespace {

// (group table, entry) -> ports, for every group-table entry read.
using EntryPorts = std::map<std::tuple<ArGroupTableRef, std::uint32_t>, std::vector<std::uint8_t>>;

EntryPorts decode_groups(const ArRecord& record, ArPortBits bits) {
  EntryPorts ports;
  for (const auto& [key, raw] : record.group_raw) {
    const auto& [ref, block] = key;
    ArGroupBlock decoded = decode_ar_group_block(raw, bits);
    for (std::size_t m = 0; m < decoded.size(); ++m) {
      auto entry = static_cast<std::uint32_t>(block * kArGroupEntriesPerBlock + m);
      ports[{ref, entry}] = std::move(decoded[m]);
    }
  }
  return ports;
}

ArGroupTableRef table_of(const ArRecord& record, std::size_t plft, const ArLftEntry& entry) {
  return ArGroupTableRef{static_cast<std::uint8_t>(record.groups_per_plft ? plft : 0), entry.table};
}

struct SelfCheck {
  std::size_t checked = 0;  // adaptive entries with a DefaultPort whose group was read
  std::size_t passed = 0;
};

SelfCheck self_check(const ArRecord& record, const EntryPorts& ports) {
  SelfCheck result;
  std::uint32_t s = ar_sub_groups_per_group(*record.info);
  for (std::size_t p = 0; p < record.lfts.size(); ++p) {
    for (const std::optional<ArLftEntry>& entry : record.lfts[p]) {
      if (!entry || !is_adaptive(entry->state) || !entry->default_port) {
        continue;
      }
      bool read = false;
      bool in_group = false;
      for (std::uint32_t sub = 0; sub < s; ++sub) {
        auto it = ports.find({table_of(record, p, *entry), std::uint32_t{entry->group} * s + sub});
        if (it != ports.end()) {
          read = true;
          in_group = in_group ||
                     std::binary_search(it->second.begin(), it->second.end(), *entry->default_port);
        }
      }
      result.checked += read ? 1 : 0;
      result.passed += in_group ? 1 : 0;
    }
  }
  return result;
}

// Groups an adaptive entry names (with every sub-group), and any other non-empty one read.
std::vector<ArGroup> kept_groups(const ArRecord& record, const EntryPorts& ports) {
  std::uint32_t s = ar_sub_groups_per_group(*record.info);
  std::set<std::tuple<ArGroupTableRef, std::uint32_t>> named;  // (table, group)
  for (std::size_t p = 0; p < record.lfts.size(); ++p) {
    for (const std::optional<ArLftEntry>& entry : record.lfts[p]) {
      if (entry && is_adaptive(entry->state)) {
        named.insert({table_of(record, p, *entry), entry->group});
      }
    }
  }
  std::uint32_t entries = (std::uint32_t{record.info->group_top} + 1) * s;
  std::vector<ArGroup> groups;
  for (const auto& [key, entry_ports] : ports) {  // sorted by (plft, table, entry)
    const auto& [ref, entry] = key;
    std::uint32_t group = entry / s;
    if (entry >= entries || (entry_ports.empty() && !named.contains({ref, group}))) {
      continue;
    }
    groups.push_back(ArGroup{ref.plft, ref.table, static_cast<std::uint16_t>(group),
                             static_cast<std::uint8_t>(entry % s), std::nullopt, entry_ports});
  }
  return groups;
}

}  // namespace

SwitchAr assemble_switch_ar(const ArRecord& record, NodeId switch_node) {
  SwitchAr ar;
  ar.switch_node = switch_node;
  ar.support = record.support;
  ar.reason = record.reason;
  ar.capabilities = record.capabilities;
  ar.legacy_lft = record.legacy;
  ar.info = record.info;
  ar.plft_info = record.plft_info;
  ar.tables_complete = record.tables_complete;
  if (record.support != ArSupport::Supported || !record.info) {
    return ar;
  }
  for (std::size_t p = 0; p < record.lfts.size(); ++p) {
    ar.lfts.push_back(ArLft{static_cast<std::uint8_t>(p), record.lfts[p]});
  }
  if (record.group_raw.empty()) {
    return ar;
  }
  EntryPorts bit_is_port = decode_groups(record, ArPortBits::BitIsPort);
  EntryPorts bit_zero_is_port_one = decode_groups(record, ArPortBits::BitZeroIsPortOne);
  SelfCheck first = self_check(record, bit_is_port);
  SelfCheck second = self_check(record, bit_zero_is_port_one);
  bool shifted = second.passed > first.passed;
  const SelfCheck& best = shifted ? second : first;
  ar.port_bits = shifted ? ArPortBits::BitZeroIsPortOne : ArPortBits::BitIsPort;
  ar.decode_uncertain = (best.checked - best.passed) * 10 > best.checked;
  ar.groups = kept_groups(record, shifted ? bit_zero_is_port_one : bit_is_port);
  return ar;
}

}  // namespace ibatlas
