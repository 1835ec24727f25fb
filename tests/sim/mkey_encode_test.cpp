// -y/--m_key at the transport boundary (docs/discover.md, "M_Key"): the SubnGet the umad
// transport builds is byte for byte the one libibmad's mad_encode builds (what smpquery -y and
// ibnetdiscover -y send) for the same M_Key, route, attribute, modifier and transaction id.
// ibsim does not check M_Keys, so this is where the key is proven to be on the wire.

#include <array>
#include <cstdint>

#include <gtest/gtest.h>
#include <infiniband/mad.h>

#include "umad/mad_layout.hpp"

namespace ibatlas {
namespace {

std::array<std::uint8_t, 256> libibmad_get(const SmpRequest& r, std::uint64_t tid,
                                           std::uint64_t m_key) {
  std::array<std::uint8_t, 256> mad{};
  ib_rpc_t rpc{};
  rpc.mgtclass = IB_SMI_DIRECT_CLASS;
  rpc.method = IB_MAD_METHOD_GET;
  rpc.attr.id = static_cast<unsigned>(r.attribute);
  rpc.attr.mod = r.modifier;
  rpc.trid = tid;
  rpc.mkey = m_key;
  ib_dr_path_t path{};
  path.cnt = static_cast<int>(r.route.size());
  for (std::size_t i = 0; i < r.route.size(); ++i) {
    path.p[i + 1] = r.route[i];
  }
  path.drslid = 0xffff;
  path.drdlid = 0xffff;
  mad_encode(mad.data(), &rpc, &path, nullptr);
  return mad;
}

TEST(MKeyEncodeTest, SubnGetCarriesTheKeyAsLibibmadEncodesIt) {
  const SmpRequest requests[] = {
      {0, DirectedRoute(), SmpAttribute::NodeInfo, 0},
      {0, DirectedRoute{1, 3, 7}, SmpAttribute::PortInfo, 5},
      {0, DirectedRoute{2, 18}, SmpAttribute::LinearForwardingTable, 767},
  };
  for (std::uint64_t key :
       {std::uint64_t{0}, std::uint64_t{0x0123456789abcdef}, std::uint64_t{0xffffffffffffffff}}) {
    for (const SmpRequest& r : requests) {
      std::array<std::uint8_t, 256> ours{};
      umad::build_dr_get(ours, 0x42, r, key);
      EXPECT_EQ(ours, libibmad_get(r, 0x42, key)) << to_string(r.route) << " key " << key;
      EXPECT_EQ(mad_get_field64(ours.data(), 0, IB_MAD_MKEY_F), key);
    }
  }
}

}  // namespace
}  // namespace ibatlas
