// --ar-expect: parsing, and ar.not_as_expected per switch and setting.

#include "ibatlas/ar/ar_expect.hpp"

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "ar_fixture.hpp"

namespace ibatlas {
namespace {

using ar_test::ar_findings;
using ar_test::of;
using ar_test::summary;
using ar_test::Tree;

TEST(ArExpectTest, ParsesEveryKey) {
  ArExpectation e = parse_ar_expect(
      "enabled=1,sl_mask=0xffff,transport_disable=2,sub_groups=1,ageing=30,fr_enabled=off,"
      "no_fallback=true,rn_xmit_enabled=0,pfrn_enabled=on");
  EXPECT_EQ(e.enabled, true);
  EXPECT_EQ(e.sl_mask, 0xffff);
  EXPECT_EQ(e.transport_disable, 2);
  EXPECT_EQ(e.sub_groups, 1);
  EXPECT_EQ(e.ageing, 30u);
  EXPECT_EQ(e.fr_enabled, false);
  EXPECT_EQ(e.no_fallback, true);
  EXPECT_EQ(e.rn_xmit_enabled, false);
  EXPECT_EQ(e.pfrn_enabled, true);
}

TEST(ArExpectTest, AbsentKeysStayAbsent) {
  ArExpectation e = parse_ar_expect("sl_mask=65535");
  EXPECT_EQ(e.sl_mask, 0xffff);
  EXPECT_FALSE(e.enabled.has_value());
  EXPECT_FALSE(e.ageing.has_value());
}

TEST(ArExpectTest, RejectsBadText) {
  struct Case {
    const char* text;
    const char* found;
  };

  for (Case c :
       {Case{"", "end of line"}, Case{"enabled", "\"enabled\""}, Case{"colour=1", "\"colour=1\""},
        Case{"sl_mask=0x10000", "\"sl_mask=0x10000\""}, Case{"enabled=2", "\"enabled=2\""},
        Case{"ageing=ten", "\"ageing=ten\""}, Case{"enabled=1,enabled=0", "\"enabled=0\""},
        Case{"enabled=1,", "end of line"}, Case{"sub_groups=16", "\"sub_groups=16\""}}) {
    try {
      parse_ar_expect(c.text);
      ADD_FAILURE() << c.text;
    } catch (const Error& e) {
      std::string message = e.what();
      EXPECT_EQ(
          message.rfind("--ar-expect: expected KEY=VALUE with KEY one of enabled, sl_mask,", 0), 0u)
          << message;
      EXPECT_NE(message.find(std::string("found ") + c.found), std::string::npos) << message;
    }
  }
}

TEST(ArExpectTest, EverySwitchDifferingIsReported) {
  Tree t;
  AuditOptions options;
  options.ar_expect = parse_ar_expect("enabled=1,sl_mask=0x0001");
  std::vector<Finding> all = ar_findings(t.fabric, options);
  std::vector<Finding> found = of(all, "ar.not_as_expected");
  ASSERT_EQ(found.size(), 5u) << summary(all);  // every switch runs 0xffff
  EXPECT_EQ(found[0].measured, "sl_mask=0xffff");
  EXPECT_EQ(found[0].expected, "sl_mask=0x0001");
  EXPECT_EQ(found[0].message, "AR sl_mask is 0xffff, --ar-expect says 0x0001");
  EXPECT_EQ(all.size(), 5u) << summary(all);
}

TEST(ArExpectTest, MatchingExpectationIsQuiet) {
  Tree t;
  AuditOptions options;
  options.ar_expect = parse_ar_expect("enabled=1,sl_mask=0xffff,sub_groups=1,fr_enabled=0");
  std::vector<Finding> all = ar_findings(t.fabric, options);
  EXPECT_TRUE(all.empty()) << summary(all);
}

TEST(ArExpectTest, FleetChecksStillRun) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  l1.info->enabled = false;
  AuditOptions options;
  options.ar_expect = parse_ar_expect("enabled=1");
  std::vector<Finding> all = ar_findings(t.with(l1), options);
  EXPECT_EQ(of(all, "ar.not_as_expected").size(), 1u) << summary(all);
  EXPECT_EQ(of(all, "ar.disabled_in_tier").size(), 1u) << summary(all);
}

}  // namespace
}  // namespace ibatlas
