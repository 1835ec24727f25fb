// ibatlas agent --listen ADDR:PORT --key KEYFILE [--transport udp] [--busy-poll] [--cpu N]
//               [--sysfs-root DIR]
// ibatlas agent --transport mad [-C CA] [-P PORT] [--listen ADDR:PORT --key KEYFILE]
// ibatlas agent --transport verbs [-C CA] [-P PORT] [--listen ADDR:PORT --key KEYFILE]
// ibatlas keygen KEYFILE
// The probe agent: serves authenticated controllers (`ibatlas probe`) until SIGINT or
// SIGTERM, running nothing but their probe commands, and telling each what the host doctor
// finds here (docs/host.md); and the key both sides share.
// docs/probe.md, "Control channel and agents".

#include <atomic>
#include <csignal>
#include <functional>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/host/host_checks.hpp"
#include "ibatlas/host/sysfs_reader.hpp"
#include "ibatlas/net/agent.hpp"
#include "ibatlas/net/key_file.hpp"

#include "cli.hpp"
#include "mad_echo_cli.hpp"
#include "verbs_cli.hpp"

namespace ibatlas::cli {

namespace {

struct AgentCommandOptions {
  std::string listen;
  std::string key;
  std::string transport = "udp";
  std::string ca;  // --transport mad
  int port = 0;
  bool busy_poll = false;
  int cpu = -1;
  bool quiet = false;
  std::string sysfs_root;  // empty: /sys and this process
};

std::atomic<bool> g_stop{false};

extern "C" void on_stop(int /*signal*/) {
  g_stop.store(true);
}

// The host doctor for each controller session: this host's /sys and this process, or a
// captured tree (--sysfs-root) with its process record. Each call reads afresh.
std::function<HostFindingsMessage()> host_checks_of(const std::string& sysfs_root) {
  return [sysfs_root] {
    bool live = sysfs_root.empty();
    SysfsTree tree(live ? "/sys" : sysfs_root);
    HostSnapshot snapshot = read_host_snapshot(tree);
    if (live) {
      snapshot.process = read_process_facts();
    }
    if (snapshot.devices.empty()) {
      return HostFindingsMessage{{},
                                 "no InfiniBand device under " + tree.root() + "/class/infiniband"};
    }
    return HostFindingsMessage{run_host_checks(snapshot), {}};
  };
}

// --transport mad: answer echo MADs on this host's -C/-P port until SIGINT or SIGTERM.
int run_mad_agent(const AgentCommandOptions& options, std::ostream& err) {
  MadEchoResponderOptions responder;
  responder.port = MadEchoPort{options.ca, options.port};
  responder.log = options.quiet ? nullptr : &err;
  g_stop.store(false);
  responder.stop = &g_stop;
  auto old_int = std::signal(SIGINT, on_stop);
  auto old_term = std::signal(SIGTERM, on_stop);
  int status = serve_mad_echo(responder);
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  return status;
}

void print_findings(const std::vector<Finding>& findings, std::ostream& err) {
  for (const Finding& f : findings) {
    err << "ibatlas: agent: " << f.check << ": " << f.message << " (fix: " << f.hint << ")\n";
  }
}

// --transport verbs without --listen and --key: the RDMA device this agent would probe
// from, checked as the transport opens it; what stops it, one line each, exit 1.
int check_verbs_agent(const AgentCommandOptions& options, std::ostream& err) {
  std::vector<Finding> findings = check_verbs_device(options.ca, options.port);
  print_findings(findings, err);
  if (findings.empty()) {
    err << "ibatlas: agent: the RDMA device opens; serving verbs probes needs --listen "
           "ADDR:PORT and --key KEYFILE\n";
    return kExitUsage;
  }
  return kExitFindings;
}

int run_agent_command(const AgentCommandOptions& options, std::ostream& err) {
  if (options.transport == "mad" && options.listen.empty() && options.key.empty()) {
    return run_mad_agent(options, err);
  }
  if (options.transport == "verbs" && options.listen.empty() && options.key.empty()) {
    return check_verbs_agent(options, err);
  }
  if (options.listen.empty() || options.key.empty()) {
    err << "ibatlas: agent: --listen ADDR:PORT and --key KEYFILE are needed (--transport udp; "
           "with --transport mad or verbs, both or neither)\n";
    return kExitUsage;
  }
  AgentOptions agent;
  agent.listen = options.listen;
  agent.key = read_key_file(options.key);
  agent.busy_poll = options.busy_poll;
  agent.host_checks = host_checks_of(options.sysfs_root);
  if (options.transport == "mad") {  // one port answers echoes and sends them on command
    MadEchoResponderOptions node;
    node.port = MadEchoPort{options.ca, options.port};
    node.log = options.quiet ? nullptr : &err;
    agent.mad_echo = open_mad_echo_node(node);
  }
  if (options.transport == "verbs") {  // one RC endpoint per request on this device
    std::vector<Finding> findings;
    agent.verbs = open_verbs_endpoints(options.ca, options.port, findings);
    if (!agent.verbs) {
      print_findings(findings, err);
      return kExitFindings;
    }
  }
  if (options.cpu >= 0) {
    agent.cpu = options.cpu;
  }
  agent.log = options.quiet ? nullptr : &err;
  g_stop.store(false);
  agent.stop = &g_stop;
  auto old_int = std::signal(SIGINT, on_stop);
  auto old_term = std::signal(SIGTERM, on_stop);
  int status = run_agent(agent);
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  return status;
}

}  // namespace

void add_agent_command(CLI::App& app, std::ostream& /*out*/, std::ostream& err, int& status) {
  auto options = std::make_shared<AgentCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "agent", "Serve `ibatlas probe` controllers: authenticated probe commands only");
  cmd->add_option("--listen", options->listen,
                  "ADDR:PORT for the control channel (TCP) and the probes (UDP)");
  cmd->add_option("--key", options->key, "Pre-shared key file (ibatlas keygen; mode 0600)");
  cmd->add_option("--transport", options->transport,
                  "How probes travel: udp (default; needs --listen, --key) or mad (answer echo "
                  "MADs, as ibping -S, on the -C/-P port; with --listen and --key also send "
                  "them on a controller's command); verbs (RC ping-pong on the -C/-P RDMA "
                  "device; without --listen and --key, only checks the device)")
      ->check(CLI::IsMember({"udp", "mad", "verbs"}));
  cmd->add_option("-C,--ca", options->ca, "--transport mad or verbs: CA name (default: the first)");
  cmd->add_option("-P,--port", options->port,
                  "--transport mad: port number (default: first active); verbs: default 1");
  cmd->add_flag("--busy-poll", options->busy_poll,
                "Spin on the socket while probing: lower, steadier round trips, one CPU busy");
  cmd->add_option("--cpu", options->cpu, "Pin the probing thread to this CPU")
      ->check(CLI::Range(0, 4095));
  cmd->add_option("--sysfs-root", options->sysfs_root,
                  "Host checks for controllers from a captured tree (ibatlas host --capture, "
                  "extracted; DIR stands for /sys) instead of this host")
      ->check(CLI::ExistingDirectory);
  cmd->add_flag("-q,--quiet", options->quiet, "Log nothing (default: one line per event)");
  cmd->callback([options, &err, &status] { status = run_agent_command(*options, err); });
}

void add_keygen_command(CLI::App& app, std::ostream& out, std::ostream& /*err*/, int& status) {
  auto path = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "keygen", "Write a new pre-shared key for probe and agent (mode 0600, never overwritten)");
  cmd->add_option("KEYFILE", *path, "Where to write it")->required();
  cmd->callback([path, &out, &status] {
    write_key_file(*path);
    out << "ibatlas: key " << read_key_file(*path).id << " written to " << *path << '\n';
    status = kExitOk;
  });
}

}  // namespace ibatlas::cli
