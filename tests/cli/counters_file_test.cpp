// `--counters FILE` on check, show, export and diff: ibqueryerrors / perfquery output
// attached to a fabric file. The fabric is written here around the real ibqueryerrors dump
// of the linux-rdma list (rd240 thread): its switch, 0x0002c903006e29b0, cabled on ports 1-5
// to the three hosts the dump names, by the port GUIDs the dump prints. Expected findings
// are read off the dump by hand against the default thresholds (docs/checks.md).

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include "support/text_count.hpp"

namespace ibatlas {
namespace {

constexpr const char* kFabric =
    "switchguid=0x2c903006e29b0(2c903006e29b0)\n"
    "Switch\t36 \"S-0002c903006e29b0\"\t\t# \"MF0;ys23ib4:SX6036/U1\" enhanced port 0 lid 2 "
    "lmc 0\n"
    "[1]\t\"H-7cfe900300179b30\"[1](7cfe900300179b31)\t\t# \"dl380g7 mlx4_0\" lid 3 4xFDR\n"
    "[2]\t\"H-7cfe900300179b30\"[2](7cfe900300179b32)\t\t# \"dl380g7 mlx4_0\" lid 4 4xFDR\n"
    "[3]\t\"H-0002c9030042dff0\"[1](2c9030042dff1)\t\t# \"server mlx4_0\" lid 5 4xFDR\n"
    "[4]\t\"H-e41d2d0300e0bae0\"[1](e41d2d0300e0bae1)\t\t# \"rd240 mlx4_0\" lid 6 4xFDR\n"
    "[5]\t\"H-e41d2d0300e0bae0\"[2](e41d2d0300e0bae2)\t\t# \"rd240 mlx4_0\" lid 7 4xFDR\n"
    "\n"
    "caguid=0x7cfe900300179b30\n"
    "Ca\t2 \"H-7cfe900300179b30\"\t\t# \"dl380g7 mlx4_0\"\n"
    "[1](7cfe900300179b31)\t\"S-0002c903006e29b0\"[1]\t\t# lid 3 lmc 0 \"sw\" lid 2 4xFDR\n"
    "[2](7cfe900300179b32)\t\"S-0002c903006e29b0\"[2]\t\t# lid 4 lmc 0 \"sw\" lid 2 4xFDR\n"
    "\n"
    "caguid=0x2c9030042dff0\n"
    "Ca\t1 \"H-0002c9030042dff0\"\t\t# \"server mlx4_0\"\n"
    "[1](2c9030042dff1)\t\"S-0002c903006e29b0\"[3]\t\t# lid 5 lmc 0 \"sw\" lid 2 4xFDR\n"
    "\n"
    "caguid=0xe41d2d0300e0bae0\n"
    "Ca\t2 \"H-e41d2d0300e0bae0\"\t\t# \"rd240 mlx4_0\"\n"
    "[1](e41d2d0300e0bae1)\t\"S-0002c903006e29b0\"[4]\t\t# lid 6 lmc 0 \"sw\" lid 2 4xFDR\n"
    "[2](e41d2d0300e0bae2)\t\"S-0002c903006e29b0\"[5]\t\t# lid 7 lmc 0 \"sw\" lid 2 4xFDR\n";

class CountersFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dump_ = test::realworld("linux-rdma-ml-2021-rd240/ibqueryerrors.txt");
    fabric_ = dir_.file("fabric.txt");
    test::write_file(fabric_, kFabric);
  }

  bool have_dump() const { return std::filesystem::exists(dump_); }

  test::TempDir dir_;
  std::string dump_;
  std::string fabric_;
};

TEST_F(CountersFileTest, CheckReportsThePortsOverThreshold) {
  if (!have_dump()) {
    GTEST_SKIP() << dump_ << " not present";
  }
  test::CliRun r = test::run_cli({"check", fabric_, "--counters", dump_, "--fail-on", "warning"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  // Port 5 (dump line 13): SymbolErrorCounter 65535 > 10, PortXmitDiscards 649 > 100,
  // PortRcvSwitchRelayErrors 149 > 100. Ports 1-4 stay under every threshold (LinkDowned 8,
  // 5, 5, 8 <= 10); PortXmitWait has no check.
  EXPECT_NE(r.out.find("counter.symbol_errors            MF0;ys23ib4:SX6036/U1 port 5  "
                       "SymbolErrorCounter is 65535 (threshold 10)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("PortXmitDiscards is 649 (threshold 100)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("PortRcvSwitchRelayErrors is 149 (threshold 100)"), std::string::npos)
      << r.out;
  EXPECT_EQ(test::count_of(r.out, " counter."), 3u) << r.out;
  // Ports 6, 7, 8 (lines 14-16) are not cabled in this fabric: reported, not dropped.
  for (int line : {14, 15, 16}) {
    EXPECT_NE(r.err.find("ibqueryerrors.txt:" + std::to_string(line) +
                         ": counters of 0x0002c903006e29b0 \"MF0;ys23ib4:SX6036/U1\" port " +
                         std::to_string(line - 8) + ": the fabric holds no such port"),
              std::string::npos)
        << r.err;
  }
  EXPECT_NE(r.err.find("ibqueryerrors.txt: counters of 11 port(s) attached, 3 row(s) for ports "
                       "not in the fabric, 1 \"port ALL\" row(s) (sums) left out"),
            std::string::npos)
      << r.err;
}

TEST_F(CountersFileTest, WithoutTheFileNoCounterFindings) {
  test::CliRun r = test::run_cli({"check", fabric_, "--fail-on", "warning"});
  EXPECT_EQ(r.status, kExitOk) << r.out << r.err;
  EXPECT_EQ(r.out.find("counter."), std::string::npos) << r.out;
}

TEST_F(CountersFileTest, RepeatedFilesAreAllAttached) {
  std::string a = dir_.file("a.txt");
  std::string b = dir_.file("b.txt");
  test::write_file(a,
                   "# Port counters: Lid 3 port 1 (CapMask: 0x1600)\n"
                   "SymbolErrorCounter:..............11\n");
  test::write_file(b,
                   "Errors for \"server mlx4_0\"\n"
                   "   GUID 0x2c9030042dff1 port 1: [LinkDownedCounter == 12]\n");
  test::CliRun r = test::run_cli({"check", fabric_, "--counters", a, "--counters", b, "--json"});
  EXPECT_EQ(r.status, kExitOk) << r.err;  // warnings only, --fail-on error
  EXPECT_NE(r.out.find("\"counter.symbol_errors\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"counter.link_downed\""), std::string::npos) << r.out;
}

TEST_F(CountersFileTest, FileMayStandBeforeTheSource) {
  std::string a = dir_.file("a.txt");
  test::write_file(a,
                   "# Port counters: Lid 3 port 1 (CapMask: 0x1600)\n"
                   "SymbolErrorCounter:..............11\n");
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"check", "--counters", a, fabric_, "--json"},
                                             {"check", "--counters", a, fabric_},
                                             {"check", fabric_, "--counters", a, "--json"}}) {
    test::CliRun r = test::run_cli(args);
    EXPECT_EQ(r.status, kExitOk) << r.err;
    EXPECT_NE(r.out.find("counter.symbol_errors"), std::string::npos) << r.out;
  }
}

TEST_F(CountersFileTest, LinesOfNeitherToolAreCountedAndListedWithVerbose) {
  std::string a = dir_.file("a.txt");
  test::write_file(a,
                   "user@login1:~$ perfquery 3 1\n"
                   "# Port counters: Lid 3 port 1 (CapMask: 0x1600)\n"
                   "SymbolErrorCounter:..............11\n"
                   "user@login1:~$ \x1b[0m\n");
  test::CliRun r = test::run_cli({"show", fabric_, "--counters", a});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.err.find("a.txt: counters of 1 port(s) attached, 2 other line(s) passed over "
                       "(-v lists them)\n"),
            std::string::npos)
      << r.err;
  test::CliRun v = test::run_cli({"show", fabric_, "--counters", a, "-v"});
  EXPECT_NE(v.err.find("a.txt:1: user@login1:~$ perfquery 3 1\n"), std::string::npos) << v.err;
  EXPECT_NE(v.err.find("a.txt:4: user@login1:~$ \\x1b[0m\n"), std::string::npos) << v.err;
}

TEST_F(CountersFileTest, ShowNoLongerListsCountersAsLacking) {
  std::string a = dir_.file("a.txt");
  test::write_file(a,
                   "# Port counters: Lid 3 port 1 (CapMask: 0x1600)\n"
                   "SymbolErrorCounter:..............0\n");
  test::CliRun without = test::run_cli({"show", fabric_});
  ASSERT_EQ(without.status, kExitOk) << without.err;
  EXPECT_NE(without.out.find("error counters"), std::string::npos) << without.out;
  test::CliRun with = test::run_cli({"show", fabric_, "--counters", a});
  ASSERT_EQ(with.status, kExitOk) << with.err;
  EXPECT_EQ(with.out.find("error counters"), std::string::npos) << with.out;
}

TEST_F(CountersFileTest, PrometheusExportCarriesTheValuesAsRead) {
  if (!have_dump()) {
    GTEST_SKIP() << dump_ << " not present";
  }
  test::CliRun r = test::run_cli({"export", fabric_, "--to", "prometheus", "--counters", dump_});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("ibatlas_port_symbol_error_total{node=\"MF0;ys23ib4:SX6036/U1\","
                       "guid=\"0x0002c903006e29b0\",port=\"5\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("port=\"5\",peer=\"rd240 mlx4_0\",peer_port=\"2\",tier=\"leaf\"} 65535\n"),
            std::string::npos)
      << r.out;
}

TEST_F(CountersFileTest, MalformedFileIsExit3WithItsLine) {
  std::string bad = dir_.file("bad.txt");
  test::write_file(bad, "Errors for \"x\"\n   GUID 0x1 port 1: [SymbolErrorCounter == lots]\n");
  test::CliRun r = test::run_cli({"check", fabric_, "--counters", bad});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_EQ(r.err, "ibatlas: " + bad +
                       ":2: expected [Counter == value], found \"[SymbolErrorCounter == lots]\"\n");
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST_F(CountersFileTest, NotCountersAtAllIsExit3) {
  test::CliRun r = test::run_cli({"check", fabric_, "--counters", fabric_});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("fabric.txt:1: expected ibqueryerrors or perfquery output"),
            std::string::npos)
      << r.err;
}

TEST_F(CountersFileTest, BareCountersOnAFileIsRefused) {
  test::CliRun r = test::run_cli({"check", fabric_, "--counters"});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("--counters without a FILE reads PerfMgt counters in a live crawl"),
            std::string::npos)
      << r.err;
}

TEST_F(CountersFileTest, DiffRefusesACountersFile) {
  std::string a = dir_.file("a.txt");
  test::write_file(a, "# Port counters: Lid 3 port 1\nSymbolErrorCounter:....1\n");
  test::CliRun r = test::run_cli({"diff", fabric_, fabric_, "--counters", a});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("--counters FILE attaches counters to one SOURCE, and diff reads several"),
            std::string::npos)
      << r.err;
}

TEST_F(CountersFileTest, ConvertKeepsAttachedCounters) {
  std::string a = dir_.file("a.txt");
  std::string xml = dir_.file("out.xml");
  test::write_file(a, "# Port counters: Lid 6 port 1\nPortXmitWait:....4294967295\n");
  test::CliRun r = test::run_cli({"convert", fabric_, "--counters", a, "-o", xml});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  test::CliRun again = test::run_cli({"export", xml, "--to", "prometheus"});
  ASSERT_EQ(again.status, kExitOk) << again.err;
  EXPECT_NE(again.out.find("guid=\"0xe41d2d0300e0bae0\",port=\"1\""), std::string::npos)
      << again.out;
  EXPECT_NE(again.out.find("} 4294967295\n"), std::string::npos) << again.out;
}

}  // namespace
}  // namespace ibatlas
