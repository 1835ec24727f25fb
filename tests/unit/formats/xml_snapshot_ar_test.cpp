// <adaptive-routing> in the XML snapshot (docs/formats.md): the documented form, version 3
// only with AR state, read(write(f)) == f for random SwitchAr values, and every malformed
// case rejected with file:line.

#include "formats/xml_snapshot_ar.hpp"

#include <random>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/bad_input.hpp"
#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

std::string to_xml(const Fabric& fabric) {
  std::ostringstream out;
  write_xml_snapshot(fabric, out);
  return out.str();
}

Fabric with_ar(const Fabric& fabric, const std::vector<SwitchAr>& ars) {
  FabricBuilder b = from_fabric(fabric);
  for (const SwitchAr& ar : ars) {
    b.set_switch_ar(ar);
  }
  return std::move(b).build();
}

// Switch 0 of the minimal sample: a legacy-free AR LFT of six LIDs with two entries, one
// group of two sub-groups, no ArInfo.
SwitchAr small_ar() {
  SwitchAr ar{.switch_node = NodeId{0}};
  ArLft lft{.plft = 0, .entries = std::vector<std::optional<ArLftEntry>>(6)};
  lft.entries[1] = ArLftEntry{.state = ArLidState::Static, .table = 0, .group = 0};
  lft.entries[5] =
      ArLftEntry{.state = ArLidState::Free, .table = 1, .default_port = 3, .group = 12};
  ar.lfts.push_back(lft);
  ar.groups.push_back(ArGroup{.table = 1, .group = 12, .sub_group = 0, .ports = {3, 7}});
  ar.groups.push_back(ArGroup{.table = 1, .group = 12, .sub_group = 1, .whbf = 9, .ports = {}});
  return ar;
}

TEST(XmlSnapshotArTest, WritesTheDocumentedForm) {
  std::string xml = to_xml(with_ar(test::sample_minimal_fabric(), {small_ar()}));
  // By hand from docs/formats.md.
  std::string expected =
      "  <adaptive-routing switch=\"0\" guid=\"0x0000000000000010\" support=\"supported\" "
      "legacy_lft=\"0\" "
      "tables_complete=\"1\" decode_uncertain=\"0\">\n"
      "    <ar-lft plft=\"0\" size=\"6\">1:S:0:-:0 5:F:1:3:12</ar-lft>\n"
      "    <ar-group plft=\"0\" table=\"1\" group=\"12\" sub_group=\"0\" ports=\"3 7\" />\n"
      "    <ar-group plft=\"0\" table=\"1\" group=\"12\" sub_group=\"1\" whbf=\"9\" ports=\"\" />\n"
      "  </adaptive-routing>\n"
      "</ibatlas-snapshot>\n";
  ASSERT_GE(xml.size(), expected.size());
  EXPECT_EQ(xml.substr(xml.size() - expected.size()), expected);
  EXPECT_NE(xml.find("<ibatlas-snapshot version=\"3\">"), std::string::npos);
}

TEST(XmlSnapshotArTest, VersionThreeOnlyWithArState) {
  EXPECT_NE(to_xml(test::sample_minimal_fabric()).find("version=\"1\">"), std::string::npos);
  SwitchAr silent{.switch_node = NodeId{0}, .support = ArSupport::NoAnswer, .reason = "timeout"};
  std::string xml = to_xml(with_ar(test::sample_minimal_fabric(), {silent}));
  EXPECT_NE(xml.find("version=\"3\">"), std::string::npos);
  EXPECT_NE(xml.find("support=\"no answer\" reason=\"timeout\""), std::string::npos) << xml;
}

TEST(XmlSnapshotArTest, InfoAttributesAreTheMemberNames) {
  SwitchAr ar = small_ar();
  ar.info = ArInfo{.enabled = true, .group_cap = 1024, .enable_by_sl_mask = 0x8001};
  ar.plft_info = PrivateLftInfo{.num_plfts = 2, .active_mode = 1};
  ar.capabilities = ArCapabilities{0x5, 0, 0x10, 0xffffffff};
  ar.port_bits = ArPortBits::BitZeroIsPortOne;
  std::string xml = to_xml(with_ar(test::sample_minimal_fabric(), {ar}));
  for (const char* piece :
       {" enabled=\"1\" ", " group_cap=\"1024\" ", " enable_by_sl_mask=\"32769\" ",
        " fr_enabled=\"0\" ", " ageing_time=\"0\" ", " enable_by_sl_mask_hbf=\"0\" ",
        "<plft-info no_fallback=\"0\" num_plfts=\"2\" mode_cap=\"0\" active_mode=\"1\" />",
        " capabilities=\"0x5 0x0 0x10 0xffffffff\" ", " port_bits=\"bit-zero-is-port-one\" "}) {
    EXPECT_NE(xml.find(piece), std::string::npos) << piece << "\n" << xml;
  }
}

// A random value of every member: bools 0/1, integers over their whole range.
ArInfo random_info(std::mt19937& rng) {
  ArInfo info;
  for (const auto& field : xml_schema::kArInfoFields) {
    std::visit(
        [&](auto member) {
          using T = std::remove_reference_t<decltype(info.*member)>;
          info.*member = static_cast<T>(rng() % (std::uint64_t{std::numeric_limits<T>::max()} + 1));
        },
        field.member);
  }
  return info;
}

ArLft random_lft(std::mt19937& rng, std::uint8_t plft) {
  ArLft lft{.plft = plft, .entries = std::vector<std::optional<ArLftEntry>>(rng() % 40)};
  for (std::optional<ArLftEntry>& entry : lft.entries) {
    if (rng() % 3 == 0) {
      continue;  // absent
    }
    entry = ArLftEntry{.state = static_cast<ArLidState>(rng() % 4),
                       .table = static_cast<std::uint8_t>(rng()),
                       .group = static_cast<std::uint16_t>(rng())};
    if (rng() % 2 == 0) {
      entry->default_port = static_cast<std::uint8_t>(rng());
    }
  }
  return lft;
}

std::vector<ArGroup> random_groups(std::mt19937& rng) {
  std::vector<ArGroup> groups;
  for (std::uint64_t key = rng() % 5; key < 40; key += 1 + rng() % 9) {
    ArGroup g{.plft = static_cast<std::uint8_t>(key / 16),
              .table = static_cast<std::uint8_t>(key / 8 % 2),
              .group = static_cast<std::uint16_t>(key / 2 % 4 * 20000),
              .sub_group = static_cast<std::uint8_t>(key % 2 * 255)};
    if (rng() % 2 == 0) {
      g.whbf = static_cast<std::uint32_t>(rng());
    }
    for (std::uint64_t port = rng() % 4 == 0 ? 256 : rng() % 3; port < 256;
         port += 1 + rng() % 90) {
      g.ports.push_back(static_cast<std::uint8_t>(port));  // none when it starts past 255
    }
    groups.push_back(std::move(g));
  }
  return groups;
}

SwitchAr random_ar(std::mt19937& rng, NodeId sw) {
  SwitchAr ar{.switch_node = sw,
              .support = static_cast<ArSupport>(rng() % 3),
              .reason = rng() % 2 ? "" : "no\treply \\ \xff",  // escaped free text
              .legacy_lft = rng() % 2 == 0,
              .tables_complete = rng() % 2 == 0,
              .decode_uncertain = rng() % 2 == 0};
  if (rng() % 2) {
    ar.capabilities = ArCapabilities{static_cast<std::uint32_t>(rng()), 0, 1U << 31, 7};
  }
  if (rng() % 3) {
    ar.info = random_info(rng);
  }
  if (rng() % 2) {
    ar.plft_info =
        PrivateLftInfo{rng() % 2 == 0, static_cast<std::uint8_t>(rng()),
                       static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng())};
  }
  for (std::uint64_t plft = rng() % 3; plft < 256 && ar.lfts.size() < 3; plft += 1 + rng() % 200) {
    ar.lfts.push_back(random_lft(rng, static_cast<std::uint8_t>(plft)));
  }
  ar.groups = random_groups(rng);
  if (rng() % 2) {
    ar.port_bits = static_cast<ArPortBits>(rng() % 2);
  }
  return ar;
}

TEST(XmlSnapshotArTest, RandomArStateRoundTrips) {
  Fabric base = test::sample_full_fabric();
  std::vector<NodeId> switches;
  for (const Node& node : base.nodes()) {
    if (node.type == NodeType::Switch) {
      switches.push_back(base.id_of(node));
    }
  }
  ASSERT_GE(switches.size(), 2U);
  std::mt19937 rng(14);
  for (int round = 0; round < 300; ++round) {
    std::vector<SwitchAr> ars;
    for (NodeId sw : switches) {
      if (rng() % 4 != 0) {
        ars.push_back(random_ar(rng, sw));
      }
    }
    Fabric f = with_ar(base, ars);
    std::string xml = to_xml(f);
    Fabric back = read_xml_snapshot(xml, "r.xml").fabric;
    ASSERT_TRUE(back == f) << "round " << round << "\n" << xml;
    ASSERT_TRUE(check_invariants(back).empty());
    ASSERT_EQ(to_xml(back), xml);
  }
}

TEST(XmlSnapshotArTest, EqualityNoticesOneChangedEntry) {
  Fabric f = with_ar(test::sample_minimal_fabric(), {small_ar()});
  std::string xml = to_xml(f);
  std::size_t at = xml.find("5:F:1:3:12");
  ASSERT_NE(at, std::string::npos);
  xml.replace(at, 10, "5:B:1:3:12");
  Fabric back = read_xml_snapshot(xml, "t.xml").fabric;
  EXPECT_FALSE(back == f);
  EXPECT_EQ(back.adaptive_routing_of(NodeId{0})->lfts[0].entries[5]->state, ArLidState::Bounded);
}

}  // namespace
}  // namespace ibatlas
