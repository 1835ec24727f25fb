// The ustar writer, checked by the oracle that matters: GNU tar extracts what it wrote
// (tar verifies each header's checksum), long names through the prefix field included.

#include "ibatlas/host/ustar.hpp"

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

TEST(UstarTest, HeadersAreBlocksWithTheUstarMagic) {
  std::vector<TarEntry> entries = {{.path = "a", .contents = "xyz", .link = {}}};
  std::string tar = write_ustar(entries, 0);
  ASSERT_EQ(tar.size(), 512u * 4);  // header, one data block, two zero blocks
  EXPECT_EQ(tar.substr(257, 6), std::string("ustar\0", 6));
  EXPECT_EQ(tar.substr(124, 12), std::string("00000000003\0", 12));  // size in octal
  EXPECT_EQ(tar.substr(512, 3), "xyz");
}

const char* const deep_path =
    "devices/pci0000:00/0000:00:03.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/"
    "infiniband/mlx5_0/ports/1/phys_state";  // over 100 bytes: split into the prefix field

// Writes the entries and extracts them with GNU tar into DIR/out.
fs::path extracted(const test::TempDir& dir) {
  std::vector<TarEntry> entries = {
      {.path = "class/infiniband/mlx5_0", .contents = {}, .link = "../../devices/x/mlx5_0"},
      {.path = "devices/x/mlx5_0/fw_ver", .contents = "20.31.1014\n", .link = {}},
      {.path = deep_path, .contents = "5: LinkUp\n", .link = {}},
      {.path = "empty", .contents = "", .link = {}},
  };
  test::write_file(dir.file("c.tar"), write_ustar(entries, 1700000000));
  fs::path out = dir.path() / "out";
  fs::create_directory(out);
  std::string command = "tar -xf '" + dir.file("c.tar") + "' -C '" + out.string() + "'";
  return std::system(command.c_str()) == 0 ? out : fs::path();
}

TEST(UstarTest, GnuTarExtractsFilesAndLongNames) {
  test::TempDir dir;
  fs::path out = extracted(dir);
  ASSERT_FALSE(out.empty());
  ASSERT_GT(std::string(deep_path).size(), 100u);
  EXPECT_EQ(test::slurp((out / "devices/x/mlx5_0/fw_ver").string()), "20.31.1014\n");
  EXPECT_EQ(test::slurp((out / deep_path).string()), "5: LinkUp\n");
  EXPECT_TRUE(fs::exists(out / "empty"));
}

TEST(UstarTest, GnuTarExtractsLinks) {
  test::TempDir dir;
  fs::path out = extracted(dir);
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(fs::is_symlink(out / "class/infiniband/mlx5_0"));
  EXPECT_EQ(fs::read_symlink(out / "class/infiniband/mlx5_0"), "../../devices/x/mlx5_0");
  EXPECT_EQ(test::slurp((out / "class/infiniband/mlx5_0/fw_ver").string()), "20.31.1014\n");
}

bool refused(const std::string& path) {
  std::vector<TarEntry> entries = {{.path = path, .contents = "x", .link = {}}};
  try {
    write_ustar(entries, 0);
  } catch (const Error&) {
    return true;
  }
  return false;
}

TEST(UstarTest, RefusesNamesThatCouldLandOutsideOrDoNotFit) {
  EXPECT_TRUE(refused("/etc/passwd"));
  EXPECT_TRUE(refused("../x"));
  EXPECT_TRUE(refused("a/../../x"));
  EXPECT_TRUE(refused(""));
  EXPECT_TRUE(refused(std::string(300, 'a')));
  EXPECT_FALSE(refused("a/b"));
}

}  // namespace
}  // namespace ibatlas
