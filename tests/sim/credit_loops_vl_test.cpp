// Credit loops per VL against opensm under ibsim (issue 19 §1). A ring of five switches, one
// host each (routing_net.hpp's Ring), is routed by a running opensm with one engine; our
// crawl reads the tables and the SL-to-VL tables opensm programmed (discover --routes
// --sl2vl), and `saquery -p --src-to-dst` gives the SL the SA hands out for every path from
// a host. Oracles: opensm's own log (the engine configured, the VLs dfsssp needed) and
// saquery's SLs, which must also equal what `discover --path-sls` read from the SA itself
// (minhop, lash; dfsssp hands out a random one of the VLs its balancing split a layer into,
// get_dfsssp_sl in opensm's osm_ucast_dfsssp.c, so two reads differ and each is judged).
// Expected: minhop's tables have credit loops whatever the SLs; dfsssp's and lash's have none once
// the SLs are known, and still show loops without them (the false loops of the issue); dfsssp with
// QoS SL-to-VL tables that put every SL on VL 0 has them back.

#include <algorithm>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/saquery.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "discover_sim.hpp"
#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::milliseconds;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

constexpr const char* kZeroQos =
    "qos TRUE\n"
    "qos_swe_sl2vl 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n"
    "qos_ca_sl2vl 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n"
    "qos_sl2vl 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n";

// The five-switch ring under ibsim with a running opensm `-R engine` (config plus `config`).
std::unique_ptr<SimFabric> ring_routed_by(const std::string& engine, const std::string& config) {
  test::Ring ring(5);
  std::ostringstream netfile;
  write_ibnetdiscover(ring.net.build(), netfile);
  SimOptions options;
  options.netfile_text = netfile.str();
  options.start_opensm = false;
  auto sim = std::make_unique<SimFabric>(options);
  sim->start_opensm({"-R", engine}, config);
  return sim;
}

// `saquery -p --src-to-dst S:D` for every CA port's LID S to every other LID D, concatenated: the
// SLs as infiniband-diags prints them. (One GetTable of every path, plain `saquery -p`, comes
// back cut short under umad2sim: its RMPP reply ends after the first segment.)
std::string saquery_paths(SimFabric& sim, const Fabric& f) {
  std::vector<Lid> lids;
  std::vector<Lid> sources;
  for (const Port& p : f.ports()) {
    if (p.base_lid && *p.base_lid != 0) {
      lids.push_back(*p.base_lid);
      if (f.node(p.node).type == NodeType::Ca) {
        sources.push_back(*p.base_lid);
      }
    }
  }
  std::string text;
  for (Lid s : sources) {
    for (Lid d : lids) {
      if (d == s) {
        continue;
      }
      std::string pair = std::to_string(s) + ":" + std::to_string(d);
      ProcessResult r = sim.run({"saquery", "-p", "--src-to-dst", pair}, milliseconds(30000));
      EXPECT_EQ(r.exit_code, 0) << "saquery " << pair << ": " << r.err;
      text += r.out;
    }
  }
  return text;
}

struct Analysed {
  Fabric crawled;       // discover --routes --sl2vl --path-sls, path SLs dropped
  std::string saquery;  // saquery_paths of it
  RouteReport without_sls;
  RouteReport with_sls;
  RouteReport ours;  // with the SLs discover --path-sls read
};

// `stable_sls`: the engine gives one SL per path, so our SA reads must equal saquery's.
Analysed analyse(SimFabric& sim, bool stable_sls) {
  Analysed a;
  test::LiveCrawl crawl = test::crawl_live(sim, {"--routes", "--sl2vl", "--path-sls"});
  EXPECT_EQ(crawl.exit_code, 0) << crawl.err;
  EXPECT_NE(crawl.err.find("path SLs: 45 of 45 paths read from the SA"), std::string::npos)
      << crawl.err;
  a.crawled = with_path_sls(crawl.fabric, {});
  EXPECT_FALSE(a.crawled.sl_to_vl_tables().empty());
  a.saquery = saquery_paths(sim, a.crawled);
  Fabric with = with_path_sls(a.crawled, read_saquery_paths(a.saquery, "saquery"));
  EXPECT_EQ(with.path_sls().size(), 5U);  // one row per host
  // Our own SA queries read what saquery prints, path for path.
  if (stable_sls) {
    EXPECT_TRUE(std::equal(with.path_sls().begin(), with.path_sls().end(),
                           crawl.fabric.path_sls().begin(), crawl.fabric.path_sls().end()));
  }
  a.ours = analyze_routes(crawl.fabric, RouteAnalysisOptions{});
  a.without_sls = analyze_routes(a.crawled, RouteAnalysisOptions{});
  a.with_sls = analyze_routes(with, RouteAnalysisOptions{});
  EXPECT_EQ(a.with_sls.validation.host_delivered, a.with_sls.validation.host_pairs);
  EXPECT_EQ(a.with_sls.credit_loop_inputs.paths_without_sl, 0U);
  EXPECT_EQ(a.with_sls.credit_loop_inputs.hops_without_table, 0U);
  return a;
}

std::string log_of(const SimFabric& sim) {
  return read_file(sim.opensm_log());
}

TEST(CreditLoopVlSimTest, MinhopRingKeepsItsLoopsWhateverTheSls) {
  std::unique_ptr<SimFabric> sim = ring_routed_by("minhop", "");
  EXPECT_NE(log_of(*sim).find("minhop tables configured on all switches"), std::string::npos);
  Analysed a = analyse(*sim, true);
  EXPECT_FALSE(a.without_sls.credit_loops.empty());
  EXPECT_EQ(a.with_sls.credit_loops.size(), a.without_sls.credit_loops.size());
}

TEST(CreditLoopVlSimTest, DfssspRingHasNoLoopOnceThePathSlsAreKnown) {
  std::unique_ptr<SimFabric> sim = ring_routed_by("dfsssp", "");
  std::string log = log_of(*sim);
  EXPECT_NE(log.find("Virtual Lanes needed: 2"), std::string::npos);
  Analysed a = analyse(*sim, false);
  EXPECT_FALSE(a.without_sls.credit_loops.empty());  // the issue's false loops
  EXPECT_TRUE(a.with_sls.credit_loops.empty());
  EXPECT_TRUE(a.ours.credit_loops.empty());
  EXPECT_GE(a.with_sls.virtual_lanes, 2U);

  // The same through the command line: the snapshot and saquery's text as files.
  std::string snapshot = sim->dir() + "/dfsssp.xml";
  std::string paths = sim->dir() + "/saquery-p.txt";
  write_xml_snapshot_file(a.crawled, snapshot);
  std::ofstream(paths) << a.saquery;
  ProcessResult r =
      test::run_process({test::ibatlas_binary(), "routes", snapshot, "--path-sls", paths},
                        sim->dir(), milliseconds(60000));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("credit loops: none"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("SLs of 45 paths attached"), std::string::npos) << r.err;
  r = test::run_process({test::ibatlas_binary(), "routes", snapshot}, sim->dir(),
                        milliseconds(60000));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("route.sl_assumed"), std::string::npos) << r.out;
}

TEST(CreditLoopVlSimTest, LashRingHasNoLoopOnceThePathSlsAreKnown) {
  std::unique_ptr<SimFabric> sim = ring_routed_by("lash", "");
  EXPECT_NE(log_of(*sim).find("lash tables configured on all switches"), std::string::npos);
  Analysed a = analyse(*sim, true);
  EXPECT_TRUE(a.with_sls.credit_loops.empty());
  EXPECT_TRUE(a.ours.credit_loops.empty());
  EXPECT_GE(a.with_sls.virtual_lanes, 2U);
}

TEST(CreditLoopVlSimTest, DfssspRingWithEverySlOnVl0HasItsLoopsBack) {
  std::unique_ptr<SimFabric> sim = ring_routed_by("dfsssp", kZeroQos);
  Analysed a = analyse(*sim, false);
  for (const SlToVlTable& t : a.crawled.sl_to_vl_tables()) {
    EXPECT_EQ(t.vl, (std::array<std::uint8_t, 16>{})) << "a table opensm did not zero";
  }
  bool sl_above_0 = false;
  Fabric with = with_path_sls(a.crawled, read_saquery_paths(a.saquery, "s"));
  for (const PathSlRow& row : with.path_sls()) {
    for (std::uint8_t sl : row.sl) {
      sl_above_0 = sl_above_0 || (sl != PathSlRow::kUnknown && sl != 0);
    }
  }
  EXPECT_TRUE(sl_above_0);  // dfsssp still hands out several SLs
  EXPECT_FALSE(a.with_sls.credit_loops.empty());
  EXPECT_FALSE(a.ours.credit_loops.empty());
  EXPECT_EQ(a.with_sls.virtual_lanes, 1U);
}

}  // namespace
}  // namespace ibatlas
