// Text output against the terminal (issue 20 §1): check's table fits COLUMNS=80 on a real
// dump without losing a character, --width wins over COLUMNS, colour only on a terminal or
// with --color=always, NO_COLOR, nothing escaped into a pipe; mistyped subcommands and
// options get the closest name, -V the version. The terminal cases run the program on a
// pseudo-terminal (util-linux script), as an operator would.

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

using test::run_cli;

// 60 switches, 2 hosts, 807 links: findings whose locations and messages run past 80.
const std::string kTopo3 = test::realworld("hyungkwang-topo-examples/Topo.3.txt");

// Sets an environment variable for the life of the object, then puts the old value back.
class EnvVar {
 public:
  EnvVar(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) {
      old_ = old;
    }
    if (value != nullptr) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }

  ~EnvVar() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }

  EnvVar(const EnvVar&) = delete;
  EnvVar& operator=(const EnvVar&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') {  // a terminal's line end
      line.pop_back();
    }
    lines.push_back(line);
  }
  return lines;
}

// Columns on a terminal, counted without our own measure: one per UTF-8 character (the
// real dump has no wide ones: the test checks that every byte is ASCII first).
std::size_t longest_line(const std::string& text) {
  std::size_t longest = 0;
  for (const std::string& line : lines_of(text)) {
    longest = std::max(longest, line.size());
  }
  return longest;
}

// Every character but blanks and newlines, sorted: wrapping moves them, never drops one.
std::string ink(const std::string& text) {
  std::string kept;
  std::copy_if(text.begin(), text.end(), std::back_inserter(kept),
               [](char c) { return c != ' ' && c != '\n' && c != '\r'; });
  std::sort(kept.begin(), kept.end());
  return kept;
}

// What `sh -c command` writes on its standard output.
std::string shell_output(const std::string& command) {
  std::string output;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    std::array<char, 4096> buffer{};
    for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) {
      output.append(buffer.data(), n);
    }
    ::pclose(pipe);
  }
  return output;
}

// The program itself on a pseudo-terminal: stdout is a terminal of unknown size (script's
// terminal copies the size of its standard input, which is no terminal under ctest).
std::string on_terminal(const std::string& environment, const std::string& args) {
  return shell_output("env -u COLUMNS " + environment + " script -qec \"'" +
                      test::ibatlas_binary() + "' " + args + "\" /dev/null </dev/null");
}

// `text` without its SGR sequences (ESC [ ... m).
std::string without_colour(const std::string& text) {
  std::string plain;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\033' && i + 1 < text.size() && text[i + 1] == '[') {
      i = text.find('m', i);
      if (i == std::string::npos) {
        break;
      }
      continue;
    }
    plain += text[i];
  }
  return plain;
}

bool has_script() {
  return std::system("command -v script >/dev/null 2>&1") == 0;
}

TEST(TextStyleCliTest, CheckFitsEightyColumnsAndKeepsEveryCharacter) {
  EnvVar unset("COLUMNS", nullptr);
  test::CliRun wide = run_cli({"check", kTopo3});
  ASSERT_EQ(wide.status, kExitOk) << wide.err;
  ASSERT_TRUE(std::all_of(wide.out.begin(), wide.out.end(),
                          [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
  EXPECT_GT(longest_line(wide.out), 80u) << "piped, no limit: the test needs long lines";
  EnvVar columns("COLUMNS", "80");
  test::CliRun narrow = run_cli({"check", kTopo3});
  EXPECT_EQ(narrow.status, kExitOk);
  EXPECT_LE(longest_line(narrow.out), 80u) << narrow.out;
  EXPECT_EQ(ink(narrow.out), ink(wide.out));
  EXPECT_EQ(narrow.out.rfind("SEVERITY", 0), 0u);
}

TEST(TextStyleCliTest, RoutesAndDiffFitEightyColumnsToo) {
  // avakas: a real dump with every switch's ibroute output.
  std::string dir = test::realworld("hwloc-netloc-avakas");
  std::vector<std::string> routes = {"routes", dir + "/ib-subnet-fe80_0000_0000_0000.txt"};
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().filename().string().starts_with("ibroute-")) {
      routes.push_back("--lfts");
      routes.push_back(entry.path().string());
    }
  }
  std::vector<std::string> diff = {"diff", test::realworld("hyungkwang-topo-examples/Topo.2.txt"),
                                   test::realworld("hyungkwang-topo-examples/Topo.3.txt")};
  for (const std::vector<std::string>& args : {routes, diff}) {
    EnvVar unset("COLUMNS", nullptr);
    test::CliRun wide = run_cli(args);
    EXPECT_GT(longest_line(wide.out), 80u) << args[0] << ": the test needs long lines";
    EnvVar columns("COLUMNS", "80");
    test::CliRun narrow = run_cli(args);
    EXPECT_EQ(narrow.status, wide.status) << narrow.err;
    EXPECT_LE(longest_line(narrow.out), 80u) << narrow.out;
    EXPECT_EQ(ink(narrow.out), ink(wide.out)) << args[0];
  }
}

TEST(TextStyleCliTest, WidthOptionWinsOverColumnsAndZeroMeansNoLimit) {
  EnvVar columns("COLUMNS", "200");
  test::CliRun at100 = run_cli({"check", kTopo3, "--width", "100"});
  EXPECT_LE(longest_line(at100.out), 100u);
  test::CliRun global = run_cli({"--width=100", "check", kTopo3});
  EXPECT_EQ(global.out, at100.out) << "a global option, before or after the subcommand";
  EnvVar narrow("COLUMNS", "40");
  EXPECT_GT(longest_line(run_cli({"check", kTopo3, "--width", "0"}).out), 100u);
}

TEST(TextStyleCliTest, ColourAlwaysColoursSeveritiesEvenIntoAPipe) {
  test::CliRun r = run_cli({"check", kTopo3, "--color=always"});
  EXPECT_EQ(r.status, kExitOk);
  // Topo.3 has warnings (yellow, SGR 33) and info (cyan, SGR 36), each reset after the word.
  EXPECT_NE(r.out.find("\033[33mwarning\033[0m"), std::string::npos);
  EXPECT_NE(r.out.find("\033[36minfo\033[0m"), std::string::npos);
  EnvVar no_colour("NO_COLOR", "1");
  EXPECT_NE(run_cli({"check", kTopo3, "--color", "always"}).out.find("\033["), std::string::npos)
      << "an explicit --color=always wins over NO_COLOR";
}

TEST(TextStyleCliTest, PipedOutputHasNoEscapes) {
  EXPECT_EQ(run_cli({"check", kTopo3}).out.find('\033'), std::string::npos);
  EXPECT_EQ(run_cli({"check", kTopo3, "--color=never"}).out.find('\033'), std::string::npos);
  // The program into a real pipe: its first bytes, and how many ESC bytes it wrote.
  std::string program = "'" + test::ibatlas_binary() + "' check '" + kTopo3 + "'";
  EXPECT_EQ(shell_output(program + " | head -c 8"), "SEVERITY");
  EXPECT_EQ(shell_output(program + " | tr -dc '\\033' | wc -c"), "0\n");
  EXPECT_NE(shell_output(program + " --color=always | tr -dc '\\033' | wc -c"), "0\n");
}

TEST(TextStyleCliTest, ATerminalGetsColourAndEightyColumnsUnlessNoColor) {
  if (!has_script()) {
    GTEST_SKIP() << "no script(1) to make a pseudo-terminal";
  }
  std::string coloured = on_terminal("", "check '" + kTopo3 + "'");
  ASSERT_NE(coloured.find("SEVERITY"), std::string::npos) << coloured.substr(0, 300);
  EXPECT_NE(coloured.find("\033[33mwarning\033[0m"), std::string::npos);
  EXPECT_LE(longest_line(without_colour(coloured)), 80u);
  std::string plain = on_terminal("NO_COLOR=1", "check '" + kTopo3 + "'");
  ASSERT_NE(plain.find("SEVERITY"), std::string::npos);
  EXPECT_EQ(plain.find('\033'), std::string::npos);
  EXPECT_LE(longest_line(plain), 80u) << "a terminal that does not say its width: 80";
  std::string empty = on_terminal("NO_COLOR=", "check '" + kTopo3 + "'");
  EXPECT_NE(empty.find("\033[33m"), std::string::npos) << "an empty NO_COLOR is not set";
}

TEST(TextStyleCliTest, MistypedSubcommandGetsTheClosestOne) {
  test::CliRun r = run_cli({"discovr"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("unknown command 'discovr'; did you mean 'discover'?"), std::string::npos)
      << r.err;
  EXPECT_NE(run_cli({"chekc", kTopo3}).err.find("did you mean 'check'?"), std::string::npos);
  EXPECT_NE(run_cli({"rotues"}).err.find("did you mean 'routes'?"), std::string::npos);
  test::CliRun none = run_cli({"xyzzy"});
  EXPECT_EQ(none.status, kExitUsage);
  EXPECT_NE(none.err.find("unknown command 'xyzzy'"), std::string::npos) << none.err;
  EXPECT_EQ(none.err.find("did you mean"), std::string::npos) << none.err;
}

TEST(TextStyleCliTest, MistypedOptionGetsTheClosestOne) {
  test::CliRun r = run_cli({"check", kTopo3, "--jsn"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("unknown option '--jsn' for 'check'; did you mean '--json'?"),
            std::string::npos)
      << r.err;
  test::CliRun value = run_cli({"check", kTopo3, "--fial-on=warning"});
  EXPECT_EQ(value.status, kExitUsage);
  EXPECT_NE(value.err.find("did you mean '--fail-on'?"), std::string::npos) << value.err;
  test::CliRun global = run_cli({"check", kTopo3, "--colour=never"});
  EXPECT_NE(global.err.find("did you mean '--color'?"), std::string::npos) << global.err;
}

TEST(TextStyleCliTest, CapitalVPrintsTheVersion) {
  test::CliRun r = run_cli({"-V"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_EQ(r.out.rfind("ibatlas ", 0), 0u) << r.out;
  EXPECT_EQ(r.out, run_cli({"--version"}).out);
}

}  // namespace
}  // namespace ibatlas
