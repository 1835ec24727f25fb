// The adaptive-routing counts of `ibatlas show` (summarize_ar, write_show_text): each switch
// counted once by its answer, and nothing at all when the fabric holds no AR state.

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/report/show_report.hpp"

namespace ibatlas {
namespace {

// Six switches, no cables: on, off, on but uncertain with tables incomplete, unsupported,
// no answer, supported without ArInfo.
Fabric six_switches() {
  FabricBuilder b;
  for (std::uint64_t i = 0; i < 6; ++i) {
    b.add_node(Node{.type = NodeType::Switch, .guid = 0x100 + i, .port_count = 8});
  }
  auto supported = [](std::uint32_t n, bool enabled) {
    return SwitchAr{.switch_node = NodeId{n}, .info = ArInfo{.enabled = enabled}};
  };
  b.set_switch_ar(supported(0, true));
  b.set_switch_ar(supported(1, false));
  SwitchAr uncertain = supported(2, true);
  uncertain.decode_uncertain = true;
  uncertain.tables_complete = false;
  b.set_switch_ar(uncertain);
  b.set_switch_ar(SwitchAr{.switch_node = NodeId{3}, .support = ArSupport::Unsupported});
  b.set_switch_ar(SwitchAr{.switch_node = NodeId{4}, .support = ArSupport::NoAnswer});
  b.set_switch_ar(SwitchAr{.switch_node = NodeId{5}});
  return std::move(b).build();
}

TEST(ArSummaryTest, CountsEachSwitchByItsAnswer) {
  std::optional<ArSummary> s = summarize(six_switches()).adaptive_routing;
  ASSERT_TRUE(s);
  EXPECT_EQ(*s, (ArSummary{.switches = 6,
                           .enabled = 2,
                           .disabled = 1,
                           .settings_unknown = 1,
                           .unsupported = 1,
                           .no_answer = 1,
                           .decode_uncertain = 1,
                           .tables_incomplete = 1}));
}

TEST(ArSummaryTest, ShowPrintsTheBlock) {
  Fabric f = six_switches();
  std::ostringstream out;
  write_show_text(summarize(f), f.provenance(), out);
  std::string expected =
      "adaptive routing: 6 switches read\n"
      "  enabled: 2\n"
      "  disabled: 1\n"
      "  supported, settings not read: 1\n"
      "  unsupported: 1\n"
      "  no answer: 1\n"
      "  decode uncertain: 1\n"
      "  tables incomplete: 1\n";
  std::string text = out.str();
  ASSERT_GE(text.size(), expected.size());
  EXPECT_EQ(text.substr(text.size() - expected.size()), expected) << text;
}

TEST(ArSummaryTest, NoArStateIsNotZeroEnabled) {
  FabricBuilder b;
  b.add_node(Node{.type = NodeType::Switch, .guid = 0x100, .port_count = 8});
  Fabric f = std::move(b).build();
  FabricSummary s = summarize(f);
  EXPECT_FALSE(s.adaptive_routing);
  std::ostringstream out;
  write_show_text(s, f.provenance(), out);
  EXPECT_EQ(out.str().find("adaptive"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("enabled:"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace ibatlas
