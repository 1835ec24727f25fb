// Built when rdma-core's development files are missing: the commands that need it say so.

#include "ibatlas/error.hpp"

#include "live.hpp"
#include "mad_echo_cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

ReadResult load_ibnd_cache_file(std::string_view /*bytes*/, const std::string& path) {
  throw Error(path +
              ": an ibnetdiscover cache file, but this ibatlas was built without "
              "libibnetdisc (install libibnetdisc-dev and rebuild)");
}

// By value as live.hpp declares it: the umad variant moves the options into the crawl.
DiscoveryResult crawl_live(const LivePortOptions&,
                           CrawlOptions) {  // NOLINT(performance-unnecessary-value-param)
  throw Error(
      "live discovery needs libibumad, but this ibatlas was built without rdma-core "
      "(install libibumad-dev and rebuild)");
}

SaPathSlResult read_path_sls_live(const SaPathSlOptions& /*options*/,
                                  std::span<const std::pair<Lid, Lid>> /*pairs*/) {
  throw Error(
      "--path-sls needs libibumad, but this ibatlas was built without rdma-core (install "
      "libibumad-dev and rebuild), or give saquery -p output: routes --path-sls FILE");
}

}  // namespace ibatlas::cli

namespace ibatlas::cli {

namespace {

[[noreturn]] void no_mad_echo() {
  throw Error(
      "--transport mad needs libibumad, but this ibatlas was built without rdma-core "
      "(install libibumad-dev and rebuild)");
}

}  // namespace

PortId mad_echo_local_port(const Fabric& /*fabric*/, const MadEchoPort& /*port*/) {
  no_mad_echo();
}

std::unique_ptr<ProbeTransport> open_mad_echo_prober(const Fabric& /*fabric*/,
                                                     const MadEchoPort& /*port*/,
                                                     std::ostream& /*err*/) {
  no_mad_echo();
}

int serve_mad_echo(const MadEchoResponderOptions& /*options*/) {
  no_mad_echo();
}

MadEchoBlockRunner open_mad_echo_node(const MadEchoResponderOptions& /*options*/) {
  no_mad_echo();
}

}  // namespace ibatlas::cli
