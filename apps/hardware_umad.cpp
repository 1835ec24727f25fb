// Built when rdma-core is present: live sources and cache files go through ibatlas_umad.

#include "ibatlas/umad/ibnd_cache.hpp"

#include "live.hpp"
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

}  // namespace ibatlas::cli
