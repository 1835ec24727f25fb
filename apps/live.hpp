#pragma once

// A live crawl of the local subnet, for `ibatlas discover` and any command that takes the
// SOURCE `live`. crawl_live is implemented twice: hardware_umad.cpp (rdma-core present)
// opens a umad port; hardware_none.cpp throws Error saying the build has no rdma-core. The
// helpers below it are the same in both builds (source.cpp).

#include <cstddef>
#include <functional>
#include <ostream>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/umad/sa_path_sls.hpp"
#include "ibatlas/umad/umad_transport.hpp"

namespace ibatlas::cli {

// Opens the port, crawls, closes the port. options.provenance.source is set to
// "live:<ca>/<port>", the CA and port actually opened (a switch's management port is 0).
// Throws Error only when the port cannot be opened.
DiscoveryResult crawl_live(const LivePortOptions& port, CrawlOptions options);

// The SLs the SA gives for `pairs` (discover --path-sls), asked from `options.port`. Throws
// Error when the port cannot be opened or knows no SM (hardware_none.cpp: always).
SaPathSlResult read_path_sls_live(const SaPathSlOptions& options,
                                  std::span<const std::pair<Lid, Lid>> pairs);

// One progress line redrawn in place on `err` (nodes found, MADs in flight, answers per
// second, timeouts), or nothing at all (an empty function) when `err` is not the process's
// stderr or stderr is not a terminal: piped and redirected runs, and tests, stay quiet.
std::function<void(const CrawlProgress&)> progress_line(std::ostream& err);

// The crawl options every live crawl shares: window, retries and hop limit as given, the
// watchdog from -t, progress_line(err), and the provenance's format, time and tool.
CrawlOptions live_crawl_options(const LivePortOptions& port, int retries, std::size_t max_hops,
                                std::ostream& err);

// One line on `err`: nodes and links found, time, MADs sent, answered, timed out, retried,
// the most in flight at once (-v).
void write_crawl_statistics(const Fabric& fabric, const CrawlStatistics& s, std::ostream& err);

}  // namespace ibatlas::cli
