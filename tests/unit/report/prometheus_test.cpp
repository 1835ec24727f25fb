// The Prometheus text writer: exact samples for a hand-built fabric (worked out by hand),
// HELP and TYPE before every family, escaping, and no counter series from a source that
// read no counters.

#include "ibatlas/report/prometheus.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/fabric_generators.hpp"
#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

std::string metrics(const Fabric& fabric, const std::vector<Finding>& findings = {},
                    const PrometheusRun& run = {}) {
  std::ostringstream out;
  write_prometheus(fabric, findings, run, out);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text, bool comments) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("#") == comments) {
      lines.push_back(line);
    }
  }
  return lines;
}

// leaf (switch 0x10) port 1 <-> "h1 HCA-1" (CA 0x20) port 1, 4xHDR, Active/LinkUp; only the
// CA's port read counters: 3 symbol errors, 10 words sent (40 bytes).
Fabric tiny_fabric() {
  test::Sketch s;
  NodeId leaf = s.sw("leaf", 0x10);
  NodeId host = s.ca("h1 HCA-1", 0x20);
  s.cable(leaf, 1, host, 1);
  PortCounters counters;
  counters.symbol_errors = 3;
  counters.xmit_data = 10;
  s.data(host, 1).counters = counters;
  s.builder().set_provenance({.source = "tiny.topo",
                              .format = "ibnetdiscover",
                              .time = "2026-11-29T23:48:00Z",
                              .tool = "ibnetdiscover",
                              .local_port_guid = std::nullopt});
  return s.build();
}

Finding degraded_leaf_port() {
  Finding f;
  f.check = "link.degraded";
  f.severity = Severity::Warning;
  f.location.kind = LocationKind::Port;
  f.location.here = {.node_guid = 0x10, .port = 1, .name = "leaf"};
  return f;
}

TEST(PrometheusTest, TinyFabricSamplesExactly) {
  const std::string leaf =
      R"(node="leaf",guid="0x0000000000000010",port="1",peer="h1 HCA-1",peer_port="1",)"
      R"(tier="leaf")";
  const std::string host =
      R"(node="h1 HCA-1",guid="0x0000000000000020",port="1",peer="leaf",peer_port="1",)"
      R"(tier="host")";
  std::vector<std::string> expected = {
      "ibatlas_scrape_timestamp_seconds 1795996080",  // date -u -d 2026-11-29T23:48:00Z +%s
      "ibatlas_complete 1",
      R"(ibatlas_snapshot_info{source="tiny.topo",format="ibnetdiscover",tool="ibnetdiscover"} 1)",
      R"(ibatlas_nodes{type="ca"} 1)",
      R"(ibatlas_nodes{type="switch"} 1)",
      R"(ibatlas_nodes{type="router"} 0)",
      "ibatlas_cables 1",
      "ibatlas_port_state{" + leaf + "} 4",
      "ibatlas_port_state{" + host + "} 4",
      "ibatlas_port_physical_state{" + leaf + "} 5",
      "ibatlas_port_physical_state{" + host + "} 5",
      "ibatlas_port_width_lanes{" + leaf + "} 4",
      "ibatlas_port_width_lanes{" + host + "} 4",
      "ibatlas_port_speed_info{" + leaf + R"(,speed="HDR"} 1)",
      "ibatlas_port_speed_info{" + host + R"(,speed="HDR"} 1)",
      "ibatlas_port_rate_bytes_per_second{" + leaf + "} 2.5e+10",  // 4 x 50 Gb/s / 8
      "ibatlas_port_rate_bytes_per_second{" + host + "} 2.5e+10",
      "ibatlas_port_symbol_error_total{" + host + "} 3",
      "ibatlas_port_transmit_data_bytes_total{" + host + "} 40",
      R"(ibatlas_finding{check="link.degraded",severity="warning",node="leaf",port="1"} 1)",
      R"(ibatlas_findings{severity="error"} 0)",
      R"(ibatlas_findings{severity="warning"} 1)",
      R"(ibatlas_findings{severity="info"} 0)",
  };
  std::string text = metrics(tiny_fabric(), {degraded_leaf_port()}, {.now = 5});
  EXPECT_EQ(lines_of(text, false), expected) << text;
}

// What breaks the text format's layout: each family's HELP, then its TYPE (counter for
// names ending in _total, else gauge), then only its own samples. Empty: nothing. Counts
// the families in `families`.
std::vector<std::string> layout_problems(const std::string& text, std::size_t& families) {
  std::vector<std::string> problems;
  std::string family;
  std::string expected_type;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("# HELP ")) {
      family = line.substr(7, line.find(' ', 7) - 7);
      expected_type = "# TYPE " + family + (family.ends_with("_total") ? " counter" : " gauge");
      ++families;
      if (!is_prometheus_metric_name(family)) {
        problems.push_back("bad name: " + line);
      }
    } else if (line.starts_with("# TYPE ")) {
      if (line != expected_type) {
        problems.push_back("type: " + line);
      }
    } else if (!line.starts_with(family + "{") && !line.starts_with(family + " ")) {
      problems.push_back(line);
    }
  }
  return problems;
}

TEST(PrometheusTest, EveryFamilyHasHelpThenTypeBeforeItsSamples) {
  std::string text = metrics(tiny_fabric(), {degraded_leaf_port()}, {.duration_seconds = 1.5});
  std::size_t families = 0;
  EXPECT_EQ(layout_problems(text, families), std::vector<std::string>{}) << text;
  EXPECT_EQ(families, 15U);  // scrape 6 (with duration), link 5, counters 2, findings 2
  EXPECT_EQ(lines_of(text, true).size(), 2 * families);
  EXPECT_NE(text.find("\nibatlas_scrape_duration_seconds 1.5\n"), std::string::npos) << text;
  std::size_t broken = 0;
  EXPECT_FALSE(layout_problems("# HELP a x\n# TYPE a counter\na 1\n", broken).empty());
}

TEST(PrometheusTest, EveryCounterFamilyOfAFullCrawlIsWellFormed) {
  Fabric tree = test::make_fat_tree({.radix = 8, .counters = true});
  std::string text = metrics(tree);
  std::size_t families = 0;
  EXPECT_EQ(layout_problems(text, families), std::vector<std::string>{});
  // Scrape 5 (no duration), link 5, 30 PortCounters fields (all but PortMulticastRcvPkts,
  // which the generator leaves out as a live crawl cannot read it), findings 1 (no finding).
  EXPECT_EQ(families, 41U);
  // Every cabled port (both ends of each cable) has one sample per counter.
  std::size_t cabled = 2 * tree.links().size();
  std::size_t samples = 0;
  for (const std::string& line : lines_of(text, false)) {
    samples += line.starts_with("ibatlas_port_") && line.find("_total{") != std::string::npos;
  }
  EXPECT_EQ(samples, 30 * cabled);
}

TEST(PrometheusTest, NowWhenTheSnapshotHasNoTime) {
  test::Sketch s;
  s.sw("leaf", 0x10);
  std::string text = metrics(s.build(), {}, {.now = 1234, .complete = false});
  EXPECT_NE(text.find("\nibatlas_scrape_timestamp_seconds 1234\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nibatlas_complete 0\n"), std::string::npos) << text;
}

TEST(PrometheusTest, LabelValuesEscaped) {
  EXPECT_EQ(prometheus_label_value("plain"), "plain");
  EXPECT_EQ(prometheus_label_value("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
  EXPECT_EQ(prometheus_label_value("x\xffy"), "x\xEF\xBF\xBDy");  // not UTF-8: U+FFFD
  EXPECT_EQ(prometheus_label_value("tab\tok"), "tab\tok");

  test::Sketch s;
  NodeId leaf = s.sw("sw \"1\"\\", 0x10);
  NodeId host = s.ca("h\n1", 0x20);
  s.cable(leaf, 1, host, 1);
  std::string text = metrics(s.build());
  EXPECT_NE(text.find(R"(ibatlas_port_state{node="sw \"1\"\\",guid="0x0000000000000010",)"
                      R"(port="1",peer="h\n1",)"),
            std::string::npos)
      << text;
}

TEST(PrometheusTest, MetricNames) {
  EXPECT_TRUE(is_prometheus_metric_name("ibatlas_port_state"));
  EXPECT_TRUE(is_prometheus_metric_name(":a_B9"));
  EXPECT_FALSE(is_prometheus_metric_name(""));
  EXPECT_FALSE(is_prometheus_metric_name("9a"));
  EXPECT_FALSE(is_prometheus_metric_name("a-b"));
}

TEST(PrometheusTest, NoCountersReadNoCounterSeries) {
  std::string without = metrics(test::make_fat_tree({.radix = 8}));
  EXPECT_EQ(without.find("_total"), std::string::npos);
  EXPECT_NE(without.find("ibatlas_port_state{"), std::string::npos);
  std::string with = metrics(test::make_fat_tree({.radix = 8, .counters = true}));
  EXPECT_NE(with.find("\nibatlas_port_symbol_error_total{"), std::string::npos);
  EXPECT_NE(with.find("\nibatlas_port_receive_data_bytes_total{"), std::string::npos);
}

TEST(PrometheusTest, FindingsWithTheSameLabelsShareOneSeries) {
  Finding a = degraded_leaf_port();
  Finding b = a;
  b.message = "another";
  Finding fabric_wide;
  fabric_wide.check = "fabric.empty";
  fabric_wide.severity = Severity::Error;
  std::string text = metrics(tiny_fabric(), {a, b, fabric_wide});
  EXPECT_NE(
      text.find(R"(ibatlas_finding{check="fabric.empty",severity="error",node="",port=""} 1)"),
      std::string::npos)
      << text;
  EXPECT_NE(
      text.find(
          R"(ibatlas_finding{check="link.degraded",severity="warning",node="leaf",port="1"} 2)"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find(R"(ibatlas_findings{severity="warning"} 2)"), std::string::npos);
}

TEST(PrometheusTest, OwnOutputHasNoTextProblems) {
  EXPECT_EQ(prometheus_text_problems(metrics(tiny_fabric(), {degraded_leaf_port()})),
            std::vector<std::string>{});
  EXPECT_EQ(prometheus_text_problems(metrics(test::make_fat_tree({.radix = 8, .counters = true}))),
            std::vector<std::string>{});
}

TEST(PrometheusTest, TextProblemsFound) {
  const std::string head = "# HELP a x\n# TYPE a gauge\n";
  EXPECT_EQ(prometheus_text_problems(head + "a{l=\"v\\\"\\n\\\\\"} 1\n"),
            std::vector<std::string>{});
  std::vector<std::string> bad = {
      head + "a{l=\"unescaped \" quote\"} 1\n",
      head + "a{l=\"bad \\x escape\"} 1\n",
      head + "a{l=\"x\xff\"} 1\n",
      head + "a{9l=\"x\"} 1\n",
      head + "a{l=\"x\"} one\n",
      head + "a 1",
      head + "b 1\n",
      "a 1\n",
      "# HELP a x\n# TYPE a counter\na 1\n",
      "# HELP a_total x\n# TYPE a_total gauge\na_total 1\n",
      head + head,
      head + "\n",
  };
  for (const std::string& text : bad) {
    EXPECT_FALSE(prometheus_text_problems(text).empty()) << text;
  }
  EXPECT_EQ(prometheus_text_problems(head + "a 1\nb 2\n"),
            std::vector<std::string>{"line 4: a sample outside its family's HELP and TYPE"});
}

}  // namespace
}  // namespace ibatlas
