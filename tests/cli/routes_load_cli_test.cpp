// `ibatlas routes --json` carries the route load of every switch link (balance.links,
// docs/routing.md "JSON"), and route.imbalance fails the run at --fail-on warning. The fabric
// is routing_net.hpp's small tree with both leaves sending every remote host by sp1; its
// loads are counted by hand in route_load_test.cpp.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/lft_dump.hpp"

#include "support/cli/cli_run.hpp"
#include "support/routing_net.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

TEST(RoutesLoadCliTest, JsonListsEveryLinkLoadAndTheHotOnes) {
  test::TempDir dir;
  test::SmallTree t;
  t.minhop_tables();
  t.net.routes(t.l1, {{7, 3}, {8, 3}});  // a1, a2 -> b1, b2 all by sp1
  t.net.routes(t.l2, {{5, 3}, {6, 3}});
  Fabric f = t.net.build();
  std::string topology = dir.file("topo.txt");
  std::string lfts = dir.file("lfts.txt");
  {
    std::ofstream out(topology);
    write_ibnetdiscover(f, out);
  }
  {
    std::ofstream out(lfts);
    write_lft_dump(f, out);
  }
  test::CliRun r = test::run_cli({"routes", topology, "--lfts", lfts, "--json"});
  EXPECT_EQ(r.status, kExitOk) << r.err;  // warnings only: below the default --fail-on error
  nlohmann::json j = nlohmann::json::parse(r.out);
  const nlohmann::json& b = j["report"]["balance"];
  EXPECT_EQ(b["hot_share"], 2.0);
  ASSERT_EQ(b["links"].size(), 8U);  // 4 cables between leaves and spines, both ways
  std::size_t hot = 0;
  for (const nlohmann::json& l : b["links"]) {
    if (l["from"] == "l1[3]") {
      EXPECT_EQ(l["to"], "sp1[1]");
      EXPECT_EQ(l["from_port"], 3);
      EXPECT_EQ(l["tier"], 1);
      EXPECT_EQ(l["direction"], "up");
      EXPECT_EQ(l["routes"], 4);  // a1, a2 -> b1, b2
      EXPECT_EQ(l["share"], 2.0);
    }
    if (l["from"] == "sp2[1]") {
      EXPECT_EQ(l["routes"], 0);
    }
    hot += l["hot"].get<bool>() ? 1U : 0U;
  }
  EXPECT_EQ(hot, 4U);
  std::size_t findings = 0;
  for (const nlohmann::json& x : j["findings"]) {
    findings += x["check"] == "route.imbalance" ? 1U : 0U;
  }
  EXPECT_EQ(findings, 4U);
  EXPECT_EQ(test::run_cli({"routes", topology, "--lfts", lfts, "--fail-on", "warning"}).status,
            kExitFindings);
}

}  // namespace
}  // namespace ibatlas
