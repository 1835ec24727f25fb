// The subnet managers' health against ibsim with opensm instances of our own, each bound to
// one HCA (SIM_HOST picks the umad2sim node, -g its port GUID, -p the priority). The oracle
// is infiniband-diags' sminfo on the same simulator; the election follows IBA 14.4 (higher
// priority wins), the handover opensm's polling of the master (sminfo_polling_timeout,
// polling_retry_number, shortened here so the standby takes over in a few seconds).
//
// GUIDs follow ibsim's rules: CAs 0x100000 + 2 per 1-port CA, port GUID = node GUID + 1:
//   h1 port 0x100001 (LID 11), h2 port 0x100003 (LID 12), h3 port 0x100005 (LID 13).

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/input_file.hpp"

#include "discover_sim.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::LiveCrawl;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

constexpr const char* kNetfile = R"(Switch	8 "leaf1"	# "leaf1" base port 0 lid 3 lmc 0
[1]	"h1"[1]	# "h1" lid 11 4xEDR
[2]	"h2"[1]	# "h2" lid 12 4xEDR
[3]	"h3"[1]	# "h3" lid 13 4xEDR

Ca	1 "h1"	# "h1"
[1]	"leaf1"[1]	# lid 11 lmc 0 "leaf1" lid 3 4xEDR

Ca	1 "h2"	# "h2"
[1]	"leaf1"[2]	# lid 12 lmc 0 "leaf1" lid 3 4xEDR

Ca	1 "h3"	# "h3"
[1]	"leaf1"[3]	# lid 13 lmc 0 "leaf1" lid 3 4xEDR
)";

constexpr Guid kH1Port = 0x100001;
constexpr Guid kH2Port = 0x100003;

SimOptions options() {
  SimOptions o;
  o.netfile_text = kNetfile;
  o.start_opensm = false;
  return o;
}

// opensm on `host`'s port `guid` with `priority`; returns once `ready` is in its log (opensm
// appends its -f log to the file its stdout goes to).
pid_t start_sm(SimFabric& sim, const std::string& host, Guid guid, int priority,
               const std::string& ready) {
  std::string name = sim.dir() + "/" + host;
  std::string config = read_file(test::source_dir() + "/fixtures/opensm.conf") + "dump_files_dir " +
                       name + "/\nsminfo_polling_timeout 500\n" + "polling_retry_number 2\n";
  std::filesystem::create_directories(name);
  { std::ofstream(name + "/opensm.conf") << config; }
  std::string log = name + "/opensm.log";
  return sim.start_client({"opensm", "-F", name + "/opensm.conf", "-g", "0x" + test::hex(guid),
                           "-p", std::to_string(priority), "-d2", "-f", log},
                          {"SIM_HOST=" + host, "OSM_CACHE_DIR=" + name, "OSM_TMP_DIR=" + name},
                          ready, log);
}

// sminfo's line for the SM at `lid`, asked from h3: "sm lid 12 sm guid 0x100003, activity
// count 38 priority 5 state 2 SMINFO_STANDBY".
struct Oracle {
  Guid guid = 0;
  int priority = -1;
  int state = -1;
  std::uint32_t activity = 0;
};

Oracle sminfo(SimFabric& sim, int lid) {
  ProcessResult r = sim.run({"env", "SIM_HOST=h3", "sminfo", std::to_string(lid)});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::smatch m;
  static const std::regex line(
      "sm guid (0x[0-9a-f]+), activity count ([0-9]+) priority ([0-9]+) state ([0-9]+)");
  Oracle o;
  if (std::regex_search(r.out, m, line)) {
    o.guid = std::stoull(m[1].str(), nullptr, 16);
    o.activity = static_cast<std::uint32_t>(std::stoul(m[2].str()));
    o.priority = std::stoi(m[3].str());
    o.state = std::stoi(m[4].str());
  }
  return o;
}

const SubnetManager* find_sm(const Fabric& f, Guid guid) {
  for (const SubnetManager& sm : f.subnet_managers()) {
    if (sm.guid == guid) {
      return &sm;
    }
  }
  return nullptr;
}

void expect_as_sminfo_says(const Fabric& f, const Oracle& o, int lid) {
  const SubnetManager* sm = find_sm(f, o.guid);
  ASSERT_NE(sm, nullptr) << test::hex(o.guid);
  EXPECT_EQ(sm->port_guid, o.guid);
  EXPECT_EQ(sm->lid, lid);
  EXPECT_EQ(sm->priority, o.priority);
  EXPECT_EQ(static_cast<int>(sm->state), o.state);
  // opensm counts every SMP it sends, its answers included: ours came after sminfo's.
  EXPECT_GT(sm->act_count, o.activity);
  ASSERT_TRUE(sm->act_count_again);
  EXPECT_GT(*sm->act_count_again, sm->act_count);
  ASSERT_TRUE(sm->interval_ms);
  EXPECT_GE(*sm->interval_ms, 400U);  // asked for 500 ms
}

LiveCrawl crawl_from_h3(SimFabric& sim) {
  LiveCrawl c = crawl_live(sim, {"--sm-interval", "500"}, "h3");
  EXPECT_EQ(c.exit_code, 0) << c.err;
  return c;
}

ProcessResult ibatlas(SimFabric& sim, const std::vector<std::string>& args) {
  std::vector<std::string> argv{"env", "SIM_HOST=h3", test::ibatlas_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  return sim.run(argv);
}

bool waits_for(const std::function<bool()>& done, std::chrono::seconds limit) {
  auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (done()) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  return done();
}

TEST(SmHealthSim, MasterAndStandbyAsSminfoSaysThenTheHandoverInDiff) {
  SimFabric sim(options());
  pid_t master = start_sm(sim, "h1", kH1Port, 10, "SUBNET UP");
  start_sm(sim, "h2", kH2Port, 5, "Entering STANDBY state");
  Oracle m = sminfo(sim, 11);
  Oracle s = sminfo(sim, 12);
  ASSERT_EQ(m.guid, kH1Port);
  ASSERT_EQ(m.state, 3);  // SMINFO_MASTER
  ASSERT_EQ(s.guid, kH2Port);
  ASSERT_EQ(s.state, 2);  // SMINFO_STANDBY
  LiveCrawl before = crawl_from_h3(sim);
  ASSERT_TRUE(before.fabric.subnet_managers_read());
  EXPECT_EQ(before.fabric.subnet_managers().size(), 2U);
  expect_as_sminfo_says(before.fabric, m, 11);
  expect_as_sminfo_says(before.fabric, s, 12);
  // A healthy pair: no sm.* finding at all.
  std::string path = sim.dir() + "/crawl-before.xml";
  ProcessResult write = ibatlas(sim, {"discover", "-o", path});
  ASSERT_EQ(write.exit_code, 0) << write.err;
  ProcessResult check = ibatlas(sim, {"check", path});
  EXPECT_EQ(check.out.find("sm."), std::string::npos) << check.out;

  sim.stop_client(master);
  ASSERT_TRUE(waits_for([&] { return sminfo(sim, 12).state == 3; }, std::chrono::seconds(60)))
      << "the standby did not take over";
  std::string after_path = sim.dir() + "/crawl-after.xml";
  ProcessResult again = ibatlas(sim, {"discover", "-o", after_path});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  ProcessResult diff = ibatlas(sim, {"diff", path, after_path});
  EXPECT_EQ(diff.exit_code, 1) << diff.out << diff.err;
  EXPECT_NE(diff.out.find("0x0000000000100001 -> 0x0000000000100003"), std::string::npos)
      << diff.out;
  EXPECT_NE(diff.out.find("sm.master"), std::string::npos) << diff.out;
  // The new master alone: no standby (info), and nothing worse.
  ProcessResult alone = ibatlas(sim, {"check", after_path});
  EXPECT_NE(alone.out.find("sm.no_standby"), std::string::npos) << alone.out;
  EXPECT_EQ(alone.out.find("sm.none"), std::string::npos) << alone.out;
}

TEST(SmHealthSim, TheOnlySmStoppedAfterSubnetUpIsSmNone) {
  SimFabric sim(options());
  pid_t only = start_sm(sim, "h1", kH1Port, 0, "SUBNET UP");
  sim.stop_client(only);
  // sminfo's oracle: the SM LID the ports still name answers no more.
  ProcessResult gone = sim.run({"env", "SIM_HOST=h3", "sminfo", "11"});
  EXPECT_NE(gone.exit_code, 0) << gone.out;
  LiveCrawl c = crawl_from_h3(sim);
  EXPECT_TRUE(c.fabric.subnet_managers_read());
  EXPECT_TRUE(c.fabric.subnet_managers().empty());
  std::string path = sim.dir() + "/crawl.xml";
  ProcessResult write = ibatlas(sim, {"discover", "-o", path});
  ASSERT_EQ(write.exit_code, 0) << write.err;
  ProcessResult check = ibatlas(sim, {"check", path});
  EXPECT_EQ(check.exit_code, 1) << check.out;
  EXPECT_NE(check.out.find("sm.none"), std::string::npos) << check.out;
}

}  // namespace
}  // namespace ibatlas
