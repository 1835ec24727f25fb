// read_ibnetdiscover on every ibnetdiscover-format dump and ibsim netfile in
// ../shared/realworld. The expected counts are not ours: tests/support/count_realworld.py
// (regular expressions over the raw text: node header lines, and distinct unordered pairs
// of (node id, port) over all port lines) printed them, and every one agrees with the
// counts in ../shared/realworld/SOURCES.md, which were made by a different ad-hoc parser.
// SOURCES.md gives no link count for k-4-n-3-Full.topology or the ibsim examples; for those
// the script's counts were checked against the files by hand (net: Hca1, Hca2 and two
// parallel ISLs = 4; net.2sw2path4hca2port: 2 + 2 HCA cables and 2 ISLs = 6).
// Noise counts are the lines the script recognised as no record, checked by eye: the
// shell prompt after the BOM (Topo.5 line 1), the PuTTY banner and the trailing UFM prompt
// (director lines 1 and 33821), the stderr line (3.topo line 1).

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

struct Case {
  const char* file;
  std::size_t switches;
  std::size_t cas;  // aggregation nodes included
  std::size_t aggregation_nodes;
  std::size_t links;
  std::vector<std::size_t> skipped;  // line numbers of noise lines
  const char* format;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> kCases = {
      {"hyungkwang-topo-examples/Topo.2.txt", 4, 12, 4, 16, {}, "ibnetdiscover"},
      {"hyungkwang-topo-examples/Topo.3.txt", 60, 2, 0, 807, {}, "ibnetdiscover"},
      {"hyungkwang-topo-examples/Topo.5.txt", 206, 1336, 206, 3572, {1}, "ibnetdiscover"},
      {"hyungkwang-topo-examples/Topo.6_CS8500.txt", 192, 1182, 192, 4144, {}, "ibnetdiscover"},
      {"hyungkwang-topo-examples/Topo6_CS7500.txt", 174, 1644, 174, 3443, {}, "ibnetdiscover"},
      {"mlunacek-janus/ibnetdiscover-2-12-2014", 214, 1356, 0, 4168, {}, "ibnetdiscover"},
      {"mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt",
       400,
       2328,
       0,
       8723,
       {1, 33821},
       "ibnetdiscover"},
      {"nvidia-topograph/example.out", 40, 582, 40, 1114, {}, "ibnetdiscover"},
      {"nvidia-topograph/example-bad.out", 0, 1, 0, 0, {}, "ibnetdiscover"},
      {"ltaulell-psmn-x5/X5.topofile", 11, 89, 0, 159, {}, "ibnetdiscover"},
      {"loginoff-topo/topo", 8, 144, 0, 192, {}, "ibnetdiscover"},
      {"jabl-ibtopotool-tests/1.topo", 2, 4, 0, 7, {}, "ibnetdiscover"},
      {"jabl-ibtopotool-tests/2.topo", 1, 2, 0, 2, {}, "ibnetdiscover"},
      {"jabl-ibtopotool-tests/3.topo", 2, 6, 0, 10, {1}, "ibnetdiscover"},
      {"jabl-ibtopotool-tests/4.topo", 1, 1, 0, 1, {}, "ibnetdiscover"},
      {"ompi-users-2009-swansea/ibnetdiscover-2009-01-15.txt", 1, 24, 0, 24, {}, "ibnetdiscover"},
      {"cyberang3l-fattree-k4n3/k-4-n-3-Full.topo", 80, 128, 0, 384, {}, "ibnetdiscover"},
      {"cyberang3l-fattree-k4n3/k-4-n-3-Full.topology", 80, 128, 0, 384, {}, "ibsim"},
      {"ibsim-net-examples/net", 2, 2, 0, 4, {}, "ibsim"},
      {"ibsim-net-examples/net.1", 1, 2, 0, 2, {}, "ibsim"},
      {"ibsim-net-examples/net.2sw2path", 2, 2, 0, 4, {}, "ibsim"},
      {"ibsim-net-examples/net.2sw2path4hca", 2, 4, 0, 6, {}, "ibsim"},
      {"ibsim-net-examples/net.2sw2path4hca2port", 2, 2, 0, 6, {}, "ibsim"},
  };
  return kCases;
}

bool have_realworld() {
  return std::filesystem::is_directory(test::realworld(""));
}

ReadResult read_realworld(const std::string& file) {
  return read_ibnetdiscover(read_file(test::realworld(file)), file);
}

TEST(RealworldIbnetdiscoverTest, CountsMatchTheIndependentCounter) {
  if (!have_realworld()) {
    GTEST_SKIP() << "no " << test::realworld("") << " here";
  }
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.file);
    ReadResult r = read_realworld(c.file);
    std::size_t switches = 0;
    std::size_t cas = 0;
    std::size_t aggregation = 0;
    for (const Node& n : r.fabric.nodes()) {
      switches += n.type == NodeType::Switch ? 1 : 0;
      cas += n.type == NodeType::Ca ? 1 : 0;
      aggregation += is_aggregation_node(n) ? 1 : 0;
    }
    EXPECT_EQ(switches, c.switches);
    EXPECT_EQ(cas, c.cas);
    EXPECT_EQ(aggregation, c.aggregation_nodes);
    EXPECT_EQ(r.fabric.links().size(), c.links);
    EXPECT_EQ(r.fabric.provenance().format, c.format);
    std::vector<std::size_t> skipped;
    for (const SkippedLine& s : r.skipped) {
      skipped.push_back(s.line);
    }
    EXPECT_EQ(skipped, c.skipped);
    std::vector<std::string> problems = check_invariants(r.fabric);
    EXPECT_TRUE(problems.empty()) << problems.front();
  }
}

TEST(RealworldIbnetdiscoverTest, HandBrokenLidsAreRejectedAtTheirLine) {
  if (!have_realworld()) {
    GTEST_SKIP() << "no " << test::realworld("") << " here";
  }

  // Both files first break at the switch header whose LID was deleted ("lid  lmc 0").
  struct Broken {
    const char* file;
    std::size_t line;
    const char* message;
  };

  const Broken broken[] = {
      {"hyungkwang-topo-examples/Topo.8-invalid_lid_Null.txt", 10,
       "hyungkwang-topo-examples/Topo.8-invalid_lid_Null.txt:10: expected a LID (0-65535) "
       "after \"lid\", found \"lmc 0\""},
      {"hyungkwang-topo-examples/Topo.8_CS8500_invalid_lid.txt", 11,
       "hyungkwang-topo-examples/Topo.8_CS8500_invalid_lid.txt:11: expected a LID (0-65535) "
       "after \"lid\", found \"lmc 0\""},
  };
  for (const Broken& b : broken) {
    try {
      read_realworld(b.file);
      ADD_FAILURE() << b.file << " was accepted";
    } catch (const ParseError& e) {
      EXPECT_EQ(std::string(e.what()), b.message);
      EXPECT_EQ(e.line(), b.line);
    }
  }
}

TEST(RealworldIbnetdiscoverTest, EveryLaterBreakInTheCs8500FileIsFoundToo) {
  if (!have_realworld()) {
    GTEST_SKIP() << "no " << test::realworld("") << " here";
  }
  // Repair each break in turn (by putting back Topo.6's text) to see the next one: the
  // reader must stop at each edit, not only the first. Line numbers from
  // `diff Topo.6_CS8500.txt Topo.8_CS8500_invalid_lid.txt`.
  std::string good = read_file(test::realworld("hyungkwang-topo-examples/Topo.6_CS8500.txt"));
  std::string bad =
      read_file(test::realworld("hyungkwang-topo-examples/Topo.8_CS8500_invalid_lid.txt"));
  std::vector<std::size_t> lines;
  for (int i = 0; i < 5; ++i) {
    try {
      read_ibnetdiscover(bad, "t8");
      break;
    } catch (const ParseError& e) {
      lines.push_back(e.line());
      // Put back the good file's line of the same number: the edits before line 2477 only
      // change lines; 2477 is the first inserted one, so the loop stops there.
      auto line_span = [](const std::string& text, std::size_t n) {
        std::size_t begin = 0;
        for (std::size_t k = 1; k < n; ++k) {
          begin = text.find('\n', begin) + 1;
        }
        return std::make_pair(begin, text.find('\n', begin) - begin);
      };
      auto [gb, gl] = line_span(good, e.line());
      auto [bb, bl] = line_span(bad, e.line());
      bad.replace(bb, bl, good.substr(gb, gl));
    }
  }
  // 11: "lid  lmc 0"; 43: peer "lid -1"; 58: "lid -1 lmc 0"; 70: peer "lid  4xHDR";
  // 2477: the GUID "b8cef60300xxxxxx". (Line 42's "lid 65535" is valid.)
  EXPECT_EQ(lines, (std::vector<std::size_t>{11, 43, 58, 70, 2477}));
}

TEST(RealworldIbnetdiscoverTest, ReadsFactsOffTheDumps) {
  if (!have_realworld()) {
    GTEST_SKIP() << "no " << test::realworld("") << " here";
  }
  // Spot checks against lines of the files, read by eye.
  Fabric ufm = read_realworld("mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt").fabric;
  const Node& sw = ufm.node(*ufm.find_node(0x0c42a10300a9b026));
  EXPECT_EQ(sw.description, "MF0;sat11-0101-0927-20ib0:MQM8700/U1");  // line 12
  EXPECT_EQ(sw.port_count, 41);
  EXPECT_EQ(ufm.port(*ufm.find_port(ufm.id_of(sw), 0)).base_lid, 3894);
  EXPECT_EQ(ufm.provenance().time, "2021-06-15T19:06:08");
  Fabric hdr = read_realworld("hyungkwang-topo-examples/Topo.6_CS8500.txt").fabric;
  EXPECT_EQ(hdr.provenance().tool, "ibdiagnet");
  // ibsim's GUIDs for the generated netfile: switches from 0x200000 one apart, one-port
  // HCAs from 0x100000 two apart, in file order (Switch0..Switch79, Hca0..Hca127). Its
  // .topo twin was numbered by the generator from 0x2000000 and 0x1000000 instead.
  Fabric topology = read_realworld("cyberang3l-fattree-k4n3/k-4-n-3-Full.topology").fabric;
  Fabric topo = read_realworld("cyberang3l-fattree-k4n3/k-4-n-3-Full.topo").fabric;
  EXPECT_EQ(topology.node(*topology.find_node(0x200000)).description, "Switch0");
  EXPECT_EQ(topology.node(*topology.find_node(0x20004f)).description, "Switch79");
  EXPECT_EQ(topology.node(*topology.find_node(0x1000fe)).description, "Hca127");
  EXPECT_EQ(topology.port(*topology.find_port(*topology.find_node(0x1000fe), 1)).guid, 0x1000ffu);
  EXPECT_EQ(topo.node(*topo.find_node(0x10000fe)).description, "Hca127");
}

}  // namespace
}  // namespace ibatlas
