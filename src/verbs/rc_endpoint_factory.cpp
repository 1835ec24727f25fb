#include "ibatlas/verbs/rc_endpoint_factory.hpp"

#include <algorithm>
#include <random>

namespace ibatlas {
namespace {

class DeviceEndpoint final : public RcProbeEndpoint {
 public:
  explicit DeviceEndpoint(std::shared_ptr<const VerbsDevice> device)
      : device_(std::move(device)), endpoint_(*device_) {}

  std::optional<VerbsProblem> create(std::uint32_t max_bytes) {
    std::random_device entropy;  // a fresh PSN per endpoint, as perftest's lrand48
    return endpoint_.create(max_bytes, entropy() & 0xffffffU);
  }

  RcAddress local() const override {
    RcLocal l = endpoint_.local();
    return RcAddress{l.qp_num, l.psn, l.lid, l.gid};
  }

  std::string connect(const RcAddress& remote, const RcRoute& route) override {
    auto mtu = static_cast<VerbsMtu>(std::clamp<std::uint8_t>(route.mtu, 1, 5));
    return endpoint_.connect(RcLocal{remote.qp_num, remote.psn, remote.lid, remote.gid},
                             RcPath{route.dlid, route.sl, mtu});
  }

  ProbeResult ping(const ProbeRequest& request, const std::atomic<bool>& cancel) override {
    return endpoint_.ping(RcPingOptions{request.request_bytes, request.reply_bytes, request.samples,
                                        request.warmup, request.sample_timeout, &cancel});
  }

  std::string respond(std::uint32_t reply_bytes, std::uint32_t count,
                      std::chrono::milliseconds deadline,
                      const std::atomic<bool>& cancel) override {
    return endpoint_.respond(RcRespondOptions{reply_bytes, count, deadline, &cancel}).error;
  }

 private:
  std::shared_ptr<const VerbsDevice> device_;  // outlives endpoint_
  RcEndpoint endpoint_;
};

}  // namespace

RcEndpointFactory rc_endpoint_factory(std::shared_ptr<const VerbsDevice> device) {
  return [device](std::uint32_t max_bytes, RcProblem& problem) -> std::unique_ptr<RcProbeEndpoint> {
    auto endpoint = std::make_unique<DeviceEndpoint>(device);
    if (std::optional<VerbsProblem> p = endpoint->create(max_bytes)) {
      problem = RcProblem{p->check, p->message};
      return nullptr;
    }
    return endpoint;
  };
}

}  // namespace ibatlas
