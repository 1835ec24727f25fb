// Adaptive routing, live under ibsim: one test-only responder (tests/sim/ar_responder) per
// switch but lf4 serves AR state that with_consistent_ar built from the LFTs opensm
// programmed, so the fabric starts consistent; then one switch (lf1) at a time is restarted
// with one thing broken, and the check must report exactly what the rules of
// docs/checks.md (ar-spec.md §5) say that break causes — worked out by hand below, never
// taken from our output. The same states written as ibdiagnet .far dumps must give the same
// table findings offline. Responder and reader share ar_decode.hpp, so this proves plumbing
// and decoding, not conformance with real firmware (docs/adaptive-routing.md).

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/far.hpp"
#include "ibatlas/formats/findings_json.hpp"

#include "discover_sim.hpp"
#include "support/ar_served_state.hpp"
#include "support/ar_state.hpp"
#include "support/ar_state_json.hpp"

namespace ibatlas {
namespace {

using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

// How the AR state is read and checked: `check live --ar`, or a snapshot from
// `discover --routes --ar` given to `check`. Switching is this one line. Live is off while
// `check live --ar` reads no plain LFTs: the AR path walk then reaches lf4 (no AR, no LFT)
// and reports ar.path_dead_end on both spines, which a fabric with LFTs does not have.
constexpr bool kCheckLiveDirectly = false;

// 2 spines, 4 leaves, 4 hosts per leaf (enough LIDs that one odd entry stays under the
// reader's 10 % port-bit self-check). Leaf ports: 1-4 hosts, 5 sp1, 6 sp2, 7-8 unused.
constexpr int kLeaves = 4;
constexpr int kHostsPerLeaf = 4;
constexpr std::uint8_t kUnusedLeafPort = 7;
constexpr std::uint8_t kBeyondLastPort = 9;  // leaves and spines have 8 ports
const std::vector<std::string> kResponders = {"sp1", "sp2", "lf1", "lf2", "lf3"};  // not lf4

std::string netfile() {
  std::ostringstream n;
  for (int l = 1; l <= kLeaves; ++l) {
    for (int k = 1; k <= kHostsPerLeaf; ++k) {
      n << "Ca 1 \"h" << (l - 1) * kHostsPerLeaf + k << "\"\n[1] \"lf" << l << "\"[" << k
        << "]\n\n";
    }
  }
  for (int s = 1; s <= 2; ++s) {
    n << "Switch 8 \"sp" << s << "\"\n";
    for (int l = 1; l <= kLeaves; ++l) {
      n << "[" << l << "] \"lf" << l << "\"[" << kHostsPerLeaf + s << "]\n";
    }
    n << "\n";
  }
  for (int l = 1; l <= kLeaves; ++l) {
    n << "Switch 8 \"lf" << l << "\"\n";
    for (int k = 1; k <= kHostsPerLeaf; ++k) {
      n << "[" << k << "] \"h" << (l - 1) * kHostsPerLeaf + k << "\"[1]\n";
    }
    for (int s = 1; s <= 2; ++s) {
      n << "[" << kHostsPerLeaf + s << "] \"sp" << s << "\"[" << l << "]\n";
    }
    n << "\n";
  }
  return n.str();
}

using FindingSet = std::multiset<std::string>;  // "check@node"

// The ar.* findings of a findings document, as "check@node".
FindingSet ar_findings(const std::string& json) {
  FindingSet out;
  for (const Finding& f : read_findings_json(json, "check --json").findings) {
    if (f.check.starts_with("ar.")) {
      out.insert(f.check + "@" + f.location.here.name);
    }
  }
  return out;
}

// The findings about a switch's tables, which a .far dump (no ARInfo) can give too.
FindingSet table_findings(const FindingSet& all) {
  static const std::set<std::string> kNotTables = {
      "ar.unsupported",        "ar.not_in_dump",       "ar.unknown_switch",
      "ar.disabled_in_tier",   "ar.sl_mask_mismatch",  "ar.transport_mismatch",
      "ar.subgroups_mismatch", "ar.shield_partial",    "ar.tables_unused",
      "ar.decode_uncertain",   "ar.tables_incomplete", "ar.not_as_expected"};
  FindingSet out;
  for (const std::string& f : all) {
    if (!kNotTables.count(f.substr(0, f.find('@')))) {
      out.insert(f);
    }
  }
  return out;
}

std::string describe(const FindingSet& set) {
  std::string text;
  for (const std::string& f : set) {
    text += "\n  " + f;
  }
  return text.empty() ? " (none)" : text;
}

class ArLiveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SimOptions options;
    options.netfile_text = netfile();
    sim_ = std::make_unique<SimFabric>(options);
    base_xml_ = sim_->dir() + "/base.xml";
    ProcessResult r = run_ibatlas({"discover", "--routes", "-o", base_xml_});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    base_ = read_xml_snapshot(read_file(base_xml_), base_xml_).fabric;
    consistent_ = test::with_consistent_ar(base_);
    for (const std::string& name : kResponders) {
      serve(name, state_of(name));
    }
  }

  ProcessResult run_ibatlas(std::vector<std::string> args) {
    args.insert(args.begin(), test::ibatlas_binary());
    return sim_->run(args, test::milliseconds(120000));
  }

  NodeId node(const std::string& name) const { return test::switch_named(base_, name); }

  SwitchAr state_of(const std::string& name) const {
    return test::served_ar_state(consistent_, node(name));
  }

  // (Re)starts the responder of `name` serving `ar`.
  void serve(const std::string& name, const SwitchAr& ar) {
    if (auto it = responders_.find(name); it != responders_.end()) {
      EXPECT_EQ(sim_->stop_client(it->second), 0) << name << "'s responder did not exit cleanly";
      responders_.erase(it);
    }
    std::string json = sim_->dir() + "/" + name + "-" + std::to_string(serves_++) + ".json";
    test::write_ar_state(json, {base_.node(node(name)).guid, ar});
    responders_[name] = sim_->start_client({IBATLAS_AR_RESPONDER, "--state", json},
                                           {"SIM_HOST=" + name, "SIM_SET_ISSM=1"},
                                           "ar_responder: ready", json + ".log");
  }

  // The AR state read live, as a snapshot.
  Fabric read_live() {
    std::string snap = sim_->dir() + "/snap" + std::to_string(reads_++) + ".xml";
    ProcessResult r = run_ibatlas({"discover", "--routes", "--ar", "-o", snap});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? read_xml_snapshot(read_file(snap), snap).fabric : Fabric{};
  }

  FindingSet live_findings() {
    ProcessResult r;
    if (kCheckLiveDirectly) {
      r = run_ibatlas({"check", "live", "--ar", "--json"});
    } else {
      std::string snap = sim_->dir() + "/check" + std::to_string(reads_++) + ".xml";
      ProcessResult d = run_ibatlas({"discover", "--routes", "--ar", "-o", snap});
      EXPECT_EQ(d.exit_code, 0) << d.err;
      r = run_ibatlas({"check", snap, "--json"});
    }
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.exit_code << ": " << r.err;
    return ar_findings(r.out);
  }

  // `ibatlas check base.xml --ar dump.far`, the dump written by write_far from the served
  // states (lf4 has none, as live).
  FindingSet far_findings(const std::map<std::string, SwitchAr>& served) {
    FabricBuilder builder = from_fabric(base_);
    for (const auto& [name, ar] : served) {
      builder.set_switch_ar(ar);
    }
    std::string far = sim_->dir() + "/dump" + std::to_string(reads_++) + ".far";
    {
      std::ofstream out(far);
      write_far(std::move(builder).build(), out);
    }
    ProcessResult r = run_ibatlas({"check", base_xml_, "--ar", far, "--json"});
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.exit_code << ": " << r.err;
    return ar_findings(r.out);
  }

  std::map<std::string, SwitchAr> all_served() const {
    std::map<std::string, SwitchAr> served;
    for (const std::string& name : kResponders) {
      served[name] = state_of(name);
    }
    return served;
  }

  std::unique_ptr<SimFabric> sim_;
  std::string base_xml_;
  Fabric base_;
  Fabric consistent_;
  std::map<std::string, pid_t> responders_;
  int serves_ = 0;
  int reads_ = 0;
};

// The LID of host `name`'s one port.
Lid host_lid(const Fabric& fabric, const std::string& name) {
  for (const Node& n : fabric.nodes()) {
    if (n.description == name) {
      for (const Port& p : fabric.ports_of(fabric.id_of(n))) {
        if (p.base_lid) {
          return *p.base_lid;
        }
      }
    }
  }
  ADD_FAILURE() << "no host " << name << " with a LID";
  return 0;
}

// The group lf1's entry toward h5 (a host of lf2) uses: the group every remote host's
// entry on lf1 shares (both uplinks, 5 and 6).
ArGroup& shared_group(SwitchAr& lf1, Lid h5) {
  return test::ar_group(lf1, test::ar_entry(lf1, h5).group);
}

void add_port(ArGroup& group, std::uint8_t port) {
  group.ports.push_back(port);
  std::sort(group.ports.begin(), group.ports.end());
}

// The switch without a responder, in every expectation: its AR reads time out.
const std::string kUnsupported = "ar.unsupported@lf4";

// What the crawl read from one responder equals what it served.
void expect_read_back(const SwitchAr& read, const SwitchAr& served) {
  EXPECT_EQ(read.support, ArSupport::Supported) << read.reason;
  EXPECT_TRUE(read.tables_complete);
  EXPECT_EQ(read.capabilities, served.capabilities);
  EXPECT_EQ(read.info, served.info);
  EXPECT_FALSE(read.decode_uncertain);
  EXPECT_EQ(read.port_bits, std::optional(ArPortBits::BitIsPort));
  std::vector<ArGroup> groups;  // the reader may list unused group entries as empty
  std::copy_if(read.groups.begin(), read.groups.end(), std::back_inserter(groups),
               [](const ArGroup& g) { return !g.ports.empty(); });
  EXPECT_EQ(groups, served.groups);
  ASSERT_EQ(read.lfts.size(), 1u);
  const auto& entries = read.lfts[0].entries;
  const auto& want = served.lfts[0].entries;
  ASSERT_GE(entries.size(), want.size());
  for (std::size_t lid = 0; lid < want.size(); ++lid) {
    EXPECT_EQ(entries[lid], want[lid]) << "LID " << lid;
  }
}

TEST_F(ArLiveTest, ServedStateReadsBackAndTheConsistentFabricGivesOnlyUnsupported) {
  Fabric snap = read_live();
  ASSERT_FALSE(snap.nodes().empty());
  for (const std::string& name : kResponders) {
    SCOPED_TRACE(name);
    const SwitchAr* read = snap.adaptive_routing_of(test::switch_named(snap, name));
    ASSERT_NE(read, nullptr);
    expect_read_back(*read, state_of(name));
  }
  const SwitchAr* lf4 = snap.adaptive_routing_of(test::switch_named(snap, "lf4"));
  ASSERT_NE(lf4, nullptr);
  EXPECT_NE(lf4->support, ArSupport::Supported);

  FindingSet live = live_findings();
  EXPECT_EQ(live, FindingSet{kUnsupported}) << describe(live);
  FindingSet far = far_findings(all_served());
  EXPECT_EQ(far, FindingSet{"ar.not_in_dump@lf4"}) << describe(far);
}

class ArMutationTest : public ArLiveTest {
 protected:
  // Restarts lf1's responder with `lf1` and expects exactly `expected` (besides lf4's
  // ar.unsupported) live; with `from_far`, the table findings of the same states as a .far
  // dump must be the same.
  void expect(const SwitchAr& lf1, FindingSet expected, bool from_far) {
    serve("lf1", lf1);
    expected.insert(kUnsupported);
    FindingSet live = live_findings();
    EXPECT_EQ(live, expected) << "live:" << describe(live);
    if (from_far) {
      std::map<std::string, SwitchAr> served = all_served();
      served["lf1"] = lf1;
      FindingSet far = table_findings(far_findings(served));
      EXPECT_EQ(far, table_findings(expected)) << ".far:" << describe(far);
    }
  }

  SwitchAr lf1() const { return state_of("lf1"); }

  Lid h5() const { return host_lid(base_, "h5"); }
};

// ArInfo.e = 0 on lf1 while lf2 and lf3 have it on: the odd one out of its tier. Its AR LFT
// still holds the adaptive entries from before, which is ar.tables_unused (AR off with
// adaptive entries).
TEST_F(ArMutationTest, ArOffInOneLeaf) {
  SwitchAr ar = lf1();
  ar.info->enabled = false;
  expect(ar, {"ar.disabled_in_tier@lf1", "ar.tables_unused@lf1"}, false);
}

// lf1 applies AR to SL 0 only (by_sl_en, mask 0x0001); its peers to every SL.
TEST_F(ArMutationTest, DifferentSlMask) {
  SwitchAr ar = lf1();
  ar.info->by_sl_en = true;
  ar.info->enable_by_sl_mask = 0x0001;
  expect(ar, {"ar.sl_mask_mismatch@lf1"}, false);
}

// Port 7 of lf1 is cabled to nothing: in a group it is a port that is not up, and every AR
// walk through it ends there (ar.path_dead_end at lf1).
TEST_F(ArMutationTest, UnusedPortInAGroup) {
  SwitchAr ar = lf1();
  add_port(shared_group(ar, h5()), kUnusedLeafPort);
  expect(ar, {"ar.group_port_down@lf1", "ar.path_dead_end@lf1"}, true);
}

// Port 9 of an 8-port switch: no such port, and a dead end for the walk.
TEST_F(ArMutationTest, PortBeyondTheSwitchInAGroup) {
  SwitchAr ar = lf1();
  add_port(shared_group(ar, h5()), kBeyondLastPort);
  expect(ar, {"ar.group_port_invalid@lf1", "ar.path_dead_end@lf1"}, true);
}

// h5's entry on lf1 gets a group of its own holding only the uplink that is not its
// DefaultPort. Every path stays minimal and alive, the static LFT still agrees with the
// DefaultPort, and h5's group number cannot disagree with a majority: lf2 delivers h5
// (Static) and only lf1 and lf3 vote. One LID of lf1's 17 adaptive ones is off, under the
// reader's 10 % self-check.
TEST_F(ArMutationTest, DefaultPortOutsideItsGroup) {
  SwitchAr ar = lf1();
  ArLftEntry& entry = test::ar_entry(ar, h5());
  ArGroup own;
  own.group = static_cast<std::uint16_t>(ar.info->group_top + 1);
  own.ports = {static_cast<std::uint8_t>(*entry.default_port == 5 ? 6 : 5)};
  ar.groups.push_back(own);
  ar.info->group_top = own.group;
  entry.group = own.group;
  expect(ar, {"ar.default_port_not_in_group@lf1"}, true);
}

// Port 1 of lf1 leads to h1: a group of remote LIDs holding it sends packets to a host that
// does not own them, where the walk dies.
TEST_F(ArMutationTest, GroupTowardAHostPort) {
  SwitchAr ar = lf1();
  add_port(shared_group(ar, h5()), 1);
  expect(ar, {"ar.group_port_to_hca@lf1", "ar.path_dead_end@lf1"}, true);
}

}  // namespace
}  // namespace ibatlas
