// Bounded input (input_file.hpp): a directory, a device that never ends and a file past the
// limit are bad input with the path and the reason, never an allocation without end.

#include "ibatlas/input_file.hpp"

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include <unistd.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

// Restores the process-wide limit whatever a test sets.
class InputFileTest : public ::testing::Test {
 protected:
  void TearDown() override { set_max_input_size(kDefaultMaxInputSize); }

  static std::string message_of(const std::string& path) {
    try {
      read_file(path);
    } catch (const Error& e) {
      return e.what();
    }
    return "no error";
  }
};

TEST_F(InputFileTest, ARegularFileIsReadWhole) {
  fs::path file = fs::temp_directory_path() / ("ibatlas-input-" + std::to_string(::getpid()));
  std::string text(300000, 'x');
  text += "end";
  std::ofstream(file, std::ios::binary) << text;
  EXPECT_EQ(read_file(file.string()), text);
  set_max_input_size(text.size());
  EXPECT_EQ(read_file(file.string()), text) << "exactly the limit is allowed";
  set_max_input_size(text.size() - 1);
  EXPECT_EQ(message_of(file.string()), file.string() + ": larger than the input limit of " +
                                           std::to_string(text.size() - 1) +
                                           " bytes (--max-input-size)");
  fs::remove(file);
}

TEST_F(InputFileTest, ADirectoryIsBadInput) {
  EXPECT_EQ(message_of("/tmp"), "/tmp: expected a file, found a directory");
}

TEST_F(InputFileTest, ADeviceThatNeverEndsStopsAtTheLimit) {
  set_max_input_size(std::uint64_t{1} << 20);
  EXPECT_EQ(message_of("/dev/zero"),
            "/dev/zero: larger than the input limit of 1048576 bytes (--max-input-size)");
}

TEST_F(InputFileTest, AProcFileWithoutASizeIsReadToItsEnd) {
  std::string status = read_file("/proc/self/status");
  EXPECT_EQ(status.rfind("Name:", 0), 0u) << status.substr(0, 40);
  EXPECT_EQ(read_file("/dev/null"), "");
}

TEST_F(InputFileTest, AMissingFileNamesItAndTheReason) {
  EXPECT_EQ(message_of("/nonexistent/x"), "cannot open /nonexistent/x: No such file or directory");
}

}  // namespace
}  // namespace ibatlas
