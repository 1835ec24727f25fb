// Built when rdma-core is present: live sources and cache files go through ibatlas_umad.

#include <optional>

#include "ibatlas/error.hpp"
#include "ibatlas/umad/ibnd_cache.hpp"

#include "live.hpp"
#include "mad_echo_cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

ReadResult load_ibnd_cache_file(std::string_view bytes, const std::string& path) {
  return read_ibnd_cache(bytes, path);
}

DiscoveryResult crawl_live(const LivePortOptions& port, CrawlOptions options) {
  UmadTransport transport(port);
  options.provenance.source =
      "live:" + transport.ca_name() + "/" + std::to_string(transport.port_number());
  return discover(transport, options, &transport);
}

SaPathSlResult read_path_sls_live(const SaPathSlOptions& options,
                                  std::span<const std::pair<Lid, Lid>> pairs) {
  return read_sa_path_sls(options, pairs);
}

}  // namespace ibatlas::cli

namespace ibatlas::cli {

PortId mad_echo_local_port(const Fabric& fabric, const MadEchoPort& port) {
  MadEchoPortInfo info = mad_echo_port_info(port);
  std::optional<PortId> local = fabric.find_port_by_lid(info.base_lid);
  if (local && fabric.port(*local).guid && *fabric.port(*local).guid != info.port_guid) {
    local.reset();  // another port holds that LID in the snapshot
  }
  if (!local) {
    throw Error("this host's port " + info.ca + "/" + std::to_string(info.port) + " (LID " +
                std::to_string(info.base_lid) +
                ") is not in the SOURCE: the MAD-echo transport probes from it");
  }
  return *local;
}

std::unique_ptr<ProbeTransport> open_mad_echo_prober(const Fabric& fabric, const MadEchoPort& port,
                                                     std::ostream& err) {
  MadEchoOptions options;
  options.port = port;
  options.local = mad_echo_local_port(fabric, port);
  auto transport = std::make_unique<MadEchoTransport>(options);
  const MadEchoPortInfo& info = transport->port_info();
  err << "ibatlas: probe: MAD echo from " << info.ca << "/" << info.port << " (LID "
      << info.base_lid << ")\n";
  return transport;
}

int serve_mad_echo(const MadEchoResponderOptions& options) {
  return run_mad_echo_responder(options);
}

MadEchoBlockRunner open_mad_echo_node(const MadEchoResponderOptions& options) {
  auto node = std::make_shared<MadEchoNode>(options);
  const MadEchoPortInfo& info = node->port_info();
  if (options.log != nullptr) {
    *options.log << "agent: mad echo ready on " << info.ca << "/" << info.port << " LID "
                 << info.base_lid << " (class 0x32, OUI 0x001405; probes on command)" << std::endl;
  }
  return [node](const ProbeRequest& request, const std::atomic<bool>& cancel) {
    return node->run_block(request, cancel);
  };
}

}  // namespace ibatlas::cli
