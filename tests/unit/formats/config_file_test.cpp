// The config file reader (docs/cli.md, "Config file"): what it keeps, and every refusal with
// its whole message, written out by hand from the format "file:line: expected X, found Y".

#include "ibatlas/formats/config_file.hpp"

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

std::string error_of(const std::string& text) {
  try {
    read_config_file(text, "site.conf");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

std::string value_of(const ConfigFile& file, const std::string& key) {
  for (const ConfigSetting& s : file.settings) {
    if (s.key == key) {
      return s.value;
    }
  }
  return "(unset)";
}

TEST(ConfigFileTest, KeepsEachSettingWithItsLineInFileOrder) {
  ConfigFile file = read_config_file(
      "# site defaults\n\nport=1\n  ca =  mlx5_0  \n\tnode-name-map\t= /etc/rdma/map\n",
      "site.conf");
  ASSERT_EQ(file.settings.size(), 3u);
  EXPECT_EQ(file.settings[0].key, "port");
  EXPECT_EQ(file.settings[0].value, "1");
  EXPECT_EQ(file.settings[0].line, 3u);
  EXPECT_EQ(file.settings[1].key, "ca");
  EXPECT_EQ(file.settings[1].value, "mlx5_0");
  EXPECT_EQ(file.settings[1].line, 4u);
  EXPECT_EQ(file.settings[2].key, "node-name-map");
  EXPECT_EQ(file.settings[2].value, "/etc/rdma/map");
  EXPECT_EQ(file.settings[2].line, 5u);
}

TEST(ConfigFileTest, EmptyFileAndCommentsSetNothing) {
  EXPECT_TRUE(read_config_file("", "site.conf").settings.empty());
  EXPECT_TRUE(read_config_file("# ca = mlx5_0\n   # port = 2\n\n", "site.conf").settings.empty());
}

TEST(ConfigFileTest, HashInsideAValueIsPartOfIt) {
  ConfigFile file = read_config_file("snapshot-dir = /srv/ib#1\n", "site.conf");
  EXPECT_EQ(value_of(file, "snapshot-dir"), "/srv/ib#1");
}

TEST(ConfigFileTest, CrlfLinesAndByteOrderMarkAreRead) {
  ConfigFile file = read_config_file("\xEF\xBB\xBFport = 2\r\nca = mlx4_0\r\n", "site.conf");
  EXPECT_EQ(value_of(file, "port"), "2");
  EXPECT_EQ(value_of(file, "ca"), "mlx4_0");
}

TEST(ConfigFileTest, SpeedWidthAndPortBounds) {
  ConfigFile file = read_config_file(
      "expect-speed = hdr\nexpect-width = 12x\nport = 255\nthreshold-file = /t\n", "site.conf");
  EXPECT_EQ(value_of(file, "expect-speed"), "hdr");  // any case, as --expect-speed
  EXPECT_EQ(value_of(file, "expect-width"), "12x");
  EXPECT_EQ(value_of(file, "port"), "255");
  EXPECT_EQ(value_of(file, "threshold-file"), "/t");
  EXPECT_EQ(value_of(read_config_file("port = 0\n", "c"), "port"), "0");
}

TEST(ConfigFileTest, SizesAreKeptInBytes) {
  // 4 * 2^30 = 4294967296, 16 * 2^10 = 16384, 3 * 2^20 = 3145728.
  EXPECT_EQ(value_of(read_config_file("max-input-size = 4GiB\n", "c"), "max-input-size"),
            "4294967296");
  EXPECT_EQ(value_of(read_config_file("max-input-size = 16KiB\n", "c"), "max-input-size"), "16384");
  EXPECT_EQ(value_of(read_config_file("max-input-size = 3MiB\n", "c"), "max-input-size"),
            "3145728");
  EXPECT_EQ(value_of(read_config_file("max-input-size = 1000\n", "c"), "max-input-size"), "1000");
}

TEST(ConfigFileTest, LineWithoutEqualsIsRefused) {
  EXPECT_EQ(error_of("port = 1\nca mlx5_0\n"),
            "site.conf:2: expected key = value (node-name-map = /etc/...), found \"ca mlx5_0\"");
}

TEST(ConfigFileTest, UnknownKeyIsRefusedWithTheKnownOnes) {
  EXPECT_EQ(error_of("node_name_map = /etc/map\n"),
            "site.conf:1: expected a key: ca, port, node-name-map, threshold-file, expect-speed, "
            "expect-width, snapshot-dir or max-input-size, found \"node_name_map\"");
  EXPECT_EQ(error_of("CA = mlx5_0\n").substr(0, 26), "site.conf:1: expected a ke");  // case
  EXPECT_EQ(error_of("= mlx5_0\n"),
            "site.conf:1: expected a key: ca, port, node-name-map, threshold-file, expect-speed, "
            "expect-width, snapshot-dir or max-input-size, found end of line");
}

TEST(ConfigFileTest, KeySetTwiceIsRefusedNamingTheFirstLine) {
  EXPECT_EQ(error_of("port = 1\nca = mlx5_0\nport = 2\n"),
            "site.conf:3: expected each key once (line 1 set port), found \"port\" again");
}

TEST(ConfigFileTest, EmptyValueIsRefused) {
  EXPECT_EQ(error_of("ca =\n"),
            "site.conf:1: expected ca: a CA name without blanks (mlx5_0), found end of line");
  EXPECT_EQ(error_of("node-name-map =   \n"),
            "site.conf:1: expected node-name-map: an absolute path (starting with /), found end "
            "of line");
}

TEST(ConfigFileTest, BadValuesAreRefusedWithWhatTheKeyTakes) {
  EXPECT_EQ(error_of("ca = mlx5 0\n"),
            "site.conf:1: expected ca: a CA name without blanks (mlx5_0), found \"mlx5 0\"");
  EXPECT_EQ(error_of("port = 256\n"),
            "site.conf:1: expected port: a port number from 0 to 255, found \"256\"");
  EXPECT_EQ(error_of("port = -1\n"),
            "site.conf:1: expected port: a port number from 0 to 255, found \"-1\"");
  EXPECT_EQ(error_of("threshold-file = error_thresholds\n"),
            "site.conf:1: expected threshold-file: an absolute path (starting with /), found "
            "\"error_thresholds\"");
  EXPECT_EQ(error_of("expect-speed = 100G\n"),
            "site.conf:1: expected expect-speed: SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR or XDR, "
            "found \"100G\"");
  EXPECT_EQ(error_of("expect-width = 3x\n"),
            "site.conf:1: expected expect-width: 1x, 2x, 4x, 8x or 12x, found \"3x\"");
  EXPECT_EQ(error_of("max-input-size = 4TiB\n"),
            "site.conf:1: expected max-input-size: a size in bytes (a whole number, or with KiB, "
            "MiB or GiB: 4GiB), found \"4TiB\"");
}

TEST(ConfigFileTest, SizeThatOverflowsIsRefused) {
  // 2^34 GiB = 2^64 bytes: one more than fits.
  EXPECT_NE(error_of("max-input-size = 17179869184GiB\n"), "no error");
  // 2^34 - 1 GiB fits: 18446744072635809792 bytes.
  EXPECT_EQ(value_of(read_config_file("max-input-size = 17179869183GiB\n", "c"), "max-input-size"),
            "18446744072635809792");
  EXPECT_NE(error_of("max-input-size = GiB\n"), "no error");
}

TEST(ConfigFileTest, ControlCharacterInAValueIsShownEscaped) {
  EXPECT_EQ(error_of("ca = mlx\x1b[31m\n"),
            "site.conf:1: expected ca: a CA name without blanks (mlx5_0), found "
            "\"mlx\\x1b[31m\"");
}

// The example the package installs as /etc/ibatlas/ibatlas.conf sets nothing, and with every
// `#key` line uncommented it is a valid file setting every key once.
TEST(ConfigFileTest, PackagedExampleSetsNothingAndEveryKeyWhenUncommented) {
  std::ifstream in(test::source_dir() + "/packaging/ibatlas.conf");
  ASSERT_TRUE(in) << "packaging/ibatlas.conf";
  std::stringstream whole;
  whole << in.rdbuf();
  EXPECT_TRUE(read_config_file(whole.str(), "ibatlas.conf").settings.empty());
  std::string uncommented;
  std::istringstream lines(whole.str());
  for (std::string line; std::getline(lines, line);) {
    bool key_line = line.size() > 1 && line[0] == '#' && line[1] != ' ';
    uncommented += (key_line ? line.substr(1) : line) + "\n";
  }
  ConfigFile file = read_config_file(uncommented, "ibatlas.conf");
  ASSERT_EQ(file.settings.size(), config_keys().size());
  for (std::size_t i = 0; i < file.settings.size(); ++i) {
    EXPECT_EQ(file.settings[i].key, config_keys()[i].name);
  }
}

}  // namespace
}  // namespace ibatlas
