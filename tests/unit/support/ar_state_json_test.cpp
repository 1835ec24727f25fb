// The test responder's state file (tests/support/ar_state_json.hpp): the schema of
// docs/adaptive-routing.md, written and read back, and every strictness rule.

#include "support/ar_state_json.hpp"

#include <functional>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace ibatlas::test {
namespace {

ArStateFile sample() {
  ArStateFile s;
  s.switch_guid = 0x0002c90300001234;
  SwitchAr& ar = s.ar;
  ar.capabilities = ArCapabilities{4, 0, 0, 0x80000000};
  ArInfo info;
  info.enabled = true;
  info.by_sl_cap = true;
  info.by_sl_en = true;
  info.enable_by_sl_mask = 0x0003;
  info.group_cap = 1024;
  info.group_top = 3;
  info.sub_groups_active = 1;
  info.ageing_time = 30;
  info.whbf_granularity = 5;
  ar.info = info;
  ar.plft_info = PrivateLftInfo{true, 2, 3, 1};
  ArLft lft;
  lft.plft = 0;
  lft.entries.resize(8);
  lft.entries[1] = ArLftEntry{ArLidState::Static, 0, 0, 0};
  lft.entries[7] = ArLftEntry{ArLidState::Free, 1, 5, 3};
  ar.lfts.push_back(lft);
  ArGroup g;
  g.table = 1;
  g.group = 3;
  g.whbf = 9;
  g.ports = {5, 6};
  ar.groups.push_back(g);
  ar.port_bits = ArPortBits::BitZeroIsPortOne;
  return s;
}

TEST(ArStateJson, WritesTheDocumentedMembers) {
  nlohmann::json j = nlohmann::json::parse(ar_state_to_json(sample()));
  EXPECT_EQ(j["switch_guid"], "0x0002c90300001234");
  EXPECT_EQ(j["capabilities"], nlohmann::json::array({4, 0, 0, 0x80000000U}));
  EXPECT_EQ(j["info"].size(), 40u);  // every ArInfo member (adaptive_routing.hpp)
  EXPECT_EQ(j["info"]["enabled"], true);
  EXPECT_EQ(j["info"]["enable_by_sl_mask"], 3);
  EXPECT_EQ(j["info"]["ageing_time"], 30);
  EXPECT_EQ(j["plft_info"]["num_plfts"], 2);
  EXPECT_EQ(j["legacy_lft"], false);
  ASSERT_EQ(j["lfts"][0]["entries"].size(), 2u);  // present entries only
  EXPECT_EQ(
      j["lfts"][0]["entries"][1],
      nlohmann::json::parse(R"({"lid":7,"state":"Free","table":1,"default_port":5,"group":3})"));
  EXPECT_EQ(j["groups"][0],
            nlohmann::json::parse(
                R"({"plft":0,"table":1,"group":3,"sub_group":0,"whbf":9,"ports":[5,6]})"));
  EXPECT_EQ(j["port_bits"], "bit_zero_is_port_one");
}

TEST(ArStateJson, ReadsBackWhatItWrote) {
  ArStateFile s = sample();
  ArStateFile back = ar_state_from_json(ar_state_to_json(s));
  EXPECT_EQ(back.switch_guid, s.switch_guid);
  EXPECT_EQ(back.ar, s.ar);
}

TEST(ArStateJson, OnlyTheGuidIsRequired) {
  ArStateFile s = ar_state_from_json(R"({"switch_guid": "0x10"})");
  EXPECT_EQ(s.switch_guid, 0x10u);
  EXPECT_FALSE(s.ar.capabilities);
  EXPECT_FALSE(s.ar.info);
  EXPECT_FALSE(s.ar.legacy_lft);
  EXPECT_TRUE(s.ar.lfts.empty());
  EXPECT_FALSE(s.ar.port_bits);
}

TEST(ArStateJson, LegacyEntriesHaveNoDefaultPort) {
  ArStateFile s = ar_state_from_json(R"({"switch_guid": "0x1", "legacy_lft": true,
      "lfts": [{"plft": 0, "entries": [{"lid": 2, "state": "static", "table": 0, "group": 4}]}]})");
  ASSERT_EQ(s.ar.lfts.at(0).entries.size(), 3u);
  EXPECT_EQ(s.ar.lfts[0].entries[2], (ArLftEntry{ArLidState::Static, 0, std::nullopt, 4}));
  EXPECT_TRUE(s.ar.legacy_lft);
}

// `edit` applied to the sample's JSON must be refused with a message naming `what`.
void expect_refused(const std::function<void(nlohmann::json&)>& edit, const std::string& what) {
  nlohmann::json j = nlohmann::json::parse(ar_state_to_json(sample()));
  edit(j);
  try {
    ar_state_from_json(j.dump());
    ADD_FAILURE() << "accepted: " << what;
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  }
}

TEST(ArStateJson, RefusesWhatTheSchemaDoesNotAllow) {
  expect_refused([](auto& j) { j.erase("switch_guid"); }, "\"switch_guid\"");
  expect_refused([](auto& j) { j["switch_guid"] = "16"; }, "switch_guid");
  expect_refused([](auto& j) { j["colour"] = 1; }, "\"colour\"");
  expect_refused([](auto& j) { j["info"].erase("group_cap"); }, "\"group_cap\"");
  expect_refused([](auto& j) { j["info"]["enabeld"] = true; }, "\"enabeld\"");
  expect_refused([](auto& j) { j["info"]["enabled"] = 1; }, "info.enabled");
  expect_refused([](auto& j) { j["info"]["group_cap"] = 65536; }, "info.group_cap");
  expect_refused([](auto& j) { j["info"]["group_cap"] = -1; }, "info.group_cap");
  expect_refused([](auto& j) { j["capabilities"] = {1, 2, 3}; }, "capabilities");
  expect_refused([](auto& j) { j["lfts"][0]["entries"][0]["state"] = "Adaptive"; },
                 "lfts[0].entries[0].state");
  expect_refused([](auto& j) { j["lfts"][0]["entries"][1]["lid"] = 1; }, "listed twice");
  expect_refused([](auto& j) { j["groups"][0]["ports"] = {5, 256}; }, "groups[0].ports");
  expect_refused([](auto& j) { j["port_bits"] = "bit_is_port_one"; }, "port_bits");
  EXPECT_THROW(ar_state_from_json("{"), std::runtime_error);
}

}  // namespace
}  // namespace ibatlas::test
