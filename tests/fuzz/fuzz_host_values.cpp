// libFuzzer target: the host doctor's byte-level readers. parse_process_facts (a capture's
// ibatlas-process file) must return facts or throw ParseError; the sysfs value parsers must
// return a value or nullopt; none may crash, hang or read out of bounds. What they return is
// fed to the checks, which must not crash either.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/host/host_checks.hpp"
#include "ibatlas/host/sysfs_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ibatlas::HostSnapshot snapshot;
  ibatlas::HostDevice device;
  device.name = "fuzz";
  ibatlas::HostPort port;
  port.rate = std::string(text);
  if (auto state = ibatlas::parse_numbered_name(text)) {
    port.state = state->number;
    port.phys_state = state->number;
  }
  port.lid = ibatlas::parse_sysfs_hex(text);
  port.sm_lid = port.lid;
  device.ports.push_back(port);
  ibatlas::PcieLink link;
  link.speed_gts = ibatlas::parse_pcie_speed(text);
  link.width = ibatlas::parse_pcie_width(text);
  link.max_speed_gts = link.speed_gts;
  link.max_width = link.width;
  device.pcie.push_back(link);
  if (auto cpus = ibatlas::parse_cpulist(text)) {
    device.numa_node = 0;
    device.numa_cpus = *cpus;
  }
  snapshot.devices.push_back(device);
  try {
    snapshot.process = ibatlas::parse_process_facts(text, "fuzz");
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  static_cast<void>(ibatlas::run_host_checks(snapshot));
  return 0;
}
