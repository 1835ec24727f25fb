// The audit against ibsim + opensm: a fabric with seeded faults, crawled live by
// `ibatlas discover`, gives exactly the findings of the injected faults — no misses, no
// false alarms — and a clean fabric none (its unused switch ports are Polling, which proves
// nothing). Expected findings are derived from the faults written into the netfile below and
// from ibsim's documented rules (/work/notes/ibsim.md), never from our own output.

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#include "ibatlas/audit/audit.hpp"
#include "ibatlas/formats/plan_csv.hpp"

#include "discover_sim.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::LiveCrawl;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

// Faults to write into the netfile of a 2-level tree: spines sp1 sp2, leaves lf1..lf4
// (ports 1-2: hosts, 35: sp1, 36: sp2), hosts h1..h8, two per leaf, every port 4xEDR.
struct Faults {
  bool cap_width = false;  // h1's cable: both port lines say 1xEDR (ibsim's robust width cap)
  bool cap_speed = false;  // h3's cable: the leaf's port line says 4xQDR (clears EDR both ends)
  bool unplug = false;     // h5's cable in neither record
  bool swap = false;       // h7 and h8 on lf4 ports 2 and 1 instead of 1 and 2
  bool dup_desc = false;   // h2 and h6 both described "node-dup"
};

std::string host_desc(int h, const Faults& f) {
  return f.dup_desc && (h == 2 || h == 6) ? "node-dup" : "h" + std::to_string(h);
}

// The leaf port host h is cabled to.
int host_port(int h, const Faults& f) {
  int port = (h - 1) % 2 + 1;
  return f.swap && (h == 7 || h == 8) ? 3 - port : port;
}

std::string rate(int h, bool leaf_end, const Faults& f) {
  if (f.cap_width && h == 1) {
    return "1xEDR";
  }
  return f.cap_speed && h == 3 && leaf_end ? "4xQDR" : "4xEDR";
}

std::string netfile(const Faults& f) {
  std::ostringstream n;
  for (int s = 1; s <= 2; ++s) {
    n << "Switch\t36 \"sp" << s << "\"\t# \"sp" << s << "\" base port 0\n";
    for (int l = 1; l <= 4; ++l) {
      n << "[" << l << "]\t\"lf" << l << "\"[" << 34 + s << "]\t# lid 0 4xEDR\n";
    }
    n << "\n";
  }
  for (int l = 1; l <= 4; ++l) {
    n << "Switch\t36 \"lf" << l << "\"\t# \"lf" << l << "\" base port 0\n";
    for (int h = 2 * l - 1; h <= 2 * l; ++h) {
      if (!(f.unplug && h == 5)) {
        n << "[" << host_port(h, f) << "]\t\"h" << h << "\"[1]\t# lid 0 " << rate(h, true, f)
          << "\n";
      }
    }
    n << "[35]\t\"sp1\"[" << l << "]\t# lid 0 4xEDR\n[36]\t\"sp2\"[" << l << "]\t# lid 0 4xEDR\n\n";
  }
  for (int h = 1; h <= 8; ++h) {
    n << "Ca\t1 \"h" << h << "\"\t# \"" << host_desc(h, f) << "\"\n";
    if (!(f.unplug && h == 5)) {
      n << "[1]\t\"lf" << (h + 1) / 2 << "\"[" << host_port(h, f) << "]\t# lid 0 "
        << rate(h, false, f) << "\n";
    }
    n << "\n";
  }
  return n.str();
}

// The design, by description; h2 and h6 by GUID (ibsim numbers CAs 0x100000 + 2(k-1) in
// record order), since their descriptions may repeat.
std::string plan_csv() {
  std::ostringstream p;
  p << "node,port,peer_node,peer_port\n";
  for (int l = 1; l <= 4; ++l) {
    p << "lf" << l << ",35,sp1," << l << "\nlf" << l << ",36,sp2," << l << "\n";
    for (int h = 2 * l - 1; h <= 2 * l; ++h) {
      std::string name =
          h == 2 || h == 6 ? "0x" + test::hex(0x100000 + 2 * (h - 1)) : "h" + std::to_string(h);
      p << "lf" << l << "," << (h - 1) % 2 + 1 << "," << name << ",1\n";
    }
  }
  return p.str();
}

using Key = std::tuple<std::string, std::string, int>;  // check, node name, port (-1: none)

std::set<Key> keys(const std::vector<Finding>& findings) {
  std::set<Key> out;
  for (const Finding& f : findings) {
    out.emplace(f.check, f.location.here.name, f.location.here.port ? *f.location.here.port : -1);
  }
  return out;
}

std::string listing(const std::vector<Finding>& findings) {
  std::string out;
  for (const Finding& f : findings) {
    out += "\n  " + f.check + " " + to_string(f.location) + ": " + f.message;
  }
  return out;
}

// run_checks without the subnet-manager findings: these tests are about the injected faults,
// and the harness's SM is what it is (one opensm on sp1: sm.no_standby; opensm -o, gone
// after its sweep: sm.none). The sm.* checks are tested in sm_health_test.cpp.
std::vector<Finding> checks(const Fabric& fabric, const AuditOptions& options) {
  std::vector<Finding> findings = run_checks(fabric, options);
  std::erase_if(findings, [](const Finding& f) { return f.check.rfind("sm.", 0) == 0; });
  return findings;
}

Fabric crawl(SimFabric& sim, std::vector<std::string> extra = {}) {
  LiveCrawl c = crawl_live(sim, extra);
  EXPECT_EQ(c.exit_code, 0) << c.err;
  return std::move(c.fabric);
}

SimOptions options_for(const Faults& f) {
  SimOptions options;
  options.netfile_text = netfile(f);
  return options;
}

TEST(CheckSimTest, CleanFabricHasNoFindingsAgainstItsPlan) {
  SimFabric sim(options_for(Faults{}));
  Fabric fabric = crawl(sim, {"--counters"});
  CablingPlan plan = read_plan_csv(plan_csv(), "plan.csv");
  AuditOptions options;
  options.plan = &plan;
  std::vector<Finding> findings = checks(fabric, options);
  EXPECT_TRUE(findings.empty()) << listing(findings);
}

TEST(CheckSimTest, FindingsAreExactlyTheInjectedFaults) {
  Faults faults{
      .cap_width = true, .cap_speed = true, .unplug = true, .swap = true, .dup_desc = true};
  SimFabric sim(options_for(faults));
  sim.console("PerformanceSet \"lf2\"[36] PortCounters.SymbolErrorCounter=50");
  Fabric fabric = crawl(sim, {"--counters"});
  CablingPlan plan = read_plan_csv(plan_csv(), "plan.csv");
  AuditOptions options;
  options.plan = &plan;
  std::vector<Finding> findings = checks(fabric, options);
  std::set<Key> expected = {
      {"link.capped", "lf1", 1},      // h1: both ends enable 1x, the fabric 4x
      {"link.unexpected", "lf2", 1},  // h3: QDR (both ends now support no more)
      {"plan.missing", "lf3", 1},     // h5 unplugged, so not even discovered
      {"plan.miswired", "lf4", 1},    // h7/h8 crossed: one swap
      {"node.duplicate_description", "node-dup (0x0000000000100002)", -1},  // h2 = h6
      {"counter.symbol_errors", "lf2", 36},  // PerformanceSet 50 > 10
  };
  EXPECT_EQ(keys(findings), expected) << listing(findings);
  for (const Finding& f : findings) {
    if (f.check == "link.capped") {
      EXPECT_EQ(f.measured, "1xEDR");
      EXPECT_EQ(f.expected, "4xEDR");
    } else if (f.check == "link.unexpected") {
      EXPECT_EQ(f.measured, "4xQDR");
      EXPECT_EQ(f.expected, "4xEDR");
    } else if (f.check == "plan.miswired") {
      EXPECT_EQ(f.hint, "swap the cables in lf4 port 1 and lf4 port 2");
    } else if (f.check == "plan.missing") {
      EXPECT_EQ(f.measured, "Down/Polling / node not in the fabric");
    }
  }
}

// iblinkinfo judges width and speed by the two ends' supported sets only. ibsim reports
// 1x-12x supported on every port (and HDR among the extended speeds), so iblinkinfo says
// "Could be 12X Could be 53.125 Gbps" on every link of the clean fabric, where the audit
// finds nothing: no port enables more than 4x or more than EDR.
TEST(CheckSimTest, IblinkinfoCouldBeFlagsEveryLinkOfACleanFabric) {
  SimFabric sim(options_for(Faults{}));
  ProcessResult r = sim.run({"iblinkinfo"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::size_t active = 0;
  std::size_t could_be = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("LinkUp") != std::string::npos) {
      ++active;
      could_be += line.find("Could be 12X") != std::string::npos ? 1 : 0;
    }
  }
  EXPECT_EQ(active, 32u) << "16 cables, each shown from both ends\n" << r.out;
  EXPECT_EQ(could_be, active) << r.out;
  EXPECT_TRUE(checks(crawl(sim), {}).empty());
}

TEST(CheckSimTest, UnlinkedCableIsPortDownAgainstTheEarlierCrawl) {
  SimFabric sim(options_for(Faults{}));
  Fabric before = crawl(sim);
  sim.console("Unlink \"lf1\"[2]");  // h2's cable
  Fabric after = crawl(sim);
  EXPECT_TRUE(checks(after, {}).empty()) << "Polling alone proves nothing";
  AuditOptions options;
  options.baseline = &before;
  std::vector<Finding> findings = checks(after, options);
  ASSERT_EQ(findings.size(), 1u) << listing(findings);
  EXPECT_EQ(findings[0].check, "port.down");
  EXPECT_EQ(findings[0].location.here.name, "lf1");
  EXPECT_EQ(findings[0].location.here.port, 2);
  EXPECT_EQ(findings[0].location.peer->name, "h2");
}

// One iblinkinfo line for a LinkUp port: "sp1[5]" style end, its text.
struct LinkLine {
  std::string end;
  std::string text;
};

// iblinkinfo's port lines for LinkUp ports, each with the node the block is about (lines
// "CA: h7:" or "Switch: 0x... lf4:" open a block; port lines start with blanks).
std::vector<LinkLine> iblinkinfo_link_lines(const std::string& out) {
  std::vector<LinkLine> lines;
  std::istringstream in(out);
  std::string node;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("CA: ", 0) == 0 || line.rfind("Switch: ", 0) == 0) {
      std::string head = line.substr(0, line.size() - 1);  // drop the ':'
      node = head.substr(head.rfind(' ') + 1);
    } else if (line.find("LinkUp") != std::string::npos) {
      std::size_t bracket = line.find("[  ]");
      std::istringstream fields(line.substr(0, bracket));
      std::string port;
      while (fields >> port) {
      }
      lines.push_back({node + "[" + port + "]", line});
    }
  }
  return lines;
}

// Our link width/speed verdicts (capped, degraded, unexpected) by the switch end of the link.
std::set<std::string> speed_verdicts(const std::vector<Finding>& findings) {
  std::set<std::string> out;
  for (const Finding& f : findings) {
    if (f.check == "link.capped" || f.check == "link.degraded" || f.check == "link.unexpected") {
      out.insert(f.check + " " + f.location.here.name + "[" +
                 std::to_string(*f.location.here.port) + "]");
    }
  }
  return out;
}

// The same faulted fabric read by iblinkinfo and by us. ibsim's rules (notes/ibsim.md): every
// port reports 1x-12x supported, so iblinkinfo says "Could be 12X" on all 30 LinkUp lines, the
// capped 1X link (h1) included: it cannot tell the cap from the 4X links. Ext speeds are
// supported up to HDR while a port runs an ext speed, so the EDR links get "Could be 53.125
// Gbps"; the QDR link (h3) has no ext speed at either end, so its supported set is SDR-QDR and
// iblinkinfo finds nothing wrong with its speed. We flag exactly h1 (capped) and h3
// (slower than the EDR tier): no port enables 12X or HDR, so those are no one's shortfall.
TEST(CheckSimTest, IblinkinfoCouldBeAgainstOurVerdictsOnTheFaultedFabric) {
  Faults faults{.cap_width = true, .cap_speed = true};
  SimFabric sim(options_for(faults));
  ProcessResult r = sim.run({"iblinkinfo"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<LinkLine> lines = iblinkinfo_link_lines(r.out);
  ASSERT_EQ(lines.size(), 32u) << "16 cables, each from both ends\n" << r.out;
  std::set<std::string> width_could_be;
  std::set<std::string> speed_could_be;
  std::set<std::string> one_x;
  std::set<std::string> qdr;
  for (const LinkLine& l : lines) {
    if (l.text.find("Could be 12X") != std::string::npos) {
      width_could_be.insert(l.end);
    }
    if (l.text.find("Could be 53.125 Gbps") != std::string::npos) {
      speed_could_be.insert(l.end);
    }
    if (l.text.find("( 1X ") != std::string::npos) {
      one_x.insert(l.end);
    }
    if (l.text.find(" 10.0 Gbps") != std::string::npos) {
      qdr.insert(l.end);
    }
  }
  EXPECT_EQ(width_could_be.size(), 32u) << "the 1X link looks like every other";
  EXPECT_EQ(one_x, (std::set<std::string>{"h1[1]", "lf1[1]"}));
  EXPECT_EQ(qdr, (std::set<std::string>{"h3[1]", "lf2[1]"}));
  EXPECT_EQ(speed_could_be.size(), 30u);
  EXPECT_FALSE(speed_could_be.count("h3[1]") || speed_could_be.count("lf2[1]"))
      << "iblinkinfo misses the QDR link";

  EXPECT_EQ(speed_verdicts(checks(crawl(sim), {})),
            (std::set<std::string>{"link.capped lf1[1]", "link.unexpected lf2[1]"}));
}

// opensm configures the subnet once (-o) and exits; then h2's cable is unplugged and plugged
// back. ibsim brings a relinked cable up as Initialize/LinkUp at both ends (sim_net.c
// link_ports) and only an SM makes it Active, so: one port.not_active on that link, and
// iblinkinfo shows the same two ends as Initialize.
TEST(CheckSimTest, RelinkedCableWithoutAnSmIsPortNotActive) {
  SimOptions options = options_for(Faults{});
  options.start_opensm = false;
  SimFabric sim(options);
  std::string conf = sim.dir() + "/once.conf";
  std::ofstream(conf) << read_file(test::source_dir() + "/fixtures/opensm.conf")
                      << "dump_files_dir " << sim.dir() << "/\n";
  ProcessResult once =
      sim.run({"env", "OSM_CACHE_DIR=" + sim.dir(), "OSM_TMP_DIR=" + sim.dir(),
               test::find_program("opensm"), "-o", "-F", conf, "-f", sim.dir() + "/once.log"});
  ASSERT_EQ(once.exit_code, 0) << once.err;
  EXPECT_TRUE(checks(crawl(sim), {}).empty()) << "all Active after the SM's one sweep";

  sim.console("Unlink \"lf1\"[2]");
  sim.console("ReLink \"lf1\"[2]");
  std::vector<Finding> findings = checks(crawl(sim), {});
  ASSERT_EQ(findings.size(), 1u) << listing(findings);
  EXPECT_EQ(findings[0].check, "port.not_active");
  EXPECT_EQ(findings[0].location.kind, LocationKind::Link);
  EXPECT_EQ(to_string(findings[0].location), "lf1 port 2 <-> h2 port 1");

  ProcessResult r = sim.run({"iblinkinfo"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> initialize;
  for (const LinkLine& l : iblinkinfo_link_lines(r.out)) {
    if (l.text.find("Initialize/") != std::string::npos) {
      initialize.insert(l.end);
    }
  }
  EXPECT_EQ(initialize, (std::set<std::string>{"h2[1]", "lf1[2]"})) << r.out;
}

// A port disabled by ibportstate (directed route 0: the first switch, sp1; port 5 has no
// cable) is an info finding and nothing else; iblinkinfo shows it Down/Disabled.
TEST(CheckSimTest, PortDisabledByIbportstateIsInfoOnly) {
  SimFabric sim(options_for(Faults{}));
  ProcessResult set = sim.run({"ibportstate", "-D", "0", "5", "disable"});
  ASSERT_EQ(set.exit_code, 0) << set.err;
  std::vector<Finding> findings = checks(crawl(sim), {});
  ASSERT_EQ(findings.size(), 1u) << listing(findings);
  EXPECT_EQ(findings[0].check, "port.disabled");
  EXPECT_EQ(findings[0].severity, Severity::Info);
  EXPECT_EQ(to_string(findings[0].location), "sp1 port 5");
  ProcessResult r = sim.run({"iblinkinfo"});
  EXPECT_NE(r.out.find("    5[  ] ==(                Down/Disabled)"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ibatlas
