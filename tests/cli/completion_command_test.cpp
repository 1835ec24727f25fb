// `ibatlas completion bash|zsh` and --version / -V through cli::run. The bash script is
// loaded into a real bash and asked to complete; what it must offer comes from --help
// (CLI11's own formatter), not from the generator under test.

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include <unistd.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

using test::CliRun;
using test::run_cli;

std::set<std::string> lines_of(const std::string& text) {
  std::set<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) {
      lines.insert(line);
    }
  }
  return lines;
}

// The names under "Subcommands:" in `ibatlas --help`.
std::set<std::string> help_subcommands() {
  CliRun help = run_cli({"--help"});
  std::istringstream in(help.out);
  std::set<std::string> names;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "Subcommands:") {
      inside = true;
    } else if (inside && line.empty()) {
      break;
    } else if (inside && line.starts_with("  ") && line.size() > 2 && line[2] != ' ') {
      std::istringstream words(line);
      std::string name;
      words >> name;
      names.insert(name);
    }
  }
  return names;
}

class CompletionCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    script_ = fs::temp_directory_path() / ("ibatlas-completion-" + std::to_string(::getpid()) +
                                           "-" + current_test_name() + ".bash");
    CliRun r = run_cli({"completion", "bash"});
    ASSERT_EQ(r.status, kExitOk) << r.err;
    std::ofstream(script_) << r.out;
  }

  void TearDown() override { fs::remove(script_); }

  static std::string current_test_name() {
    return ::testing::UnitTest::GetInstance()->current_test_info()->name();
  }

  // What bash offers for the command line `words` (the last word is the one completed).
  std::set<std::string> complete(const std::string& words) {
    std::string command = "bash --norc --noprofile -c 'source \"$0\" || exit 9; COMP_WORDS=(" +
                          words +
                          "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _ibatlas; printf \"%s\\n\" "
                          "\"${COMPREPLY[@]}\"' " +
                          script_.string();
    std::string out;
    FILE* pipe = ::popen(command.c_str(), "r");
    EXPECT_NE(pipe, nullptr);
    if (pipe == nullptr) {
      return {};
    }
    char buf[4096];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) {
      out.append(buf, n);
    }
    EXPECT_EQ(::pclose(pipe), 0) << command;
    return lines_of(out);
  }

  fs::path script_;
};

TEST_F(CompletionCommandTest, BashCompletesEverySubcommandHelpLists) {
  std::set<std::string> expected = help_subcommands();
  ASSERT_GE(expected.size(), 10U);
  EXPECT_TRUE(expected.contains("completion"));
  EXPECT_EQ(complete("ibatlas \"\""), expected);
  EXPECT_EQ(complete("ibatlas hist"), std::set<std::string>{"history"});
  EXPECT_EQ(complete("ibatlas --max-input-size 1GiB ch"), std::set<std::string>{"check"});
}

TEST_F(CompletionCommandTest, BashCompletesOptionsAndTheirChoices) {
  std::set<std::string> options = complete("ibatlas history --");
  CliRun help = run_cli({"history", "--help"});
  for (const char* option : {"--ignore", "--json", "--help", "--node-name-map"}) {
    ASSERT_NE(help.out.find(option), std::string::npos) << option;
    EXPECT_TRUE(options.contains(option)) << option;
  }
  EXPECT_FALSE(options.contains("--plan")) << "check's option offered for history";
  EXPECT_EQ(complete("ibatlas history --ignore \"\""),
            (std::set<std::string>{"lids", "descriptions", "counters"}));
  EXPECT_EQ(complete("ibatlas completion \"\""), (std::set<std::string>{"bash", "zsh"}));
  // After an option that takes a value, the next word is that value, then files again:
  // "--ignore lids" does not make "lids" a subcommand path.
  EXPECT_EQ(complete("ibatlas history --ignore lids --js"), std::set<std::string>{"--json"});
}

TEST_F(CompletionCommandTest, ZshScriptHasAFunctionPerSubcommand) {
  CliRun r = run_cli({"completion", "zsh"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.out.rfind("#compdef ibatlas\n", 0), 0U);
  for (const std::string& sub : help_subcommands()) {
    EXPECT_NE(r.out.find("\n_ibatlas_" + sub + "() {"), std::string::npos) << sub;
    EXPECT_NE(r.out.find("        " + sub + ") _ibatlas_" + sub + " ;;"), std::string::npos) << sub;
  }
  EXPECT_NE(r.out.find("'--ignore[Leave out\\: lids, descriptions, counters]:TEXT:(lids "
                       "descriptions counters)'"),
            std::string::npos)
      << r.out;
}

TEST_F(CompletionCommandTest, AnUnknownShellIsAUsageError) {
  EXPECT_EQ(run_cli({"completion", "fish"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"completion"}).status, kExitUsage);
}

TEST(VersionTest, SaysVersionCommitBuildTypeAndTransports) {
  CliRun r = run_cli({"--version"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::istringstream in(r.out);
  std::string version, commit, build_type, transports;
  std::getline(in, version);
  std::getline(in, commit);
  std::getline(in, build_type);
  std::getline(in, transports);
  EXPECT_EQ(version, std::string("ibatlas ") + IBATLAS_VERSION);
  EXPECT_EQ(commit.rfind("commit: ", 0), 0U) << commit;
  EXPECT_GT(commit.size(), std::string("commit: ").size()) << commit;
  EXPECT_EQ(build_type.rfind("build type: ", 0), 0U) << build_type;
  // cli_tests links the objects without rdma-core (tests/CMakeLists.txt), and always net.
  EXPECT_EQ(transports, "transports: net");
  EXPECT_EQ(run_cli({"-V"}).out, r.out);
}

}  // namespace
}  // namespace ibatlas
