// From raw attribute fields to the model and back. The speed rules follow libibnetdisc's
// ibnd_get_agg_linkspeedext and ibnetdiscover's dump_linkspeedext_compat, so a live crawl and
// ibnetdiscover name the same speed for the same port.

#include <array>

#include "ibatlas/discover/smp_decode.hpp"

namespace ibatlas {

namespace {

// PortInfo width bits, in LinkWidth order (X1, X2, X4, X8, X12).
constexpr std::array<std::uint8_t, 5> kWidthBits = {0x01, 0x10, 0x02, 0x04, 0x08};

// One bit per speed in each PortInfo speed field.
struct SpeedBit {
  LinkSpeed speed;

  enum Field { Base, Ext, Ext2, Mlnx } field;

  std::uint8_t bit;
};

constexpr std::array<SpeedBit, 9> kSpeedBits = {{
    {LinkSpeed::Sdr, SpeedBit::Base, 0x1},
    {LinkSpeed::Ddr, SpeedBit::Base, 0x2},
    {LinkSpeed::Qdr, SpeedBit::Base, 0x4},
    {LinkSpeed::Fdr10, SpeedBit::Mlnx, kMlnxSpeedFdr10},
    {LinkSpeed::Fdr, SpeedBit::Ext, 0x1},
    {LinkSpeed::Edr, SpeedBit::Ext, 0x2},
    {LinkSpeed::Hdr, SpeedBit::Ext, 0x4},
    {LinkSpeed::Ndr, SpeedBit::Ext, 0x8},
    {LinkSpeed::Xdr, SpeedBit::Ext2, 0x1},
}};

constexpr std::uint8_t kExtSpeedsDisabled = 30;  // LinkSpeedExtEnabled: "extended speeds off"
constexpr std::uint8_t kBaseQdr = 0x4;

struct SpeedFields {
  std::uint8_t base = 0;
  std::uint8_t ext = 0;
  std::uint8_t ext2 = 0;
  std::uint8_t mlnx = 0;

  std::uint8_t& at(SpeedBit::Field f) {
    switch (f) {
      case SpeedBit::Base:
        return base;
      case SpeedBit::Ext:
        return ext;
      case SpeedBit::Ext2:
        return ext2;
      case SpeedBit::Mlnx:
        break;
    }
    return mlnx;
  }
};

std::optional<SpeedSet> speed_set(SpeedFields f) {
  SpeedSet set;
  for (const SpeedBit& b : kSpeedBits) {
    if (f.at(b.field) & b.bit) {
      set.insert(b.speed);
    }
  }
  return set.bits == 0 ? std::nullopt : std::optional<SpeedSet>(set);
}

SpeedFields to_fields(const std::optional<SpeedSet>& set) {
  SpeedFields f;
  for (const SpeedBit& b : kSpeedBits) {
    if (set && set->contains(b.speed)) {
      f.at(b.field) = static_cast<std::uint8_t>(f.at(b.field) | b.bit);
    }
  }
  return f;
}

std::optional<LinkSpeed> single_speed(SpeedBit::Field field, std::uint8_t value) {
  for (const SpeedBit& b : kSpeedBits) {
    if (b.field == field && b.bit == value) {
      return b.speed;
    }
  }
  return std::nullopt;
}

std::optional<LinkSpeed> active_speed(SpeedFields f) {
  if (f.ext2 != 0) {
    return single_speed(SpeedBit::Ext2, f.ext2);
  }
  if (f.ext != 0) {
    return single_speed(SpeedBit::Ext, f.ext);
  }
  if (f.base == kBaseQdr && (f.mlnx & kMlnxSpeedFdr10)) {
    return LinkSpeed::Fdr10;
  }
  return single_speed(SpeedBit::Base, f.base);
}

bool uses_extended(const std::optional<SpeedSet>& set, bool ext2) {
  if (!set) {
    return false;
  }
  if (ext2) {
    return set->contains(LinkSpeed::Xdr);
  }
  return set->contains(LinkSpeed::Fdr) || set->contains(LinkSpeed::Edr) ||
         set->contains(LinkSpeed::Hdr) || set->contains(LinkSpeed::Ndr);
}

}  // namespace

std::optional<LinkWidth> width_from_bits(std::uint8_t active) {
  for (std::size_t i = 0; i < kWidthBits.size(); ++i) {
    if (active == kWidthBits[i]) {
      return static_cast<LinkWidth>(i);
    }
  }
  return std::nullopt;
}

WidthSet width_set_from_bits(std::uint8_t bits) {
  WidthSet set;
  for (std::size_t i = 0; i < kWidthBits.size(); ++i) {
    if (bits & kWidthBits[i]) {
      set.insert(static_cast<LinkWidth>(i));
    }
  }
  return set;
}

std::uint8_t width_to_bits(LinkWidth width) {
  return kWidthBits.at(static_cast<std::size_t>(width));
}

std::uint8_t width_set_to_bits(WidthSet set) {
  std::uint8_t bits = 0;
  for (std::size_t i = 0; i < kWidthBits.size(); ++i) {
    if (set.contains(static_cast<LinkWidth>(i))) {
      bits = static_cast<std::uint8_t>(bits | kWidthBits[i]);
    }
  }
  return bits;
}

PortSpeeds decode_speeds(const PortInfoFields& port, const PortInfoFields& capability,
                         const std::optional<MlnxExtPortInfoFields>& mlnx) {
  bool ext = (capability.capability_mask & kCapIsExtendedSpeedsSupported) != 0;
  bool ext2 = ext && (capability.capability_mask & kCapIsCapabilityMask2Supported) != 0 &&
              (capability.capability_mask2 & kCap2IsExtendedSpeeds2Supported) != 0;
  auto pick = [&](std::uint8_t base, std::uint8_t e, std::uint8_t e2, std::uint8_t m) {
    return SpeedFields{base, ext ? e : std::uint8_t{0}, ext2 ? e2 : std::uint8_t{0},
                       mlnx ? m : std::uint8_t{0}};
  };
  std::uint8_t ext_enabled =
      port.link_speed_ext_enabled == kExtSpeedsDisabled ? 0 : port.link_speed_ext_enabled;
  PortSpeeds speeds;
  speeds.active =
      active_speed(pick(port.link_speed_active, port.link_speed_ext_active,
                        port.link_speed_ext2_active, mlnx ? mlnx->link_speed_active : 0));
  speeds.enabled =
      speed_set(pick(port.link_speed_enabled, ext_enabled, port.link_speed_ext2_enabled,
                     mlnx ? mlnx->link_speed_enabled : 0));
  speeds.supported =
      speed_set(pick(port.link_speed_supported, port.link_speed_ext_supported,
                     port.link_speed_ext2_supported, mlnx ? mlnx->link_speed_supported : 0));
  return speeds;
}

void encode_speeds(const PortSpeeds& speeds, PortInfoFields& port, MlnxExtPortInfoFields& mlnx) {
  SpeedFields enabled = to_fields(speeds.enabled);
  SpeedFields supported = to_fields(speeds.supported);
  SpeedFields active;
  if (speeds.active) {
    active =
        to_fields(SpeedSet{static_cast<std::uint16_t>(1U << static_cast<int>(*speeds.active))});
    if (active.base == 0) {
      active.base = kBaseQdr;  // as devices report: the base field says QDR under FDR10 and up
    }
  }
  port.link_speed_active = active.base;
  port.link_speed_enabled = enabled.base;
  port.link_speed_supported = supported.base;
  port.link_speed_ext_active = active.ext;
  port.link_speed_ext_enabled = enabled.ext;
  port.link_speed_ext_supported = supported.ext;
  port.link_speed_ext2_active = active.ext2;
  port.link_speed_ext2_enabled = enabled.ext2;
  port.link_speed_ext2_supported = supported.ext2;
  mlnx.link_speed_active = active.mlnx;
  mlnx.link_speed_enabled = enabled.mlnx;
  mlnx.link_speed_supported = supported.mlnx;
  bool ext2 = uses_extended(speeds.supported, true) || uses_extended(speeds.enabled, true) ||
              (speeds.active == LinkSpeed::Xdr);
  bool ext = ext2 || uses_extended(speeds.supported, false) ||
             uses_extended(speeds.enabled, false) || active.ext != 0;
  if (ext) {
    port.capability_mask |= kCapIsExtendedSpeedsSupported;
  }
  if (ext2) {
    port.capability_mask |= kCapIsCapabilityMask2Supported;
    port.capability_mask2 =
        static_cast<std::uint16_t>(port.capability_mask2 | kCap2IsExtendedSpeeds2Supported);
  }
}

void apply_port_info(const PortInfoFields& info, const PortSpeeds& speeds, bool with_lid,
                     Port& port) {
  if (with_lid) {
    port.base_lid = info.lid;  // 0 is data here: the SM has not assigned one
    port.lmc = info.lmc;
  }
  if (info.port_state >= 1 && info.port_state <= 4) {
    port.state = static_cast<PortState>(info.port_state);
  }
  if (info.phys_state >= 1 && info.phys_state <= 7) {
    port.phys_state = static_cast<PhysState>(info.phys_state);
  }
  port.width_active = width_from_bits(info.link_width_active);
  WidthSet enabled = width_set_from_bits(info.link_width_enabled);
  WidthSet supported = width_set_from_bits(info.link_width_supported);
  port.width_enabled = enabled.bits ? std::optional<WidthSet>(enabled) : std::nullopt;
  port.width_supported = supported.bits ? std::optional<WidthSet>(supported) : std::nullopt;
  port.speed_active = speeds.active;
  port.speed_enabled = speeds.enabled;
  port.speed_supported = speeds.supported;
  if (info.neighbor_mtu >= 1 && info.neighbor_mtu <= 5) {
    port.mtu_active = static_cast<Mtu>(info.neighbor_mtu);
  }
  if (info.mtu_cap >= 1 && info.mtu_cap <= 5) {
    port.mtu_cap = static_cast<Mtu>(info.mtu_cap);
  }
  if (info.vl_cap >= 1 && info.vl_cap <= 5) {
    port.vl_cap = info.vl_cap;
  }
}

PortCounters counters_from(const std::optional<PortCountersFields>& basic,
                           const std::optional<PortCountersExtendedFields>& extended) {
  PortCounters c;
  if (basic) {
    c.symbol_errors = basic->symbol_errors;
    c.link_error_recovery = basic->link_error_recovery;
    c.link_downed = basic->link_downed;
    c.rcv_errors = basic->rcv_errors;
    c.rcv_remote_phys_errors = basic->rcv_remote_phys_errors;
    c.rcv_switch_relay_errors = basic->rcv_switch_relay_errors;
    c.xmit_discards = basic->xmit_discards;
    c.xmit_constraint_errors = basic->xmit_constraint_errors;
    c.rcv_constraint_errors = basic->rcv_constraint_errors;
    c.local_link_integrity_errors = basic->local_link_integrity_errors;
    c.excessive_buffer_overruns = basic->excessive_buffer_overruns;
    c.vl15_dropped = basic->vl15_dropped;
    c.xmit_wait = basic->xmit_wait;
    c.xmit_data = basic->xmit_data;
    c.rcv_data = basic->rcv_data;
    c.xmit_pkts = basic->xmit_pkts;
    c.rcv_pkts = basic->rcv_pkts;
  }
  if (extended) {  // the 64-bit counters do not wrap; prefer them
    c.xmit_data = extended->xmit_data;
    c.rcv_data = extended->rcv_data;
    c.xmit_pkts = extended->xmit_pkts;
    c.rcv_pkts = extended->rcv_pkts;
  }
  return c;
}

PortCounters counters_from(const PortPerfReads& read,
                           const std::optional<PerfClassPortInfoFields>& class_info) {
  PortCounters c = counters_from(read.basic, read.extended);
  // Without IsExtendedWidthSupported the split is reserved (NoIETF devices send zeros there).
  if (read.extended && class_info && (class_info->capability_mask & kPmCapExtendedWidth)) {
    c.unicast_xmit_pkts = read.extended->unicast_xmit_pkts;
    c.unicast_rcv_pkts = read.extended->unicast_rcv_pkts;
    c.multicast_xmit_pkts = read.extended->multicast_xmit_pkts;
  }
  if (const std::optional<PortRcvErrorDetailsFields>& r = read.rcv_error_details) {
    c.local_physical_errors = r->local_physical_errors;
    c.malformed_packet_errors = r->malformed_packet_errors;
    c.buffer_overrun_errors = r->buffer_overrun_errors;
    c.dlid_mapping_errors = r->dlid_mapping_errors;
    c.vl_mapping_errors = r->vl_mapping_errors;
    c.looping_errors = r->looping_errors;
  }
  if (const std::optional<PortXmitDiscardDetailsFields>& x = read.xmit_discard_details) {
    c.inactive_discards = x->inactive_discards;
    c.neighbor_mtu_discards = x->neighbor_mtu_discards;
    c.sw_lifetime_limit_discards = x->sw_lifetime_limit_discards;
    c.sw_hoq_lifetime_limit_discards = x->sw_hoq_lifetime_limit_discards;
  }
  return c;
}

}  // namespace ibatlas
