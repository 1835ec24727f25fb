// START_PORTS: one row per port with PortInfo as numbers. Encodings (docs/formats.md):
// LinkWidth* are the IBA width bits (1 = 1x, 2 = 4x, 4 = 8x, 8 = 12x, 16 = 2x); LinkSpeed*
// are ibdm's IBLinkSpeed bits, the IBA LinkSpeed bits in the low byte (1 SDR, 2 DDR, 4 QDR),
// LinkSpeedExt in the second (1 FDR, 2 EDR, 4 HDR, 8 NDR), Mellanox FDR10 at 1 << 16 and XDR
// (LinkSpeedExt2) at 1 << 24; PortState, PortPhyState, NMTU/MTUCap and VLCap as in PortInfo.
// 0 means "not given" everywhere. A switch's external ports have no LID or GUID of their own
// (the switch's are its port 0's), so theirs are not kept.

#include <array>
#include <string>

#include "formats/ibdiagnet_csv_parts.hpp"

namespace ibatlas::ibdiagnet {

namespace {

struct WidthBit {
  std::uint64_t bit;
  LinkWidth width;
};

constexpr std::array<WidthBit, 5> kWidths = {{{1, LinkWidth::X1},
                                              {2, LinkWidth::X4},
                                              {4, LinkWidth::X8},
                                              {8, LinkWidth::X12},
                                              {16, LinkWidth::X2}}};

struct SpeedBit {
  std::uint64_t bit;
  LinkSpeed speed;
};

constexpr std::array<SpeedBit, 9> kSpeeds = {{{1, LinkSpeed::Sdr},
                                              {2, LinkSpeed::Ddr},
                                              {4, LinkSpeed::Qdr},
                                              {1U << 8, LinkSpeed::Fdr},
                                              {2U << 8, LinkSpeed::Edr},
                                              {4U << 8, LinkSpeed::Hdr},
                                              {8U << 8, LinkSpeed::Ndr},
                                              {1U << 16, LinkSpeed::Fdr10},
                                              {1U << 24, LinkSpeed::Xdr}}};

struct PortColumns {
  std::optional<std::size_t> guid, lid, lmc, state, phys, mtu, mtu_cap, vl_cap;
  std::optional<std::size_t> width_active, width_enabled, width_supported;
  std::optional<std::size_t> speed_active, speed_enabled, speed_supported;
};

PortColumns port_columns(const TableReader& r) {
  return PortColumns{r.find("PortGuid"),    r.find("LID"),          r.find("LMC"),
                     r.find("PortState"),   r.find("PortPhyState"), r.find("NMTU"),
                     r.find("MTUCap"),      r.find("VLCap"),        r.find("LinkWidthActv"),
                     r.find("LinkWidthEn"), r.find("LinkWidthSup"), r.find("LinkSpeedActv"),
                     r.find("LinkSpeedEn"), r.find("LinkSpeedSup")};
}

std::optional<LinkWidth> width_active(const TableReader& r, const CsvRow& row,
                                      std::optional<std::size_t> column) {
  std::optional<std::uint64_t> value = r.optional_number(row, column, 0xFF);
  if (!value || *value == 0) {
    return std::nullopt;
  }
  for (const WidthBit& w : kWidths) {
    if (w.bit == *value) {
      return w.width;
    }
  }
  r.fail(row, "LinkWidthActv 1 (1x), 2 (4x), 4 (8x), 8 (12x) or 16 (2x)", r.cell(row, *column));
}

std::optional<WidthSet> width_set(const TableReader& r, const CsvRow& row,
                                  std::optional<std::size_t> column) {
  std::optional<std::uint64_t> value = r.optional_number(row, column, 0xFF);
  if (!value) {
    return std::nullopt;
  }
  WidthSet set;
  for (const WidthBit& w : kWidths) {
    if ((*value & w.bit) != 0) {
      set.insert(w.width);
    }
  }
  return set.bits == 0 ? std::nullopt : std::optional<WidthSet>(set);
}

std::optional<SpeedSet> speed_set(const TableReader& r, const CsvRow& row,
                                  std::optional<std::size_t> column) {
  std::optional<std::uint64_t> value = r.optional_number(row, column, 0xFFFFFFFF);
  if (!value) {
    return std::nullopt;
  }
  SpeedSet set;
  for (const SpeedBit& s : kSpeeds) {
    if ((*value & s.bit) != 0) {
      set.insert(s.speed);
    }
  }
  return set.bits == 0 ? std::nullopt : std::optional<SpeedSet>(set);
}

// The fastest speed named: ibdiagnet gives the extended speed beside the base one.
std::optional<LinkSpeed> speed_active(const TableReader& r, const CsvRow& row,
                                      std::optional<std::size_t> column) {
  std::optional<SpeedSet> set = speed_set(r, row, column);
  std::optional<std::uint64_t> value = r.optional_number(row, column, 0xFFFFFFFF);
  if (!set) {
    if (value && *value != 0) {
      r.fail(row, "LinkSpeedActv with a known speed bit", r.cell(row, *column));
    }
    return std::nullopt;
  }
  std::optional<LinkSpeed> best;
  for (const SpeedBit& s : kSpeeds) {
    if (set->contains(s.speed) && (!best || s.speed > *best)) {
      best = s.speed;
    }
  }
  return best;
}

// A PortInfo enumeration: 0 is "not given", 1..max its values.
template <typename Enum>
std::optional<Enum> enum_value(const TableReader& r, const CsvRow& row,
                               std::optional<std::size_t> column, std::uint64_t max) {
  std::optional<std::uint64_t> value = r.optional_number(row, column, max);
  if (!value || *value == 0) {
    return std::nullopt;
  }
  return static_cast<Enum>(*value);
}

void set_link_facts(const TableReader& r, const PortColumns& c, const CsvRow& row, Port& p) {
  p.state = enum_value<PortState>(r, row, c.state, 4);
  p.phys_state = enum_value<PhysState>(r, row, c.phys, 7);
  p.mtu_active = enum_value<Mtu>(r, row, c.mtu, 5);
  p.mtu_cap = enum_value<Mtu>(r, row, c.mtu_cap, 5);
  p.vl_cap = enum_value<std::uint8_t>(r, row, c.vl_cap, 5);
  p.width_active = width_active(r, row, c.width_active);
  p.width_enabled = width_set(r, row, c.width_enabled);
  p.width_supported = width_set(r, row, c.width_supported);
  p.speed_active = speed_active(r, row, c.speed_active);
  p.speed_enabled = speed_set(r, row, c.speed_enabled);
  p.speed_supported = speed_set(r, row, c.speed_supported);
}

}  // namespace

void read_ports(const CsvTable& table, std::string_view file, FabricBuilder& builder) {
  TableReader r(table, file);
  std::size_t node_column = r.require("NodeGuid");
  std::size_t port_column = r.require("PortNum");
  PortColumns c = port_columns(r);
  for (const CsvRow& row : table.rows) {
    NodeId node = node_at(r, row, node_column, builder);
    PortId id = port_at(r, row, port_column, node, builder);
    Port& p = builder.port_data(id);
    bool switch_node = builder.node(node).type == NodeType::Switch;
    if (!switch_node || p.number == 0) {
      p.guid = r.optional_number(row, c.guid, ~0ULL);
      std::optional<std::uint64_t> lid = r.optional_number(row, c.lid, 0xFFFF);
      p.base_lid = lid ? std::optional<Lid>(static_cast<Lid>(*lid)) : std::nullopt;
      std::optional<std::uint64_t> lmc = r.optional_number(row, c.lmc, 7);
      p.lmc = lmc ? std::optional<std::uint8_t>(static_cast<std::uint8_t>(*lmc)) : std::nullopt;
    }
    if (!switch_node || p.number != 0) {
      set_link_facts(r, c, row, p);
    }
  }
}

}  // namespace ibatlas::ibdiagnet
