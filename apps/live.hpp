#pragma once

// A live crawl of the local subnet, for `ibatlas discover` (and any command that takes the
// SOURCE `live`). Implemented twice: hardware_umad.cpp (rdma-core present) opens a umad port;
// hardware_none.cpp throws Error saying the build has no rdma-core.

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/discover/live.hpp"

namespace ibatlas::cli {

// Opens the port, crawls, closes the port. options.provenance.source is set to
// "live:<ca>/<port>". Throws Error only when the port cannot be opened.
DiscoveryResult crawl_live(const LivePortOptions& port, CrawlOptions options);

}  // namespace ibatlas::cli
