// `ibatlas show` on crafted `ibnetdiscover --cache` files (issue 12): refused as bad input
// (exit 3, the validator's message) at once and in little memory, never handed to
// libibnetdisc. Here, not in tests/cli, because it needs the binary built with rdma-core.

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/paths.hpp"
#include <sys/wait.h>
#include <unistd.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

void put(std::string& out, std::uint64_t value, int width) {
  for (int i = 0; i < width; ++i) {
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
  }
}

// One CA (GUID 0x10, port 1 GUID 0x11) whose port has base LID 1 and LMC 16: consistent in
// every other respect. libibnetdisc 44 adds the port for LIDs 1 to 0x10000 in a 16-bit loop
// that never ends (measured: 2.4 GB resident in 3 s from these 339 bytes).
std::string lmc16_cache() {
  std::string out;
  for (auto [value, width] :
       {std::pair{0x8FE7832BULL, 4}, {1ULL, 4}, {1ULL, 4}, {1ULL, 4}, {0x10ULL, 8}, {1ULL, 4}}) {
    put(out, value, width);
  }
  put(out, 1, 4);         // SMA LID, LMC, enhanced port 0
  out.append(64, '\0');   // SwitchInfo
  put(out, 0x10, 8);      // node GUID
  put(out, 1, 1);         // CA
  put(out, 1, 1);         // NumPorts
  out.append(128, '\0');  // NodeInfo, NodeDescription
  put(out, 1, 1);         // one port key
  put(out, 0x11, 8);
  put(out, 1, 1);
  put(out, 0x11, 8);  // the port record
  put(out, 1, 1);
  put(out, 0, 1);
  put(out, 1, 2);        // base LID 1
  put(out, 16, 1);       // LMC 16
  out.append(64, '\0');  // PortInfo
  put(out, 0x10, 8);
  out.append(10, '\0');  // no remote port
  return out;
}

// Huge counts in a 2,936-byte file, as in issue 12.
std::string huge_counts_cache() {
  std::string out = lmc16_cache();
  out[8] = out[9] = out[10] = out[12] = out[13] = out[14] = '\xff';
  out[11] = out[15] = '\x7f';
  out.resize(2936, '\xff');
  return out;
}

struct ShowRun {
  int status = -1;
  std::string err;
  std::chrono::milliseconds took{};
};

// `ibatlas show FILE` with its address space capped at 200 MB.
ShowRun show(const std::string& bytes, const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("ibatlas-cache-cli-" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::path file = dir / name;
  std::ofstream(file, std::ios::binary) << bytes;
  fs::path err = dir / "err.txt";
  std::string command = "ulimit -v 200000; exec '" + test::ibatlas_binary() + "' show '" +
                        file.string() + "' >/dev/null 2>'" + err.string() + "'";
  auto start = std::chrono::steady_clock::now();
  int status = std::system(("timeout 20 sh -c \"" + command + "\"").c_str());
  ShowRun run;
  run.took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ostringstream text;
  text << std::ifstream(err).rdbuf();
  run.err = text.str();
  fs::remove_all(dir);
  return run;
}

TEST(IbndCacheCliTest, ACacheWithLmc16IsBadInputAtOnce) {
  ShowRun run = show(lmc16_cache(), "lmc16.cache");
  EXPECT_EQ(run.status, kExitBadInput) << run.err;
  EXPECT_NE(run.err.find("lmc16.cache: byte 256: expected an LMC of at most 7, found 16"),
            std::string::npos)
      << run.err;
  EXPECT_LT(run.took, std::chrono::seconds(2));
}

TEST(IbndCacheCliTest, ACacheWithHugeCountsIsBadInputAtOnce) {
  ShowRun run = show(huge_counts_cache(), "crafted.cache");
  EXPECT_EQ(run.status, kExitBadInput) << run.err;
  EXPECT_NE(run.err.find("crafted.cache: byte 8: expected a node count from 1 to 14"),
            std::string::npos)
      << run.err;
  EXPECT_LT(run.took, std::chrono::seconds(2));
}

}  // namespace
}  // namespace ibatlas
