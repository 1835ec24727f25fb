// Our decoders against libibmad's field tables (mad_get_field), the layouts infiniband-diags
// decode with, on random payloads: every field the crawler reads, bit for bit. In the sim
// tier because it links rdma-core; it needs no simulator. The extended-speeds-2 (XDR) fields
// are missing from Debian 12's libibmad (rdma-core 44), so only the hand-made byte arrays of
// tests/unit/discover/smp_decode_test.cpp pin those.

#include <cstring>
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

class SmpDecodeOracleTest : public ::testing::Test {
 protected:
  std::mt19937_64 engine_{2024};
};

TEST_F(SmpDecodeOracleTest, NodeInfoMatchesLibibmad) {
  for (int i = 0; i < 500; ++i) {
    MadPayload d = random_payload(engine_);
    NodeInfoFields f = decode_node_info(d);
    EXPECT_EQ(f.base_version, ibmad(d, IB_NODE_BASE_VERS_F));
    EXPECT_EQ(f.class_version, ibmad(d, IB_NODE_CLASS_VERS_F));
    EXPECT_EQ(f.node_type, ibmad(d, IB_NODE_TYPE_F));
    EXPECT_EQ(f.num_ports, ibmad(d, IB_NODE_NPORTS_F));
    EXPECT_EQ(f.system_guid, ibmad64(d, IB_NODE_SYSTEM_GUID_F));
    EXPECT_EQ(f.node_guid, ibmad64(d, IB_NODE_GUID_F));
    EXPECT_EQ(f.port_guid, ibmad64(d, IB_NODE_PORT_GUID_F));
    EXPECT_EQ(f.partition_cap, ibmad(d, IB_NODE_PARTITION_CAP_F));
    EXPECT_EQ(f.device_id, ibmad(d, IB_NODE_DEVID_F));
    EXPECT_EQ(f.revision, ibmad(d, IB_NODE_REVISION_F));
    EXPECT_EQ(f.local_port, ibmad(d, IB_NODE_LOCAL_PORT_F));
    EXPECT_EQ(f.vendor_id, ibmad(d, IB_NODE_VENDORID_F));
  }
}

TEST_F(SmpDecodeOracleTest, PortInfoMatchesLibibmad) {
  for (int i = 0; i < 500; ++i) {
    MadPayload d = random_payload(engine_);
    PortInfoFields f = decode_port_info(d);
    EXPECT_EQ(f.lid, ibmad(d, IB_PORT_LID_F));
    EXPECT_EQ(f.capability_mask, ibmad(d, IB_PORT_CAPMASK_F));
    EXPECT_EQ(f.local_port, ibmad(d, IB_PORT_LOCAL_PORT_F));
    EXPECT_EQ(f.link_width_enabled, ibmad(d, IB_PORT_LINK_WIDTH_ENABLED_F));
    EXPECT_EQ(f.link_width_supported, ibmad(d, IB_PORT_LINK_WIDTH_SUPPORTED_F));
    EXPECT_EQ(f.link_width_active, ibmad(d, IB_PORT_LINK_WIDTH_ACTIVE_F));
    EXPECT_EQ(f.link_speed_supported, ibmad(d, IB_PORT_LINK_SPEED_SUPPORTED_F));
    EXPECT_EQ(f.port_state, ibmad(d, IB_PORT_STATE_F));
    EXPECT_EQ(f.phys_state, ibmad(d, IB_PORT_PHYS_STATE_F));
    EXPECT_EQ(f.lmc, ibmad(d, IB_PORT_LMC_F));
    EXPECT_EQ(f.link_speed_active, ibmad(d, IB_PORT_LINK_SPEED_ACTIVE_F));
    EXPECT_EQ(f.link_speed_enabled, ibmad(d, IB_PORT_LINK_SPEED_ENABLED_F));
    EXPECT_EQ(f.neighbor_mtu, ibmad(d, IB_PORT_NEIGHBOR_MTU_F));
    EXPECT_EQ(f.vl_cap, ibmad(d, IB_PORT_VL_CAP_F));
    EXPECT_EQ(f.mtu_cap, ibmad(d, IB_PORT_MTU_CAP_F));
    EXPECT_EQ(f.capability_mask2, ibmad(d, IB_PORT_CAPMASK2_F));
    EXPECT_EQ(f.link_speed_ext_active, ibmad(d, IB_PORT_LINK_SPEED_EXT_ACTIVE_F));
    EXPECT_EQ(f.link_speed_ext_supported, ibmad(d, IB_PORT_LINK_SPEED_EXT_SUPPORTED_F));
    EXPECT_EQ(f.link_speed_ext_enabled, ibmad(d, IB_PORT_LINK_SPEED_EXT_ENABLED_F));
  }
}

TEST_F(SmpDecodeOracleTest, SwitchInfoAndExtPortInfoMatchLibibmad) {
  for (int i = 0; i < 500; ++i) {
    MadPayload d = random_payload(engine_);
    SwitchInfoFields s = decode_switch_info(d);
    EXPECT_EQ(s.linear_fdb_cap, ibmad(d, IB_SW_LINEAR_FDB_CAP_F));
    EXPECT_EQ(s.random_fdb_cap, ibmad(d, IB_SW_RANDOM_FDB_CAP_F));
    EXPECT_EQ(s.multicast_fdb_cap, ibmad(d, IB_SW_MCAST_FDB_CAP_F));
    EXPECT_EQ(s.linear_fdb_top, ibmad(d, IB_SW_LINEAR_FDB_TOP_F));
    EXPECT_EQ(s.default_port, ibmad(d, IB_SW_DEF_PORT_F));
    EXPECT_EQ(s.lids_per_port, ibmad(d, IB_SW_LIDS_PER_PORT_F));
    EXPECT_EQ(s.partition_enforcement_cap, ibmad(d, IB_SW_PARTITION_ENFORCE_CAP_F));
    EXPECT_EQ(s.enhanced_port0 ? 1U : 0U, ibmad(d, IB_SW_ENHANCED_PORT0_F));
    MlnxExtPortInfoFields m = decode_mlnx_ext_port_info(d);
    EXPECT_EQ(m.state_change_enable, ibmad(d, IB_MLNX_EXT_PORT_STATE_CHG_ENABLE_F));
    EXPECT_EQ(m.link_speed_supported, ibmad(d, IB_MLNX_EXT_PORT_LINK_SPEED_SUPPORTED_F));
    EXPECT_EQ(m.link_speed_enabled, ibmad(d, IB_MLNX_EXT_PORT_LINK_SPEED_ENABLED_F));
    EXPECT_EQ(m.link_speed_active, ibmad(d, IB_MLNX_EXT_PORT_LINK_SPEED_ACTIVE_F));
    EXPECT_EQ(decode_node_description(d),
              std::string(reinterpret_cast<const char*>(d.data()),
                          strnlen(reinterpret_cast<const char*>(d.data()), 64)));
  }
}

TEST_F(SmpDecodeOracleTest, PortCountersMatchLibibmad) {
  for (int i = 0; i < 500; ++i) {
    MadPayload d = random_payload(engine_);
    PortCountersFields c = decode_port_counters(d);
    EXPECT_EQ(c.port_select, ibmad(d, IB_PC_PORT_SELECT_F));
    EXPECT_EQ(c.counter_select, ibmad(d, IB_PC_COUNTER_SELECT_F));
    EXPECT_EQ(c.symbol_errors, ibmad(d, IB_PC_ERR_SYM_F));
    EXPECT_EQ(c.link_error_recovery, ibmad(d, IB_PC_LINK_RECOVERS_F));
    EXPECT_EQ(c.link_downed, ibmad(d, IB_PC_LINK_DOWNED_F));
    EXPECT_EQ(c.rcv_errors, ibmad(d, IB_PC_ERR_RCV_F));
    EXPECT_EQ(c.rcv_remote_phys_errors, ibmad(d, IB_PC_ERR_PHYSRCV_F));
    EXPECT_EQ(c.rcv_switch_relay_errors, ibmad(d, IB_PC_ERR_SWITCH_REL_F));
    EXPECT_EQ(c.xmit_discards, ibmad(d, IB_PC_XMT_DISCARDS_F));
    EXPECT_EQ(c.xmit_constraint_errors, ibmad(d, IB_PC_ERR_XMTCONSTR_F));
    EXPECT_EQ(c.rcv_constraint_errors, ibmad(d, IB_PC_ERR_RCVCONSTR_F));
    EXPECT_EQ(c.local_link_integrity_errors, ibmad(d, IB_PC_ERR_LOCALINTEG_F));
    EXPECT_EQ(c.excessive_buffer_overruns, ibmad(d, IB_PC_ERR_EXCESS_OVR_F));
    EXPECT_EQ(c.vl15_dropped, ibmad(d, IB_PC_VL15_DROPPED_F));
    EXPECT_EQ(c.xmit_data, ibmad(d, IB_PC_XMT_BYTES_F));
    EXPECT_EQ(c.rcv_data, ibmad(d, IB_PC_RCV_BYTES_F));
    EXPECT_EQ(c.xmit_pkts, ibmad(d, IB_PC_XMT_PKTS_F));
    EXPECT_EQ(c.rcv_pkts, ibmad(d, IB_PC_RCV_PKTS_F));
    EXPECT_EQ(c.xmit_wait, ibmad(d, IB_PC_XMT_WAIT_F));
    PortCountersExtendedFields e = decode_port_counters_extended(d);
    EXPECT_EQ(e.port_select, ibmad(d, IB_PC_EXT_PORT_SELECT_F));
    EXPECT_EQ(e.counter_select, ibmad(d, IB_PC_EXT_COUNTER_SELECT_F));
    EXPECT_EQ(e.xmit_data, ibmad64(d, IB_PC_EXT_XMT_BYTES_F));
    EXPECT_EQ(e.rcv_data, ibmad64(d, IB_PC_EXT_RCV_BYTES_F));
    EXPECT_EQ(e.xmit_pkts, ibmad64(d, IB_PC_EXT_XMT_PKTS_F));
    EXPECT_EQ(e.rcv_pkts, ibmad64(d, IB_PC_EXT_RCV_PKTS_F));
    EXPECT_EQ(e.unicast_xmit_pkts, ibmad64(d, IB_PC_EXT_XMT_UPKTS_F));
    EXPECT_EQ(e.unicast_rcv_pkts, ibmad64(d, IB_PC_EXT_RCV_UPKTS_F));
    EXPECT_EQ(e.multicast_xmit_pkts, ibmad64(d, IB_PC_EXT_XMT_MPKTS_F));
  }
}

}  // namespace
}  // namespace ibatlas
