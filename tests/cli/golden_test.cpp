// Golden fixtures (STYLE.md 7.9, docs/design.md "How it is tested"): every fixtures/<case>/cmd
// is one command line, run in-process from inside the case folder, and its stdout must equal
// the case's expected.* file; its exit status the number in `status` (0 without one), and its
// stderr expected.stderr when there is one. IBATLAS_UPDATE_GOLDEN=1 rewrites those files
// instead (the expected stdout file and `status` are made when missing).

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include <gtest/gtest.h>

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

struct GoldenCase {
  std::string name;  // the folder's name
  fs::path dir;
};

void PrintTo(const GoldenCase& c, std::ostream* out) {
  *out << c.dir.string();
}

// The cases: every folder of fixtures/ with a `cmd` file, by name.
std::vector<GoldenCase> golden_cases() {
  std::vector<GoldenCase> cases;
  std::error_code error;
  for (const fs::directory_entry& entry :
       fs::directory_iterator(fs::path(test::source_dir()) / "fixtures", error)) {
    if (entry.is_directory() && fs::is_regular_file(entry.path() / "cmd")) {
      cases.push_back({entry.path().filename().string(), entry.path()});
    }
  }
  std::sort(cases.begin(), cases.end(),
            [](const GoldenCase& a, const GoldenCase& b) { return a.name < b.name; });
  return cases;
}

std::optional<std::string> slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return std::nullopt;
  }
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// `cmd`'s line split at blanks; "double quotes" keep blanks inside one argument. Returns
// nothing for an unterminated quote.
std::optional<std::vector<std::string>> split_args(const std::string& line) {
  std::vector<std::string> args;
  std::optional<std::string> current;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
      current = current.value_or("");
    } else if (!quoted && std::isspace(static_cast<unsigned char>(c))) {
      if (current) {
        args.push_back(*current);
      }
      current.reset();
    } else {
      current = current.value_or("") + c;
    }
  }
  if (quoted) {
    return std::nullopt;
  }
  if (current) {
    args.push_back(*current);
  }
  return args;
}

// The working directory changed for one scope: the case's paths are relative to its folder,
// and so are the file names in its messages.
class InDirectory {
 public:
  explicit InDirectory(const fs::path& dir) : saved_(fs::current_path()) { fs::current_path(dir); }

  ~InDirectory() { fs::current_path(saved_); }

  InDirectory(const InDirectory&) = delete;
  InDirectory& operator=(const InDirectory&) = delete;

 private:
  fs::path saved_;
};

// The case's expected stdout: its one expected.* file other than expected.stderr.
std::vector<fs::path> expected_stdout_files(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    std::string name = entry.path().filename().string();
    if (name.starts_with("expected.") && name != "expected.stderr") {
      files.push_back(entry.path());
    }
  }
  return files;
}

bool updating() {
  const char* value = std::getenv("IBATLAS_UPDATE_GOLDEN");
  return value != nullptr && std::string(value) == "1";
}

void update(const fs::path& dir, const std::vector<fs::path>& stdout_files,
            const test::CliRun& run) {
  write(stdout_files.empty() ? dir / "expected.txt" : stdout_files.front(), run.out);
  if (fs::exists(dir / "expected.stderr")) {
    write(dir / "expected.stderr", run.err);
  }
  if (run.status != 0 || fs::exists(dir / "status")) {
    write(dir / "status", std::to_string(run.status) + "\n");
  }
}

class GoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenTest, OutputMatchesTheExpectedFiles) {
  const fs::path& dir = GetParam().dir;
  std::string line = slurp(dir / "cmd").value_or("");
  if (!line.empty() && line.back() == '\n') {
    line.pop_back();
  }
  ASSERT_EQ(line.find('\n'), std::string::npos) << dir / "cmd"
                                                << " is not one line";
  std::optional<std::vector<std::string>> args = split_args(line);
  ASSERT_TRUE(args && !args->empty()) << dir / "cmd"
                                      << ": " << line;
  std::vector<fs::path> stdout_files = expected_stdout_files(dir);
  ASSERT_LE(stdout_files.size(), 1u) << dir << " has more than one expected.* for stdout";

  test::CliRun run;
  {
    InDirectory in_case(dir);
    run = test::run_cli(*args);
  }
  if (updating()) {
    update(dir, stdout_files, run);
    GTEST_SKIP() << "IBATLAS_UPDATE_GOLDEN=1: rewrote the expected files of " << dir;
  }
  ASSERT_EQ(stdout_files.size(), 1u) << dir << " has no expected.* file";
  EXPECT_EQ(run.out, slurp(stdout_files.front()).value_or("")) << "stdout of: " << line;
  std::string status = slurp(dir / "status").value_or("0");
  EXPECT_EQ(run.status, std::stoi(status)) << "stderr: " << run.err;
  if (std::optional<std::string> err = slurp(dir / "expected.stderr")) {
    EXPECT_EQ(run.err, *err) << "stderr of: " << line;
  }
}

// gtest names allow letters, digits and '_' only.
std::string case_name(const ::testing::TestParamInfo<GoldenCase>& info) {
  std::string name = info.param.name;
  for (char& c : name) {
    c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, GoldenTest, ::testing::ValuesIn(golden_cases()), case_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GoldenTest);

TEST(GoldenRunnerTest, FindsTheCasesAndSkipsFoldersWithoutCmd) {
  std::vector<GoldenCase> cases = golden_cases();
  EXPECT_GE(cases.size(), 4u) << "fixtures/ moved or its cases lost their cmd files";
  for (const GoldenCase& c : cases) {
    EXPECT_NE(c.name, "fat-tree-3tier");  // the demo fabric has no cmd
  }
}

TEST(GoldenRunnerTest, CmdSplitsAtBlanksAndKeepsQuotedBlanks) {
  EXPECT_EQ(split_args("show  input.txt\t--json"),
            (std::vector<std::string>{"show", "input.txt", "--json"}));
  EXPECT_EQ(split_args(R"(routes input.txt --trace "h 1" "")"),
            (std::vector<std::string>{"routes", "input.txt", "--trace", "h 1", ""}));
  EXPECT_EQ(split_args("show \"input.txt"), std::nullopt);
}

}  // namespace
}  // namespace ibatlas
