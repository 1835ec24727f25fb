#pragma once

// Live discovery: a breadth-first crawl by directed route over an SmpTransport, with many
// SMPs in flight, per-MAD retries, and every failure kept as data (docs/discover.md).
//
// What it reads: NodeInfo, NodeDescription, SwitchInfo, PortInfo of every switch port (port
// 0 included) and of every CA port it reaches, Mellanox ExtPortInfo (FDR10) of LinkUp QDR
// ports; on request the LFT blocks of every switch (--routes) and PerfMgt PortCounters and
// PortCountersExtended of every connected port (--counters; read only, never reset), and the
// SL-to-VL tables between LinkUp ports (--sl2vl; docs/discover.md says which pairs), and the
// adaptive-routing state of every switch (--ar).
//
// Identity is the directed route: a node is the thing found at the route where it was first
// seen. Two nodes that share a GUID are both kept and listed in DiscoveryReport::duplicates
// (libibnetdisc merges them). A GUID seen again is the same node only if the link it was
// reached over agrees with what is known of that node's port (docs/discover.md, "Duplicates").

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/discover/smp_transport.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

// Passed to CrawlOptions::progress while the crawl runs, and once more at the end (done).
struct CrawlProgress {
  std::size_t nodes = 0;        // nodes found so far
  std::size_t in_flight = 0;    // MADs outstanding now
  std::uint64_t mads_sent = 0;  // retries included
  std::uint64_t mads_answered = 0;
  std::uint64_t timeouts = 0;
  double elapsed_seconds = 0;
  double mads_per_second = 0;  // answered MADs over elapsed time
  bool done = false;
};

// The time a crawl goes by. Empty: the steady clock. Tests and benchmarks give the fake
// transport's virtual clock, and a wait that advances it.
struct CrawlClock {
  std::function<std::chrono::nanoseconds()> now;
  std::function<void(std::chrono::nanoseconds)> wait_until;  // returns once now() >= the time
};

// --per-node's default: chosen on the SMA model (docs/benchmarks.md, "Per-node cap").
inline constexpr std::size_t kDefaultPerNode = 1;

struct CrawlOptions {
  std::size_t max_in_flight = 0;  // the window; 0 or more than the transport's: the transport's
  // SMPs (and, apart, PerfMgt MADs) in flight at one node at most; 0: no cap. A NodeInfo
  // probe counts at the switch it leaves from, and at the node it lands on when that is known
  // by the time it goes out. The window stays full across nodes.
  std::size_t per_node = kDefaultPerNode;
  int retries = 3;  // resends of a MAD that timed out (a rejected MAD is not resent)
  // A timed-out MAD is resent after retry_backoff * 2^(attempts - 1), at most
  // retry_backoff_max; other nodes' MADs go out meanwhile.
  std::chrono::milliseconds retry_backoff{20};
  std::chrono::milliseconds retry_backoff_max{1000};
  // What timed out after every retry is asked again once the rest of the crawl is done (the
  // re-probe pass, up to 7 times, each with --retries), by a route around the switches the
  // failed one went through when the cables found allow.
  bool reprobe = true;
  // The whole crawl's budget; 0: none. When it passes nothing more is sent, and whatever was
  // not answered is an issue ("... by the --deadline").
  std::chrono::milliseconds deadline{0};
  CrawlClock clock;
  // Where the crawl starts (discover -D/-G): the node this route reaches; empty: the local
  // node. --max-hops counts cables from that node (docs/discover.md, "Partial scans").
  DirectedRoute start;
  std::size_t max_hops = DirectedRoute::kMaxHops;  // nodes farther than this are not probed
  // A MAD the transport has not answered after this long counts as timed out (the transport
  // normally reports its own timeouts much sooner; this only guards against a lost reply).
  std::chrono::milliseconds stall_timeout{10000};
  bool routes = false;             // read every switch's linear forwarding table
  bool counters = false;           // read PerfMgt counters of connected ports (needs perf)
  bool sl2vl = false;              // read SLtoVLMappingTables between LinkUp ports
  bool mlnx_ext_port_info = true;  // read ExtPortInfo of LinkUp QDR ports to see FDR10
  // Read every switch's adaptive-routing state (vendor SMPs, GET only; docs/discover.md,
  // "Adaptive routing"). AR failures are kept in the switch's SwitchAr, not as issues.
  bool ar = false;
  // Read SMInfo (0x20) of every port whose CapabilityMask has IsSM (docs/discover.md,
  // "Subnet managers"). A non-zero `sm_interval` reads it again that long after, to see
  // whether each SM's ActCount moves; zero (the default) reads once, so a crawl never waits.
  bool sminfo = true;
  std::chrono::milliseconds sm_interval{0};
  std::function<void(const CrawlProgress&)> progress;  // optional
  std::chrono::milliseconds progress_interval{200};
  Provenance provenance;  // copied into the snapshot; local_port_guid is set by the crawl
};

enum class IssueKind : std::uint8_t {
  NoAnswer,  // no reply after every retry
  Rejected,  // a reply with a non-zero MAD status
  HopLimit,  // a LinkUp port beyond --max-hops was not followed
  NoLid,     // a port that needs a LID for PerfMgt has none
};

std::string to_string(IssueKind kind);  // "no answer", "rejected", ...

// One thing that did not work. Where it happened is given three ways: the directed route the
// MAD took (or the LID, for PerfMgt), and the node and port concerned. For a NodeInfo that
// found nothing, the node is the one probed *from* and the port the one probed out of: what
// is cabled there is missing from the snapshot.
struct DiscoveryIssue {
  IssueKind kind = IssueKind::NoAnswer;
  std::string attribute;  // "NodeInfo", "PortInfo", "PortCounters", ...
  std::uint32_t modifier = 0;
  DirectedRoute route;            // empty for PerfMgt requests
  std::optional<Lid> lid;         // PerfMgt requests only
  std::optional<Guid> node_guid;  // absent: nothing known about the node
  std::string node_description;
  std::optional<std::uint8_t> port;
  int attempts = 0;
  std::string what;  // one line, e.g. "no answer after 4 attempts"
};

// Nodes found at different routes that answered with one node GUID.
struct DuplicateGuid {
  Guid guid = 0;
  std::vector<NodeId> nodes;          // in DiscoveryResult::fabric
  std::vector<DirectedRoute> routes;  // where each was first found, same order
};

struct CrawlStatistics {
  std::uint64_t mads_sent = 0;     // retries included
  std::uint64_t replies = 0;       // answered (Ok or Rejected)
  std::uint64_t timeouts = 0;      // every timed-out attempt, retried or not
  std::uint64_t retries = 0;       // resends (re-probe pass included)
  std::uint64_t retried_mads = 0;  // MADs resent at least once
  std::uint64_t reprobed = 0;      // MADs asked again in the re-probe pass
  std::uint64_t deadline_cut = 0;  // MADs given up on because the --deadline passed
  bool deadline_reached = false;
  std::size_t peak_in_flight = 0;
  std::size_t peak_per_node = 0;  // most in flight at one node (as the engine charges them)
  std::uint64_t charged_far = 0;  // NodeInfo probes also charged to the far end they land on
  double elapsed_seconds = 0;
};

struct DiscoveryReport {
  std::vector<DiscoveryIssue> issues;
  std::vector<DuplicateGuid> duplicates;
  CrawlStatistics statistics;

  // Everything that was asked for answered (duplicates are findings, not failures).
  bool complete() const { return issues.empty(); }
};

struct DiscoveryResult {
  Fabric fabric;  // partial when !report.complete()
  DiscoveryReport report;
};

// Crawls the subnet that `transport`'s local port is attached to. `perf` is used only with
// options.counters (nullptr then: each counter read is an issue). Never throws for a MAD
// that fails; returns when every MAD has been answered or given up on.
DiscoveryResult discover(SmpTransport& transport, const CrawlOptions& options,
                         PerfTransport* perf = nullptr);

// discover -G: the shortest directed route, in `fabric` (a whole crawl from the local port,
// whose provenance names it), from the local node to the node owning the port GUID `guid`
// (a switch: its port 0 GUID; a node GUID is taken too). Only switches forward on the way,
// as a crawl's routes. Nothing when no such node, or the local port, is in `fabric`.
std::optional<DirectedRoute> route_to_guid(const Fabric& fabric, Guid guid);

// The completeness report as text, one problem a line (empty when complete, apart from
// duplicates). Nodes are named by GUID and description.
void write_discovery_report(const DiscoveryReport& report, std::ostream& out);

}  // namespace ibatlas
