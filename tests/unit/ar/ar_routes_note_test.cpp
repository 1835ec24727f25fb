// `routes` says when switches route adaptively: their static LFT (what it validates) is then
// only the AR default path.

#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/report/routes_report.hpp"

#include "ar_fixture.hpp"

namespace ibatlas {
namespace {

using ar_test::Tree;

std::string routes_text(const Fabric& f) {
  std::ostringstream out;
  write_routes_text(f, {"installed", 5, 5}, RouteReport{}, {}, TextStyle{}, out);
  return out.str();
}

std::string routes_json(const Fabric& f) {
  std::ostringstream out;
  write_routes_json(f, {"installed", 5, 5}, RouteReport{}, {}, out);
  return out.str();
}

TEST(ArRoutesNoteTest, CountsTheSwitchesRoutingAdaptively) {
  Tree t;
  EXPECT_EQ(count_adaptive_switches(t.fabric), 5u);
  EXPECT_NE(routes_text(t.fabric).find("adaptive:     5 switches route adaptively: their "
                                       "static LFT is only the AR default path\n"),
            std::string::npos)
      << routes_text(t.fabric);
  EXPECT_NE(routes_json(t.fabric).find("\"adaptive_switches\": 5"), std::string::npos)
      << routes_json(t.fabric);
}

TEST(ArRoutesNoteTest, SwitchesWithArOffOrAllStaticDoNotCount) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  l1.info->enabled = false;
  SwitchAr l2 = t.ar(t.l2);
  for (std::optional<ArLftEntry>& e : l2.lfts[0].entries) {
    if (e) {
      e->state = ArLidState::Static;
    }
  }
  Fabric f = test::with_switch_ar(t.with(l1), l2);
  EXPECT_EQ(count_adaptive_switches(f), 3u);
  EXPECT_NE(routes_text(f).find("adaptive:     3 switches route adaptively"), std::string::npos);
}

TEST(ArRoutesNoteTest, NoArStateNoNote) {
  Tree t;
  EXPECT_EQ(routes_text(t.plain).find("adaptive"), std::string::npos) << routes_text(t.plain);
  EXPECT_EQ(routes_json(t.plain).find("adaptive"), std::string::npos);
}

}  // namespace
}  // namespace ibatlas
