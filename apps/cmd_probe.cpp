// ibatlas probe SOURCE --hosts HOSTS --key KEYFILE [--suspects FINDINGS.json | --link NODE:PORT]...
//               [--lfts FILE | --compute minhop|updn] [--transport udp|mad|verbs]
//               [--sizes 64,4096,65536]
//               [--samples N] [--blocks N] [--plan-only] [-o RUN.json] [--baseline OLD.json]
//               [--json] [--fail-on LEVEL]
// Confirms or clears suspect links with traffic: plans host pairs across each suspect and
// controls that avoid them, runs them through the agents, a verdict per link. docs/probe.md.

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/input_file.hpp"
#include "ibatlas/net/controller.hpp"
#include "ibatlas/net/key_file.hpp"
#include "ibatlas/probe/mad_echo_wire.hpp"
#include "ibatlas/probe/plan.hpp"
#include "ibatlas/probe/plan_report.hpp"
#include "ibatlas/probe/regression.hpp"
#include "ibatlas/probe/run.hpp"
#include "ibatlas/probe/run_file.hpp"
#include "ibatlas/report/check_report.hpp"
#include "ibatlas/report/probe_report.hpp"
#include "ibatlas/routing/endpoint.hpp"

#include "cli.hpp"
#include "cmd_probe_agents.hpp"
#include "mad_echo_cli.hpp"
#include "source.hpp"
#include "verbs_cli.hpp"
#include <unistd.h>

namespace ibatlas::cli {

namespace {

struct ProbeOptions {
  std::string source;
  std::string hosts;
  std::string key;
  std::string suspects;
  std::string suspect_level = "warning";
  std::vector<std::string> links;
  std::vector<std::string> lfts;
  std::string compute;
  std::string transport = "udp";
  std::vector<std::uint32_t> sizes;
  std::uint32_t samples = 100;
  std::size_t blocks = 8;
  std::uint32_t timeout_ms = 200;
  std::size_t concurrency = 0;
  bool plan_only = false;
  std::string output;
  std::string baseline;
  bool json = false;
  std::string fail_on = "error";
  SourceOptions source_options;
};

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int /*signal*/) {
  g_interrupted.store(true);
}

// Ctrl-C and SIGTERM while the probes run: stop every agent's work, report what was measured.
class InterruptScope {
 public:
  InterruptScope() {
    g_interrupted.store(false);
    old_int_ = std::signal(SIGINT, on_interrupt);
    old_term_ = std::signal(SIGTERM, on_interrupt);
  }

  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  ~InterruptScope() {
    std::signal(SIGINT, old_int_);
    std::signal(SIGTERM, old_term_);
  }

 private:
  void (*old_int_)(int) = nullptr;
  void (*old_term_)(int) = nullptr;
};

Fabric load_with_tables(const ProbeOptions& options, std::ostream& err) {
  Fabric fabric = load_main_source(options.source, options.source_options, err).fabric;
  fabric = attach_lft_files(std::move(fabric), options.lfts, err);
  if (!options.compute.empty()) {
    fabric =
        compute_tables(fabric, options.compute, {}, options.source_options.verbose, err).fabric;
  }
  if (fabric.forwarding_tables().empty()) {
    throw Error(options.source +
                " holds no forwarding tables: give --lfts FILE (dump_lfts output) or --compute "
                "minhop|updn");
  }
  return fabric;
}

// "leaf1:3" or "leaf1[3]" (or a GUID or LID in place of the name): the cable at that port.
SuspectLink suspect_from_text(const Fabric& fabric, const std::string& text) {
  std::string place = text;
  std::size_t colon = text.rfind(':');
  if (colon != std::string::npos && colon + 1 < text.size() &&
      text.find_first_not_of("0123456789", colon + 1) == std::string::npos) {
    place = text.substr(0, colon) + "[" + text.substr(colon + 1) + "]";
  }
  Place p = resolve_place(fabric, place);
  if (!p.port) {
    throw Error("--link " + text + ": expected NODE:PORT, a port with a cable, found a node");
  }
  const Port& port = fabric.port(*p.port);
  if (!port.peer || !fabric.is_link(*p.port)) {
    throw Error("--link " + text + ": that port has no cable whose ends name each other");
  }
  return SuspectLink{*p.port, *port.peer, "--link"};
}

std::vector<SuspectLink> suspects_of(const Fabric& fabric, const ProbeOptions& options,
                                     std::ostream& err) {
  std::vector<SuspectLink> suspects;
  if (!options.suspects.empty()) {
    FindingsDocument doc = read_findings_json(read_file(options.suspects), options.suspects);
    std::vector<std::string> notes;
    suspects =
        suspects_from_findings(fabric, doc.findings, *parse_severity(options.suspect_level), notes);
    for (const std::string& note : notes) {
      err << "ibatlas: " << options.suspects << ": " << note << '\n';
    }
  }
  for (const std::string& text : options.links) {
    suspects.push_back(suspect_from_text(fabric, text));
  }
  if (suspects.empty()) {
    throw Error(
        "no suspect links: give --suspects FINDINGS.json (from check or routes --json) "
        "or --link NODE:PORT");
  }
  return suspects;
}

RunOptions run_options(const ProbeOptions& options, std::ostream& err) {
  RunOptions run;
  if (!options.sizes.empty()) {
    run.sizes = options.sizes;
  }
  run.samples = options.samples;
  run.blocks = options.blocks;
  run.sample_timeout = std::chrono::milliseconds(options.timeout_ms);
  run.concurrency = options.concurrency;
  if (&err == &std::cerr && isatty(STDERR_FILENO)) {
    run.progress = [&err](std::size_t done, std::size_t total) {
      char line[80];
      std::snprintf(line, sizeof line, "\rprobe: %zu of %zu blocks", done, total);
      err << line << (done == total ? "\n" : "") << std::flush;
    };
  }
  return run;
}

int write_plan(const Fabric& fabric, const ProbePlan& plan, const ProbeOptions& options,
               std::ostream& out) {
  if (options.json) {
    write_plan_json(fabric, plan, out);
  } else {
    write_plan_text(fabric, plan, out);
  }
  return kExitOk;
}

// --transport udp: the agents of HOSTS over the key (each sends its host findings to
// `hosts`); mad: the same agents sending echo MADs, or without --hosts this host's umad port.
std::unique_ptr<ProbeTransport> open_transport(const Fabric& fabric, const ProbePlan& plan,
                                               const ProbeOptions& options, RunOptions& run,
                                               std::vector<AgentHostFindings>& hosts,
                                               std::ostream& err) {
  if (options.transport == "mad" && options.hosts.empty()) {
    const LivePortOptions& port = options.source_options.live.port;
    return open_mad_echo_prober(fabric, MadEchoPort{port.ca, port.port}, err);
  }
  if (options.hosts.empty() || options.key.empty()) {
    throw Error("probe: --hosts HOSTS and --key KEYFILE are needed to run probes (or --plan-only)");
  }
  ProbeKey key = read_key_file(options.key);
  bool mad = options.transport == "mad";  // a MAD echo's target needs no agent
  std::vector<AgentAddress> agents = agents_of(fabric, plan, options.hosts, !mad, run.absent_hosts);
  ControllerOptions controller;
  controller.log = options.source_options.verbose ? &err : nullptr;
  controller.host_findings = &hosts;
  controller.mad_echo = mad;
  if (options.transport == "verbs") {  // the agents' RDMA devices; this host needs none
    controller.verbs_routes = verbs_routes(fabric);
  }
  return connect_agents(agents, key, controller);
}

// --transport verbs without --hosts: this host's RDMA device, checked as the transport
// opens it. Without one (or with a failed registration), the findings that say so, exit 1;
// with one, the probes still need agents at both ends (docs/probe.md, "Verbs transport").
int check_verbs_transport(const Fabric& fabric, const ProbeOptions& options, std::ostream& out) {
  const LivePortOptions& port = options.source_options.live.port;
  std::vector<Finding> findings = check_verbs_device(port.ca, port.port);
  if (findings.empty()) {
    throw Error(
        "--transport verbs: the RDMA device opens; the probes run between the agents of "
        "--hosts HOSTS (agent --transport verbs), with --key KEYFILE");
  }
  if (options.json) {
    write_check_json(fabric, findings, out);
  } else {
    write_check_text(fabric, findings, text_style(out), out);
  }
  return findings_status(findings, options.fail_on);
}

// --transport mad sends from this host's port only, so the plan starts every probe there;
// an echo's reply is as large as its request, so replies count (docs/probe.md). With
// --plan-only and no port to ask (no rdma-core, no device), the plan is from every host.
void plan_mad_from_local_port(const Fabric& fabric, const ProbeOptions& options,
                              PlanOptions& plan_options, std::ostream& err) {
  const LivePortOptions& port = options.source_options.live.port;
  try {
    plan_options.sources =
        std::vector<PortId>{mad_echo_local_port(fabric, MadEchoPort{port.ca, port.port})};
    plan_options.count_replies = true;
  } catch (const Error& e) {
    if (!options.plan_only) {
      throw;
    }
    err << "ibatlas: plan: from every host (this host's port: " << e.what() << ")\n";
  }
}

int run_probe(const ProbeOptions& options, std::ostream& out, std::ostream& err) {
  // 1. The fabric and its tables. 2. The plan: the baseline's, or planned for the suspects.
  // 3. --plan-only prints it. 4. Agents from HOSTS, the key, the run. 5. Verdicts, the
  // baseline's regressions, the report, the run file.
  Fabric fabric = load_with_tables(options, err);
  std::optional<BaselineRun> baseline;
  ProbePlan plan;
  RunOptions run = run_options(options, err);
  if (!options.baseline.empty()) {
    baseline = read_run_file(read_file(options.baseline), options.baseline, fabric);
    if (baseline->fingerprint != fabric_fingerprint(fabric)) {
      err << "ibatlas: " << options.baseline
          << ": the fabric's nodes or cables changed since the baseline; comparing the same "
             "host pairs\n";
    }
    plan = baseline->plan;
    run.sizes = baseline->options.sizes;
    run.samples = baseline->options.samples;
    run.blocks = baseline->options.blocks;
    run.warmup = baseline->options.warmup;
    run.sample_timeout = baseline->options.sample_timeout;
    run.concurrency = options.concurrency;
  } else {
    PlanOptions plan_options;  // UDP reaches only a port's base LID; an RC QP any LID
    plan_options.other_lids = options.transport == "verbs";
    // MAD echo goes by LID, so any LMC LID; one 256-byte MAD each way (docs/probe.md)
    if (options.transport == "mad") {
      plan_options.other_lids = true;
      run.sizes = {static_cast<std::uint32_t>(mad_echo::kMadBytes)};
      if (options.hosts.empty()) {
        plan_mad_from_local_port(fabric, options, plan_options, err);
      } else {  // the agents send: probes start at every host with one
        plan_options.sources = host_ports(fabric, options.hosts);
        plan_options.count_replies = true;
      }
    }
    plan = plan_probes(fabric, suspects_of(fabric, options, err), plan_options);
  }
  for (const std::string& note : plan.notes) {
    err << "ibatlas: plan: " << note << '\n';
  }
  if (options.plan_only) {
    return write_plan(fabric, plan, options, out);
  }
  if (options.transport == "verbs" && options.hosts.empty()) {
    return check_verbs_transport(fabric, options, out);
  }
  std::vector<AgentHostFindings> hosts;
  std::unique_ptr<ProbeTransport> transport =
      open_transport(fabric, plan, options, run, hosts, err);
  InterruptScope interrupts;
  run.stop = &g_interrupted;
  RunResult result = run_probes(fabric, plan, *transport, run);
  std::vector<Finding> findings = result.findings;
  if (baseline) {
    std::vector<Finding> regressions = find_regressions(fabric, *baseline, result, run.verdict);
    findings.insert(findings.end(), regressions.begin(), regressions.end());
  }
  add_host_findings(fabric, hosts, findings, err);
  sort_findings(findings);
  if (!options.output.empty()) {
    write_to(options.output, out,
             [&](std::ostream& o) { write_run_file(fabric, plan, run, result, o); });
  }
  if (options.json) {
    write_probe_json(ProbeReport{fabric, plan, run, result, findings}, out);
  } else {
    write_probe_text(ProbeReport{fabric, plan, run, result, findings}, text_style(out), out);
  }
  if (result.cancelled) {
    err << "ibatlas: interrupted: the report holds what was measured before\n";
    return kExitInterrupted;
  }
  return findings_status(findings, options.fail_on);
}

}  // namespace

void add_probe_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<ProbeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "probe", "Confirm or clear suspect links with traffic between hosts' agents");
  CLI::Option* source =
      cmd->add_option("SOURCE", options->source, "Snapshot or dump with LIDs, or `live`")
          ->required();
  options->source_options.live.routes = true;  // a live SOURCE reads every switch's LFT
  add_live_source_options(*cmd, *source, options->source_options);
  cmd->add_option("--hosts", options->hosts,
                  "HOSTS file: NODE ADDRESS:PORT [DATA_ADDRESS] per host (docs/probe.md); "
                  "each agent also reports its host checks");
  cmd->add_option("--key", options->key, "Pre-shared key file (ibatlas keygen; mode 0600)");
  cmd->add_option("--suspects", options->suspects,
                  "Findings JSON (check/routes --json): its links are the suspects");
  cmd->add_option("--suspect-level", options->suspect_level,
                  "Least severity of a finding that makes its link a suspect (default warning)")
      ->check(CLI::IsMember({"error", "warning", "info"}));
  cmd->add_option("--link", options->links, "A suspect cable: NODE:PORT (repeatable)");
  cmd->add_option("--lfts", options->lfts, "Forwarding tables to attach (dump_lfts output)");
  cmd->add_option("--compute", options->compute, "Compute tables as opensm's engine does")
      ->check(CLI::IsMember({"minhop", "updn"}));
  cmd->add_option(
         "--transport", options->transport,
         "How probes travel: udp (agents, default) or mad (MAD echo: sent by the agents of "
         "--hosts, or without it from this host's -C/-P port); verbs (RC ping-pong between "
         "the agents of --hosts; without it, checks this host's RDMA device)")
      ->check(CLI::IsMember({"udp", "mad", "verbs"}));
  cmd->add_option("--sizes", options->sizes, "Request sizes in bytes (default 64,4096,65536)")
      ->delimiter(',')
      ->check(CLI::Range(16U, 65507U));
  cmd->add_option("--samples", options->samples, "Ping-pongs per block (default 100)")
      ->check(CLI::Range(10U, 100000U));
  cmd->add_option("--blocks", options->blocks, "Blocks per path and size (default 8)")
      ->check(CLI::Range(1U, 1000U));
  cmd->add_option("--sample-timeout", options->timeout_ms, "Per-sample timeout in ms (default 200)")
      ->check(CLI::Range(1U, 4000U));
  cmd->add_option("--concurrency", options->concurrency,
                  "Probes in flight at once (default: a whole round); 1 when the hosts share "
                  "one machine's CPUs")
      ->check(CLI::Range(1U, 4096U));
  cmd->add_flag("--plan-only", options->plan_only, "Print the plan and stop: no traffic");
  cmd->add_option("-o,--output", options->output, "Write the run (ibatlas.probe-run/1) here");
  cmd->add_option("--baseline", options->baseline,
                  "A run file: measure its pairs again and report regressions");
  cmd->add_flag("--json", options->json, "Findings JSON (the plan's JSON with --plan-only)");
  add_fail_on_option(*cmd, options->fail_on);
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_probe(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
