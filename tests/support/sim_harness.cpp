#include "support/sim_harness.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "support/child_process.hpp"
#include "support/paths.hpp"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ibatlas::test {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr milliseconds kPollInterval{10};
constexpr milliseconds kConsoleTimeout{10000};
constexpr std::string_view kPrompt = "sim> ";

[[noreturn]] void fail(const std::string& message) {
  throw std::runtime_error(message);
}

std::string package_of(const std::string& program) {
  return program == "ibsim" ? "ibsim-utils" : program == "opensm" ? "opensm" : "infiniband-diags";
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out.flush()) {
    fail("cannot write " + path);
  }
}

// The last lines of a log, for error messages.
std::string tail(const std::string& text, std::size_t lines = 15) {
  std::size_t pos = text.size();
  for (std::size_t n = 0; n <= lines && pos > 0; ++n) {
    pos = text.rfind('\n', pos - 1);
    if (pos == std::string::npos) {
      return text;
    }
  }
  return text.substr(pos + 1);
}

// Waits until the file at `path` contains `needle`. Throws if `pid` exits first or at the
// timeout, with the log's tail.
void wait_for_text(const std::string& path, std::string_view needle, pid_t pid,
                   milliseconds timeout, const std::string& what) {
  Clock::time_point deadline = Clock::now() + timeout;
  for (;;) {
    if (read_text(path).find(needle) != std::string::npos) {
      return;
    }
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      fail(what + " exited (status " + std::to_string(decode_status(status)) + ") before \"" +
           std::string(needle) + "\"; " + path + " ends:\n" + tail(read_text(path)));
    }
    if (Clock::now() >= deadline) {
      fail(what + ": no \"" + std::string(needle) + "\" after " + std::to_string(timeout.count()) +
           " ms; " + path + " ends:\n" + tail(read_text(path)));
    }
    std::this_thread::sleep_for(kPollInterval);
  }
}

std::string make_temp_dir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern =
      std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/ibatlas-sim-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    fail("mkdtemp " + pattern + ": " + std::strerror(errno));
  }
  return pattern;
}

// Short (abstract socket names share sun_path's 108 bytes with ":out9" and the like) and
// unique across processes and instances.
std::string unique_socket_name() {
  static std::atomic<unsigned> counter{0};
  return "ibat" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

}  // namespace

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string find_program(const std::string& name) {
  std::string dirs = std::getenv("PATH") != nullptr ? std::getenv("PATH") : "";
  dirs += ":/usr/sbin:/sbin:/usr/bin";
  std::istringstream in(dirs);
  for (std::string dir; std::getline(in, dir, ':');) {
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    std::error_code ec;
    if (::access(candidate.c_str(), X_OK) == 0 && !fs::is_directory(candidate, ec)) {
      return candidate;
    }
  }
  fail(name + " is not installed (looked in PATH, /usr/sbin, /sbin): install the Debian package " +
       package_of(name) + ", e.g. with `bash .ci/install-deps.sh`");
}

std::string umad2sim_library() {
  for (const char* dir : {"/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64",
                          "/usr/lib", "/usr/local/lib"}) {
    std::string path = std::string(dir) + "/umad2sim/libumad2sim.so";
    if (::access(path.c_str(), R_OK) == 0) {
      return path;
    }
  }
  fail(
      "libumad2sim.so is not installed: install the Debian package ibsim-utils, e.g. with "
      "`bash .ci/install-deps.sh`");
}

SimFabric::SimFabric(const SimOptions& options) : start_timeout_(options.start_timeout) {
  try {
    start(options);
  } catch (...) {
    stop_all();
    throw;
  }
}

SimFabric::~SimFabric() {
  stop_all();
}

void SimFabric::start(const SimOptions& options) {
  if (options.netfile_path.empty() == options.netfile_text.empty()) {
    fail("SimOptions: give exactly one of netfile_path and netfile_text");
  }
  std::string ibsim = find_program("ibsim");
  umad2sim_library();  // fail now, not at the first run()
  dir_ = make_temp_dir();
  socket_name_ = unique_socket_name();
  netfile_ = dir_ + "/fabric.net";
  if (options.netfile_path.empty()) {
    write_text(netfile_, options.netfile_text);
  } else {
    netfile_ = fs::absolute(options.netfile_path).string();
  }
  // ibsim reads its console from stdin. A fifo opened read-write by us never reports EOF
  // and never blocks on open, and console() writes commands into it.
  std::string fifo = dir_ + "/console";
  if (::mkfifo(fifo.c_str(), 0600) != 0) {
    fail("mkfifo " + fifo + ": " + std::strerror(errno));
  }
  console_fd_ = open_or_fail(fifo, O_RDWR);
  std::vector<std::string> argv = {ibsim, "-s"};
  argv.insert(argv.end(), options.ibsim_args.begin(), options.ibsim_args.end());
  argv.push_back(netfile_);
  ibsim_pid_ =
      spawn({ibsim, argv, environment_with({"IBSIM_SOCKNAME=" + socket_name_, "LD_PRELOAD="}), dir_,
             console_fd_, ibsim_log(), ""});
  wait_for_text(ibsim_log(), "Network simulator ready", ibsim_pid_, start_timeout_, "ibsim");
  opensm_host_ = options.opensm_host;
  if (options.start_opensm) {
    start_opensm();
  }
}

void SimFabric::start_opensm(const std::vector<std::string>& extra_args,
                             const std::string& extra_config) {
  if (opensm_pid_ > 0) {
    fail("opensm already started");
  }
  std::string opensm = find_program("opensm");
  // Our own dump dir and cache dir, so parallel instances never share guid2lid & co.
  std::string config = read_text(source_dir() + "/fixtures/opensm.conf");
  if (config.find("force_link_speed 0") == std::string::npos) {
    fail(source_dir() + "/fixtures/opensm.conf is missing or lacks force_link_speed 0");
  }
  write_text(dir_ + "/opensm.conf", config + extra_config + "dump_files_dir " + dir_ + "/\n");
  std::vector<std::string> env = client_environment();
  if (!opensm_host_.empty()) {
    env.push_back("SIM_HOST=" + opensm_host_);
  }
  env.push_back("OSM_CACHE_DIR=" + dir_);
  env.push_back("OSM_TMP_DIR=" + dir_);
  // -d2 flushes the log after each line: its stdout is block-buffered, so "SUBNET UP" is
  // awaited in the log file.
  std::vector<std::string> argv = {opensm, "-F", dir_ + "/opensm.conf", "-d2", "-f", opensm_log()};
  argv.insert(argv.end(), extra_args.begin(), extra_args.end());
  opensm_pid_ = spawn({opensm, argv, environment_with(env), dir_, -1, dir_ + "/opensm.out", ""});
  wait_for_text(opensm_log(), "SUBNET UP", opensm_pid_, start_timeout_, "opensm");
}

std::vector<std::string> SimFabric::client_environment() const {
  return {"LD_PRELOAD=" + umad2sim_library(), "IBSIM_SOCKNAME=" + socket_name_};
}

std::string SimFabric::console(const std::string& command) {
  // ibsim prints "sim> " after each command; what it says in between is the answer.
  std::size_t before = read_text(ibsim_log()).size();
  std::string line = command + "\n";
  if (::write(console_fd_, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
    fail("cannot write to the ibsim console: " + std::string(std::strerror(errno)));
  }
  Clock::time_point deadline = Clock::now() + kConsoleTimeout;
  for (;;) {
    std::string log = read_text(ibsim_log());
    std::size_t prompt = log.size() > before ? log.find(kPrompt, before) : std::string::npos;
    if (prompt != std::string::npos) {
      return log.substr(before, prompt - before);
    }
    if (Clock::now() >= deadline) {
      fail("ibsim did not answer console command `" + command + "`; log ends:\n" + tail(log));
    }
    std::this_thread::sleep_for(kPollInterval);
  }
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& cwd,
                          milliseconds timeout, const std::vector<std::string>& env) {
  if (argv.empty()) {
    fail("run_process: empty argv");
  }
  static std::atomic<unsigned> runs{0};
  std::string program = argv[0].find('/') == std::string::npos ? find_program(argv[0]) : argv[0];
  std::string stem = cwd + "/run" + std::to_string(::getpid()) + "-" + std::to_string(runs++);
  pid_t pid = spawn({program, argv, environment_with(env), cwd, -1, stem + ".out", stem + ".err"});
  ProcessResult result;
  std::optional<int> code = wait_exit(pid, timeout);
  if (!code) {
    result.timed_out = true;
    ::kill(pid, SIGKILL);
    code = wait_exit(pid, kStopGrace);
  }
  result.exit_code = code.value_or(-1);
  result.out = read_text(stem + ".out");
  result.err = read_text(stem + ".err");
  fs::remove(stem + ".out");
  fs::remove(stem + ".err");
  return result;
}

ProcessResult SimFabric::run(const std::vector<std::string>& argv, milliseconds timeout) {
  return run_process(argv, dir_, timeout, client_environment());
}

pid_t SimFabric::start_client(const std::vector<std::string>& argv,
                              const std::vector<std::string>& env, const std::string& ready,
                              const std::string& log) {
  if (argv.empty()) {
    fail("start_client: empty argv");
  }
  std::string program = argv[0].find('/') == std::string::npos ? find_program(argv[0]) : argv[0];
  std::vector<std::string> all = client_environment();
  all.insert(all.end(), env.begin(), env.end());
  pid_t pid = spawn({program, argv, environment_with(all), dir_, -1, log, ""});
  clients_.push_back(pid);
  wait_for_text(log, ready, pid, start_timeout_, program);
  return pid;
}

int SimFabric::stop_client(pid_t pid) {
  auto it = std::find(clients_.begin(), clients_.end(), pid);
  if (it == clients_.end()) {
    return -1;
  }
  clients_.erase(it);
  return stop_process(pid);
}

void SimFabric::stop_all() noexcept {
  for (pid_t pid : clients_) {
    stop_process(pid);
  }
  clients_.clear();
  // opensm first: with ibsim gone it blocks in recv and ignores SIGTERM.
  stop_process(opensm_pid_);
  opensm_pid_ = -1;
  stop_process(ibsim_pid_);
  ibsim_pid_ = -1;
  if (console_fd_ >= 0) {
    ::close(console_fd_);
    console_fd_ = -1;
  }
  const char* keep = std::getenv("IBATLAS_KEEP_SIM_DIR");  // for debugging a failed test
  if (!dir_.empty() && (keep == nullptr || *keep == '\0')) {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
}

}  // namespace ibatlas::test
