#pragma once

// Fabric generators for tests and benchmarks: fat-trees of any size and seeded irregular
// graphs, deterministic from their spec (the seed included), never checked in (STYLE.md 7.9).
//
// Every generated fabric is "complete" the way a live crawl sees one: switches have every
// port 0..radix (unconnected ones Down/Polling), CAs only the ports they have, every field a
// crawl reads is set (or deliberately absent, as a crawl would find it), and switch external
// ports carry no LID (docs/discover.md). LIDs are assigned 1, 2, ... in creation order.

#include <cstdint>

#include "ibatlas/fabric.hpp"

namespace ibatlas::test {

struct FatTreeSpec {
  int levels = 2;     // 2: leaves and spines; 3: pods of leaves and aggregation switches, cores
  int radix = 36;     // ports per switch (even)
  int hosts = 0;      // 0: as many as the tree holds
  int hca_ports = 1;  // 2-level only: 2 cables each host's port 2 to a second rail of leaves
  LinkWidth width = LinkWidth::X4;
  LinkSpeed speed = LinkSpeed::Hdr;
  std::uint64_t seed = 1;  // GUIDs, LFT entries and counter values depend on it
  bool routes = false;     // an LFT for every switch
  bool counters = false;   // PortCounters on every cabled port
};

// Throws std::invalid_argument when the hosts do not fit the levels and radix.
Fabric make_fat_tree(const FatTreeSpec& spec);

struct IrregularSpec {
  int switches = 8;
  int radix = 16;
  int extra_links = 8;  // beyond a random spanning tree (parallel cables allowed)
  int hosts = 24;
  int dual_port_hosts = 4;  // of `hosts`: port 2 cabled to another switch
  int routers = 0;
  bool mixed_speeds = true;  // per-switch generations SDR..XDR, FDR10, widths 1x..12x, and
                             // some links trained below what both ends support
  std::uint64_t seed = 1;
  bool routes = false;
  bool counters = false;
};

Fabric make_irregular(const IrregularSpec& spec);

}  // namespace ibatlas::test
