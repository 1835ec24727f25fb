// Every JSON document a command writes names its schema and version (issue 20 §1,
// docs/cli.md "Text output"): the names below are the documented ones.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

std::string schema_of(const std::vector<std::string>& args) {
  test::CliRun r = test::run_cli(args);
  EXPECT_LE(r.status, 1) << r.err;
  return nlohmann::json::parse(r.out).value("schema", "(none)");
}

TEST(JsonSchemaCliTest, EveryJsonOutputNamesItsSchema) {
  const std::string topo = test::realworld("hyungkwang-topo-examples/Topo.3.txt");
  const std::string fixture = test::source_dir() + "/fixtures/routes-trace/";
  EXPECT_EQ(schema_of({"check", topo, "--json"}), "ibatlas.findings/1");
  EXPECT_EQ(schema_of({"routes", fixture + "input.txt", "--lfts", fixture + "lfts.txt", "--json"}),
            "ibatlas.findings/1");
  EXPECT_EQ(schema_of({"show", topo, "--json"}), "ibatlas.show/1");
  EXPECT_EQ(schema_of({"diff", topo, fixture + "input.txt", "--json"}), "ibatlas.diff/1");
  EXPECT_EQ(schema_of({"convert", topo, "--to", "json", "-o", "-"}), "ibatlas.fabric/1");
}

}  // namespace
}  // namespace ibatlas
