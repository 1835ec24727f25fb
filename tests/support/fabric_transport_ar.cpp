// FabricTransport's adaptive-routing answers: a switch serves its SwitchAr from the Fabric,
// encoded with ar_decode.hpp's encoders, the modifier read with ArModifiers.

#include <algorithm>

#include "ibatlas/discover/ar_decode.hpp"

#include "support/fabric_transport.hpp"

namespace ibatlas::test {

namespace {

constexpr std::uint16_t kStatusUnsupportedAttribute = 3 << 2;  // 0x000C

ArCapabilities capabilities_of(const SwitchAr& ar) {
  if (ar.capabilities) {
    return *ar.capabilities;
  }
  ArCapabilities mask{};
  mask[0] = 1U << (ar.legacy_lft ? 1 : 2);
  mask[0] |= ar.plft_info ? 1U : 0U;
  return mask;
}

// The entry for `lid` of pLFT `plft`. One the SwitchAr lacks is Static toward port 255, "no
// route", as in a plain LFT and as the sim test responder serves it (the legacy table keeps
// a Static entry's port in the group field).
ArLftEntry entry_of(const SwitchAr& ar, std::uint8_t plft, std::size_t lid) {
  auto lft =
      std::find_if(ar.lfts.begin(), ar.lfts.end(), [&](const ArLft& l) { return l.plft == plft; });
  if (lft != ar.lfts.end() && lid < lft->entries.size() && lft->entries[lid]) {
    return *lft->entries[lid];
  }
  constexpr std::uint8_t kNoRoute = 0xFF;
  ArLftEntry none;
  if (ar.legacy_lft) {
    none.group = kNoRoute;
  } else {
    none.default_port = kNoRoute;
  }
  return none;
}

template <typename Block>
Block lft_block_of(const SwitchAr& ar, std::uint32_t modifier) {
  ArModifiers::LftBlock at = ArModifiers::parse_lft_block(modifier);
  Block block;
  for (std::size_t i = 0; i < block.size(); ++i) {
    block[i] = entry_of(ar, at.plft, std::size_t{at.block} * block.size() + i);
  }
  return block;
}

std::optional<MadPayload> group_block_of(const SwitchAr& ar, std::uint32_t modifier) {
  if (!ar.info) {
    return std::nullopt;
  }
  ArModifiers::GroupBlock at = ArModifiers::parse_group_block(modifier);
  std::uint32_t s = ar_sub_groups_per_group(*ar.info);
  ArGroupBlock block;
  for (std::size_t m = 0; m < block.size(); ++m) {
    std::uint32_t entry =
        at.block * static_cast<std::uint32_t>(block.size()) + static_cast<std::uint32_t>(m);
    auto group = std::find_if(ar.groups.begin(), ar.groups.end(), [&](const ArGroup& g) {
      return g.plft == at.plft && g.table == at.table && g.group == entry / s &&
             g.sub_group == entry % s;
    });
    if (group != ar.groups.end()) {
      block[m] = group->ports;
    }
  }
  return encode_ar_group_block(block, ar.port_bits.value_or(ArPortBits::BitIsPort));
}

std::optional<MadPayload> ar_payload(const SwitchAr& ar, const SmpRequest& request) {
  switch (request.attribute) {
    case SmpAttribute::GeneralInfo:
      if (request.modifier != kGeneralInfoCapabilityModifier) {
        return std::nullopt;
      }
      return encode_general_info_capabilities(capabilities_of(ar));
    case SmpAttribute::ArInfo:
      if (!ar.info) {
        return std::nullopt;
      }
      return encode_ar_info(*ar.info);
    case SmpAttribute::PrivateLftInfo:
      if (!ar.plft_info) {
        return std::nullopt;
      }
      return encode_private_lft_info(*ar.plft_info);
    case SmpAttribute::ArLftSx:
      if (ar.legacy_lft) {
        return std::nullopt;
      }
      return encode_ar_lft_sx(lft_block_of<ArLftSxBlock>(ar, request.modifier));
    case SmpAttribute::ArLft:
      if (!ar.legacy_lft) {
        return std::nullopt;
      }
      return encode_ar_lft_legacy(lft_block_of<ArLftLegacyBlock>(ar, request.modifier));
    case SmpAttribute::ArGroupTable:
      return group_block_of(ar, request.modifier);
    default:
      return std::nullopt;
  }
}

}  // namespace

bool is_ar_attribute(SmpAttribute attribute) {
  switch (attribute) {
    case SmpAttribute::PrivateLftInfo:
    case SmpAttribute::GeneralInfo:
    case SmpAttribute::ArInfo:
    case SmpAttribute::ArGroupTable:
    case SmpAttribute::ArLft:
    case SmpAttribute::ArLftSx:
      return true;
    default:
      return false;
  }
}

SmpReply FabricTransport::answer_ar(const SmpRequest& request, NodeId node) const {
  SmpReply reply;
  reply.tag = request.tag;
  const SwitchAr* ar = fabric_.adaptive_routing_of(node);
  if (options_.ar_silent.contains(node) || (ar != nullptr && ar->support == ArSupport::NoAnswer)) {
    return reply;  // Timeout
  }
  std::optional<MadPayload> data = ar != nullptr ? ar_payload(*ar, request) : std::nullopt;
  if (!data) {
    reply.status = SmpStatus::Rejected;
    reply.mad_status = kStatusUnsupportedAttribute;
    return reply;
  }
  reply.status = SmpStatus::Ok;
  reply.data = *data;
  return reply;
}

}  // namespace ibatlas::test
