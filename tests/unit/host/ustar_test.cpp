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

TEST(UstarTest, GnuTarExtractsFilesLinksAndLongNames) {
  test::TempDir dir;
  std::string deep =
      "devices/pci0000:00/0000:00:03.1/0000:01:00.0/0000:02:00.0/0000:03:00.0/"
      "infiniband/mlx5_0/ports/1/phys_state";  // over 100 bytes
  ASSERT_GT(deep.size(), 100u);
  std::vector<TarEntry> entries = {
      {.path = "class/infiniband/mlx5_0", .contents = {}, .link = "../../devices/x/mlx5_0"},
      {.path = "devices/x/mlx5_0/fw_ver", .contents = "20.31.1014\n", .link = {}},
      {.path = deep, .contents = "5: LinkUp\n", .link = {}},
      {.path = "empty", .contents = "", .link = {}},
  };
  test::write_file(dir.file("c.tar"), write_ustar(entries, 1700000000));
  fs::create_directory(dir.path() / "out");
  std::string command =
      "tar -xf '" + dir.file("c.tar") + "' -C '" + (dir.path() / "out").string() + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  fs::path out = dir.path() / "out";
  EXPECT_EQ(test::slurp((out / "devices/x/mlx5_0/fw_ver").string()), "20.31.1014\n");
  EXPECT_EQ(test::slurp((out / deep).string()), "5: LinkUp\n");
  EXPECT_TRUE(fs::is_symlink(out / "class/infiniband/mlx5_0"));
  EXPECT_EQ(fs::read_symlink(out / "class/infiniband/mlx5_0"), "../../devices/x/mlx5_0");
  EXPECT_EQ(test::slurp((out / "class/infiniband/mlx5_0/fw_ver").string()), "20.31.1014\n");
  EXPECT_TRUE(fs::exists(out / "empty"));
}

TEST(UstarTest, RefusesNamesThatCouldLandOutsideOrDoNotFit) {
  for (const std::string& bad :
       {std::string("/etc/passwd"), std::string("../x"), std::string("a/../../x"), std::string(""),
        std::string(300, 'a')}) {
    std::vector<TarEntry> entries = {{.path = bad, .contents = "x", .link = {}}};
    EXPECT_THROW(write_ustar(entries, 0), Error) << bad;
  }
}

}  // namespace
}  // namespace ibatlas
