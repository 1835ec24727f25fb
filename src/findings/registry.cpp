#include "ibatlas/findings/registry.hpp"

#include <array>

namespace ibatlas {

namespace {

using enum Severity;

// The registry. Order = docs/checks.md order. Titles are one line each.
constexpr std::array<CheckInfo, 89> kChecks = {{
    {"link.degraded", Error, "Link runs below what both ends enable and support"},
    {"link.capped", Warning, "Link limited by an end's enabled widths or speeds"},
    {"link.unexpected", Warning, "Link below the expected width or speed of its tier"},
    {"link.unknown_capability", Info, "Enabled/supported sets unknown: some checks cannot tell"},
    {"link.mismatch", Error, "The two ends of a link disagree"},
    {"port.not_active", Error, "Physical link up, but the port is not Active"},
    {"port.disabled", Info, "Port disabled"},
    {"port.down", Error, "Port down where a cable was"},
    {"node.duplicate_guid", Error, "Two nodes share a node GUID"},
    {"port.duplicate_guid", Error, "Two ports share a port GUID"},
    {"lid.duplicate", Error, "Two ports answer to the same LID"},
    {"lid.unassigned", Error, "LID 0 or 65535 on an active port"},
    {"node.duplicate_description", Warning, "Nodes share a node description"},
    {"topo.asymmetric", Warning, "Fat-tree switch or switch pair with unusual link counts"},
    {"topo.oversubscribed", Info, "Leaf more oversubscribed than its peers"},
    {"topo.ftree_ready", Warning, "opensm's ftree routing would reject this fabric"},
    {"counter.symbol_errors", Warning, "SymbolErrorCounter over threshold"},
    {"counter.link_error_recovery", Warning, "LinkErrorRecoveryCounter over threshold"},
    {"counter.link_downed", Warning, "LinkDownedCounter over threshold"},
    {"counter.rcv_errors", Warning, "PortRcvErrors over threshold"},
    {"counter.rcv_remote_phys_errors", Info, "PortRcvRemotePhysicalErrors over threshold"},
    {"counter.rcv_switch_relay_errors", Info, "PortRcvSwitchRelayErrors over threshold"},
    {"counter.xmit_discards", Warning, "PortXmitDiscards over threshold"},
    {"counter.xmit_constraint_errors", Info, "PortXmitConstraintErrors over threshold"},
    {"counter.rcv_constraint_errors", Info, "PortRcvConstraintErrors over threshold"},
    {"counter.local_link_integrity_errors", Warning, "LocalLinkIntegrityErrors over threshold"},
    {"counter.excessive_buffer_overruns", Warning, "ExcessiveBufferOverrunErrors over threshold"},
    {"counter.vl15_dropped", Info, "VL15Dropped over threshold"},
    {"counter.no_interval", Info, "Counter rates unknown: a snapshot lacks its time"},
    {"plan.missing", Error, "A planned cable is not there"},
    {"plan.extra", Warning, "A cable the plan does not list"},
    {"plan.miswired", Error, "A cable reaches the wrong port"},
    {"plan.wrong_speed", Error, "A planned cable runs at another width or speed"},
    {"plan.ambiguous_name", Warning, "A plan name matches several nodes"},
    {"plan.beyond_scan", Info, "Planned cables beyond a partial scan were not compared"},
    // The routing checks (routing/route_checks.hpp), which return this slice: keep together.
    {"route.unreachable", Error, "Routes dropped: no entry, no table, bad or down port"},
    {"route.loop", Error, "Routes that come back to a switch they passed"},
    {"route.credit_loop", Error, "Cycle in the channel dependency graph: possible deadlock"},
    {"route.sl_assumed", Info, "Credit loops judged with SL 0 for paths whose SL is unknown"},
    {"route.vl_assumed", Info, "Credit loops judged with VL 0 where an SL-to-VL table is unread"},
    {"route.nonminimal", Warning, "Switch forwards LIDs to a neighbour no closer to them"},
    {"route.imbalance", Warning, "A switch link carries twice its fair share of routes or more"},
    {"route.asymmetric", Info, "CA pairs routed over different links each way"},
    // The probe engine (probe/run.hpp): verdicts from traffic.
    {"probe.degraded_link", Error, "Traffic across a suspect link is slower than its controls"},
    {"probe.loss", Warning, "Probes across a path lost replies"},
    {"probe.unreachable_host", Error, "A host's probe agent did not answer"},
    {"probe.inconclusive", Warning, "The probes could neither confirm nor clear a suspect link"},
    {"probe.regression", Error, "A path or link is slower than in the baseline run"},
    {"probe.transport_unavailable", Error, "The chosen probe transport cannot run on this host"},
    // The adaptive-routing audit (ar/ar_checks.hpp): keep together.
    {"ar.unsupported", Info, "Switch without adaptive routing, or it did not answer"},
    {"ar.decode_uncertain", Info, "AR group masks fit no known port-bit mapping"},
    {"ar.tables_incomplete", Warning, "Some AR table blocks did not answer"},
    {"ar.not_in_dump", Info, "A switch of the fabric is missing from the AR dump"},
    {"ar.unknown_switch", Warning, "The AR dump names a switch the fabric does not hold"},
    {"ar.not_as_expected", Warning, "AR setting differs from --ar-expect"},
    {"ar.disabled_in_tier", Warning, "AR off on a switch whose peers have it on"},
    {"ar.sl_mask_mismatch", Warning, "Peers apply AR to different SLs"},
    {"ar.transport_mismatch", Warning, "Peers exclude different transports from AR"},
    {"ar.subgroups_mismatch", Warning, "Peers use different numbers of AR sub-groups"},
    {"ar.ageing_mismatch", Info, "Peers age bounded-AR bursts differently"},
    {"ar.shield_partial", Warning, "Fallback routing / notifications on some peers only"},
    {"ar.mode_mix", Info, "Peers use different Bounded/Free/HBF mixes"},
    {"ar.hbf_ar_overlap", Warning, "AR and HBF claim the same SLs"},
    {"ar.tables_unused", Info, "AR on with only static entries, or off with adaptive ones"},
    {"ar.group_out_of_range", Error, "AR entry names a group or table past the switch's range"},
    {"ar.group_empty", Error, "AR entry's group has no port"},
    {"ar.default_port_not_in_group", Error, "AR DefaultPort is not in the entry's group"},
    {"ar.static_lft_mismatch", Warning, "AR DefaultPort differs from the plain LFT"},
    {"ar.group_port_invalid", Error, "AR group names port 0 or a port the switch lacks"},
    {"ar.group_port_down", Warning, "AR group holds a port that is not up"},
    {"ar.group_port_not_minhop", Warning, "AR group holds a port no closer to the destination"},
    {"ar.group_port_to_hca", Error, "AR group holds a port to a CA that is not the destination"},
    {"ar.subgroup_overlap", Warning, "A port is in two sub-groups of one AR group"},
    {"ar.path_dead_end", Error, "Some AR choice toward a LID ends where it cannot go on"},
    {"ar.path_loop", Error, "Some AR choice toward a LID comes back to a switch"},
    {"ar.group_id_per_dlid", Warning, "Peers give one destination different AR group numbers"},
    // The subnet managers (analysis/subnet_manager.hpp; sm.flapping: history): keep together.
    {"sm.none", Error, "SMInfo was read and no subnet manager is master"},
    {"sm.multiple_masters", Error, "More than one subnet manager says it is master"},
    {"sm.standby_outranks_master", Warning, "A standby SM would win the election over the master"},
    {"sm.master_stuck", Error, "The master SM's ActCount did not move between two reads"},
    {"sm.no_standby", Info, "One master SM and no standby"},
    {"sm.flapping", Warning, "The master SM changed more than once over the series"},
    // The host doctor (host/host_checks.hpp, `ibatlas host`): keep together.
    {"host.port_down", Error, "A local HCA port is down and not Polling"},
    {"host.port_polling", Error, "A local HCA port is Polling: no link partner"},
    {"host.no_sm", Error, "A local port is physically up but no SM configured it"},
    {"host.pcie_bottleneck", Warning, "The PCIe path carries less than the HCA's ports"},
    {"host.pcie_degraded", Warning, "A PCIe link above the HCA trained below what it can"},
    {"host.numa_far", Warning, "The process may run on no CPU of the HCA's NUMA node"},
    {"host.memlock_low", Warning, "RLIMIT_MEMLOCK too low for RDMA memory registration"},
}};

}  // namespace

std::span<const CheckInfo> all_checks() {
  return kChecks;
}

const CheckInfo* find_check(std::string_view id) {
  for (const CheckInfo& info : kChecks) {
    if (info.id == id) {
      return &info;
    }
  }
  return nullptr;
}

std::string docs_anchor(std::string_view id) {
  std::string anchor = "docs/checks.md#";
  for (char c : id) {
    if (c != '.') {
      anchor += c;  // ids are lower case, digits and '_', which anchors keep
    }
  }
  return anchor;
}

}  // namespace ibatlas
