// Built into programs without libibverbs (the in-process CLI tests, builds without
// rdma-core's libibverbs-dev): the verbs transport is unavailable, said as a finding. The
// controller's routes need no libibverbs (ibatlas_verbs is logic only).

#include "ibatlas/verbs/rc_path.hpp"

#include "verbs_cli.hpp"

namespace ibatlas::cli {

std::vector<Finding> check_verbs_device(const std::string& /*ca*/, int /*port*/) {
  Finding finding;
  finding.check = "probe.transport_unavailable";
  finding.severity = Severity::Error;
  finding.measured = "no libibverbs in this build";
  finding.expected = "an Active InfiniBand port of an RDMA device";
  finding.hint = "install libibverbs-dev and rebuild, or probe with --transport udp";
  finding.message = "this ibatlas was built without libibverbs: the verbs transport cannot run";
  return {finding};
}

RcEndpointFactory open_verbs_endpoints(const std::string& ca, int port,
                                       std::vector<Finding>& findings) {
  findings = check_verbs_device(ca, port);
  return {};
}

std::function<RcRoutes(const ProbeRequest&)> verbs_routes(const Fabric& fabric) {
  return [&fabric](const ProbeRequest& request) { return rc_routes(fabric, request); };
}

}  // namespace ibatlas::cli
