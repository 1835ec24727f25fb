// What a careful operator does to the ibatlas program, run as a separate process: -o onto
// /dev/full, standard output into a full disk, a SIGKILL in the middle of a large convert,
// a tmpfs that fills up. The old file survives; no failure exits 0.

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/fabric_generators.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

class SafeOutputTest : public ::testing::Test {
 protected:
  void TearDown() override {
    if (mounted_) {
      ::umount2(dir_.path().c_str(), MNT_DETACH);
    }
  }

  // The exit status of `sh -c command` (the binary's path first), or -1 when killed.
  static int shell(const std::string& command) {
    int status = std::system(("'" + test::ibatlas_binary() + "' " + command).c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::string path(const std::string& name) const { return dir_.file(name); }

  test::TempDir dir_;
  std::string input_ = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  bool mounted_ = false;
};

TEST_F(SafeOutputTest, OutputOntoAFullDeviceFailsAndLeavesTheDevice) {
  // A private copy of /dev/full (char 1:7), so that a regression replaces only this one.
  std::string full = path("full");
  if (::geteuid() != 0 || ::mknod(full.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0) {
    full = "/dev/full";
  }
  for (const char* to : {"xml", "ibnetdiscover", "graphml"}) {
    EXPECT_EQ(shell("convert '" + input_ + "' -o '" + full + "' --to " + to + " 2>/dev/null"),
              kExitBadInput)
        << to;

    struct stat st {};

    ASSERT_EQ(::stat(full.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << full << " was replaced by the " << to << " writer";
  }
}

TEST_F(SafeOutputTest, StandardOutputIntoAFullDeviceIsAnError) {
  EXPECT_EQ(shell("show '" + input_ + "' >/dev/full 2>'" + path("err") + "'"), kExitBadInput);
  EXPECT_EQ(test::slurp(path("err")),
            "ibatlas: cannot write standard output: No space left on device\n");
  EXPECT_EQ(shell("check '" + input_ + "' --json >/dev/full 2>/dev/null"), kExitBadInput);
}

TEST_F(SafeOutputTest, AFullFileSystemKeepsTheOldFile) {
  if (::geteuid() != 0 || ::mount("tmpfs", dir_.path().c_str(), "tmpfs", 0, "size=64k") != 0) {
    GTEST_SKIP() << "needs root to mount a small tmpfs";
  }
  mounted_ = true;
  test::write_file(path("snap.topo"), "the old snapshot\n");
  // A 648-host tree, as ibnetdiscover text far more than the 64 KiB file system holds; read from
  // outside it.
  std::string input = dir_.path().string() + "-input.topo";
  {
    std::ofstream out(input, std::ios::binary);
    write_ibnetdiscover(test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 36}), out);
  }
  int status = shell("convert '" + input + "' --to ibnetdiscover -o '" + path("snap.topo") +
                     "' 2>/dev/null");
  fs::remove(input);
  EXPECT_EQ(status, kExitBadInput);
  EXPECT_EQ(test::slurp(path("snap.topo")), "the old snapshot\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_.path()), fs::directory_iterator()), 1)
      << "the temporary file was left behind";
}

TEST_F(SafeOutputTest, AKillDuringALargeConvertKeepsTheOldFile) {
  // A 10k-host fat-tree: converting it takes long enough to be killed while it writes. The
  // ibnetdiscover text is the format a cut file would read back as a smaller, valid fabric.
  std::string big = path("big.topo");
  {
    std::ofstream out(big, std::ios::binary);
    write_ibnetdiscover(test::make_fat_tree(test::FatTreeSpec{.levels = 3, .radix = 36}), out);
  }
  std::string whole = path("whole.topo");
  ASSERT_EQ(shell("convert '" + big + "' --to ibnetdiscover -o '" + whole + "'"), kExitOk);
  std::string target = path("out.topo");
  test::write_file(target, "the old snapshot\n");
  for (int delay_ms : {20, 80, 200}) {
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      std::string binary = test::ibatlas_binary();
      ::execl(binary.c_str(), binary.c_str(), "convert", big.c_str(), "--to", "ibnetdiscover", "-o",
              target.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    std::string now = test::slurp(target);
    // Either the kill came first (the old file) or the convert had finished (all of it).
    bool old = now == "the old snapshot\n";
    EXPECT_TRUE(old || now == test::slurp(whole))
        << "after " << delay_ms << " ms: " << now.size() << " bytes, cut";
  }
}

}  // namespace
}  // namespace ibatlas
