// Opening the HCA port and turning what can go wrong there into findings. Everything that
// stops the transport before the first packet is a VerbsProblem: a missing device is the
// normal case on a host without RDMA, and must read as an answer, not as a crash.

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "ibatlas/verbs/rc_endpoint.hpp"

namespace ibatlas {
namespace {

constexpr const char* kUnavailable = "probe.transport_unavailable";

VerbsProblem unavailable(std::string message, std::string measured, std::string hint) {
  return VerbsProblem{kUnavailable, std::move(message), std::move(measured),
                      "an Active InfiniBand port of an RDMA device", std::move(hint)};
}

std::string port_state_name(std::uint8_t state) {
  switch (state) {
    case 1:
      return "Down";
    case 2:
      return "Initialize";
    case 3:
      return "Armed";
    case 4:
      return "Active";
    default:
      return "state " + std::to_string(state);
  }
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) {
    text += (text.empty() ? "" : ", ") + name;
  }
  return text;
}

}  // namespace

Finding to_finding(const VerbsProblem& problem, const Location& location) {
  Finding finding;
  finding.check = problem.check;
  finding.severity = Severity::Error;
  finding.location = location;
  finding.measured = problem.measured;
  finding.expected = problem.expected;
  finding.hint = problem.hint;
  finding.message = problem.message;
  return finding;
}

VerbsDevice::~VerbsDevice() {
  if (pd_ != 0) {
    api_.destroy(pd_);
  }
}

std::optional<VerbsProblem> VerbsDevice::open(const VerbsDeviceOptions& options) {
  int error = 0;
  std::vector<std::string> names = api_.list_devices(error);
  if (error == ENOSYS) {  // libibverbs found no /sys/class/infiniband_verbs: no uverbs at all
    return unavailable(
        "no RDMA device on this host: the kernel offers no verbs interface "
        "(ibv_get_device_list: " +
            std::string(std::strerror(error)) + "), so the verbs transport cannot run",
        "0 RDMA devices",
        "check `ibv_devices`; load the HCA's driver and ib_uverbs, or probe "
        "with --transport udp");
  }
  if (error != 0) {
    return unavailable(
        std::string("cannot list RDMA devices: ibv_get_device_list: ") + std::strerror(error),
        "no device list",
        "load the HCA's driver and ib_uverbs (modprobe ib_uverbs), or probe "
        "with --transport udp");
  }
  if (names.empty()) {
    return unavailable(
        "no RDMA device on this host: ibv_get_device_list found none, so the verbs transport "
        "cannot run",
        "0 RDMA devices",
        "check `ibv_devices`; install the HCA's driver and rdma-core's provider, or probe with "
        "--transport udp");
  }
  name_ = options.device.empty() ? names.front() : options.device;
  if (std::find(names.begin(), names.end(), name_) == names.end()) {
    return unavailable("no RDMA device named " + name_ + " (this host has " + joined(names) + ")",
                       joined(names), "name one of the listed devices");
  }
  if (int e = api_.open_device(name_); e != 0) {
    return unavailable("ibv_open_device(" + name_ + "): " + std::strerror(e), name_,
                       "check the permissions of /dev/infiniband/uverbs*");
  }
  port_ = options.port;
  return open_port();
}

std::optional<VerbsProblem> VerbsDevice::open_port() {
  std::string where = name_ + " port " + std::to_string(port_);
  if (int e = api_.query_port(port_, attributes_); e != 0) {
    return unavailable("ibv_query_port(" + where + "): " + std::strerror(e), where,
                       "name an existing port of the device");
  }
  if (!attributes_.infiniband) {
    return unavailable(where + " is Ethernet (RoCE): this transport addresses peers by LID",
                       "link layer Ethernet", "probe RoCE ports with --transport udp");
  }
  if (attributes_.state != 4) {
    return unavailable(where + " is " + port_state_name(attributes_.state) + ", not Active",
                       port_state_name(attributes_.state),
                       "check the cable and the switch port, and that a subnet manager runs "
                       "(ibstat)");
  }
  if (int e = api_.query_gid(port_, 0, gid_); e != 0) {
    return unavailable("ibv_query_gid(" + where + ", 0): " + std::strerror(e), where, "");
  }
  if (int e = api_.alloc_pd(pd_); e != 0) {
    pd_ = 0;
    return unavailable("ibv_alloc_pd(" + name_ + "): " + std::strerror(e), name_, "");
  }
  return std::nullopt;
}

std::string describe(const VerbsCompletion& completion) {
  std::string vendor = " (ibv_wc_status " + std::to_string(completion.raw_status) +
                       ", vendor error " + std::to_string(completion.vendor_error) + ")";
  switch (completion.status) {
    case VerbsWcStatus::Success:
      return "success";
    case VerbsWcStatus::RetryExceeded:
      return "transport retry counter exceeded (IBV_WC_RETRY_EXC_ERR): the peer's QP did not "
             "acknowledge after 7 retries of 67 ms; the path to it is broken or the peer is "
             "gone";
    case VerbsWcStatus::RnrRetryExceeded:
      return "receiver-not-ready retries exceeded (IBV_WC_RNR_RETRY_EXC_ERR): the peer posted "
             "no receive";
    case VerbsWcStatus::Flushed:
      return "work request flushed (IBV_WC_WR_FLUSH_ERR): the QP had already failed" + vendor;
    case VerbsWcStatus::Other:
      break;
  }
  return "completion error" + vendor;
}

}  // namespace ibatlas
