#pragma once

// SimFabric: one simulated InfiniBand fabric for a test — ibsim on a netfile, optionally
// opensm on top — that any libibumad program can be run against through umad2sim. Every
// instance has its own temp dir and its own IBSIM_SOCKNAME, so tests run in parallel
// (ctest -j). The destructor stops what it started, by PID. Nothing here waits without a
// timeout. /work/notes/ibsim.md (and fixtures/fat-tree-3tier/README.md) explain the
// simulator's habits this relies on.
//
// Not thread-safe: one SimFabric is used by one thread.

#include <chrono>
#include <string>
#include <vector>

#include <sys/types.h>

namespace ibatlas::test {

using std::chrono::milliseconds;

struct SimOptions {
  // Exactly one of these: the path of an existing netfile, or the netfile's text (written
  // to the temp dir).
  std::string netfile_path;
  std::string netfile_text;
  // Extra ibsim flags, e.g. the size flags {"-N", "4096", "-S", "512", "-P", "32768"}.
  std::vector<std::string> ibsim_args;
  bool start_opensm = true;
  // The node opensm attaches to (SIM_HOST: a node id or description); empty: the netfile's
  // first node, as for any client.
  std::string opensm_host;
  // How long ibsim may take to say "Network simulator ready", and opensm "SUBNET UP".
  milliseconds start_timeout{30000};
};

struct ProcessResult {
  int exit_code = -1;  // the exit status, or 128 + signal number when killed
  bool timed_out = false;
  std::string out;
  std::string err;
};

class SimFabric {
 public:
  // Starts ibsim (and opensm unless options.start_opensm is false) and waits until they are
  // ready. Throws std::runtime_error naming what failed, with the tail of its log — also
  // when a program or umad2sim is not installed — after stopping what it had started.
  explicit SimFabric(const SimOptions& options);
  ~SimFabric();
  SimFabric(const SimFabric&) = delete;
  SimFabric& operator=(const SimFabric&) = delete;

  // Starts opensm (config fixtures/opensm.conf plus `extra_config` lines, logs in dir()) with
  // `extra_args` (e.g. {"-R", "dfsssp"}) and waits for SUBNET UP.
  // REQUIRES: opensm not started yet.
  void start_opensm(const std::vector<std::string>& extra_args = {},
                    const std::string& extra_config = "");

  // Sends one ibsim console command (Unlink "id"[p], Error ..., Guid ..., ReLink ...) and
  // waits for ibsim's next prompt. Returns what ibsim printed in between.
  std::string console(const std::string& command);

  // Runs a program against the fabric: LD_PRELOAD=umad2sim and this fabric's
  // IBSIM_SOCKNAME in its environment, working directory dir(), stdin /dev/null. argv[0]
  // without a '/' is looked up in PATH, /usr/sbin and /sbin; a missing program throws.
  // A program still running at the timeout is killed (result.timed_out).
  ProcessResult run(const std::vector<std::string>& argv,
                    milliseconds timeout = milliseconds(60000));

  // Starts a long-running client in the background, attached as run() attaches programs,
  // plus `env` ("NAME=value", e.g. SIM_HOST): stdout and stderr to `log`. Returns once the
  // log contains `ready`; throws with the log's tail if the program exits first or at the
  // start timeout. Stopped by stop_client, else by the destructor (before opensm and ibsim).
  pid_t start_client(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                     const std::string& ready, const std::string& log);

  // SIGTERM, then SIGKILL after a grace period. Returns the exit code (128 + signal number
  // when killed), -1 if `pid` is not a client of this fabric.
  int stop_client(pid_t pid);

  const std::string& dir() const { return dir_; }  // private temp dir, removed at the end

  const std::string& socket_name() const { return socket_name_; }

  const std::string& netfile() const { return netfile_; }

  std::string opensm_log() const { return dir_ + "/opensm.log"; }

  std::string ibsim_log() const { return dir_ + "/ibsim.log"; }

  // The variables a umad2sim client needs, as "NAME=value".
  std::vector<std::string> client_environment() const;

 private:
  void start(const SimOptions& options);
  void stop_all() noexcept;

  std::string dir_;
  std::string socket_name_;
  std::string netfile_;
  int console_fd_ = -1;
  pid_t ibsim_pid_ = -1;
  pid_t opensm_pid_ = -1;
  std::string opensm_host_;     // SimOptions::opensm_host
  std::vector<pid_t> clients_;  // start_client's, still running
  unsigned runs_ = 0;
  milliseconds start_timeout_;
};

// The full path of an installed program (PATH, then /usr/sbin, /sbin). Throws
// std::runtime_error saying which Debian package provides it when it is missing.
std::string find_program(const std::string& name);

// The whole file, or "" when it cannot be read (a log not written yet).
std::string read_text(const std::string& path);

// The path of libumad2sim.so (ibsim-utils), or throws std::runtime_error.
std::string umad2sim_library();

// Runs a program to its end in `cwd` (a program without '/' is found with find_program),
// with the environment plus `env` ("NAME=value"), stdout and stderr captured through files
// in `cwd`. Killed at `timeout` (then timed_out). stdin is /dev/null.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& cwd,
                          milliseconds timeout, const std::vector<std::string>& env = {});

}  // namespace ibatlas::test
