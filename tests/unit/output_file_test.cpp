// The one output path (output_file.hpp): what replaces, what writes through, what keeps
// the old file when the write fails.

#include "ibatlas/output_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "support/temp_dir.hpp"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

class OutputFileTest : public ::testing::Test {
 protected:
  std::string path(const std::string& name) const { return dir_.file(name); }

  std::vector<std::string> entries() const { return dir_.entries(); }

  static void write_text(const std::string& p, const std::string& text) {
    write_output_file(p, [&text](std::ostream& out) { out << text; });
  }

  test::TempDir dir_;
};

TEST_F(OutputFileTest, ANewFileGetsTheUsualModeAndNoTemporaryIsLeft) {
  mode_t old_mask = ::umask(022);
  write_text(path("new.txt"), "hello\n");
  ::umask(old_mask);
  EXPECT_EQ(test::slurp(path("new.txt")), "hello\n");
  EXPECT_EQ(entries(), std::vector<std::string>{"new.txt"});

  struct stat st {};

  ASSERT_EQ(::stat(path("new.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST_F(OutputFileTest, AReplacedFileKeepsItsModeAndOwner) {
  test::write_file(path("snap.topo"), "old");
  ASSERT_EQ(::chmod(path("snap.topo").c_str(), 0600), 0);
  bool root = ::geteuid() == 0;
  constexpr uid_t kNobody = 65534;
  if (root) {
    ASSERT_EQ(::chown(path("snap.topo").c_str(), kNobody, kNobody), 0);
  }
  write_text(path("snap.topo"), "new contents");
  EXPECT_EQ(test::slurp(path("snap.topo")), "new contents");

  struct stat st {};

  ASSERT_EQ(::stat(path("snap.topo").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  if (root) {
    EXPECT_EQ(st.st_uid, kNobody);
    EXPECT_EQ(st.st_gid, kNobody);
  }
}

TEST_F(OutputFileTest, ASymlinkIsFollowedAndStaysALink) {
  test::write_file(path("real.xml"), "old");
  fs::create_symlink("real.xml", path("link.xml"));
  write_text(path("link.xml"), "through the link");
  EXPECT_TRUE(fs::is_symlink(path("link.xml")));
  EXPECT_EQ(test::slurp(path("real.xml")), "through the link");
  EXPECT_EQ(entries(), (std::vector<std::string>{"link.xml", "real.xml"}));
}

TEST_F(OutputFileTest, ADanglingSymlinkCreatesItsTarget) {
  fs::create_symlink("made.txt", path("link.txt"));
  write_text(path("link.txt"), "x");
  EXPECT_TRUE(fs::is_symlink(path("link.txt")));
  EXPECT_EQ(test::slurp(path("made.txt")), "x");
}

TEST_F(OutputFileTest, ACharacterDeviceIsWrittenThroughNotReplaced) {
  if (::geteuid() != 0) {
    GTEST_SKIP() << "mknod needs root";
  }
  // A private /dev/null: writes vanish, and it must still be a device afterwards.
  ASSERT_EQ(::mknod(path("null").c_str(), S_IFCHR | 0666, makedev(1, 3)), 0)
      << std::strerror(errno);
  write_text(path("null"), "gone");

  struct stat st {};

  ASSERT_EQ(::lstat(path("null").c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_EQ(entries(), std::vector<std::string>{"null"});
}

TEST_F(OutputFileTest, AFullDeviceIsAnErrorWithTheReasonAndStaysADevice) {
  try {
    write_text("/dev/full", std::string(1 << 17, 'x'));
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              std::string("cannot write /dev/full: ") + std::strerror(ENOSPC));
  }

  struct stat st {};

  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST_F(OutputFileTest, AFifoIsWrittenThrough) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  int reader = ::open(path("fifo").c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  write_text(path("fifo"), "through");
  char buffer[16] = {};
  EXPECT_EQ(::read(reader, buffer, sizeof buffer), 7);
  EXPECT_EQ(std::string(buffer), "through");
  ::close(reader);

  struct stat st {};

  ASSERT_EQ(::lstat(path("fifo").c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST_F(OutputFileTest, AWriterThatThrowsLeavesTheOldFileAndNoTemporary) {
  test::write_file(path("keep.txt"), "old");
  EXPECT_THROW(write_output_file(path("keep.txt"),
                                 [](std::ostream& out) {
                                   out << std::string(1 << 18, 'x');
                                   throw Error("writer failed");
                                 }),
               Error);
  EXPECT_EQ(test::slurp(path("keep.txt")), "old");
  EXPECT_EQ(entries(), std::vector<std::string>{"keep.txt"});
}

TEST_F(OutputFileTest, ADirectoryOrAMissingDirectoryIsAnErrorWithTheReason) {
  fs::create_directory(path("a-directory"));
  try {
    write_text(path("a-directory"), "x");
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(std::strerror(EISDIR)), std::string::npos) << e.what();
  }
  try {
    write_text(path("no-such-dir/snap.xml"), "x");
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(std::strerror(ENOENT)), std::string::npos) << e.what();
  }
  EXPECT_EQ(entries(), std::vector<std::string>{"a-directory"});
}

TEST_F(OutputFileTest, ALongNameKeepsItsTemporaryWithinNameMax) {
  std::string name(250, 'n');  // 250 + ".ibatlas-PID-N" would pass NAME_MAX (255)
  write_text(path(name), "x");
  EXPECT_EQ(test::slurp(path(name)), "x");
  EXPECT_EQ(entries(), std::vector<std::string>{name});
}

}  // namespace
}  // namespace ibatlas
