#include "ibatlas/net/key_file.hpp"

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "support/temp_dir.hpp"
#include <sys/stat.h>

namespace ibatlas {
namespace {

using test::TempDir;

std::string refusal(const std::string& path) {
  try {
    read_key_file(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

void write_with_mode(const std::string& path, const std::string& text, mode_t mode) {
  test::write_file(path, text);
  ::chmod(path.c_str(), mode);
}

const std::string kHex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

TEST(KeyFile, WrittenKeyReadsBackWithMode0600) {
  TempDir dir;
  std::string path = dir.file("probe.key");
  write_key_file(path);
  EXPECT_EQ(std::filesystem::status(path).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  std::string text = test::slurp(path);
  ASSERT_EQ(text.size(), 65u);
  EXPECT_EQ(text.back(), '\n');
  ProbeKey key = read_key_file(path);
  EXPECT_EQ(key.bytes.size(), 32u);
  EXPECT_EQ(key.id.size(), 16u);
}

TEST(KeyFile, NeverOverwrites) {
  TempDir dir;
  std::string path = dir.file("probe.key");
  write_key_file(path);
  std::string before = test::slurp(path);
  EXPECT_THROW(write_key_file(path), Error);
  EXPECT_EQ(test::slurp(path), before);
}

TEST(KeyFile, KeyIdIsTheStartOfSha256) {
  TempDir dir;
  std::string path = dir.file("k");
  write_with_mode(path, kHex + "\n", 0400);
  ProbeKey key = read_key_file(path);
  EXPECT_EQ(key.bytes[1], '\x11');
  // xxd -r -p <<< $hex | sha256sum | cut -c1-16
  EXPECT_EQ(key.id, "4773d12e2371bb93");
}

TEST(KeyFile, RefusesWorldOrGroupReadable) {
  TempDir dir;
  std::string path = dir.file("k");
  write_with_mode(path, kHex + "\n", 0644);
  std::string why = refusal(path);
  EXPECT_NE(why.find(path), std::string::npos) << why;
  EXPECT_NE(why.find("mode 0644"), std::string::npos) << why;
  write_with_mode(path, kHex + "\n", 0640);
  EXPECT_NE(refusal(path).find("mode 0640"), std::string::npos);
}

TEST(KeyFile, RefusesSymlink) {
  TempDir dir;
  std::string target = dir.file("real");
  write_with_mode(target, kHex + "\n", 0600);
  std::string link = dir.file("link");
  std::filesystem::create_symlink(target, link);
  EXPECT_NE(refusal(link).find("symbolic link"), std::string::npos) << refusal(link);
  EXPECT_EQ(refusal(target), "accepted");
}

TEST(KeyFile, RefusesDirectory) {
  TempDir dir;
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_all);
  EXPECT_NE(refusal(dir.path().string()).find("not a regular file"), std::string::npos);
}

TEST(KeyFile, RefusesBadContent) {
  TempDir dir;
  std::string path = dir.file("k");
  for (const std::string& text : {kHex.substr(0, 62) + "\n", kHex + "00\n", kHex + "\n\n",
                                  "zz" + kHex.substr(2) + "\n", std::string()}) {
    write_with_mode(path, text, 0600);
    EXPECT_NE(refusal(path).find("hex digits"), std::string::npos) << text;
  }
  write_with_mode(path, kHex, 0600);  // no newline is fine
  EXPECT_EQ(refusal(path), "accepted");
}

}  // namespace
}  // namespace ibatlas
