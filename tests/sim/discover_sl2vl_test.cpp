// `ibatlas discover --sl2vl` against ibsim, with smpquery as the oracle. opensm runs once
// (-o) with QoS on, so switch external ports and CA ports get different, distinctive tables
// (ibsim's own default is 0..14,7 everywhere); our tables must equal what `smpquery sl2vl`
// prints for the same (in, out) pairs.

#include <fstream>
#include <map>
#include <regex>
#include <tuple>

#include "discover_sim.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::LiveCrawl;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

using Vls = std::array<std::uint8_t, 16>;

constexpr Vls kSwitchQos = {7, 6, 5, 4, 3, 2, 1, 0, 7, 6, 5, 4, 3, 2, 1, 15};
constexpr Vls kCaQos = {1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 15};

// Configures the subnet once with QoS SL-to-VL tables, then exits.
void run_opensm_with_qos(SimFabric& sim) {
  std::string conf = sim.dir() + "/qos.conf";
  std::ofstream(conf) << read_file(test::source_dir() + "/fixtures/opensm.conf") << "qos TRUE\n"
                      << "qos_swe_sl2vl 7,6,5,4,3,2,1,0,7,6,5,4,3,2,1,15\n"
                      << "qos_ca_sl2vl 1,2,3,4,5,6,7,0,1,2,3,4,5,6,7,15\n"
                      << "dump_files_dir " << sim.dir() << "/\n";
  ProcessResult r =
      sim.run({"env", "OSM_CACHE_DIR=" + sim.dir(), "OSM_TMP_DIR=" + sim.dir(),
               test::find_program("opensm"), "-o", "-F", conf, "-f", sim.dir() + "/qos.log"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

// smpquery sl2vl's rows: "ports: in  3, out  1: | 7| 6| ...|15|" -> {(3, 1): table}.
std::map<std::pair<int, int>, Vls> parse_smpquery_sl2vl(const std::string& text) {
  std::map<std::pair<int, int>, Vls> rows;
  std::regex row(R"(^ports: in\s+(\d+), out\s+(\d+): \|((?:\s*\d+\|){16})$)");
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) {
      continue;
    }
    Vls vl{};
    std::istringstream cells(m[3].str());
    std::string cell;
    for (std::size_t sl = 0; sl < vl.size() && std::getline(cells, cell, '|'); ++sl) {
      vl[sl] = static_cast<std::uint8_t>(std::stoi(cell));
    }
    rows[{std::stoi(m[1].str()), std::stoi(m[2].str())}] = vl;
  }
  return rows;
}

std::map<std::pair<int, int>, Vls> smpquery_sl2vl(SimFabric& sim, Lid lid, int out) {
  std::vector<std::string> argv = {"smpquery", "sl2vl", std::to_string(lid)};
  if (out >= 0) {
    argv.push_back(std::to_string(out));
  }
  ProcessResult r = sim.run(argv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return parse_smpquery_sl2vl(r.out);
}

bool up(const Port& p) {
  return p.phys_state == PhysState::LinkUp;
}

using Tables = std::map<std::tuple<Guid, int, int>, Vls>;

// Compares what smpquery prints for `out` (a switch: every input port into it; a CA: its one
// row, "in 0, out 0") with `mine`. Returns how many of our tables it checked.
std::size_t check_port(SimFabric& sim, const Fabric& f, const Port& out, const Tables& mine) {
  const Node& node = f.node(out.node);
  std::span<const Port> ports = f.ports_of(out.node);
  bool is_switch = node.type == NodeType::Switch;
  SCOPED_TRACE(test::hex(node.guid) + " out " + std::to_string(out.number));
  std::optional<Lid> lid = (is_switch ? ports[0] : out).base_lid;
  EXPECT_TRUE(lid);
  auto theirs = smpquery_sl2vl(sim, lid.value_or(0), is_switch ? out.number : -1);
  EXPECT_FALSE(theirs.empty());
  std::size_t compared = 0;
  for (const auto& [pair, vl] : theirs) {
    int in = is_switch ? pair.first : out.number;
    std::optional<PortId> in_port = f.find_port(out.node, static_cast<std::uint8_t>(in));
    bool wanted = !is_switch || (in != out.number && in_port && (in == 0 || up(f.port(*in_port))));
    auto it = mine.find({node.guid, in, out.number});
    EXPECT_EQ(it != mine.end(), wanted) << "in " << in;
    if (wanted && it != mine.end()) {
      EXPECT_EQ(it->second, vl) << "in " << in;
      EXPECT_EQ(vl, is_switch ? kSwitchQos : kCaQos) << "in " << in;  // opensm's, not ibsim's
      ++compared;
    }
  }
  return compared;
}

TEST(DiscoverSlToVlSimTest, TablesEqualSmpquery) {
  SimOptions options;
  options.netfile_path = test::realworld("ibsim-net-examples/net.2sw2path4hca");
  options.start_opensm = false;
  SimFabric sim(options);
  run_opensm_with_qos(sim);
  LiveCrawl ours = crawl_live(sim, {"--sl2vl"});
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  const Fabric& f = ours.fabric;
  Tables mine;
  for (const SlToVlTable& t : f.sl_to_vl_tables()) {
    mine[{f.node(f.node_of(t.in)).guid, f.port(t.in).number, f.port(t.out).number}] = t.vl;
  }
  std::size_t compared = 0;
  for (const Port& out : f.ports()) {
    if (up(out) && out.number != 0) {
      compared += check_port(sim, f, out, mine);
    }
  }
  EXPECT_EQ(compared, mine.size());  // every table we hold was checked against smpquery
  EXPECT_EQ(compared, 2U * 16 + 4);  // 2 switches with 4 LinkUp ports each, 4 HCA ports
}

TEST(DiscoverSlToVlSimTest, NoTablesWithoutTheFlag) {
  SimOptions options;
  options.netfile_path = test::realworld("ibsim-net-examples/net.2sw2path4hca");
  SimFabric sim(options);
  LiveCrawl ours = crawl_live(sim);
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  EXPECT_TRUE(ours.fabric.sl_to_vl_tables().empty());
}

}  // namespace
}  // namespace ibatlas
