// The sysfs value parsers and the bandwidth arithmetic of the host doctor. Expected values:
// the kernel's formats (Documentation/ABI/stable/sysfs-class-infiniband, testing/sysfs-bus-pci)
// and the PCIe encodings worked by hand (Gen3 x8: 8 GT/s * 8 * 128/130 = 63.015 Gb/s).

#include "ibatlas/host/host_snapshot.hpp"

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

TEST(HostParseTest, NumberedStatesKeepTheirNumberAndName) {
  auto state = parse_numbered_name("4: ACTIVE\n");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->number, 4u);
  EXPECT_EQ(state->name, "ACTIVE");
  auto phys = parse_numbered_name("7: Phy Test");
  ASSERT_TRUE(phys);
  EXPECT_EQ(phys->number, 7u);
  EXPECT_EQ(phys->name, "Phy Test");
  EXPECT_FALSE(parse_numbered_name("ACTIVE"));
  EXPECT_FALSE(parse_numbered_name("x: ACTIVE"));
  EXPECT_FALSE(parse_numbered_name("999: ACTIVE"));
}

TEST(HostParseTest, PcieSpeedsOfOldAndNewKernels) {
  EXPECT_EQ(parse_pcie_speed("8.0 GT/s PCIe\n"), 8.0);
  EXPECT_EQ(parse_pcie_speed("8 GT/s"), 8.0);
  EXPECT_EQ(parse_pcie_speed("2.5 GT/s PCIe"), 2.5);
  EXPECT_EQ(parse_pcie_speed("16.0 GT/s PCIe"), 16.0);
  EXPECT_EQ(parse_pcie_speed("64.0 GT/s PCIe"), 64.0);
  EXPECT_FALSE(parse_pcie_speed("Unknown speed"));
  EXPECT_FALSE(parse_pcie_speed("Unknown"));
  EXPECT_FALSE(parse_pcie_speed("8.0"));
  EXPECT_FALSE(parse_pcie_speed(""));
}

TEST(HostParseTest, PcieWidths) {
  EXPECT_EQ(parse_pcie_width("16\n"), 16u);
  EXPECT_EQ(parse_pcie_width("x8"), 8u);
  EXPECT_FALSE(parse_pcie_width("0"));
  EXPECT_FALSE(parse_pcie_width("sixteen"));
  EXPECT_FALSE(parse_pcie_width("64"));
}

TEST(HostParseTest, CpuListsAsTheKernelWritesThem) {
  EXPECT_EQ(parse_cpulist("0-3,8,10-11\n"), (std::vector<unsigned>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(parse_cpulist("5"), (std::vector<unsigned>{5}));
  EXPECT_EQ(parse_cpulist(""), std::vector<unsigned>{});
  EXPECT_FALSE(parse_cpulist("3-1"));
  EXPECT_FALSE(parse_cpulist("0-"));
  EXPECT_FALSE(parse_cpulist("a"));
  EXPECT_FALSE(parse_cpulist("0-4294967295"));
  EXPECT_EQ(cpulist_text({0, 1, 2, 3, 8, 10, 11}), "0-3,8,10-11");
  EXPECT_EQ(cpulist_text({}), "");
}

TEST(HostParseTest, LidsAreHex) {
  EXPECT_EQ(parse_sysfs_hex("0x1a\n"), 26u);
  EXPECT_EQ(parse_sysfs_hex("0x0"), 0u);
  EXPECT_FALSE(parse_sysfs_hex("26"));
  EXPECT_FALSE(parse_sysfs_hex("0x"));
}

TEST(HostParseTest, PortRatesAndTheirDataRates) {
  auto edr = parse_port_rate("100 Gb/sec (4X EDR)\n");
  ASSERT_TRUE(edr);
  EXPECT_EQ(edr->gbps, 100.0);
  EXPECT_EQ(edr->lanes, 4u);
  EXPECT_EQ(edr->speed, "EDR");
  EXPECT_EQ(port_data_gbps(*edr), 100.0);
  auto sdr = parse_port_rate("2.5 Gb/sec (1X SDR)");
  ASSERT_TRUE(sdr);
  EXPECT_EQ(sdr->gbps, 2.5);
  EXPECT_EQ(port_data_gbps(*sdr), 2.0);  // 8b/10b
  auto qdr = parse_port_rate("40 Gb/sec (4X QDR)");
  ASSERT_TRUE(qdr);
  EXPECT_EQ(port_data_gbps(*qdr), 32.0);
  auto fdr = parse_port_rate("56 Gb/sec (4X FDR)");
  ASSERT_TRUE(fdr);
  EXPECT_NEAR(port_data_gbps(*fdr), 54.545, 0.001);  // 4 * 14.0625 * 64/66
  auto hdr = parse_port_rate("200 Gb/sec (4X HDR)");
  ASSERT_TRUE(hdr);
  EXPECT_EQ(port_data_gbps(*hdr), 200.0);
  auto odd = parse_port_rate("300 Gb/sec (2X ZZZ)");  // a speed the table lacks: as printed
  ASSERT_TRUE(odd);
  EXPECT_EQ(port_data_gbps(*odd), 300.0);
  EXPECT_FALSE(parse_port_rate("100 Gb/sec"));
  EXPECT_FALSE(parse_port_rate("fast"));
  EXPECT_FALSE(parse_port_rate("100 Gb/sec (EDR)"));
}

TEST(HostParseTest, PcieUsableBandwidthPerGenerationAndEncoding) {
  EXPECT_NEAR(pcie_usable_gbps(2.5, 8), 16.0, 1e-9);     // Gen1: 8b/10b
  EXPECT_NEAR(pcie_usable_gbps(5.0, 16), 64.0, 1e-9);    // Gen2: 8b/10b
  EXPECT_NEAR(pcie_usable_gbps(8.0, 8), 63.015, 0.001);  // Gen3: 128b/130b
  EXPECT_NEAR(pcie_usable_gbps(8.0, 16), 126.031, 0.001);
  EXPECT_NEAR(pcie_usable_gbps(16.0, 16), 252.062, 0.001);  // Gen4
  EXPECT_NEAR(pcie_usable_gbps(32.0, 16), 504.123, 0.001);  // Gen5
  EXPECT_NEAR(pcie_usable_gbps(64.0, 16), 1024.0, 1e-9);    // Gen6: FLIT, counted 1/1
  EXPECT_EQ(pcie_generation(8.0), "Gen3");
  EXPECT_EQ(pcie_generation(2.5), "Gen1");
  EXPECT_EQ(pcie_generation(12.0), "12 GT/s");
}

}  // namespace
}  // namespace ibatlas
