#include "ibatlas/formats/exports.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "ibatlas/fabric_builder.hpp"

#include "support/paths.hpp"
#include "support/sample_fabrics.hpp"
#include <stdlib.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using Writer = void (*)(const Fabric&, std::ostream&);

std::string written(Writer writer, const Fabric& fabric) {
  std::ostringstream out;
  writer(fabric, out);
  return out.str();
}

// A file under a private temporary directory, removed with it.
class TempFile {
 public:
  explicit TempFile(const std::string& contents) {
    std::string pattern = (fs::temp_directory_path() / "ibatlas-export-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
    path_ = dir_ / "out";
    std::ofstream(path_, std::ios::binary) << contents;
  }

  ~TempFile() { fs::remove_all(dir_); }

  std::string path() const { return path_.string(); }

 private:
  fs::path dir_;
  fs::path path_;
};

struct CommandResult {
  int status = -1;
  std::string out;
};

// Runs `command` through the shell; stdout captured, stderr appended to it.
CommandResult run(const std::string& command) {
  CommandResult result;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) {
    return result;
  }
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) {
    result.out.append(buf, n);
  }
  result.status = ::pclose(pipe);
  return result;
}

// The full sample as networkx must see it, from the layout in sample_fabrics.hpp: one
// GraphML edge per cable, parallel leaf-spine cables and the loopback included; the
// one-sided h2 is a node without an edge.
constexpr const char* kFullSampleAsNetworkx =
    "nodes 8\n"
    "edges 10\n"
    "node 0x0002c90300000100 Switch 0x0002c90300000100 1\n"
    "node 0x0002c90300000200 Switch 0x0002c90300000200 2\n"
    "node 0x0002c90300000300 Switch 0x0002c90300000300 -\n"
    "node 0x0002c90300001000 CA 0x0002c90300001000 5\n"
    "node 0x0002c90300002000 CA 0x0002c90300002000 12\n"
    "node 0x0002c90300003000 Router 0x0002c90300003000 20\n"
    "node 0x0002c90300004000 CA 0x0002c90300004000 30\n"
    "node 0x0002c90300005000 CA 0x0002c90300005000 -\n"
    "edge 0x0002c90300000100 0x0002c90300000200 1 1 4x EDR\n"
    "edge 0x0002c90300000100 0x0002c90300000200 2 2 1x SDR\n"
    "edge 0x0002c90300000100 0x0002c90300000200 3 3 4x DDR\n"
    "edge 0x0002c90300000100 0x0002c90300001000 4 1 8x XDR\n"
    "edge 0x0002c90300000100 0x0002c90300002000 12 1 4x FDR\n"
    "edge 0x0002c90300000100 0x0002c90300005000 11 1 - -\n"
    "edge 0x0002c90300000200 0x0002c90300000200 5 6 4x NDR\n"
    "edge 0x0002c90300000200 0x0002c90300000300 4 2 2x FDR10\n"
    "edge 0x0002c90300000200 0x0002c90300001000 7 2 12x QDR\n"
    "edge 0x0002c90300000300 0x0002c90300003000 1 1 4x HDR\n";

TEST(GraphmlExportTest, NetworkxLoadsEveryNodeAndCable) {
  if (run("python3 -c 'import networkx'").status != 0) {
    GTEST_SKIP() << "python3 with networkx is not installed";
  }
  std::string script = test::source_dir() + "/tests/unit/formats/networkx_load.py";
  TempFile full(written(write_graphml, test::sample_full_fabric()));
  CommandResult loaded = run("python3 '" + script + "' '" + full.path() + "'");
  EXPECT_EQ(loaded.status, 0);
  EXPECT_EQ(loaded.out, kFullSampleAsNetworkx);

  TempFile awkward(written(write_graphml, test::sample_awkward_text_fabric()));
  loaded = run("python3 '" + script + "' '" + awkward.path() + "'");
  EXPECT_EQ(loaded.status, 0) << loaded.out;
  EXPECT_EQ(loaded.out.substr(0, 16), "nodes 2\nedges 1\n");
}

TEST(GraphmlExportTest, AbsentValuesAreLeftOutNotZero) {
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(written(write_graphml, test::sample_full_fabric()).c_str()));
  pugi::xml_node graph = doc.child("graphml").child("graph");
  pugi::xml_node bare = graph.find_child_by_attribute("node", "id", "0x0002c90300000300");
  pugi::xml_node leaf = graph.find_child_by_attribute("node", "id", "0x0002c90300000100");
  EXPECT_FALSE(bare.find_child_by_attribute("data", "key", "lid"));
  EXPECT_STREQ(leaf.find_child_by_attribute("data", "key", "lid").child_value(), "1");
  int with_width = 0;
  int edges = 0;
  for (pugi::xml_node edge : graph.children("edge")) {
    ++edges;
    with_width += edge.find_child_by_attribute("data", "key", "width") ? 1 : 0;
  }
  EXPECT_EQ(edges, 10);
  EXPECT_EQ(with_width, 9);  // h3's cable has no width
}

TEST(GraphmlExportTest, NodesSharingAGuidGetDistinctIds) {
  FabricBuilder b;
  b.add_node(Node{.type = NodeType::Ca, .guid = 7, .port_count = 1});
  b.add_node(Node{.type = NodeType::Ca, .guid = 7, .port_count = 1});
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(written(write_graphml, std::move(b).build()).c_str()));
  pugi::xml_node graph = doc.child("graphml").child("graph");
  EXPECT_TRUE(graph.find_child_by_attribute("node", "id", "0x0000000000000007"));
  EXPECT_TRUE(graph.find_child_by_attribute("node", "id", "0x0000000000000007-2"));
}

TEST(DotExportTest, WritesOneNodePerFabricNodeAndOneEdgePerCable) {
  EXPECT_EQ(written(write_dot, test::sample_minimal_fabric()),
            "graph fabric {\n"
            "  \"0x0000000000000010\" [label=\"0x0000000000000010\", shape=box, "
            "type=\"Switch\", guid=\"0x0000000000000010\"];\n"
            "  \"0x0000000000000020\" [label=\"0x0000000000000020\", shape=ellipse, "
            "type=\"CA\", guid=\"0x0000000000000020\"];\n"
            "  \"0x0000000000000010\" -- \"0x0000000000000020\" [taillabel=\"3\", "
            "headlabel=\"1\", label=\"4x HDR\"];\n"
            "}\n");
}

TEST(DotExportTest, QuotesAndBackslashesAreEscaped) {
  std::string dot = written(write_dot, test::sample_awkward_text_fabric());
  EXPECT_NE(
      dot.find("[label=\"a<b>&c \\\"quoted\\\" 'single' back\\\\slash\\n0xfffffffffffffffe\""),
      std::string::npos)
      << dot;
  EXPECT_NE(dot.find("[label=\"h\xc3\xa9te x \xEF\xBF\xBD end\\n0x0000000000000001\""),
            std::string::npos)
      << dot;
}

TEST(DotExportTest, GraphvizParsesIt) {
  if (!fs::exists("/usr/bin/dot")) {
    GTEST_SKIP() << "graphviz (dot) is not installed";
  }
  for (const test::NamedFabric& sample : test::sample_fabrics()) {
    SCOPED_TRACE(sample.name);
    TempFile file(written(write_dot, sample.fabric));
    CommandResult canon = run("/usr/bin/dot -Tcanon '" + file.path() + "'");
    EXPECT_EQ(canon.status, 0) << canon.out;
    EXPECT_EQ(canon.out.find("Warning"), std::string::npos) << canon.out;
    std::size_t edges = 0;
    for (std::size_t at = canon.out.find(" -- "); at != std::string::npos;
         at = canon.out.find(" -- ", at + 1)) {
      ++edges;
    }
    EXPECT_EQ(edges, sample.fabric.links().size());
  }
  TempFile broken("graph fabric { \"a\" -- }\n");
  EXPECT_NE(run("/usr/bin/dot -Tcanon '" + broken.path() + "'").status, 0);
}

json json_of(const Fabric& fabric) {
  return json::parse(written(write_json, fabric));
}

TEST(JsonExportTest, ProvenanceAndNodesInGuidOrder) {
  json j = json_of(test::sample_full_fabric());
  EXPECT_EQ(j["provenance"]["source"], "fixtures/sample-full.topo");
  EXPECT_EQ(j["provenance"]["time"], "2026-11-29T23:48:00Z");
  EXPECT_EQ(j["provenance"]["local_port_guid"], "0x0002c90300001001");
  std::vector<std::string> guids;
  for (const json& node : j["nodes"]) {
    guids.push_back(node["guid"]);
  }
  EXPECT_EQ(guids, (std::vector<std::string>{"0x0002c90300000100", "0x0002c90300000200",
                                             "0x0002c90300000300", "0x0002c90300001000",
                                             "0x0002c90300002000", "0x0002c90300003000",
                                             "0x0002c90300004000", "0x0002c90300005000"}));
  const json& leaf = j["nodes"][0];
  EXPECT_EQ(leaf["type"], "Switch");
  EXPECT_EQ(leaf["device_id"], 0xcb20);
  EXPECT_FALSE(leaf.contains("vendor_id"));
  EXPECT_EQ(leaf["enhanced_port0"], false);
  EXPECT_EQ(leaf["lid"], 1);
  EXPECT_EQ(leaf["ports"].size(), 13u);
  EXPECT_EQ(j["nodes"][4]["aggregation_node"], true);
  EXPECT_EQ(j["nodes"][3]["aggregation_node"], false);
  EXPECT_FALSE(j["nodes"][5].contains("aggregation_node"));  // a router
  EXPECT_EQ(j["nodes"][5]["vendor_id"], 0);
}

TEST(JsonExportTest, PortsKeepEveryKnownValueAndOnlyThose) {
  json j = json_of(test::sample_full_fabric());
  const json& h1p1 = j["nodes"][3]["ports"][0];
  EXPECT_EQ(h1p1["lid"], 5);
  EXPECT_EQ(h1p1["lmc"], 2);
  EXPECT_EQ(h1p1["width"], "8x");
  EXPECT_EQ(h1p1["width_enabled"], json::array({"1x", "8x"}));
  EXPECT_EQ(h1p1["speed_supported"], json::array({"SDR", "QDR", "XDR"}));
  EXPECT_EQ(h1p1["mtu"], 4096);
  EXPECT_EQ(h1p1["peer"], json({{"guid", "0x0002c90300000100"}, {"port", 4}}));
  EXPECT_EQ(h1p1["counters"]["xmit_data"].get<std::uint64_t>(), 0x1234567890abcdefULL);
  EXPECT_EQ(h1p1["counters"]["rcv_data"].get<std::uint64_t>(), 0xffffffffffffffffULL);
  EXPECT_EQ(h1p1["counters"]["link_downed"], 0);
  const json& h3p1 = j["nodes"][7]["ports"][0];
  EXPECT_EQ(h3p1.size(), 2u) << h3p1;  // number and peer, nothing else
  EXPECT_EQ(h3p1["number"], 1);
  const json& spine0 = j["nodes"][1]["ports"][0];
  EXPECT_EQ(spine0["counters"], json::object());
  // The one-sided peer is in h2's port but makes no link.
  EXPECT_EQ(j["nodes"][6]["ports"][0]["peer"]["port"], 10);
}

TEST(JsonExportTest, LinksOncePerCableWithTheLowerEndFirst) {
  json j = json_of(test::sample_full_fabric());
  ASSERT_EQ(j["links"].size(), 10u);
  EXPECT_EQ(j["links"][0], json({{"a", {{"guid", "0x0002c90300000100"}, {"port", 1}}},
                                 {"b", {{"guid", "0x0002c90300000200"}, {"port", 1}}},
                                 {"width", "4x"},
                                 {"speed", "EDR"}}));
  // Ordered by the lower end's (GUID, port): leaf's ports 1, 2, 3, 4, 11, 12, then
  // spine's 4, 5 (the loopback), 7, then bare's 1.
  EXPECT_EQ(j["links"][4]["a"]["port"], 11);
  EXPECT_FALSE(j["links"][4].contains("width"));
  EXPECT_FALSE(j["links"][4].contains("speed"));
  const json& loopback = j["links"][7];
  EXPECT_EQ(loopback["a"], json({{"guid", "0x0002c90300000200"}, {"port", 5}}));
  EXPECT_EQ(loopback["b"], json({{"guid", "0x0002c90300000200"}, {"port", 6}}));
}

TEST(JsonExportTest, LinkRateIsTheLowerEndOrTheOnlyOneKnown) {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 1, .port_count = 4});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 2, .port_count = 1});
  b.connect(
      b.add_port(sw,
                 Port{.number = 1, .width_active = LinkWidth::X4, .speed_active = LinkSpeed::Edr}),
      b.add_port(ca, Port{.number = 1, .width_active = LinkWidth::X1}));
  json link = json_of(std::move(b).build())["links"][0];
  EXPECT_EQ(link["width"], "1x");
  EXPECT_EQ(link["speed"], "EDR");
}

TEST(JsonExportTest, EmptyFabricAndAwkwardTextAreValidJson) {
  EXPECT_EQ(json_of(test::sample_empty_fabric()), json::parse(R"({"schema": "ibatlas.fabric/1",
                            "provenance": {"source": "", "format": "", "tool": ""},
                            "nodes": [], "links": []})"));
  json j = json_of(test::sample_awkward_text_fabric());
  EXPECT_EQ(j["nodes"][0]["description"], "h\xc3\xa9te\tx \xEF\xBF\xBD end");
  EXPECT_EQ(j["nodes"][1]["description"], "a<b>&c \"quoted\" 'single' back\\slash");
  EXPECT_EQ(j["provenance"]["local_port_guid"], "0x0000000000000000");
}

}  // namespace
}  // namespace ibatlas
