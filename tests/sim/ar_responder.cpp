// ar_responder: serves one switch's adaptive-routing state to SubnGet requests under ibsim,
// for the live AR tests and the discover --ar benchmark. Started with
//   SIM_HOST=<switch> SIM_SET_ISSM=1 LD_PRELOAD=libumad2sim.so ar_responder --state FILE.json
// ibsim hands every SMP it does not emulate (the vendor attributes, SMInfo) to the "SM"
// client attached at the destination switch (ar-spec.md §6), i.e. to this program.
//
// It answers GeneralInfo, AdaptiveRoutingInfo, PrivateLFTInfo, the AR LFT (SX or legacy)
// and ARGroupTable from the state file (tests/support/ar_state_json.hpp, schema in
// docs/adaptive-routing.md), encoded and its modifiers parsed ONLY with ar_decode.hpp, the
// functions the reader uses: a passing test proves plumbing and decoding, not conformance
// with real firmware. SMInfo gets SMState NOTACTIVE, priority 0 (opensm then leaves the
// switch alone); anything else 0x000C; a SubnSet 0x0008, changing nothing.
//
// Prints "ar_responder: ready" to stderr once registered, and on SIGTERM or SIGINT the
// number of requests answered per attribute, then exits 0.
//
//   ar_responder --write-consistent SNAPSHOT.xml DIR
// writes DIR/<switch description>.json, the consistent state of every switch of a
// `discover --routes` snapshot (support/ar_served_state.hpp), and prints the paths.

#include <array>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <string>
#include <vector>

#include <infiniband/umad.h>

#include "ibatlas/discover/ar_decode.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"
#include "ibatlas/input_file.hpp"

#include "support/ar_served_state.hpp"
#include "support/ar_state_json.hpp"

namespace ibatlas {
namespace {

using test::ArStateFile;

constexpr std::uint8_t kClassSmiLid = 0x01;
constexpr std::uint8_t kClassSmiDirected = 0x81;
constexpr std::uint8_t kMethodGet = 0x01;
constexpr std::uint8_t kMethodSet = 0x02;
constexpr std::uint8_t kMethodGetResp = 0x81;
constexpr std::uint8_t kResponseBit = 0x80;

constexpr std::uint16_t kStatusOk = 0x0000;
constexpr std::uint16_t kStatusMethodUnsupported = 0x0008;
constexpr std::uint16_t kStatusAttributeUnsupported = 0x000C;
constexpr std::uint16_t kStatusBadModifier = 0x001C;

constexpr std::uint16_t kAttrSmInfo = 0x0020;
constexpr std::uint16_t kAttrPrivateLftInfo = 0xFF10;
constexpr std::uint16_t kAttrGeneralInfo = 0xFF17;
constexpr std::uint16_t kAttrArInfo = 0xFF20;
constexpr std::uint16_t kAttrArGroupTable = 0xFF21;
constexpr std::uint16_t kAttrArLftLegacy = 0xFF22;
constexpr std::uint16_t kAttrArLftSx = 0xFF23;

// Block limits of the AR LFTs (LIDs 0 .. 0xBFFF, ar-spec.md §3.4).
constexpr std::uint32_t kSxBlocks = 3072;
constexpr std::uint32_t kLegacyBlocks = 1536;

// SMP layout (ar-spec.md §1): common header, then the attribute data at 64..127.
constexpr std::size_t kMadSize = 256;
constexpr std::size_t kClassOffset = 1;
constexpr std::size_t kMethodOffset = 3;
constexpr std::size_t kStatusOffset = 4;
constexpr std::size_t kHopPointerOffset = 6;
constexpr std::size_t kAttrIdOffset = 16;
constexpr std::size_t kAttrModOffset = 20;
constexpr std::size_t kDataOffset = 64;
constexpr std::uint16_t kDirectionBit = 0x8000;  // the D bit of a DR SMP's status word

volatile std::sig_atomic_t g_stop = 0;

void on_signal(int) {
  g_stop = 1;
}

struct Reply {
  std::uint16_t status = kStatusOk;
  MadPayload data{};
};

Reply error(std::uint16_t status) {
  return Reply{status, {}};
}

Reply ok(const MadPayload& data) {
  return Reply{kStatusOk, data};
}

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         p[3];
}

const ArLft* lft_of(const SwitchAr& ar, std::uint8_t plft) {
  for (const ArLft& lft : ar.lfts) {
    if (lft.plft == plft) {
      return &lft;
    }
  }
  return nullptr;
}

// Entry `lid` of `lft`. One the state does not list reads as Static toward port 255, "no
// route", as in a plain LFT (the legacy table, without DefaultPort, keeps a Static entry's
// port in the group field).
ArLftEntry entry_at(const ArLft* lft, std::size_t lid, bool legacy) {
  if (lft != nullptr && lid < lft->entries.size() && lft->entries[lid]) {
    return *lft->entries[lid];
  }
  constexpr std::uint8_t kNoRoute = 0xFF;
  ArLftEntry none;
  none.state = ArLidState::Static;
  if (legacy) {
    none.group = kNoRoute;
  } else {
    none.default_port = kNoRoute;
  }
  return none;
}

template <typename Block>
Reply lft_block(const SwitchAr& ar, std::uint32_t modifier, std::uint32_t max_blocks,
                MadPayload (*encode)(const Block&)) {
  ArModifiers::LftBlock at = ArModifiers::parse_lft_block(modifier);
  const ArLft* lft = lft_of(ar, at.plft);
  if (at.block >= max_blocks || (lft == nullptr && at.plft != 0)) {
    return error(kStatusBadModifier);
  }
  Block block;
  for (std::size_t i = 0; i < block.size(); ++i) {
    block[i] = entry_at(lft, at.block * block.size() + i, ar.legacy_lft);
  }
  return ok(encode(block));
}

// The ports of group-table entry `entry` (= group * S + sub_group) of one table and pLFT.
std::vector<std::uint8_t> group_entry_ports(const SwitchAr& ar, std::uint32_t entry,
                                            std::uint8_t table, std::uint8_t plft) {
  std::uint32_t per_group = ar.info ? ar_sub_groups_per_group(*ar.info) : 1;
  bool global = ar.info && ar.info->glb_groups;
  for (const ArGroup& g : ar.groups) {
    if (g.table == table && (global || g.plft == plft) && g.group == entry / per_group &&
        g.sub_group == entry % per_group) {
      return g.ports;
    }
  }
  return {};
}

Reply group_block(const SwitchAr& ar, std::uint32_t modifier) {
  ArModifiers::GroupBlock at = ArModifiers::parse_group_block(modifier);
  ArGroupBlock block;
  for (std::size_t i = 0; i < block.size(); ++i) {
    auto entry = static_cast<std::uint32_t>(at.block * kArGroupEntriesPerBlock + i);
    block[i] = group_entry_ports(ar, entry, at.table, at.plft);
  }
  return ok(encode_ar_group_block(block, ar.port_bits.value_or(ArPortBits::BitIsPort)));
}

// SMInfo: GUID, then zeros: SM_Key 0, ActCount 0, priority 0, SMState 0 (NOTACTIVE).
Reply sm_info(Guid guid) {
  MadPayload data{};
  for (std::size_t i = 0; i < 8; ++i) {
    data[i] = static_cast<std::uint8_t>(guid >> (56 - 8 * i));
  }
  return ok(data);
}

Reply answer_get(const ArStateFile& state, std::uint16_t attr, std::uint32_t modifier) {
  const SwitchAr& ar = state.ar;
  switch (attr) {
    case kAttrSmInfo:
      return sm_info(state.switch_guid);
    case kAttrGeneralInfo:
      if (!ar.capabilities) {
        return error(kStatusAttributeUnsupported);
      }
      return modifier == kGeneralInfoCapabilityModifier
                 ? ok(encode_general_info_capabilities(*ar.capabilities))
                 : error(kStatusBadModifier);
    case kAttrArInfo:
      if (!ar.info) {
        return error(kStatusAttributeUnsupported);
      }
      return modifier == ArModifiers::ar_info() ? ok(encode_ar_info(*ar.info))
                                                : error(kStatusBadModifier);
    case kAttrPrivateLftInfo:
      return ar.plft_info ? ok(encode_private_lft_info(*ar.plft_info))
                          : error(kStatusAttributeUnsupported);
    case kAttrArLftSx:
      return ar.info && !ar.legacy_lft ? lft_block(ar, modifier, kSxBlocks, encode_ar_lft_sx)
                                       : error(kStatusAttributeUnsupported);
    case kAttrArLftLegacy:
      return ar.info && ar.legacy_lft ? lft_block(ar, modifier, kLegacyBlocks, encode_ar_lft_legacy)
                                      : error(kStatusAttributeUnsupported);
    case kAttrArGroupTable:
      return ar.info ? group_block(ar, modifier) : error(kStatusAttributeUnsupported);
    default:
      return error(kStatusAttributeUnsupported);
  }
}

// Turns the request in `mad` into its response in place: GetResp, the status (with D = 1
// and hop pointer 0 for directed route), the data. TID, hop count and paths stay.
void make_response(std::uint8_t* mad, const Reply& reply) {
  bool directed = mad[kClassOffset] == kClassSmiDirected;
  mad[kMethodOffset] = kMethodGetResp;
  std::uint16_t status = reply.status | (directed ? kDirectionBit : 0);
  mad[kStatusOffset] = static_cast<std::uint8_t>(status >> 8);
  mad[kStatusOffset + 1] = static_cast<std::uint8_t>(status);
  if (directed) {
    mad[kHopPointerOffset] = 0;
  }
  if (reply.status == kStatusOk) {
    std::memcpy(mad + kDataOffset, reply.data.data(), reply.data.size());
  }
}

struct Counts {
  std::map<std::uint16_t, unsigned long> by_attribute;
  unsigned long rejected = 0;  // answered with a non-zero status
};

// Answers one received request in place; false when it needs no answer (a response, a
// trap repress and the like).
bool answer(const ArStateFile& state, std::uint8_t* mad, Counts& counts) {
  std::uint8_t method = mad[kMethodOffset];
  if ((method & kResponseBit) != 0 || (method != kMethodGet && method != kMethodSet)) {
    return false;
  }
  auto attr = static_cast<std::uint16_t>((mad[kAttrIdOffset] << 8) | mad[kAttrIdOffset + 1]);
  Reply reply = method == kMethodSet ? error(kStatusMethodUnsupported)
                                     : answer_get(state, attr, be32(mad + kAttrModOffset));
  make_response(mad, reply);
  ++counts.by_attribute[attr];
  counts.rejected += reply.status != kStatusOk ? 1 : 0;
  return true;
}

int open_and_register(int& port) {
  if (umad_init() < 0) {
    std::fprintf(stderr, "ar_responder: umad_init failed\n");
    return 1;
  }
  port = umad_open_port(nullptr, 0);
  if (port < 0) {
    std::fprintf(stderr, "ar_responder: umad_open_port: %s\n", std::strerror(-port));
    return 1;
  }
  // ibsim delivers both SMI classes; umad2sim needs an agent for each.
  for (std::uint8_t mgmt_class : {kClassSmiLid, kClassSmiDirected}) {
    if (umad_register(port, mgmt_class, 1, 0, nullptr) < 0) {
      std::fprintf(stderr, "ar_responder: umad_register 0x%02x failed\n", mgmt_class);
      return 1;
    }
  }
  return 0;
}

void print_counts(const Counts& counts) {
  std::fprintf(stderr, "ar_responder: answered");
  for (const auto& [attr, n] : counts.by_attribute) {
    std::fprintf(stderr, " 0x%04x=%lu", attr, n);
  }
  std::fprintf(stderr, " rejected=%lu\n", counts.rejected);
}

int serve(const ArStateFile& state) {
  int port = -1;
  if (open_and_register(port) != 0) {
    return 1;
  }
  std::fprintf(stderr, "ar_responder: ready\n");
  std::fflush(stderr);
  std::vector<std::uint8_t> buffer(umad_size() + kMadSize);
  Counts counts;
  constexpr int kPollMs = 200;  // how soon a stop request is noticed
  while (g_stop == 0) {
    int length = static_cast<int>(kMadSize);
    int agent = umad_recv(port, buffer.data(), &length, kPollMs);
    if (agent < 0) {
      continue;  // timeout or signal
    }
    auto* mad = static_cast<std::uint8_t*>(umad_get_mad(buffer.data()));
    if (answer(state, mad, counts) &&
        umad_send(port, agent, buffer.data(), static_cast<int>(kMadSize), 0, 0) < 0) {
      std::fprintf(stderr, "ar_responder: umad_send failed\n");
    }
  }
  print_counts(counts);
  umad_close_port(port);
  umad_done();
  return 0;
}

// --write-consistent: the state files of every switch of a `discover --routes` snapshot.
int write_states(const std::string& snapshot, const std::string& dir) {
  try {
    Fabric fabric = read_xml_snapshot(read_file(snapshot), snapshot).fabric;
    for (const std::string& path : test::write_consistent_states(fabric, dir)) {
      std::printf("%s\n", path.c_str());
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ar_responder: %s\n", e.what());
    return 2;
  }
}

}  // namespace
}  // namespace ibatlas

int main(int argc, char** argv) {
  bool serve = argc == 3 && std::string(argv[1]) == "--state";
  bool write = argc == 4 && std::string(argv[1]) == "--write-consistent";
  if (!serve && !write) {
    std::fprintf(stderr,
                 "usage: ar_responder --state FILE.json\n"
                 "       ar_responder --write-consistent SNAPSHOT.xml DIR\n");
    return 2;
  }
  if (write) {
    return ibatlas::write_states(argv[2], argv[3]);
  }

  struct sigaction action {};

  action.sa_handler = ibatlas::on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
  try {
    return ibatlas::serve(ibatlas::test::read_ar_state(argv[2]));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ar_responder: %s\n", e.what());
    return 2;
  }
}
