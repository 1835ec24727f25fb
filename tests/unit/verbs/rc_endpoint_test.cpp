// The verbs transport over a recording fake (tests/support/fake_verbs.hpp). Expected values
// come from the ibv_modify_qp(3) man page (required attributes per transition, which the
// fake enforces), the IBA encodings, and perftest's RC send settings
// (ctx_modify_qp_to_init/rtr/rts: timeout 14, retry_cnt 7, rnr_retry 7, min_rnr_timer 12,
// max_rd_atomic and max_dest_rd_atomic 1, inline 236).

#include "ibatlas/verbs/rc_endpoint.hpp"

#include <cerrno>

#include <gtest/gtest.h>

#include "ibatlas/findings/registry.hpp"

#include "support/fake_verbs.hpp"

namespace ibatlas {
namespace {

using namespace verbs_mask;

class RcEndpointTest : public ::testing::Test {
 protected:
  // Opens the device and creates the endpoint; nothing fails in the default fake.
  RcEndpoint& make(std::uint32_t max_bytes = 4096) {
    EXPECT_EQ(device_.open({}), std::nullopt);
    endpoint_ = std::make_unique<RcEndpoint>(device_);
    EXPECT_EQ(endpoint_->create(max_bytes, 0x1abcdef), std::nullopt);
    return *endpoint_;
  }

  RcEndpoint& connected(std::uint32_t max_bytes = 4096) {
    RcEndpoint& e = make(max_bytes);
    EXPECT_EQ(e.connect(remote_, path_), "");
    return e;
  }

  test::FakeVerbs fake_;
  VerbsDevice device_{fake_};
  std::unique_ptr<RcEndpoint> endpoint_;
  RcLocal remote_{.qp_num = 0x77, .psn = 0x123456, .lid = 9};
  RcPath path_{.dlid = 11, .sl = 3, .mtu = VerbsMtu::Mtu2048};
};

TEST_F(RcEndpointTest, InitSetsAccessPortAndPkeyIndexWithTheRequiredMask) {
  RcEndpoint& e = make();
  ASSERT_EQ(fake_.modifies.size(), 1U);
  const auto& init = fake_.modifies[0];
  EXPECT_EQ(init.attributes.state, VerbsQpState::Init);
  EXPECT_EQ(init.mask, kState | kPkeyIndex | kPort | kAccessFlags);
  EXPECT_EQ(init.attributes.access_flags, 0U);  // send/receive: no remote access
  EXPECT_EQ(init.attributes.port, 1);
  EXPECT_EQ(init.attributes.pkey_index, 0);
  EXPECT_EQ(e.state(), VerbsQpState::Init);
  EXPECT_EQ(e.local().qp_num, 0x1234U);
  EXPECT_EQ(e.local().psn, 0xabcdefU);  // 24 bits
  EXPECT_EQ(e.local().lid, 7);
}

TEST_F(RcEndpointTest, ReceiveIsPostedInInitBeforeRtr) {
  make();
  ASSERT_EQ(fake_.receives.size(), 1U);
  auto recv = std::find(fake_.calls.begin(), fake_.calls.end(), "post_recv");
  auto modifies = std::count(fake_.calls.begin(), recv, "modify_qp");
  EXPECT_EQ(modifies, 1);  // after INIT, before RTR
  EXPECT_EQ(fake_.receives[0].offset, 4096U);
  EXPECT_EQ(fake_.receives[0].length, 4096U);
}

TEST_F(RcEndpointTest, RtrAddressesThePlansDlidAndSlWithThePeersQpAndPsn) {
  RcEndpoint& e = connected();
  ASSERT_EQ(fake_.modifies.size(), 3U);
  const auto& rtr = fake_.modifies[1];
  EXPECT_EQ(rtr.attributes.state, VerbsQpState::Rtr);
  EXPECT_EQ(rtr.mask, kState | kAddressVector | kPathMtu | kDestQpn | kRqPsn | kMaxDestRdAtomic |
                          kMinRnrTimer);
  EXPECT_EQ(rtr.attributes.path_mtu, VerbsMtu::Mtu2048);
  EXPECT_EQ(rtr.attributes.dest_qpn, 0x77U);
  EXPECT_EQ(rtr.attributes.rq_psn, 0x123456U);
  EXPECT_EQ(rtr.attributes.max_dest_rd_atomic, 1);
  EXPECT_EQ(rtr.attributes.min_rnr_timer, 12);
  EXPECT_EQ(rtr.attributes.address.dlid, 11);
  EXPECT_EQ(rtr.attributes.address.sl, 3);
  EXPECT_EQ(rtr.attributes.address.port, 1);
  EXPECT_EQ(rtr.attributes.address.src_path_bits, 0);
  EXPECT_FALSE(rtr.attributes.address.is_global);
  EXPECT_EQ(e.state(), VerbsQpState::Rts);
}

TEST_F(RcEndpointTest, RtsSetsOwnPsnTimeoutAndRetries) {
  connected();
  const auto& rts = fake_.modifies.at(2);
  EXPECT_EQ(rts.attributes.state, VerbsQpState::Rts);
  EXPECT_EQ(rts.mask, kState | kSqPsn | kTimeout | kRetryCount | kRnrRetry | kMaxRdAtomic);
  EXPECT_EQ(rts.attributes.sq_psn, 0xabcdefU);
  EXPECT_EQ(rts.attributes.timeout, 14);  // 4.096 us << 14 = 67 ms
  EXPECT_EQ(rts.attributes.retry_count, 7);
  EXPECT_EQ(rts.attributes.rnr_retry, 7);
  EXPECT_EQ(rts.attributes.max_rd_atomic, 1);
}

TEST_F(RcEndpointTest, PathMtuIsCappedAtThePortsActiveMtu) {
  fake_.port.active_mtu = VerbsMtu::Mtu1024;
  path_.mtu = VerbsMtu::Mtu4096;
  connected();
  EXPECT_EQ(fake_.modifies.at(1).attributes.path_mtu, VerbsMtu::Mtu1024);
}

TEST_F(RcEndpointTest, SendsInlineUpToTheGrantedMaximumAndFromTheBufferAbove) {
  fake_.inline_limit = 128;
  RcEndpoint& e = connected(4096);
  EXPECT_EQ(fake_.requested_caps.max_inline_data, 236U);
  EXPECT_EQ(e.max_inline(), 128U);
  for (std::uint32_t bytes : {64U, 128U, 129U, 4096U}) {
    fake_.sends.clear();
    ProbeResult r = e.ping({.request_bytes = bytes, .samples = 10});
    ASSERT_EQ(r.status, ProbeStatus::Ok) << r.detail;
    ASSERT_EQ(fake_.sends.size(), 10U);
    EXPECT_EQ(fake_.sends[0].inline_data, bytes <= 128) << bytes;
    EXPECT_EQ(fake_.sends[0].length, bytes);
    EXPECT_EQ(fake_.sends[0].offset, 0U);  // the registered buffer's send area
    EXPECT_TRUE(fake_.sends[0].signaled);
  }
}

TEST_F(RcEndpointTest, ADeviceThatRefusesInlineGetsAQpWithoutIt) {
  fake_.refuse_inline = true;
  RcEndpoint& e = connected();
  EXPECT_EQ(e.max_inline(), 0U);
  ProbeResult r = e.ping({.request_bytes = 64, .samples = 10});
  EXPECT_EQ(r.status, ProbeStatus::Ok);
  EXPECT_FALSE(fake_.sends.at(0).inline_data);
}

TEST_F(RcEndpointTest, PingDiscardsWarmupAndKeepsEverySample) {
  RcEndpoint& e = connected();
  ProbeResult r = e.ping({.request_bytes = 64, .samples = 20, .warmup = 5});
  EXPECT_EQ(r.status, ProbeStatus::Ok);
  EXPECT_EQ(fake_.sends.size(), 25U);
  EXPECT_EQ(r.sent, 20U);
  EXPECT_EQ(r.rtt_ns.size(), 20U);
  EXPECT_EQ(r.lost, 0U);
  EXPECT_EQ(r.late, 0U);
  EXPECT_EQ(fake_.last_sent_sequence(), 25U);  // each request numbered
}

TEST_F(RcEndpointTest, RetryExceededLosesThatSampleAndFailsThePair) {
  fake_.fail_send_number = 8;  // warm-up 2, so the 6th measured request
  RcEndpoint& e = connected();
  ProbeResult r = e.ping({.request_bytes = 64, .samples = 10, .warmup = 2});
  EXPECT_EQ(r.status, ProbeStatus::Failed);
  EXPECT_EQ(r.sent, 6U);
  EXPECT_EQ(r.rtt_ns.size(), 5U);
  EXPECT_EQ(r.lost, 1U);
  EXPECT_NE(r.detail.find("IBV_WC_RETRY_EXC_ERR"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("DLID 11"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("request 8 of 12"), std::string::npos) << r.detail;
  EXPECT_EQ(e.state(), VerbsQpState::Error);
}

TEST_F(RcEndpointTest, NoReplyWithinTheSampleTimeoutIsLost) {
  fake_.echo = false;
  RcEndpoint& e = connected();
  ProbeResult r =
      e.ping({.request_bytes = 64, .samples = 3, .sample_timeout = std::chrono::milliseconds(2)});
  EXPECT_EQ(r.status, ProbeStatus::Ok);
  EXPECT_EQ(r.sent, 3U);
  EXPECT_EQ(r.lost, 3U);
  EXPECT_TRUE(r.rtt_ns.empty());
}

TEST_F(RcEndpointTest, AReplyAfterItsTimeoutIsLateNeverASample) {
  fake_.late_echo_number = 3;  // the 3rd reply comes after the 4th request went out
  RcEndpoint& e = connected();
  ProbeResult r =
      e.ping({.request_bytes = 64, .samples = 6, .sample_timeout = std::chrono::milliseconds(2)});
  EXPECT_EQ(r.status, ProbeStatus::Ok);
  EXPECT_EQ(r.sent, 6U);
  EXPECT_EQ(r.lost, 1U);  // request 3 timed out
  EXPECT_EQ(r.late, 1U);  // its reply, seen while waiting for request 4's
  EXPECT_EQ(r.rtt_ns.size(), 5U);
}

TEST_F(RcEndpointTest, ResponderAnswersEachRequestWithItsSequenceNumber) {
  fake_.echo = false;
  RcEndpoint& e = connected();
  fake_.deliver(41);
  fake_.deliver(42);
  RcRespondResult r = e.respond({.reply_bytes = 64, .count = 2});
  EXPECT_EQ(r.answered, 2U);
  EXPECT_EQ(r.error, "");
  ASSERT_EQ(fake_.sends.size(), 2U);
  EXPECT_EQ(fake_.last_sent_sequence(), 42U);
  EXPECT_EQ(fake_.receives.size(), 3U);  // the first, and one more per request
}

TEST_F(RcEndpointTest, ResponderStopsAtItsDeadline) {
  fake_.echo = false;
  RcEndpoint& e = connected();
  RcRespondResult r = e.respond({.count = 1, .deadline = std::chrono::milliseconds(1)});
  EXPECT_EQ(r.answered, 0U);
  EXPECT_NE(r.error.find("answered 0 of 1"), std::string::npos) << r.error;
}

TEST_F(RcEndpointTest, EndpointAndDeviceReleaseQpCqMrThenPd) {
  {
    VerbsDevice device(fake_);
    ASSERT_EQ(device.open({}), std::nullopt);
    RcEndpoint e(device);
    ASSERT_EQ(e.create(64, 1), std::nullopt);
  }
  // Handles in creation order: pd 1, mr 2, cq 3, qp 4.
  EXPECT_EQ(fake_.destroyed, (std::vector<VerbsHandle>{4, 3, 2, 1}));
}

class VerbsProblemTest : public ::testing::Test {
 protected:
  test::FakeVerbs fake_;
};

TEST_F(VerbsProblemTest, NoDeviceIsTransportUnavailable) {
  fake_.devices.clear();
  VerbsDevice device(fake_);
  std::optional<VerbsProblem> p = device.open({});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->check, "probe.transport_unavailable");
  EXPECT_NE(p->message.find("no RDMA device"), std::string::npos);
  EXPECT_EQ(p->measured, "0 RDMA devices");
  EXPECT_FALSE(device.is_open());
  Finding f = to_finding(*p);
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_EQ(f.location.kind, LocationKind::Fabric);
}

TEST_F(VerbsProblemTest, NoVerbsInTheKernelIsNoDevice) {
  fake_.list_error = ENOSYS;  // what libibverbs says without /sys/class/infiniband_verbs
  std::optional<VerbsProblem> p = VerbsDevice(fake_).open({});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->check, "probe.transport_unavailable");
  EXPECT_NE(p->message.find("no RDMA device on this host"), std::string::npos) << p->message;
  EXPECT_EQ(p->measured, "0 RDMA devices");
}

TEST_F(VerbsProblemTest, AnUnreadableDeviceListSaysWhy) {
  fake_.list_error = EACCES;
  std::optional<VerbsProblem> p = VerbsDevice(fake_).open({});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->check, "probe.transport_unavailable");
  EXPECT_NE(p->message.find("ibv_get_device_list: Permission denied"), std::string::npos)
      << p->message;
}

TEST_F(VerbsProblemTest, AnUnknownDeviceNamesTheOnesThere) {
  fake_.devices = {"mlx5_0", "mlx5_1"};
  std::optional<VerbsProblem> p = VerbsDevice(fake_).open({.device = "mlx4_0"});
  ASSERT_TRUE(p);
  EXPECT_NE(p->message.find("mlx5_0, mlx5_1"), std::string::npos) << p->message;
}

TEST_F(VerbsProblemTest, APortNotActiveOrEthernetIsUnavailable) {
  fake_.port.state = 1;
  std::optional<VerbsProblem> down = VerbsDevice(fake_).open({});
  ASSERT_TRUE(down);
  EXPECT_NE(down->message.find("mlx5_0 port 1 is Down, not Active"), std::string::npos);
  fake_.port.state = 4;
  fake_.port.infiniband = false;
  std::optional<VerbsProblem> roce = VerbsDevice(fake_).open({});
  ASSERT_TRUE(roce);
  EXPECT_NE(roce->message.find("Ethernet"), std::string::npos);
  fake_.port.infiniband = true;
  EXPECT_EQ(VerbsDevice(fake_).open({}), std::nullopt);
}

TEST_F(VerbsProblemTest, RegistrationEnomemUnderALowMemlockLimitIsMemlockLow) {
  fake_.memlock = 64 * 1024;
  fake_.reg_mr_error = ENOMEM;
  VerbsDevice device(fake_);
  ASSERT_EQ(device.open({}), std::nullopt);
  RcEndpoint e(device);
  std::optional<VerbsProblem> p = e.create(65536, 1);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->check, "host.memlock_low");
  EXPECT_EQ(p->measured, "RLIMIT_MEMLOCK 64 KiB");
  EXPECT_NE(p->message.find("ibv_reg_mr of 128 KiB"), std::string::npos) << p->message;
  EXPECT_NE(p->hint.find("LimitMEMLOCK=infinity"), std::string::npos);
  EXPECT_EQ(to_finding(*p).severity, Severity::Error);  // the registration did fail
  EXPECT_EQ(std::count(fake_.calls.begin(), fake_.calls.end(), "create_qp"), 0);
}

TEST_F(VerbsProblemTest, OtherRegistrationFailuresAreTransportUnavailable) {
  fake_.memlock.reset();  // unlimited: ENOMEM is not the limit's fault
  fake_.reg_mr_error = ENOMEM;
  VerbsDevice device(fake_);
  ASSERT_EQ(device.open({}), std::nullopt);
  std::optional<VerbsProblem> p = RcEndpoint(device).create(64, 1);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->check, "probe.transport_unavailable");
}

TEST_F(VerbsProblemTest, BothChecksAreRegistered) {
  EXPECT_NE(find_check("probe.transport_unavailable"), nullptr);
  EXPECT_NE(find_check("host.memlock_low"), nullptr);
}

}  // namespace
}  // namespace ibatlas
