// `ibatlas render` and `ibatlas export`, in-process.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/cli/cli_run.hpp"
#include "support/fabric_sketch.hpp"
#include "support/sample_fabrics.hpp"
#include <unistd.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

class RenderCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("render_cmd_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::ofstream file(path("fabric.topo"));
    write_ibnetdiscover(test::render_sample(), file);
  }

  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  int run(const std::vector<std::string>& args) {
    test::CliRun r = test::run_cli(args);
    out_ = r.out;
    err_ = r.err;
    return r.status;
  }

  static std::string slurp(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  fs::path dir_;
  std::string out_, err_;
};

TEST_F(RenderCommandTest, WritesSvgHtmlDotAndPngByExtension) {
  EXPECT_EQ(run({"render", path("fabric.topo"), "-o", path("m.svg")}), kExitOk) << err_;
  EXPECT_NE(slurp(path("m.svg")).find("<svg"), std::string::npos);
  EXPECT_EQ(run({"render", path("fabric.topo"), "-o", path("m.html")}), kExitOk);
  EXPECT_EQ(slurp(path("m.html")).rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(run({"render", path("fabric.topo"), "-o", path("m.dot")}), kExitOk);
  EXPECT_EQ(slurp(path("m.dot")).rfind("digraph", 0), 0u);
  EXPECT_EQ(run({"render", path("fabric.topo"), "-o", path("m.png")}), kExitOk);
  EXPECT_EQ(slurp(path("m.png")).substr(1, 3), "PNG");
}

TEST_F(RenderCommandTest, CheckMarksTheDegradedCableAndPlainRenderDoesNot) {
  ASSERT_EQ(run({"render", path("fabric.topo"), "-o", "-", "--format", "svg"}), kExitOk);
  EXPECT_EQ(out_.find("link.degraded"), std::string::npos);
  ASSERT_EQ(run({"render", path("fabric.topo"), "-o", "-", "--format", "svg", "--check"}), kExitOk);
  EXPECT_NE(out_.find("link.degraded"), std::string::npos);
}

TEST_F(RenderCommandTest, FindingsFromASavedCheckAreMarked) {
  ASSERT_EQ(run({"check", path("fabric.topo"), "--json", "--fail-on", "warning"}), kExitFindings);
  { std::ofstream(path("f.json")) << out_; }
  ASSERT_EQ(run({"render", path("fabric.topo"), "-o", "-", "--format", "dot", "--findings",
                 path("f.json")}),
            kExitOk)
      << err_;
  EXPECT_NE(out_.find("link.degraded"), std::string::npos);
}

// Only the findings schema is findings: the shape `routes --json` had before it, which
// carried no GUIDs or ports, is refused with the JSON path, not drawn without its marks.
TEST_F(RenderCommandTest, FindingsOfAnotherShapeAreBadInputWithTheJsonPath) {
  {
    std::ofstream(path("old.json")) << R"({"source": "x", "tables": {}, "findings": [
        {"check": "link.degraded", "severity": "error", "location": "link",
         "where": "L1 port 1 <-> S1 port 1", "measured": "1xHDR", "expected": "4xHDR",
         "hint": "", "message": ""}]})";
  }
  EXPECT_EQ(
      run({"render", path("fabric.topo"), "-o", path("m.svg"), "--findings", path("old.json")}),
      kExitBadInput);
  EXPECT_NE(err_.find("old.json: $: expected only the fields of the schema, found "
                      "\"tables\""),
            std::string::npos)
      << err_;
  EXPECT_FALSE(fs::exists(path("m.svg")));
}

TEST_F(RenderCommandTest, BadInputGivesAClearMessageAndStatus3) {
  EXPECT_EQ(run({"render", path("nofile.topo"), "-o", path("m.svg")}), kExitBadInput);
  EXPECT_NE(err_.find("nofile.topo"), std::string::npos);
  EXPECT_EQ(run({"render", path("fabric.topo"), "-o", path("m.jpeg")}), kExitBadInput);
  EXPECT_NE(err_.find("name it .svg, .html, .dot or .png"), std::string::npos);
  EXPECT_EQ(run({"render", path("fabric.topo"), "-o", path("m.svg"), "--focus", "nobody"}),
            kExitBadInput);
  EXPECT_NE(err_.find("--focus"), std::string::npos);
  { std::ofstream(path("bad.json")) << "not json"; }
  EXPECT_EQ(
      run({"render", path("fabric.topo"), "-o", path("m.svg"), "--findings", path("bad.json")}),
      kExitBadInput);
  EXPECT_EQ(run({"render", path("fabric.topo"), "-o", path("m.svg"), "--layout", "circle"}),
            kExitUsage);
  EXPECT_FALSE(fs::exists(path("m.svg")));
}

TEST_F(RenderCommandTest, FocusDrawsOnlyTheNeighbourhood) {
  ASSERT_EQ(run({"render", path("fabric.topo"), "-o", "-", "--format", "dot", "--focus", "L2"}),
            kExitOk);
  EXPECT_EQ(out_.find("\"L1\""), std::string::npos);
  EXPECT_NE(out_.find("label=\"L2\""), std::string::npos);
}

TEST_F(RenderCommandTest, ExportSlurmGraphmlAndDot) {
  ASSERT_EQ(run({"export", path("fabric.topo"), "--to", "slurm"}), kExitOk);
  EXPECT_NE(out_.find("SwitchName=L1 Nodes=node[0001-0003]\n"), std::string::npos);
  ASSERT_EQ(run({"export", path("fabric.topo"), "--to", "graphml", "-o", path("f.graphml")}),
            kExitOk);
  EXPECT_NE(slurp(path("f.graphml")).find("<graphml"), std::string::npos);
  ASSERT_EQ(run({"export", path("fabric.topo"), "--to", "dot"}), kExitOk);
  EXPECT_NE(out_.find("graph"), std::string::npos);
  EXPECT_EQ(run({"export", path("fabric.topo"), "--to", "csv"}), kExitUsage);
  EXPECT_EQ(run({"export", path("nofile"), "--to", "slurm"}), kExitBadInput);
}

TEST_F(RenderCommandTest, ExportSlurmWarnsOfRenamedHosts) {
  test::Sketch s;
  NodeId leaf = s.sw("leaf1", 0x1);
  s.cable(s.ca("node1,node2 HCA-1", 0x10), 1, leaf, 1);
  s.cable(s.ca("node3 HCA-1", 0x11), 1, leaf, 2);
  {
    std::ofstream file(path("hostile.topo"));
    write_ibnetdiscover(s.build(), file);
  }
  ASSERT_EQ(run({"export", path("hostile.topo"), "--to", "slurm", "-o", path("topology.conf")}),
            kExitOk)
      << err_;
  EXPECT_NE(err_.find("warning: 1 names renamed to valid Slurm names"), std::string::npos) << err_;
  std::string conf = slurp(path("topology.conf"));
  EXPECT_NE(conf.find("#   \"node1,node2\" -> node1_node2\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("SwitchName=leaf1 Nodes=node1_node2,node3\n"), std::string::npos) << conf;
  ASSERT_EQ(run({"export", path("fabric.topo"), "--to", "slurm"}), kExitOk);
  EXPECT_EQ(err_.find("renamed"), std::string::npos) << err_;  // nothing to rename: no word
}

}  // namespace
}  // namespace ibatlas
