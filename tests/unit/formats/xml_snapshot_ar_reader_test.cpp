// The <adaptive-routing> reader on hand-written text: every value read as docs/formats.md
// says, and each malformed case rejected with file:line (one case per rule).

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/bad_input.hpp"

namespace ibatlas {
namespace {

// Every ArInfo member by hand, from include/ibatlas/adaptive_routing.hpp.
constexpr const char* kInfo =
    "    <ar-info no_fallback=\"0\" is4_mode=\"0\" glb_groups=\"1\" by_sl_cap=\"1\" "
    "by_sl_en=\"1\" by_transport_cap=\"1\" dyn_cap_calc_sup=\"0\" direction_num_sup=\"0\" "
    "group_table_copy_sup=\"0\" sub_groups_active=\"1\" enabled=\"1\" arn_sup=\"0\" "
    "frn_sup=\"0\" fr_sup=\"1\" fr_enabled=\"1\" rn_xmit_enabled=\"0\" ar_trials_sup=\"0\" "
    "string_width_cap=\"0\" group_table_cap=\"1\" group_top=\"1\" group_cap=\"1024\" "
    "enable_by_sl_mask=\"65535\" sub_groups_supported=\"2\" rn_version_cap=\"0\" "
    "ar_version_cap=\"2\" by_transport_disable=\"8\" ageing_time=\"100\" pfrn_sup=\"0\" "
    "by_vl_cap=\"0\" bth_dqp_hash_sup=\"0\" dceth_hash_sup=\"0\" symmetric_hash_sup=\"0\" "
    "whbf_sup=\"0\" hbf_sup=\"0\" pfrn_enabled=\"0\" by_vl_en=\"0\" whbf_en=\"0\" "
    "by_sl_hbf_en=\"0\" whbf_granularity=\"0\" enable_by_sl_mask_hbf=\"0\"/>\n";

std::string valid_text() {
  return std::string(
             "<?xml version=\"1.0\"?>\n"                                 // 1
             "<ibatlas-snapshot version=\"3\">\n"                        // 2
             "  <provenance source=\"s\" format=\"xml\" tool=\"t\"/>\n"  // 3
             "  <node index=\"0\" type=\"Switch\" guid=\"0x10\" port-count=\"8\" "
             "description=\"sw\">\n"                                       // 4
             "    <port number=\"0\" lid=\"1\"/>\n"                        // 5
             "    <port number=\"3\" peer-node=\"1\" peer-port=\"1\"/>\n"  // 6
             "  </node>\n"                                                 // 7
             "  <node index=\"1\" type=\"CA\" guid=\"0x20\" port-count=\"2\" "
             "description=\"h\">\n"                                        // 8
             "    <port number=\"1\" peer-node=\"0\" peer-port=\"3\"/>\n"  // 9
             "  </node>\n"                                                 // 10
             "  <adaptive-routing switch=\"0\" guid=\"0x10\" support=\"supported\" "
             "capabilities=\"0x4 0x0 0x0 0x0\" legacy_lft=\"0\" tables_complete=\"1\" "
             "port_bits=\"bit-is-port\" decode_uncertain=\"0\">\n") +  // 11
         kInfo +                                                       // 12
         "    <plft-info no_fallback=\"0\" num_plfts=\"1\" mode_cap=\"1\" active_mode=\"0\"/>\n"
         "    <ar-lft plft=\"0\" size=\"6\">1:S:0:-:0\n"  // 14
         "      5:F:0:3:1</ar-lft>\n"                     // 15
         "    <ar-group plft=\"0\" table=\"0\" group=\"1\" sub_group=\"0\" ports=\"3\"/>\n"
         "  </adaptive-routing>\n"  // 17
         "</ibatlas-snapshot>\n";
}

TEST(XmlSnapshotArReaderTest, ReadsAHandWrittenSwitch) {
  Fabric f = read_xml_snapshot(valid_text(), "ok.xml").fabric;
  const SwitchAr* ar = f.adaptive_routing_of(NodeId{0});
  ASSERT_NE(ar, nullptr);
  EXPECT_EQ(ar->support, ArSupport::Supported);
  EXPECT_EQ(ar->capabilities, (ArCapabilities{4, 0, 0, 0}));
  EXPECT_EQ(ar->port_bits, ArPortBits::BitIsPort);
  ASSERT_TRUE(ar->info);
  EXPECT_TRUE(ar->info->enabled);
  EXPECT_EQ(ar->info->group_cap, 1024);
  EXPECT_EQ(ar->info->by_transport_disable, 8);
  EXPECT_EQ(ar->info->ageing_time, 100U);
  EXPECT_EQ(ar->plft_info->mode_cap, 1);
  ASSERT_EQ(ar->lfts.size(), 1U);
  ASSERT_EQ(ar->lfts[0].entries.size(), 6U);
  EXPECT_FALSE(ar->lfts[0].entries[0]);
  EXPECT_EQ(ar->lfts[0].entries[1], (ArLftEntry{ArLidState::Static, 0, std::nullopt, 0}));
  EXPECT_EQ(ar->lfts[0].entries[5], (ArLftEntry{ArLidState::Free, 0, 3, 1}));
  ASSERT_EQ(ar->groups.size(), 1U);
  EXPECT_EQ(ar->groups[0].ports, std::vector<std::uint8_t>{3});
  EXPECT_EQ(f.adaptive_routing_of(NodeId{1}), nullptr);
}

constexpr const char* kTwice =
    "  </adaptive-routing>\n  <adaptive-routing switch=\"0\" guid=\"0x10\" support=\"supported\" "
    "legacy_lft=\"0\" tables_complete=\"1\" decode_uncertain=\"0\"/>\n";

constexpr test::BadInputCase kBadCases[] = {
    {"AR in a version 2 file", "version=\"3\"", "version=\"2\"", 11,
     "from version 3) <adaptive-routing>, found <adaptive-routing>"},
    {"unknown attribute", "support=\"supported\"", "support=\"supported\" mode=\"x\"", 11,
     "found attribute \"mode\""},
    {"switch not in the fabric", "switch=\"0\"", "switch=\"7\"", 11,
     "expected attribute switch naming the index of a switch <node>, found \"7\""},
    {"switch is a CA", "switch=\"0\"", "switch=\"1\"", 11, "index of a switch <node>"},
    {"GUID of another node", "switch=\"0\" guid=\"0x10\"", "switch=\"0\" guid=\"0x20\"", 11,
     "expected attribute guid of <adaptive-routing> to be 0x0000000000000010, the GUID of node "
     "0, found \"0x20\""},
    {"no GUID", "switch=\"0\" guid=\"0x10\"", "switch=\"0\"", 11,
     "attribute guid of <adaptive-routing>, found none"},
    {"GUID not hex", "switch=\"0\" guid=\"0x10\"", "switch=\"0\" guid=\"16\"", 11,
     "to be 0x and at most 16 hex digits"},
    {"no switch", "switch=\"0\" ", "", 11, "attribute switch of <adaptive-routing>, found none"},
    {"twice for one switch", "  </adaptive-routing>\n", kTwice, 18,
     "one <adaptive-routing> per switch, found a second one for switch 0"},
    {"bad support", "\"supported\"", "\"maybe\"", 11, "to be one of supported, unsupported"},
    {"bad port_bits", "bit-is-port", "bit-is-bit", 11, "bit-zero-is-port-one"},
    {"flag not 0/1", "tables_complete=\"1\"", "tables_complete=\"yes\"", 11, "from 0 to 1"},
    {"no flag", " legacy_lft=\"0\"", "", 11, "attribute legacy_lft of <adaptive-routing>"},
    {"three capability words", "0x4 0x0 0x0 0x0", "0x4 0x0 0x0", 11, "found 3 words"},
    {"capability not hex", "0x4 0x0 0x0 0x0", "0x4 0x0 0xg 0x0", 11, "four words 0x"},
    {"capability too big", "0x4 0x0 0x0 0x0", "0x4 0x0 0x100000000 0x0", 11, "four words"},
    {"unknown ar-info attribute", "<ar-info no_fallback", "<ar-info e=\"1\" no_fallback", 12,
     "found attribute \"e\""},
    {"ar-info member missing", " ageing_time=\"100\"", "", 12,
     "attribute ageing_time of <ar-info>, found none"},
    {"bool out of range", "no_fallback=\"0\" is4_mode", "no_fallback=\"2\" is4_mode", 12,
     "no_fallback of <ar-info> to be a decimal number from 0 to 1, found \"2\""},
    {"uint16 out of range", "\"65535\"", "\"65536\"", 12, "from 0 to 65535, found \"65536\""},
    {"uint8 out of range", "sub_groups_supported=\"2\"", "sub_groups_supported=\"256\"", 12,
     "from 0 to 255"},
    {"ar-info twice", "    <plft-info", "    <ar-info/>\n    <plft-info", 13, "<ar-info> (once)"},
    {"unknown child", "    <plft-info", "    <ar-foo/>\n    <plft-info", 13, "found <ar-foo>"},
    {"bad LID state", "5:F:0:3:1", "5:X:0:3:1", 15,
     "expected a LID state B, F, S or H (Bounded, Free, Static, HBF) in an AR LFT entry "
     "lid:state:table:default:group, found \"5:X:0:3:1\""},
    {"lower-case state", "5:F:0:3:1", "5:f:0:3:1", 15, "a LID state"},
    {"LID above the top", "5:F:0:3:1", "6:F:0:3:1", 15,
     "a LID below the <ar-lft>'s size=\"6\", found \"6:F:0:3:1\""},
    {"LIDs not ascending", "5:F:0:3:1", "1:F:0:3:1", 15, "ascending LID order, each LID once"},
    {"four fields", "5:F:0:3:1", "5:F:0:3", 15, "expected an AR LFT entry"},
    {"six fields", "5:F:0:3:1", "5:F:0:3:1:2", 15, "expected an AR LFT entry"},
    {"trailing colon", "5:F:0:3:1", "5:F:0:3:1:", 15, "expected an AR LFT entry"},
    {"empty field", "5:F:0:3:1", "5:F::3:1", 15, "expected an AR LFT entry"},
    {"port not a number", "5:F:0:3:1", "5:F:0:x:1", 15, "default port 0-255 or - for none"},
    {"sign", "5:F:0:3:1", "5:F:+0:3:1", 15, "expected an AR LFT entry"},
    {"table out of range", "5:F:0:3:1", "5:F:256:3:1", 15, "found \"5:F:256:3:1\""},
    {"group out of range", "5:F:0:3:1", "5:F:0:3:65536", 15, "LID and group 0-65535"},
    {"size out of range", "size=\"6\"", "size=\"65537\"", 14, "from 0 to 65536"},
    {"no size", " size=\"6\"", "", 14, "attribute size of <ar-lft>, found none"},
    {"element in the LFT", "1:S:0:-:0\n", "<b/>1:S:0:-:0\n", 14, "only AR LFT entries inside"},
    {"pLFT twice", "    <ar-group", "    <ar-lft plft=\"0\" size=\"0\"/>\n    <ar-group", 16,
     "ascending plft order"},
    {"ports not ascending", "ports=\"3\"", "ports=\"3 2\"", 16,
     "port numbers 0-255 in ascending order, each once"},
    {"port twice", "ports=\"3\"", "ports=\"3 3\"", 16, "found \"3\""},
    {"port out of range", "ports=\"3\"", "ports=\"256\"", 16, "found \"256\""},
    {"no ports", " ports=\"3\"", "", 16, "attribute ports of <ar-group>, found none"},
    {"whbf out of range", "ports=\"3\"", "whbf=\"4294967296\" ports=\"3\"", 16,
     "from 0 to 4294967295"},
    {"groups out of order", "  </adaptive-routing>",
     "    <ar-group plft=\"0\" table=\"0\" group=\"0\" sub_group=\"9\" ports=\"\"/>\n"
     "  </adaptive-routing>",
     17, "ascending (plft, table, group, sub_group) order"},
    {"reason bad escape", "support=\"supported\"", "support=\"supported\" reason=\"a\\q\"", 11,
     "\\\\ and \\xHH escapes only"},
};

TEST(XmlSnapshotArReaderTest, MalformedArStateIsRejectedNamingTheLine) {
  test::expect_each_rejected(
      valid_text(), kBadCases,
      [](const std::string& text, const std::string& file) { read_xml_snapshot(text, file); });
}

}  // namespace
}  // namespace ibatlas
