#pragma once

// What the crawl reads of one switch's adaptive-routing state (--ar), and how that becomes
// the snapshot's SwitchAr. The reads themselves are Crawl members (crawl_ar.cpp); the
// assembly, with the port-bit self-check, is in crawl_ar_build.cpp.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/discover/ar_decode.hpp"

namespace ibatlas {

// A group table the adaptive entries use: the pLFT it belongs to (0 when groups are global
// or pLFTs are off) and its TableNumber.
struct ArGroupTableRef {
  std::uint8_t plft = 0;
  std::uint8_t table = 0;
  friend auto operator<=>(const ArGroupTableRef&,
                          const ArGroupTableRef&) = default;  // NOLINT(modernize-use-nullptr)
};

struct ArRecord {
  ArSupport support = ArSupport::Supported;
  std::string reason;
  std::optional<ArCapabilities> capabilities;
  std::optional<ArInfo> info;
  std::optional<PrivateLftInfo> plft_info;
  bool legacy = false;  // the AR LFT is 0xFF22
  bool tables_complete = true;
  std::uint16_t top = 0;  // LinearFDBTop: the AR LFTs hold LIDs 0 .. top

  std::uint8_t plfts = 1;                                    // AR LFTs to read: pLFT 0 .. plfts - 1
  bool groups_per_plft = false;                              // each pLFT has its own group tables
  std::uint32_t lft_blocks = 0;                              // per pLFT
  std::uint32_t next_lft = 0;                                // plft * lft_blocks + block
  std::vector<std::vector<std::optional<ArLftEntry>>> lfts;  // by pLFT, then LID

  bool groups_planned = false;  // set once every AR LFT block is in
  std::vector<ArGroupTableRef> group_tables;
  std::uint32_t group_blocks = 0;  // per group table
  std::uint32_t next_group = 0;    // index into group_tables * group_blocks + block
  // The raw group blocks (the bit-to-port mapping is chosen only once all are in).
  std::map<std::tuple<ArGroupTableRef, std::uint32_t>, MadPayload> group_raw;

  std::uint32_t outstanding = 0;  // table reads queued or in flight
};

// The snapshot's record of one switch, with the port-bit mapping chosen by the self-check
// (ar-spec.md §3.7 step 6; docs/discover.md).
SwitchAr assemble_switch_ar(const ArRecord& record, NodeId switch_node);

}  // namespace ibatlas
