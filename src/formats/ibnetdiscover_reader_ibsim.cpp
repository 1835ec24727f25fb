#include "formats/ibnetdiscover_reader_ibsim.hpp"

#include <string>

namespace ibatlas::ibnetdiscover {

std::size_t IbsimGuids::slot(NodeType type) {
  switch (type) {
    case NodeType::Ca:
      return 0;
    case NodeType::Switch:
      return 1;
    case NodeType::Router:
      return 2;
  }
  return 0;
}

void IbsimGuids::set_base(NodeType type, std::uint64_t value, bool relative) {
  std::size_t i = slot(type);
  if (!relative) {
    base_[i] = value;
    value = 0;
  }
  current_[i] = base_[i] + value;
}

Guid IbsimGuids::next(NodeType type, std::uint8_t ports) {
  std::size_t i = slot(type);
  Guid guid = current_[i];
  current_[i] += type == NodeType::Switch ? 1U : ports + 1U;
  return guid;
}

// A netfile describes the fabric ibsim will simulate, so what ibsim reports for a node the
// file says nothing about is part of its meaning (new_node() and new_switch() in
// sim_net.c; checked against ibnetdiscover run on ibsim 0.10): the name as description,
// vendor and device id 0, the node GUID as system image GUID, "base port 0".
void fill_ibsim_defaults(Node& node, const NodeHeader& header) {
  if (!header.description || header.description->empty()) {
    node.description = std::string(header.id);
  }
  node.vendor_id = node.vendor_id.value_or(0);
  node.device_id = node.device_id.value_or(0);
  node.system_guid = node.system_guid.value_or(node.guid);
  if (node.type == NodeType::Switch) {
    node.enhanced_port0 = node.enhanced_port0.value_or(false);
  }
}

std::optional<WidthSet> enabled_widths(const PortOptions& options) {
  if (!options.w) {
    return std::nullopt;
  }

  struct Bit {
    std::uint32_t mask;
    LinkWidth width;
  };

  constexpr Bit kBits[] = {{1, LinkWidth::X1},
                           {2, LinkWidth::X4},
                           {4, LinkWidth::X8},
                           {8, LinkWidth::X12},
                           {16, LinkWidth::X2}};
  WidthSet set;
  for (const Bit& b : kBits) {
    if (*options.w & b.mask) {
      set.insert(b.width);
    }
  }
  return set;
}

std::optional<SpeedSet> enabled_speeds(const PortOptions& options) {
  if (!options.s && !options.e) {
    return std::nullopt;
  }

  struct Bit {
    std::uint32_t mask;
    LinkSpeed speed;
  };

  constexpr Bit kBase[] = {{1, LinkSpeed::Sdr}, {2, LinkSpeed::Ddr}, {4, LinkSpeed::Qdr}};
  constexpr Bit kExtended[] = {
      {1, LinkSpeed::Fdr}, {2, LinkSpeed::Edr}, {4, LinkSpeed::Hdr}, {8, LinkSpeed::Ndr}};
  SpeedSet set;
  std::uint32_t base = options.s ? (*options.s == 0 ? 4U : *options.s) : 0U;
  for (const Bit& b : kBase) {
    if (base & b.mask) {
      set.insert(b.speed);
    }
  }
  for (const Bit& b : kExtended) {
    if (options.e.value_or(0) & b.mask) {
      set.insert(b.speed);
    }
  }
  return set;
}

}  // namespace ibatlas::ibnetdiscover
