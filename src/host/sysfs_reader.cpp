// The host doctor's one reader: sysfs under a root, links resolved by hand so that none can
// lead out of the root (a capture is untrusted input), plus the process's own limits.

#include "ibatlas/host/sysfs_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>

#include "ibatlas/error.hpp"

#include "text.hpp"
#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ibatlas {

namespace {

constexpr int kMaxLinks = 40;  // as the kernel's MAXSYMLINKS
constexpr std::size_t kMaxFileBytes = std::size_t{64} * 1024;

std::deque<std::string> split_path(std::string_view path) {
  std::deque<std::string> parts;
  while (!path.empty()) {
    std::size_t slash = path.find('/');
    std::string_view part = path.substr(0, slash);
    if (!part.empty() && part != ".") {
      parts.emplace_back(part);
    }
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
  }
  return parts;
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) {
    out += out.empty() ? p : "/" + p;
  }
  return out;
}

std::string parent_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string trimmed(const std::optional<std::string>& text) {
  return text ? std::string(text::trim(*text)) : std::string();
}

}  // namespace

SysfsTree::SysfsTree(std::string root) : root_(std::move(root)) {
  while (root_.size() > 1 && root_.back() == '/') {
    root_.pop_back();
  }
}

std::string SysfsTree::resolve(std::string_view relative) {
  std::deque<std::string> pending = split_path(relative);
  std::vector<std::string> done;
  int links = 0;
  while (!pending.empty()) {
    std::string part = std::move(pending.front());
    pending.pop_front();
    if (part == "..") {
      if (done.empty()) {
        throw Error(root_ + "/" + std::string(relative) + ": leads above " + root_ + ": refused");
      }
      done.pop_back();
      continue;
    }
    done.push_back(part);
    std::string here = join(done);
    std::string full = root_ + "/" + here;

    struct stat st {};

    if (::lstat(full.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      continue;  // a missing part is left to the caller's open() to report
    }
    if (++links > kMaxLinks) {
      throw Error(full + ": too many levels of symbolic links");
    }
    std::string target(static_cast<std::size_t>(PATH_MAX), '\0');
    ssize_t n = ::readlink(full.c_str(), target.data(), target.size());
    if (n < 0) {
      throw Error(full + ": cannot read the link: " + std::strerror(errno));
    }
    target.resize(static_cast<std::size_t>(n));
    if (target.empty() || target.front() == '/') {
      throw Error(full + ": symbolic link to " + quote_found(target) +
                  " is absolute: refused (only links inside " + root_ + " are followed)");
    }
    links_[here] = target;
    done.pop_back();
    std::deque<std::string> target_parts = split_path(target);
    pending.insert(pending.begin(), target_parts.begin(), target_parts.end());
  }
  return join(done);
}

std::optional<std::string> SysfsTree::read(std::string_view relative) {
  std::string path = resolve(relative);
  std::string full = root_ + "/" + path;

  // Only regular files are opened: opening a device node or a FIFO a capture might hold
  // could block or act on a device.
  struct stat before {};

  if (::lstat(full.c_str(), &before) != 0 || !S_ISREG(before.st_mode)) {
    return std::nullopt;
  }
  int fd = ::open(full.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    return std::nullopt;
  }

  struct stat st {};

  std::optional<std::string> contents;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    std::string bytes(kMaxFileBytes + 1, '\0');
    std::size_t got = 0;
    while (got < bytes.size()) {
      ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
      if (n < 0 && errno == EINTR) {
        continue;
      }
      if (n <= 0) {
        if (n < 0) {
          got = bytes.size();  // sysfs answers EIO/EINVAL for values a device lacks
        }
        break;
      }
      got += static_cast<std::size_t>(n);
    }
    if (got <= kMaxFileBytes) {
      bytes.resize(got);
      contents = std::move(bytes);
    }
  }
  ::close(fd);
  if (contents) {
    files_[path] = *contents;
  }
  return contents;
}

std::vector<std::string> SysfsTree::list(std::string_view relative) {
  std::string full = root_ + "/" + resolve(relative);
  std::vector<std::string> names;
  DIR* dir = ::opendir(full.c_str());
  if (dir == nullptr) {
    return names;
  }
  while (const dirent* entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..") {
      names.push_back(std::move(name));
    }
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

std::string process_facts_text(const ProcessFacts& facts) {
  std::string out = "# ibatlas host: limits of the capturing process (docs/host.md)\n";
  out += "cpus_allowed " + cpulist_text(facts.allowed_cpus) + "\n";
  if (facts.memlock_bytes) {
    out += "memlock " +
           (*facts.memlock_bytes == kUnlimited ? std::string("unlimited")
                                               : std::to_string(*facts.memlock_bytes)) +
           "\n";
  }
  out += std::string("cap_ipc_lock ") + (facts.ipc_lock ? "1" : "0") + "\n";
  return out;
}

ProcessFacts parse_process_facts(std::string_view text, const std::string& file) {
  ProcessFacts facts;
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    std::string_view rest = text::trim(*line);
    if (rest.empty() || rest.front() == '#') {
      continue;
    }
    std::string_view key = text::next_token(rest);
    std::string_view value = text::trim(rest);
    auto fail = [&](const std::string& expected) {
      throw ParseError(file, lines.line_number(), expected, quote_found(value));
    };
    if (key == "cpus_allowed") {
      std::optional<std::vector<unsigned>> cpus = parse_cpulist(value);
      if (!cpus) {
        fail("a CPU list such as 0-3,8");
      }
      facts.allowed_cpus = std::move(*cpus);
    } else if (key == "memlock") {
      std::optional<std::uint64_t> bytes = text::parse_decimal(value);
      if (value == "unlimited") {
        bytes = kUnlimited;
      } else if (!bytes) {
        fail("a number of bytes or unlimited");
      }
      facts.memlock_bytes = bytes;
    } else if (key == "cap_ipc_lock") {
      if (value != "0" && value != "1") {
        fail("0 or 1");
      }
      facts.ipc_lock = value == "1";
    } else {
      throw ParseError(file, lines.line_number(), "cpus_allowed, memlock or cap_ipc_lock",
                       quote_found(key));
    }
  }
  return facts;
}

namespace {

HostPort read_port(SysfsTree& tree, const std::string& dir, unsigned number) {
  HostPort port;
  port.number = number;
  if (auto state = parse_numbered_name(trimmed(tree.read(dir + "/state")))) {
    port.state = state->number;
    port.state_name = state->name;
  }
  if (auto phys = parse_numbered_name(trimmed(tree.read(dir + "/phys_state")))) {
    port.phys_state = phys->number;
    port.phys_state_name = phys->name;
  }
  port.rate = trimmed(tree.read(dir + "/rate"));
  port.link_layer = trimmed(tree.read(dir + "/link_layer"));
  port.lid = parse_sysfs_hex(trimmed(tree.read(dir + "/lid")));
  port.sm_lid = parse_sysfs_hex(trimmed(tree.read(dir + "/sm_lid")));
  return port;
}

// The PCI function `device` leads to and every bridge above it that reports a link.
void read_pcie(SysfsTree& tree, const std::string& device, HostDevice& out) {
  for (std::string dir = device; dir.find('/') != std::string::npos; dir = parent_of(dir)) {
    std::optional<std::string> speed = tree.read(dir + "/current_link_speed");
    if (!speed) {
      continue;
    }
    PcieLink link;
    link.address = base_of(dir);
    link.speed_gts = parse_pcie_speed(*speed);
    link.width = parse_pcie_width(trimmed(tree.read(dir + "/current_link_width")));
    link.max_speed_gts = parse_pcie_speed(trimmed(tree.read(dir + "/max_link_speed")));
    link.max_width = parse_pcie_width(trimmed(tree.read(dir + "/max_link_width")));
    out.pcie.push_back(std::move(link));
  }
}

HostDevice read_device(SysfsTree& tree, const std::string& name) {
  HostDevice device;
  device.name = name;
  std::string dir = tree.resolve("class/infiniband/" + name);
  device.fw_ver = trimmed(tree.read(dir + "/fw_ver"));
  device.board_id = trimmed(tree.read(dir + "/board_id"));
  device.node_guid = trimmed(tree.read(dir + "/node_guid"));
  std::string pci = tree.resolve(dir + "/device");
  if (pci != dir + "/device") {  // a link: the device's parent in the device tree
    read_pcie(tree, pci, device);
    std::optional<std::uint64_t> node;
    std::string numa = trimmed(tree.read(pci + "/numa_node"));
    if ((node = text::parse_decimal(numa)) && *node < 4096) {
      device.numa_node = static_cast<int>(*node);
      std::string cpulist = "devices/system/node/node" + numa + "/cpulist";
      if (auto cpus = parse_cpulist(trimmed(tree.read(cpulist)))) {
        device.numa_cpus = std::move(*cpus);
      }
    }
  }
  for (const std::string& entry : tree.list(dir + "/ports")) {
    std::optional<std::uint64_t> number = text::parse_decimal(entry);
    if (number && *number <= 255) {
      std::string port_dir = dir;
      port_dir.append("/ports/").append(entry);
      device.ports.push_back(read_port(tree, port_dir, static_cast<unsigned>(*number)));
    }
  }
  std::sort(device.ports.begin(), device.ports.end(),
            [](const HostPort& a, const HostPort& b) { return a.number < b.number; });
  return device;
}

}  // namespace

HostSnapshot read_host_snapshot(SysfsTree& tree) {
  HostSnapshot snapshot;
  for (const std::string& name : tree.list("class/infiniband")) {
    snapshot.devices.push_back(read_device(tree, name));
  }
  if (std::optional<std::string> facts = tree.read(kProcessFactsFile)) {
    snapshot.process = parse_process_facts(*facts, tree.root() + "/" + kProcessFactsFile.data());
  }
  return snapshot;
}

ProcessFacts read_process_facts() {
  ProcessFacts facts;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) {
    for (unsigned cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
      if (CPU_ISSET(cpu, &set)) {
        facts.allowed_cpus.push_back(cpu);
      }
    }
  }
  rlimit limit{};
  if (::getrlimit(RLIMIT_MEMLOCK, &limit) == 0) {
    facts.memlock_bytes =
        limit.rlim_cur == RLIM_INFINITY ? kUnlimited : static_cast<std::uint64_t>(limit.rlim_cur);
  }
  // CapEff is a hex mask; CAP_IPC_LOCK is bit 14 (linux/capability.h).
  SysfsTree proc("/proc");
  std::string status = proc.read("self/status").value_or("");
  std::size_t at = status.find("\nCapEff:");
  if (at != std::string::npos) {
    std::string_view rest = std::string_view(status).substr(at + 8);
    rest = rest.substr(0, rest.find('\n'));
    std::optional<std::uint64_t> mask = text::parse_hex(text::trim(rest));
    facts.ipc_lock = mask && ((*mask >> 14) & 1) != 0;
  }
  return facts;
}

}  // namespace ibatlas
