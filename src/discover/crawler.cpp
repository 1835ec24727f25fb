#include "ibatlas/discover/crawler.hpp"

#include <thread>

#include "discover/crawl.hpp"
#include "discover/mad_engine.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

void write_issue(const DiscoveryIssue& issue, std::ostream& out) {
  out << "  " << to_string(issue.kind) << ": " << issue.attribute;
  if (issue.attribute == "PortInfo" || issue.attribute == "LinearForwardingTable" ||
      issue.attribute == "MlnxExtPortInfo") {
    out << '(' << issue.modifier << ')';
  }
  if (issue.lid) {
    out << " to LID " << *issue.lid << " port " << issue.modifier;
  } else {
    out << " at DR path " << to_string(issue.route);
  }
  if (issue.node_guid) {
    out << "; node " << text::guid_text(*issue.node_guid) << " \"" << issue.node_description << '"';
    if (issue.port) {
      out << " port " << static_cast<unsigned>(*issue.port);
    }
  }
  out << ": " << issue.what << '\n';
}

// 3. SMInfo of every IsSM port; with a non-zero sm_interval, again that long after
// (crawl_sminfo.cpp).
void run_sminfo_phase(Crawl& crawl, MadEngine& engine, const CrawlOptions& options,
                      const std::function<std::size_t()>& count) {
  MadEngine::Handler handler = [&crawl](const MadJob& job, const SmpReply& reply) {
    crawl.on_sminfo(job, reply);
  };
  if (crawl.start_sminfo(0) == 0) {
    return;
  }
  engine.run(handler, count);
  if (options.sm_interval.count() == 0) {
    return;
  }
  std::this_thread::sleep_for(options.sm_interval);
  if (crawl.start_sminfo(1) > 0) {
    engine.run(handler, count);
  }
}

}  // namespace

std::string to_string(IssueKind kind) {
  switch (kind) {
    case IssueKind::NoAnswer:
      return "no answer";
    case IssueKind::Rejected:
      return "rejected";
    case IssueKind::HopLimit:
      return "hop limit";
    case IssueKind::NoLid:
      return "no LID";
  }
  return "issue";
}

DiscoveryResult discover(SmpTransport& transport, const CrawlOptions& options,
                         PerfTransport* perf) {
  // 1. Topology: NodeInfo of the local node, then breadth first through every LinkUp switch
  //    port; each node's description, SwitchInfo, PortInfo (and LFT blocks with --routes).
  //    What timed out after every retry is asked once more when the rest is done.
  // 2. Arrivals still waiting to be told apart from a known node are settled.
  // 3. SMInfo of the ports that say IsSM, twice (ActCount).
  // 4. With --counters: PerfMgt reads of every connected port, by LID; what timed out is
  //    asked again when the rest is done, as in 1.
  // 5. The records become the snapshot; every failure becomes an issue in the report.
  EngineOptions engine_options{
      options.max_in_flight,     options.retries,  options.stall_timeout, options.progress,
      options.progress_interval, options.per_node, options.retry_backoff, options.retry_backoff_max,
      options.deadline,          options.clock};
  MadEngine engine(transport, perf, engine_options);
  Crawl crawl(options, engine);
  engine.set_far_end([&crawl](const MadJob& job) { return crawl.far_end(job); });
  MadEngine::Handler handler = [&crawl](const MadJob& job, const SmpReply& reply) {
    crawl.handle(job, reply);
  };
  std::function<std::size_t()> count = [&crawl] { return crawl.node_count(); };
  crawl.start();
  engine.run(handler, count);
  while (crawl.reprobe()) {
    engine.run(handler, count);
  }
  crawl.settle();
  if (options.sminfo) {
    run_sminfo_phase(crawl, engine, options, count);
  }
  if (options.counters) {
    crawl.start_counters(perf != nullptr);
    engine.run(handler, count);
    while (crawl.reprobe()) {  // counters reads that timed out, as for the topology
      engine.run(handler, count);
    }
  }
  return build_result(crawl, engine.statistics(), options);
}

void write_discovery_report(const DiscoveryReport& report, std::ostream& out) {
  if (!report.complete()) {
    out << "discovery incomplete: " << report.issues.size()
        << " problem(s); the snapshot holds everything that answered\n";
    for (const DiscoveryIssue& issue : report.issues) {
      write_issue(issue, out);
    }
  }
  for (const DuplicateGuid& d : report.duplicates) {
    out << "duplicate GUID " << text::guid_text(d.guid) << ": " << d.nodes.size()
        << " nodes answer with it, found at DR paths";
    for (std::size_t i = 0; i < d.routes.size(); ++i) {
      out << (i == 0 ? " " : (i + 1 == d.routes.size() ? " and " : ", ")) << to_string(d.routes[i]);
    }
    out << '\n';
  }
}

}  // namespace ibatlas
