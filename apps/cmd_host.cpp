// ibatlas host [--sysfs-root DIR] [--capture FILE.tar] [--json] [--fail-on LEVEL]
// The host doctor (docs/host.md): this host's HCA ports, the PCIe chain above each HCA, its
// NUMA node against the CPUs the process may use, RLIMIT_MEMLOCK; findings host.* in the
// common schema. Exit 1 on findings (at or above --fail-on, default info), 3 when there is no
// InfiniBand device to check.

#include <ctime>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/host/host_checks.hpp"
#include "ibatlas/host/host_report.hpp"
#include "ibatlas/host/sysfs_reader.hpp"
#include "ibatlas/host/ustar.hpp"
#include "ibatlas/output_file.hpp"
#include "ibatlas/report/host_text.hpp"

#include "cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

void add_host_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);

namespace {

struct HostOptions {
  std::string sysfs_root;  // empty: the live /sys, and this process's limits
  std::string capture;     // empty: none
  std::string fail_on = "info";
  bool json = false;
};

// Every file the reader read and every link it followed, under their paths relative to the
// root, and the process facts as the capture's ibatlas-process file.
void write_capture(const SysfsTree& tree, const HostSnapshot& snapshot, const std::string& path,
                   std::ostream& out) {
  std::vector<TarEntry> entries;
  for (const auto& [link, target] : tree.links()) {
    entries.push_back({.path = link, .contents = {}, .link = target});
  }
  for (const auto& [file, contents] : tree.files()) {
    if (file != kProcessFactsFile) {
      entries.push_back({.path = file, .contents = contents, .link = {}});
    }
  }
  if (snapshot.process) {
    entries.push_back({.path = std::string(kProcessFactsFile),
                       .contents = process_facts_text(*snapshot.process),
                       .link = {}});
  }
  std::string tar = write_ustar(entries, static_cast<std::int64_t>(std::time(nullptr)));
  write_output_file(path, [&tar](std::ostream& file) { file << tar; });
  out << "ibatlas: captured " << tree.files().size() << " files and " << tree.links().size()
      << " links of " << tree.root() << " to " << path << '\n';
}

int run_host(const HostOptions& options, std::ostream& out, std::ostream& err) {
  bool live = options.sysfs_root.empty();
  SysfsTree tree(live ? "/sys" : options.sysfs_root);
  HostSnapshot snapshot = read_host_snapshot(tree);
  if (live) {
    snapshot.process = read_process_facts();
  }
  if (!options.capture.empty()) {
    write_capture(tree, snapshot, options.capture, out);
    return kExitOk;
  }
  if (snapshot.devices.empty()) {
    err << "ibatlas: host: no InfiniBand device under " << tree.root()
        << "/class/infiniband (no HCA, or its driver is not loaded): nothing to check\n";
    return kExitBadInput;
  }
  std::vector<Finding> findings = run_host_checks(snapshot);
  if (options.json) {
    FindingsDocument document{.command = "host",
                              .source = tree.root(),
                              .format = "sysfs",
                              .findings = findings,
                              .report = host_report_json(snapshot)};
    write_findings_json(document, out);
  } else {
    write_host_text(snapshot, findings, text_style(out), out);
  }
  return findings_status(findings, options.fail_on);
}

}  // namespace

void add_host_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<HostOptions>();
  CLI::App* cmd = app.add_subcommand(
      "host", "Host doctor: HCA ports, PCIe links, NUMA placement, memlock limit (sysfs)");
  cmd->add_option("--sysfs-root", options->sysfs_root,
                  "Read a captured tree: DIR stands for /sys (links must stay inside DIR); "
                  "the process limits come from its ibatlas-process file")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--capture", options->capture,
                  "Write the files read (and the process limits) to this ustar archive, "
                  "then exit 0");
  cmd->add_flag("--json", options->json, "Print the findings JSON (report: the host summary)");
  add_fail_on_option(*cmd, options->fail_on);
  cmd->footer(
      "Exit status: 0 no finding at or above --fail-on (default info); 1 findings; 3 no "
      "InfiniBand device under ROOT/class/infiniband, a link leaving --sysfs-root, or an "
      "unwritable --capture.");
  cmd->callback([options, &out, &err, &status] { status = run_host(*options, out, err); });
}

}  // namespace ibatlas::cli
