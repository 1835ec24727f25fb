// `ibatlas show` and `ibatlas convert` through cli::run, in process. Expected counts are
// read off the inline input by hand.

#include <cstdio>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

// One switch with a loopback cable (ports 2-3) and one CA cabled to port 1: 2 links,
// both 4xEDR; a log line before the records is noise.
constexpr const char* kDump =
    "[root@head ~]# ibnetdiscover\n"
    "switchguid=0x7cfe900300992080(7cfe900300992080)\n"
    "Switch\t36 \"S-7cfe900300992080\"\t\t# \"leaf1\" enhanced port 0 lid 3 lmc 0\n"
    "[1]\t\"H-7cfe9003004b0700\"[1](7cfe9003004b0701) \t\t# \"host1 HCA-1\" lid 5 4xEDR\n"
    "[2]\t\"S-7cfe900300992080\"[3]\t\t# \"leaf1\" lid 3 4xEDR\n"
    "[3]\t\"S-7cfe900300992080\"[2]\t\t# \"leaf1\" lid 3 4xEDR\n"
    "\n"
    "caguid=0x7cfe9003004b0700\n"
    "Ca\t1 \"H-7cfe9003004b0700\"\t\t# \"host1 HCA-1\"\n"
    "[1](7cfe9003004b0701) \t\"S-7cfe900300992080\"[1]\t\t# lid 5 lmc 0 \"leaf1\" lid 3 4xEDR\n";

class ShowCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // One file per test: ctest runs the tests of this fixture as parallel processes.
    path_ = ::testing::TempDir() + "show_command_test." +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
    std::ofstream(path_) << kDump;
  }

  void TearDown() override { std::remove(path_.c_str()); }

  int run(const std::vector<std::string>& args) {
    test::CliRun r = test::run_cli(args);
    out_ = r.out;
    err_ = r.err;
    return r.status;
  }

  std::string path_;
  std::string out_;
  std::string err_;
};

TEST_F(ShowCommandTest, JsonCountsMatchTheDump) {
  ASSERT_EQ(run({"show", path_, "--json"}), kExitOk) << err_;
  nlohmann::json j = nlohmann::json::parse(out_);
  EXPECT_EQ(j["switches"], 1);
  EXPECT_EQ(j["cas"], 1);
  EXPECT_EQ(j["routers"], 0);
  EXPECT_EQ(j["links"], 2);
  EXPECT_EQ(j["links_by_rate"]["4xEDR"], 2);
  EXPECT_EQ(j["switches_by_radix"]["36"], 1);
  EXPECT_NE(err_.find("skipped 1 line"), std::string::npos) << err_;
}

TEST_F(ShowCommandTest, VerboseListsTheSkippedLineWithItsNumber) {
  ASSERT_EQ(run({"show", path_, "-v"}), kExitOk);
  EXPECT_NE(err_.find(path_ + ":1: [root@head ~]# ibnetdiscover"), std::string::npos) << err_;
}

// A noise line is input: its escape sequences are shown, not obeyed by the terminal.
TEST_F(ShowCommandTest, VerboseNoiseLinesAreShownEscaped) {
  std::string text = test::slurp(path_);
  test::write_file(path_, "\x1b]0;pwned\x07 prompt\n" + text);
  ASSERT_EQ(run({"show", path_, "-v"}), kExitOk);
  EXPECT_EQ(err_.find('\x1b'), std::string::npos) << err_;
  EXPECT_NE(err_.find(":1: \\x1b]0;pwned\\x07 prompt"), std::string::npos) << err_;
}

TEST_F(ShowCommandTest, MissingFileIsBadInput) {
  EXPECT_EQ(run({"show", path_ + ".absent"}), kExitBadInput);
  EXPECT_NE(err_.find(".absent"), std::string::npos);
}

TEST_F(ShowCommandTest, MalformedRecordIsBadInputWithFileAndLine) {
  std::ofstream(path_) << "Switch\t36 \"S-7cfe900300992080\"\t\t# \"leaf1\" enhanced port 0 "
                          "lid  lmc 0\n";
  EXPECT_EQ(run({"show", path_}), kExitBadInput);
  EXPECT_NE(err_.find(path_ + ":1: expected"), std::string::npos) << err_;
}

TEST_F(ShowCommandTest, UnknownOptionIsUsage) {
  EXPECT_EQ(run({"show", path_, "--no-such-option"}), kExitUsage);
  EXPECT_EQ(run({}), kExitUsage);
}

TEST_F(ShowCommandTest, ConvertToXmlAndBackKeepsTheCounts) {
  std::string xml = ::testing::TempDir() + "show_command_test.xml";
  ASSERT_EQ(run({"convert", path_, "-o", xml}), kExitOk) << err_;
  ASSERT_EQ(run({"show", xml, "--json"}), kExitOk) << err_;
  nlohmann::json j = nlohmann::json::parse(out_);
  EXPECT_EQ(j["links"], 2);
  // The snapshot keeps the provenance of what it was made from, not of its own container.
  EXPECT_EQ(j["format"], "ibnetdiscover");
  std::remove(xml.c_str());
}

TEST_F(ShowCommandTest, JsonOutputsSurviveADescriptionThatIsNotUtf8) {
  std::string text = kDump;
  for (std::size_t at = text.find("host1 HCA-1"); at != std::string::npos;
       at = text.find("host1 HCA-1", at)) {
    text.replace(at, 5, "host\xff");
  }
  std::ofstream(path_) << text;
  ASSERT_EQ(run({"show", path_, "--json"}), kExitOk) << err_;
  EXPECT_TRUE(nlohmann::json::accept(out_));  // false on invalid UTF-8
  std::string json = ::testing::TempDir() + "show_command_test.json";
  ASSERT_EQ(run({"convert", path_, "-o", json, "--to", "json"}), kExitOk) << err_;
  std::ifstream in(json);
  nlohmann::json j = nlohmann::json::parse(in);                     // throws on invalid UTF-8
  EXPECT_NE(j.dump().find("host\xef\xbf\xbd"), std::string::npos);  // U+FFFD in UTF-8
  std::remove(json.c_str());
}

TEST_F(ShowCommandTest, ConvertRefusesAnUnknownExtension) {
  EXPECT_EQ(run({"convert", path_, "-o", path_ + ".weird"}), kExitBadInput);
  EXPECT_NE(err_.find("--to"), std::string::npos);
}

}  // namespace
}  // namespace ibatlas
