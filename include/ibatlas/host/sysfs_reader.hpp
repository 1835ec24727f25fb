#pragma once

// Reading a HostSnapshot from sysfs: the live /sys, or a captured tree whose directory stands
// for /sys (`ibatlas host --sysfs-root DIR`). Symbolic links are followed only inside the
// root: a link that is absolute or climbs above the root is refused, so a crafted capture
// cannot make ibatlas read anything else. docs/host.md lists every file read.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/host/host_snapshot.hpp"

namespace ibatlas {

// A directory standing for /sys. Paths given to it are relative ("class/infiniband").
class SysfsTree {
 public:
  explicit SysfsTree(std::string root);

  const std::string& root() const { return root_; }

  // `relative` with every symbolic link on the way resolved, relative to the root and
  // without "." or "..". Throws Error when a link is absolute, leads above the root, or
  // more than 40 links are followed (a loop).
  std::string resolve(std::string_view relative);

  // The contents of a regular file, or nullopt when it is missing, unreadable or larger
  // than 64 KiB. Throws what resolve() throws.
  std::optional<std::string> read(std::string_view relative);

  // The names in a directory, sorted ("." and ".." left out); empty when it is missing.
  std::vector<std::string> list(std::string_view relative);

  // What was read, for --capture: resolved path -> contents, and each link followed
  // (its own resolved path) -> its target as written.
  const std::map<std::string, std::string>& files() const { return files_; }

  const std::map<std::string, std::string>& links() const { return links_; }

 private:
  std::string root_;
  std::map<std::string, std::string> files_;
  std::map<std::string, std::string> links_;
};

// The capture's record of the capturing process (docs/host.md): "ibatlas-process" at the
// root of the tree, lines "cpus_allowed 0-63", "memlock 8388608" or "memlock unlimited",
// "cap_ipc_lock 0|1"; '#' starts a comment.
inline constexpr std::string_view kProcessFactsFile = "ibatlas-process";
std::string process_facts_text(const ProcessFacts& facts);
// Throws ParseError ("file:line: expected ..., found ...") for a line of another shape.
ProcessFacts parse_process_facts(std::string_view text, const std::string& file);

// Every HCA under class/infiniband, its ports, its PCIe chain and NUMA node. The process
// facts come from the tree's ibatlas-process file when it has one (a capture), else they
// stay absent: the caller of a live read sets them from read_process_facts(). No devices
// (no class/infiniband) is an empty snapshot, not an error.
HostSnapshot read_host_snapshot(SysfsTree& tree);

// This process: sched_getaffinity, getrlimit(RLIMIT_MEMLOCK), CAP_IPC_LOCK from
// /proc/self/status. The only syscalls of the host doctor.
ProcessFacts read_process_facts();

}  // namespace ibatlas
