// Built when libibverbs is present: the device check goes through the real verbs.

#include "ibatlas/verbs/rc_endpoint.hpp"
#include "ibatlas/verbs/verbs_api.hpp"

#include "verbs_cli.hpp"

namespace ibatlas::cli {

std::vector<Finding> check_verbs_device(const std::string& ca, int port) {
  std::unique_ptr<VerbsApi> api = make_ibverbs_api();
  VerbsDevice device(*api);
  VerbsDeviceOptions options{ca, static_cast<std::uint8_t>(port > 0 ? port : 1)};
  if (std::optional<VerbsProblem> problem = device.open(options)) {
    return {to_finding(*problem)};
  }
  RcEndpoint endpoint(device);
  if (std::optional<VerbsProblem> problem = endpoint.create(65536, 1)) {
    return {to_finding(*problem)};
  }
  return {};
}

}  // namespace ibatlas::cli
