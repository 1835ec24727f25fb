#pragma once

// What the MAD-echo sim tests share (mad_echo_sim_test.cpp, mad_echo_agents_sim_test.cpp):
// the two-switch fabric with four HCAs, and bringing a fabric up with LMC 1 and a snapshot
// of it with its routes.

#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "support/paths.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas::test {

// Hca1, Hca3 on Switch1; Hca2, Hca4 on Switch2; the switches joined by ports 3 and 5.
constexpr const char* kMadEchoFourHcas = R"(Switch 8 "Switch1"
[1] "Hca1"[1]
[2] "Hca3"[1]
[3] "Switch2"[3]
[5] "Switch2"[5]

Switch 8 "Switch2"
[1] "Hca2"[1]
[2] "Hca4"[1]
[3] "Switch1"[3]
[5] "Switch1"[5]

Hca 2 "Hca1"
[1] "Switch1"[1]

Hca 2 "Hca2"
[1] "Switch2"[1]

Hca 2 "Hca3"
[1] "Switch1"[2]

Hca 2 "Hca4"
[1] "Switch2"[2]
)";

// opensm configures the subnet once with LMC 1 and exits (no SM traffic afterwards), then
// `ibatlas discover --routes` from Hca1 writes `snapshot`. Fatal failures stop the caller's
// SetUp through ASSERT_NO_FATAL_FAILURE.
inline void bring_up_with_lmc1(SimFabric& sim, const std::string& snapshot, milliseconds timeout) {
  std::string conf = sim.dir() + "/lmc-opensm.conf";
  std::ofstream(conf) << read_text(source_dir() + "/fixtures/opensm.conf") << "lmc 1\n";
  ProcessResult r =
      sim.run({"env", "OSM_CACHE_DIR=" + sim.dir(), "OSM_TMP_DIR=" + sim.dir(),
               find_program("opensm"), "-o", "-F", conf, "-f", sim.dir() + "/lmc-opensm.log"},
              timeout);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = sim.run({"env", "SIM_HOST=Hca1", ibatlas_binary(), "discover", "--routes", "-o", snapshot},
              timeout);
  ASSERT_FALSE(r.timed_out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace ibatlas::test
