#pragma once

// The crawl's state and rules: what to ask next and what each answer means. The MadEngine
// moves the MADs; build_result() turns the records into a Fabric at the end.

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/discover/smp_decode.hpp"

#include "discover/crawl_ar.hpp"
#include "discover/mad_engine.hpp"

namespace ibatlas {

struct PeerRef {
  std::uint32_t node = 0;  // index into Crawl::nodes()
  std::uint8_t port = 0;
  friend bool operator==(const PeerRef&, const PeerRef&) = default;
  friend auto operator<=>(const PeerRef&,
                          const PeerRef&) = default;  // NOLINT(modernize-use-nullptr)
};

// The NodeInfo probe out of a port: has it been sent, and what did it find.
enum class ProbeState : std::uint8_t { NotYet, Sent, Answered, Failed, NotNeeded, HopLimited };

struct PortRecord {
  std::optional<PortInfoFields> info;
  std::optional<MlnxExtPortInfoFields> mlnx;
  std::optional<Guid> guid;
  std::optional<PeerRef> peer;
  bool info_requested = false;
  ProbeState probe = ProbeState::NotYet;
  Guid probe_saw_guid = 0;  // with probe == Answered: the node and port the probe reached
  std::uint8_t probe_saw_port = 0;
};

// One SLtoVLMappingTable read (--sl2vl). A CA's or router's has in == out.
struct SlToVlRead {
  std::uint8_t in = 0;
  std::uint8_t out = 0;
  SlToVlFields vl{};
};

// What the counters phase read for one port (kept apart: most crawls read none).
using CounterRecord = PortPerfReads;

// What the counters phase learnt of one node's PMA. The error details are optional
// attributes: the first cabled port asks (the probe), the node's other ports wait for its
// verdict, so a PMA without them costs one failed Get per attribute, not one per port.
struct PerfSupport {
  enum class Details : std::uint8_t { NotAsked, Probing, Yes, No };
  static constexpr std::size_t kRcvError = 0;     // PortRcvErrorDetails
  static constexpr std::size_t kXmitDiscard = 1;  // PortXmitDiscardDetails

  bool class_info_asked = false;
  std::optional<PerfClassPortInfoFields> class_info;  // ClassPortInfo, when it answered
  std::array<Details, 2> details{Details::NotAsked, Details::NotAsked};
  std::array<std::vector<std::uint8_t>, 2> waiting;  // ports to ask once the probe says Yes
};

struct NodeRecord {
  DirectedRoute route;  // where it was first found: its identity
  NodeInfoFields info;
  std::uint8_t entry_port = 0;  // the port that first arrival came in by
  std::uint8_t hops = 0;        // cables from the node the crawl started at
  std::optional<std::string> description;
  std::optional<SwitchInfoFields> switch_info;
  std::vector<PortRecord> ports;        // by port number, 0 .. NumPorts
  std::vector<CounterRecord> counters;  // by port number; empty unless counters were read
  PerfSupport perf;                     // counters phase only
  std::vector<std::uint8_t> lft;
  std::uint32_t lft_blocks_left = 0;  // blocks not answered yet
  std::uint32_t lft_next_block = 0;   // the next block to request
  bool lft_failed = false;
  std::vector<SlToVlRead> sl2vl;      // tables read (--sl2vl)
  std::uint32_t sl2vl_next_pair = 0;  // switch: next (in, out) to consider, in * (N + 1) + out
  std::uint16_t port_infos_left = 0;  // switch: PortInfo MADs not answered or failed yet
  std::unique_ptr<ArRecord> ar;       // --ar, switches whose SwitchInfo answered

  bool is_switch() const { return info.node_type == static_cast<std::uint8_t>(NodeType::Switch); }
};

// A NodeInfo answer: what was found at `route`, reached out of `from` (none: the local node).
struct Arrival {
  DirectedRoute route;
  std::optional<PeerRef> from;
  NodeInfoFields info;
};

// How many times the re-probe pass asks again a MAD that keeps failing, each time with the
// full --retries. A switch that drops 30% of the MADs entering it (ibsim's Error: at each
// port and where handled, both ways) answers about 1 in 4 MADs addressed to it; 32 tries
// leave 1 in 10,000 unanswered. The price: a dead switch costs 8 rounds of timeouts
// (--deadline bounds them).
constexpr std::size_t kReprobes = 7;

// A port whose PortInfo says IsSM, and what its SMInfo reads said (crawl_sminfo.cpp).
struct SmRead {
  std::uint32_t node = 0;
  std::uint8_t port = 0;
  DirectedRoute route;  // arrives at that port (a switch: its port 0)
  std::optional<SmInfoFields> first;
  std::optional<SmInfoFields> second;
  std::chrono::steady_clock::time_point first_at;
  std::chrono::steady_clock::time_point second_at;
};

// An issue and the node it concerns (named at build time, when descriptions are known).
struct PendingIssue {
  DiscoveryIssue issue;
  std::optional<std::uint32_t> node;
};

class Crawl {
 public:
  Crawl(const CrawlOptions& options, MadEngine& engine) : options_(options), engine_(engine) {}

  void start();  // NodeInfo of the local node
  void handle(const MadJob& job, const SmpReply& reply);
  // After the topology crawl: queues the PerfMgt reads (counters phase).
  void start_counters(bool have_perf);
  // The re-probe pass: what timed out after every retry is asked again (up to 7 times), with as
  // many retries once more and by a route around the switches it went through if the cables known
  // allow (detour; a PerfMgt read by its LID again); past the deadline or without
  // options.reprobe it becomes an issue now. Returns
  // whether anything was queued: the engine runs again, and what that run defers (MADs sent for the
  // first time in it) goes to the next call.
  bool reprobe();
  // Arrivals still waiting on a port that will never answer are taken as the node they wait on.
  void settle();

  // For MadEngine::set_far_end: the node a NodeInfo probe lands on when the cable it goes out
  // by is known by now (the far side's own probe came over it while this one waited).
  std::optional<std::uint32_t> far_end(const MadJob& job) const;

  std::size_t node_count() const { return nodes_.size(); }

  const std::vector<NodeRecord>& nodes() const { return nodes_; }

  // Hands the records over to build_result(), which frees them as the snapshot grows.
  std::vector<NodeRecord> take_nodes() { return std::move(nodes_); }

  const std::vector<PendingIssue>& issues() const { return issues_; }

  // SMInfo phase (crawl_sminfo.cpp): `round` 0 reads every IsSM port, round 1 reads again
  // those that answered. Returns how many reads were queued.
  std::size_t start_sminfo(int round);
  void on_sminfo(const MadJob& job, const SmpReply& reply);
  // The records of both rounds, as the snapshot holds them (needs nodes(): call before
  // take_nodes()).
  std::vector<SubnetManager> subnet_managers() const;

 private:
  enum class Verdict { Same, Different, Wait };

  void on_probe(const MadJob& job, const SmpReply& reply);
  void on_port_info(const MadJob& job, const PortInfoFields& fields);
  void on_switch_info(const MadJob& job, const SwitchInfoFields& fields);
  void on_lft(const MadJob& job, const SmpReply& reply);
  void request_next_lft_block(std::uint32_t index);
  void on_perf(const MadJob& job, const SmpReply& reply);
  void request_next_counters();
  bool request_counters(std::uint32_t node, std::uint8_t port);
  void request_perf(std::uint32_t node, std::uint8_t port, PerfAttribute attribute,
                    MadPurpose::Kind kind);
  void request_details(std::uint32_t node, std::uint8_t port, std::size_t which);
  void on_details(const MadJob& job, const SmpReply& reply);
  void on_sl_to_vl(const MadJob& job, const SmpReply& reply);
  void sl_to_vl_after_port_info(const MadJob& job, const PortInfoFields* fields);
  void request_next_sl_to_vl(std::uint32_t index);
  void on_failure(const MadJob& job, const SmpReply& reply);
  // A read that timed out in the first pass is kept for the re-probe pass (reprobe()), at most
  // kReprobes times: true when it was, and its handler waits for the outcome of that.
  bool defer(const MadJob& job, const SmpReply& reply);
  DirectedRoute detour(const DirectedRoute& failed, const MadPurpose& purpose) const;
  // Over known cables, through switches only, not through `avoid`; a probe's route leaves
  // room for its last hop.
  std::optional<DirectedRoute> shortest_route(std::uint32_t target, const std::vector<bool>& avoid,
                                              bool probe) const;
  void note_sm_port(const MadJob& job, const PortInfoFields& fields);
  void start_ar(std::uint32_t index, std::uint16_t linear_fdb_top);
  void request_ar(std::uint32_t index, SmpAttribute attribute, std::uint32_t modifier,
                  MadPurpose purpose);
  void on_ar(const MadJob& job, const SmpReply& reply);
  void on_ar_info(std::uint32_t index, const MadJob& job, const SmpReply& reply);
  void on_ar_table(std::uint32_t index, const MadJob& job, const SmpReply& reply);
  void start_ar_tables(std::uint32_t index);
  void pump_ar(std::uint32_t index);

  void resolve(const Arrival& arrival);
  Verdict match(std::uint32_t candidate, const Arrival& arrival) const;
  Verdict match_switch_port(const NodeRecord& node, const PortRecord& port,
                            const Arrival& arrival) const;
  void attach(std::uint32_t node, const Arrival& arrival);
  void add_node(const Arrival& arrival);
  void link(PeerRef a, PeerRef b);
  void consider_probe(std::uint32_t node, std::uint8_t port);
  void end_probe(std::uint32_t node, std::uint8_t port, ProbeState state);
  void release(std::uint32_t node, std::uint8_t port);

  void request(const DirectedRoute& route, SmpAttribute attribute, std::uint32_t modifier,
               MadPurpose purpose);
  void read_port_info(std::uint32_t node, std::uint8_t port, const DirectedRoute& route);
  void add_issue(IssueKind kind, const MadJob& job, std::optional<std::uint32_t> node,
                 std::optional<std::uint8_t> port, std::string what);

  PortRecord& port_of(PeerRef ref) { return nodes_[ref.node].ports[ref.port]; }

  const CrawlOptions& options_;
  MadEngine& engine_;
  std::vector<NodeRecord> nodes_;
  std::unordered_map<Guid, std::vector<std::uint32_t>> by_guid_;
  std::map<PeerRef, std::vector<Arrival>> parked_;  // waiting on that port's probe
  std::vector<PendingIssue> issues_;
  PeerRef counters_next_{0, 1};  // the next port the counters phase considers
  bool first_pass_ = true;
  std::vector<MadJob> deferred_;  // timed out in the first pass: for the re-probe pass
  std::vector<SmRead> sm_reads_;
};

// Turns the records into the snapshot and the report. Takes the records (crawl.nodes() is
// empty afterwards).
DiscoveryResult build_result(Crawl& crawl, const CrawlStatistics& statistics,
                             const CrawlOptions& options);

// "no answer after 4 attempts", "rejected: MAD status 0x001c (invalid attribute or modifier)".
std::string describe_failure(const SmpReply& reply, int attempts);

}  // namespace ibatlas
