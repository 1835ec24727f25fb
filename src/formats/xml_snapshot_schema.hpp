#pragma once

// Names shared by the XML snapshot writer and reader (docs/formats.md). One table per kind
// of value, and one escape for free text, so the two directions cannot drift apart.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ibatlas/fabric.hpp"

namespace ibatlas::xml_schema {

constexpr const char* kRoot = "ibatlas-snapshot";

// The version a snapshot whose free text needs no escape is written as, so that an older
// ibatlas reads it; kEscapedTextVersion once any text holds an escape. A snapshot with AR
// state is kAdaptiveRoutingVersion (3, xml_snapshot_ar.hpp), its free text escaped as in 2.
constexpr int kPlainTextVersion = 1;
constexpr int kEscapedTextVersion = 2;

// Free text from format version 2: "\\" for a backslash and "\xHH" for each byte XML 1.0
// cannot carry or a parser would change (controls, tab, CR, LF, DEL), for each byte not part
// of well-formed UTF-8, and for each byte of U+0080-U+009F (C1 controls), U+FFFE and U+FFFF.
std::string escape_free_text(std::string_view raw);
// The inverse of escape_free_text (any case of hex digits); nullopt for text the writer would
// not write: a backslash not starting one of the escapes, or a control character. `bad` is
// then that piece.
std::optional<std::string> unescape_free_text(std::string_view text, std::string_view& bad);

struct CounterField {
  const char* name;
  std::optional<std::uint64_t> PortCounters::*member;
};

// The counters after rcv-pkts came later, without a version bump (as <sl2vl-table>): a
// snapshot without them is unchanged, and an older reader rejects one with them by the
// attribute's name rather than misreading it.
constexpr std::array<CounterField, 31> kCounterFields = {{
    {"symbol-errors", &PortCounters::symbol_errors},
    {"link-error-recovery", &PortCounters::link_error_recovery},
    {"link-downed", &PortCounters::link_downed},
    {"rcv-errors", &PortCounters::rcv_errors},
    {"rcv-remote-phys-errors", &PortCounters::rcv_remote_phys_errors},
    {"rcv-switch-relay-errors", &PortCounters::rcv_switch_relay_errors},
    {"xmit-discards", &PortCounters::xmit_discards},
    {"xmit-constraint-errors", &PortCounters::xmit_constraint_errors},
    {"rcv-constraint-errors", &PortCounters::rcv_constraint_errors},
    {"local-link-integrity-errors", &PortCounters::local_link_integrity_errors},
    {"excessive-buffer-overruns", &PortCounters::excessive_buffer_overruns},
    {"vl15-dropped", &PortCounters::vl15_dropped},
    {"xmit-wait", &PortCounters::xmit_wait},
    {"xmit-data", &PortCounters::xmit_data},
    {"rcv-data", &PortCounters::rcv_data},
    {"xmit-pkts", &PortCounters::xmit_pkts},
    {"rcv-pkts", &PortCounters::rcv_pkts},
    {"unicast-xmit-pkts", &PortCounters::unicast_xmit_pkts},
    {"unicast-rcv-pkts", &PortCounters::unicast_rcv_pkts},
    {"multicast-xmit-pkts", &PortCounters::multicast_xmit_pkts},
    {"multicast-rcv-pkts", &PortCounters::multicast_rcv_pkts},
    {"local-physical-errors", &PortCounters::local_physical_errors},
    {"malformed-packet-errors", &PortCounters::malformed_packet_errors},
    {"buffer-overrun-errors", &PortCounters::buffer_overrun_errors},
    {"dlid-mapping-errors", &PortCounters::dlid_mapping_errors},
    {"vl-mapping-errors", &PortCounters::vl_mapping_errors},
    {"looping-errors", &PortCounters::looping_errors},
    {"inactive-discards", &PortCounters::inactive_discards},
    {"neighbor-mtu-discards", &PortCounters::neighbor_mtu_discards},
    {"sw-lifetime-limit-discards", &PortCounters::sw_lifetime_limit_discards},
    {"sw-hoq-lifetime-limit-discards", &PortCounters::sw_hoq_lifetime_limit_discards},
}};

// Every enumerator, in order, so names can be looked up by scanning with to_string().
constexpr std::array<NodeType, 3> kNodeTypes = {NodeType::Ca, NodeType::Switch, NodeType::Router};
constexpr std::array<LinkWidth, 5> kWidths = {LinkWidth::X1, LinkWidth::X2, LinkWidth::X4,
                                              LinkWidth::X8, LinkWidth::X12};
constexpr std::array<LinkSpeed, 9> kSpeeds = {LinkSpeed::Sdr,   LinkSpeed::Ddr, LinkSpeed::Qdr,
                                              LinkSpeed::Fdr10, LinkSpeed::Fdr, LinkSpeed::Edr,
                                              LinkSpeed::Hdr,   LinkSpeed::Ndr, LinkSpeed::Xdr};
constexpr std::array<PortState, 4> kPortStates = {PortState::Down, PortState::Init,
                                                  PortState::Armed, PortState::Active};
constexpr std::array<PhysState, 7> kPhysStates = {
    PhysState::Sleep,  PhysState::Polling,           PhysState::Disabled, PhysState::Training,
    PhysState::LinkUp, PhysState::LinkErrorRecovery, PhysState::PhyTest};
constexpr std::array<Mtu, 5> kMtus = {Mtu::B256, Mtu::B512, Mtu::B1024, Mtu::B2048, Mtu::B4096};

}  // namespace ibatlas::xml_schema
