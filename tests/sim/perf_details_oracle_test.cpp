// The PerfMgt decoders added for the counters users miss against libibmad's field tables
// (mad_get_field), the layouts perfquery -x / -E / -D decode with, on random payloads. In the
// sim tier because it links rdma-core; it needs no simulator.

#include <random>

#include <gtest/gtest.h>
#include <infiniband/mad.h>

#include "ibatlas/discover/smp_decode.hpp"

#include "libibmad_oracle.hpp"

namespace ibatlas {
namespace {

using test::ibmad;
using test::ibmad64;
using test::random_payload;

class PerfDetailsOracleTest : public ::testing::Test {
 protected:
  std::mt19937_64 engine_{1729};
};

TEST_F(PerfDetailsOracleTest, PortRcvErrorDetailsMatchesLibibmad) {
  for (int i = 0; i < 500; ++i) {
    MadPayload d = random_payload(engine_);
    PortRcvErrorDetailsFields f = decode_port_rcv_error_details(d);
    EXPECT_EQ(f.port_select, ibmad(d, IB_PC_EXT_PORT_SELECT_F));  // perfquery -E prints these
    EXPECT_EQ(f.counter_select, ibmad(d, IB_PC_EXT_COUNTER_SELECT_F));
    EXPECT_EQ(f.local_physical_errors, ibmad(d, IB_PC_RCV_LOCAL_PHY_ERR_F));
    EXPECT_EQ(f.malformed_packet_errors, ibmad(d, IB_PC_RCV_MALFORMED_PKT_ERR_F));
    EXPECT_EQ(f.buffer_overrun_errors, ibmad(d, IB_PC_RCV_BUF_OVR_ERR_F));
    EXPECT_EQ(f.dlid_mapping_errors, ibmad(d, IB_PC_RCV_DLID_MAP_ERR_F));
    EXPECT_EQ(f.vl_mapping_errors, ibmad(d, IB_PC_RCV_VL_MAP_ERR_F));
    EXPECT_EQ(f.looping_errors, ibmad(d, IB_PC_RCV_LOOPING_ERR_F));
  }
}

TEST_F(PerfDetailsOracleTest, PortXmitDiscardDetailsMatchesLibibmad) {
  for (int i = 0; i < 500; ++i) {
    MadPayload d = random_payload(engine_);
    PortXmitDiscardDetailsFields f = decode_port_xmit_discard_details(d);
    EXPECT_EQ(f.port_select, ibmad(d, IB_PC_EXT_PORT_SELECT_F));
    EXPECT_EQ(f.counter_select, ibmad(d, IB_PC_EXT_COUNTER_SELECT_F));
    EXPECT_EQ(f.inactive_discards, ibmad(d, IB_PC_XMT_INACT_DISC_F));
    EXPECT_EQ(f.neighbor_mtu_discards, ibmad(d, IB_PC_XMT_NEIGH_MTU_DISC_F));
    EXPECT_EQ(f.sw_lifetime_limit_discards, ibmad(d, IB_PC_XMT_SW_LIFE_DISC_F));
    EXPECT_EQ(f.sw_hoq_lifetime_limit_discards, ibmad(d, IB_PC_XMT_SW_HOL_DISC_F));
  }
}

TEST_F(PerfDetailsOracleTest, ClassPortInfoMatchesLibibmad) {
  for (int i = 0; i < 500; ++i) {
    MadPayload d = random_payload(engine_);
    PerfClassPortInfoFields f = decode_perf_class_port_info(d);
    EXPECT_EQ(f.base_version, ibmad(d, IB_CPI_BASEVER_F));
    EXPECT_EQ(f.class_version, ibmad(d, IB_CPI_CLASSVER_F));
    EXPECT_EQ(f.capability_mask, ibmad(d, IB_CPI_CAPMASK_F));
    EXPECT_EQ(f.capability_mask2, ibmad(d, IB_CPI_CAPMASK2_F));
    EXPECT_EQ(f.resp_time_value, ibmad(d, IB_CPI_RESP_TIME_VALUE_F));
    // perfquery's own reading: the big-endian 16 bits at byte 2, and the 32 at byte 4 >> 5.
    EXPECT_EQ(f.capability_mask, (std::uint32_t{d[2]} << 8) | d[3]);
  }
}

TEST_F(PerfDetailsOracleTest, UnicastMulticastSplitMatchesLibibmad) {
  for (int i = 0; i < 500; ++i) {
    MadPayload d = random_payload(engine_);
    PortCountersExtendedFields f = decode_port_counters_extended(d);
    EXPECT_EQ(f.unicast_xmit_pkts, ibmad64(d, IB_PC_EXT_XMT_UPKTS_F));
    EXPECT_EQ(f.unicast_rcv_pkts, ibmad64(d, IB_PC_EXT_RCV_UPKTS_F));
    EXPECT_EQ(f.multicast_xmit_pkts, ibmad64(d, IB_PC_EXT_XMT_MPKTS_F));
  }
}

}  // namespace
}  // namespace ibatlas
