// Adaptive-routing reads (--ar), per switch once its SwitchInfo answered (LinearFDBTop
// bounds the AR LFT), after ar-spec.md §3.7:
//
//   GeneralInfo (0xFF17, modifier 4)  the capability gate: neither AR bit -> Unsupported
//   AdaptiveRoutingInfo (0xFF20)      group_cap 0 -> Unsupported
//   PrivateLFTInfo (0xFF10)           only with capability bit 0; pLFTs active if active_mode != 0
//   AR LFT blocks                     0xFF23 (bit 2) or 0xFF22 (bit 1 only), LIDs 0 .. top, per
//   pLFT ARGroupTable blocks               entries 0 .. (group_top + 1) * S - 1 of each table in
//   use
//
// GET only. Each MAD gets one retry after a timeout. A failed info read ends the switch's
// AR reads (NoAnswer on a timeout, Unsupported on a rejection); a failed table block only
// makes the tables incomplete. None of this is a DiscoveryIssue: a fabric without AR is not
// an incomplete crawl. Table blocks go out a few per switch at a time, the next when one
// comes back, as the LFT blocks do; they queue behind the topology reads.

#include <algorithm>
#include <set>

#include "discover/crawl.hpp"

namespace ibatlas {

namespace {

constexpr int kArRetries = 1;
constexpr std::uint32_t kArBlocksAheadPerSwitch = 4;
constexpr std::uint8_t kMaxPlfts = 8;  // ibdiagnet's MAX_PLFT_NUM; modifiers hold 3 bits

std::uint32_t entries_per_block(const ArRecord& ar) {
  return static_cast<std::uint32_t>(ar.legacy ? kArLftLegacyEntriesPerBlock
                                              : kArLftSxEntriesPerBlock);
}

// One line for SwitchAr::reason: "GeneralInfo: no answer after 2 attempts".
std::string failure_reason(const MadJob& job, const SmpReply& reply) {
  return to_string(std::get<SmpRequest>(job.request).attribute) + ": " +
         describe_failure(reply, job.attempts);
}

void stop(ArRecord& ar, ArSupport support, std::string reason) {
  ar.support = support;
  ar.reason = std::move(reason);
}

// How many pLFTs to read: 1 unless PrivateLFTInfo says they are active. NumPLFTs 0 means 36
// (MLNX ib_types.h); more than kMaxPlfts cannot be named in a modifier.
std::uint8_t plft_count(const std::optional<PrivateLftInfo>& info) {
  if (!info || info->active_mode == 0) {
    return 1;
  }
  return info->num_plfts == 0 ? kMaxPlfts : std::min(info->num_plfts, kMaxPlfts);
}

}  // namespace

void Crawl::start_ar(std::uint32_t index, std::uint16_t linear_fdb_top) {
  nodes_[index].ar = std::make_unique<ArRecord>();
  nodes_[index].ar->top = linear_fdb_top;
  request_ar(index, SmpAttribute::GeneralInfo, kGeneralInfoCapabilityModifier,
             MadPurpose{MadPurpose::Kind::ArGeneralInfo, index, 0, 0});
}

void Crawl::request_ar(std::uint32_t index, SmpAttribute attribute, std::uint32_t modifier,
                       MadPurpose purpose) {
  MadJob job;
  job.request = SmpRequest{0, nodes_[index].route, attribute, modifier};
  job.purpose = purpose;
  job.max_retries = kArRetries;
  engine_.submit(job);
}

void Crawl::on_ar(const MadJob& job, const SmpReply& reply) {
  std::uint32_t index = job.purpose.node;
  using Kind = MadPurpose::Kind;
  if (job.purpose.kind == Kind::ArLft || job.purpose.kind == Kind::ArGroups) {
    on_ar_table(index, job, reply);
    return;
  }
  on_ar_info(index, job, reply);
}

void Crawl::on_ar_info(std::uint32_t index, const MadJob& job, const SmpReply& reply) {
  using Kind = MadPurpose::Kind;
  ArRecord& ar = *nodes_[index].ar;
  Kind kind = job.purpose.kind;
  if (reply.status != SmpStatus::Ok) {
    if (kind == Kind::ArPlftInfo) {  // AR itself answered: read pLFT 0 without it
      ar.tables_complete = false;
      start_ar_tables(index);
      return;
    }
    stop(ar, reply.status == SmpStatus::Timeout ? ArSupport::NoAnswer : ArSupport::Unsupported,
         failure_reason(job, reply));
    return;
  }
  PayloadView data(reply.data);
  if (kind == Kind::ArGeneralInfo) {
    ar.capabilities = decode_general_info_capabilities(data);
    bool sx = has_capability(*ar.capabilities, ArCapabilityBit::AdaptiveRoutingSx);
    if (!sx && !has_capability(*ar.capabilities, ArCapabilityBit::AdaptiveRouting)) {
      stop(ar, ArSupport::Unsupported, "GeneralInfo: neither AR capability bit (1 or 2) is set");
      return;
    }
    ar.legacy = !sx;
    request_ar(index, SmpAttribute::ArInfo, ArModifiers::ar_info(),
               MadPurpose{Kind::ArInfo, index, 0, 0});
  } else if (kind == Kind::ArInfo) {
    ar.info = decode_ar_info(data);
    if (ar.info->group_cap == 0) {
      stop(ar, ArSupport::Unsupported, "AdaptiveRoutingInfo: group_cap is 0");
    } else if (has_capability(*ar.capabilities, ArCapabilityBit::PrivateLft)) {
      request_ar(index, SmpAttribute::PrivateLftInfo, 0, MadPurpose{Kind::ArPlftInfo, index, 0, 0});
    } else {
      start_ar_tables(index);
    }
  } else {
    ar.plft_info = decode_private_lft_info(data);
    start_ar_tables(index);
  }
}

void Crawl::start_ar_tables(std::uint32_t index) {
  ArRecord& ar = *nodes_[index].ar;
  ar.plfts = plft_count(ar.plft_info);
  ar.groups_per_plft = ar.plfts > 1 && !ar.info->glb_groups;
  ar.lft_blocks = static_cast<std::uint32_t>(ar.top) / entries_per_block(ar) + 1;
  ar.lfts.assign(ar.plfts, std::vector<std::optional<ArLftEntry>>(std::size_t{ar.top} + 1));
  pump_ar(index);
}

namespace {

// The group tables the adaptive entries of the AR LFTs name, and how many blocks each.
void plan_groups(ArRecord& ar) {
  ar.groups_planned = true;
  std::set<ArGroupTableRef> used;
  for (std::size_t p = 0; p < ar.lfts.size(); ++p) {
    auto plft = static_cast<std::uint8_t>(ar.groups_per_plft ? p : 0);
    for (const std::optional<ArLftEntry>& entry : ar.lfts[p]) {
      if (entry && is_adaptive(entry->state)) {
        used.insert(ArGroupTableRef{plft, entry->table});
      }
    }
  }
  ar.group_tables.assign(used.begin(), used.end());
  std::uint32_t entries =
      (std::uint32_t{ar.info->group_top} + 1) * ar_sub_groups_per_group(*ar.info);
  constexpr auto kPerBlock = static_cast<std::uint32_t>(kArGroupEntriesPerBlock);
  ar.group_blocks = (entries + kPerBlock - 1) / kPerBlock;
}

}  // namespace

void Crawl::pump_ar(std::uint32_t index) {
  using Kind = MadPurpose::Kind;
  ArRecord& ar = *nodes_[index].ar;
  while (ar.outstanding < kArBlocksAheadPerSwitch) {
    if (ar.next_lft < ar.plfts * ar.lft_blocks) {
      std::uint32_t plft = ar.next_lft / ar.lft_blocks;
      std::uint32_t block = ar.next_lft++ % ar.lft_blocks;
      auto modifier = ArModifiers::lft_block({block, static_cast<std::uint8_t>(plft)});
      request_ar(index, ar.legacy ? SmpAttribute::ArLft : SmpAttribute::ArLftSx, modifier,
                 MadPurpose{Kind::ArLft, index, static_cast<std::uint8_t>(plft), block});
    } else if (!ar.groups_planned) {
      if (ar.outstanding > 0) {
        return;  // the tables to read are known once every AR LFT block is in
      }
      plan_groups(ar);
      continue;
    } else if (ar.next_group < ar.group_tables.size() * ar.group_blocks) {
      std::uint32_t which = ar.next_group / ar.group_blocks;
      std::uint32_t block = ar.next_group++ % ar.group_blocks;
      ArGroupTableRef ref = ar.group_tables[which];
      auto modifier = ArModifiers::group_block({block, ref.table, ref.plft});
      request_ar(index, SmpAttribute::ArGroupTable, modifier,
                 MadPurpose{Kind::ArGroups, index, static_cast<std::uint8_t>(which), block});
    } else {
      return;
    }
    ++ar.outstanding;
  }
}

void Crawl::on_ar_table(std::uint32_t index, const MadJob& job, const SmpReply& reply) {
  ArRecord& ar = *nodes_[index].ar;
  --ar.outstanding;
  const MadPurpose& p = job.purpose;
  if (reply.status != SmpStatus::Ok) {
    ar.tables_complete = false;  // the rest is still worth reading
  } else if (p.kind == MadPurpose::Kind::ArGroups) {
    ar.group_raw[{ar.group_tables[p.port], p.block}] = reply.data;
  } else {
    PayloadView data(reply.data);
    std::vector<std::optional<ArLftEntry>>& lft = ar.lfts[p.port];
    std::size_t first = std::size_t{p.block} * entries_per_block(ar);
    auto store = [&](const auto& block) {
      for (std::size_t i = 0; i < block.size() && first + i < lft.size(); ++i) {
        lft[first + i] = block[i];
      }
    };
    if (ar.legacy) {
      store(decode_ar_lft_legacy(data));
    } else {
      store(decode_ar_lft_sx(data));
    }
  }
  pump_ar(index);
}

}  // namespace ibatlas
