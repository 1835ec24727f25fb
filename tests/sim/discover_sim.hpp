#pragma once

// Helpers shared by the live-discovery sim tests: run `ibatlas discover` and the real
// ibnetdiscover against one SimFabric, and reduce fabrics to what ibnetdiscover's default
// output says about them, so the two can be compared line by line.

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/paths.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas::test {

struct LiveCrawl {
  int exit_code = -1;
  std::string err;
  Fabric fabric;  // read back from the XML snapshot it wrote
};

// argv prefix that attaches a umad2sim client at `host` (a node id or description) instead
// of the netfile's first node.
inline std::vector<std::string> attached_at(const std::string& host) {
  if (host.empty()) {
    return {};
  }
  return {"env", "SIM_HOST=" + host};
}

inline LiveCrawl crawl_live(SimFabric& sim, const std::vector<std::string>& extra = {},
                            const std::string& host = "") {
  static int runs = 0;
  std::string path = sim.dir() + "/crawl" + std::to_string(runs++) + ".xml";
  std::vector<std::string> argv = attached_at(host);
  for (const std::string& a :
       {ibatlas_binary(), std::string("discover"), std::string("-o"), path}) {
    argv.push_back(a);
  }
  argv.insert(argv.end(), extra.begin(), extra.end());
  ProcessResult r = sim.run(argv, milliseconds(120000));
  EXPECT_FALSE(r.timed_out);
  LiveCrawl crawl;
  crawl.exit_code = r.exit_code;
  crawl.err = r.err;
  if (r.exit_code == 0 || r.exit_code == 4) {
    crawl.fabric = read_xml_snapshot(read_file(path), path).fabric;
  }
  return crawl;
}

inline Fabric run_ibnetdiscover(SimFabric& sim, const std::string& host = "") {
  std::vector<std::string> argv = attached_at(host);
  argv.push_back("ibnetdiscover");
  ProcessResult r = sim.run(argv, milliseconds(120000));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return read_ibnetdiscover(r.out, "ibnetdiscover").fabric;
}

inline std::string hex(std::uint64_t v) {
  std::ostringstream out;
  out << std::hex << v;
  return out.str();
}

struct ViewOptions {
  bool lids = true;
  bool speeds = true;
};

// What ibnetdiscover's default output tells: every node (GUID, type, port count,
// description), switch LIDs, CA port GUIDs and LIDs, and every cable with its active width
// and speed as seen from each end.
inline std::set<std::string> ibnetdiscover_view(const Fabric& f, ViewOptions options = {}) {
  std::set<std::string> lines;
  for (const Node& n : f.nodes()) {
    lines.insert("node " + hex(n.guid) + " " + to_string(n.type) + " " +
                 std::to_string(n.port_count) + " \"" + n.description + "\"");
  }
  for (const Port& p : f.ports()) {
    const Node& n = f.node(p.node);
    std::string end = hex(n.guid) + "[" + std::to_string(p.number) + "]";
    bool is_switch = n.type == NodeType::Switch;
    if (options.lids && (is_switch ? p.number == 0 : p.peer.has_value())) {
      lines.insert("lid " + end + " " + (p.base_lid ? std::to_string(*p.base_lid) : "-"));
    }
    if (!is_switch && p.peer) {
      lines.insert("port-guid " + end + " " + (p.guid ? hex(*p.guid) : "-"));
    }
    if (p.peer) {
      const Port& q = f.port(*p.peer);
      std::string far = hex(f.node(q.node).guid) + "[" + std::to_string(q.number) + "]";
      std::string rate = options.speeds && p.width_active && p.speed_active
                             ? " " + to_string(*p.width_active) + to_string(*p.speed_active)
                             : "";
      lines.insert("cable " + end + " -> " + far + rate);
    }
  }
  return lines;
}

// Lines in one set and not the other, for a readable failure.
inline std::string view_difference(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::ostringstream out;
  int shown = 0;
  for (const std::string& line : a) {
    if (!b.count(line) && shown++ < 10) {
      out << "\n  only left:  " << line;
    }
  }
  shown = 0;
  for (const std::string& line : b) {
    if (!a.count(line) && shown++ < 10) {
      out << "\n  only right: " << line;
    }
  }
  return out.str();
}

}  // namespace ibatlas::test
