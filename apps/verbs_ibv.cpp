// Built when libibverbs is present: the device check and the agent's endpoints go through
// the real verbs.

#include <optional>

#include "ibatlas/verbs/rc_endpoint.hpp"
#include "ibatlas/verbs/rc_endpoint_factory.hpp"
#include "ibatlas/verbs/rc_path.hpp"
#include "ibatlas/verbs/verbs_api.hpp"

#include "verbs_cli.hpp"

namespace ibatlas::cli {

namespace {

constexpr std::uint32_t kCheckBytes = 65536;

// The api and the device opened on it, released in that order's reverse.
struct OpenDevice {
  std::unique_ptr<VerbsApi> api = make_ibverbs_api();
  std::optional<VerbsDevice> device;
};

// Opens the device and creates one endpoint on it; the problem that stops it, if any.
std::optional<VerbsProblem> open_and_try(OpenDevice& open, const std::string& ca, int port) {
  open.device.emplace(*open.api);
  VerbsDeviceOptions options{ca, static_cast<std::uint8_t>(port > 0 ? port : 1)};
  if (std::optional<VerbsProblem> problem = open.device->open(options)) {
    return problem;
  }
  RcEndpoint endpoint(*open.device);
  return endpoint.create(kCheckBytes, 1);
}

}  // namespace

std::vector<Finding> check_verbs_device(const std::string& ca, int port) {
  OpenDevice open;
  if (std::optional<VerbsProblem> problem = open_and_try(open, ca, port)) {
    return {to_finding(*problem)};
  }
  return {};
}

RcEndpointFactory open_verbs_endpoints(const std::string& ca, int port,
                                       std::vector<Finding>& findings) {
  auto open = std::make_shared<OpenDevice>();
  if (std::optional<VerbsProblem> problem = open_and_try(*open, ca, port)) {
    findings = {to_finding(*problem)};
    return {};
  }
  return rc_endpoint_factory(std::shared_ptr<const VerbsDevice>(open, &*open->device));
}

std::function<RcRoutes(const ProbeRequest&)> verbs_routes(const Fabric& fabric) {
  return [&fabric](const ProbeRequest& request) { return rc_routes(fabric, request); };
}

}  // namespace ibatlas::cli
