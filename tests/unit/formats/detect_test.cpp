// Format detection from content, read_fabric's dispatch, and every real-world capture
// detected as the format SOURCES.md says it is.

#include "ibatlas/formats/detect.hpp"

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

std::string error_of(const std::string& text) {
  try {
    read_fabric(text, "in");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

const std::string kPortsRow =
    "SW  1719 10 0x7cfe9003009ce5b0 4x EDR - CA   134  1 0x7cfe9003003b4bde ( 'a' - 'b' )\n";
const std::string kLstRow =
    "{ CA Ports:01 SystemGUID:0000000000000001 NodeGUID:0000000000000001 "
    "PortGUID:0000000000000001 VenID:0002C9 DevID:1013 Rev:00000000 {h} LID:0001 PN:01 } "
    "{ SW Ports:24 SystemGUID:0000000000000002 NodeGUID:0000000000000002 "
    "PortGUID:0000000000000002 VenID:000002C9 DevID:CF080000 Rev:00000000 {s} LID:0002 "
    "PN:01 } PHY=4x LOG=ACT SPD=10\n";
const std::string kLinkinfo =
    "Switch: 0x0000000000000002 s:\n"
    "   2    1[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>   1    1[  ] \"h\" ( )\n"
    "CA: h:\n"
    "   0x0000000000000001   1    1[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>   2    1[  ] \"s\" "
    "( )\n";

TEST(DetectTest, PortsReportIsDetectedAfterProgressNoise) {
  EXPECT_EQ(detect_format("DR path slid 0; dlid 0; 0 -> new Switch {0002}\n" + kPortsRow),
            InputFormat::IbnetdiscoverPorts);
}

TEST(DetectTest, PortsRowNeedsDecimalLidAndHexGuid) {
  EXPECT_EQ(detect_format("SW  17x9 10 0x7cfe9003009ce5b0 4x EDR 'a'\n"), InputFormat::Unknown);
  EXPECT_EQ(detect_format("SW  1719 10 7cfe9003009ce5b0 4x EDR 'a'\n"), InputFormat::Unknown);
}

TEST(DetectTest, LstLineIsDetected) {
  EXPECT_EQ(detect_format(kLstRow), InputFormat::SubnetLst);
  EXPECT_EQ(detect_format("{ not a record }\n"), InputFormat::Unknown);
}

TEST(DetectTest, IblinkinfoHeadersAreDetected) {
  EXPECT_EQ(detect_format(kLinkinfo), InputFormat::Iblinkinfo);
  EXPECT_EQ(detect_format("CA: teaker-4 HCA-1:\n"), InputFormat::Iblinkinfo);
  EXPECT_EQ(detect_format("CA: no trailing colon\n"), InputFormat::Unknown);
  EXPECT_EQ(detect_format("Switch: 12 s:\n"), InputFormat::Unknown);
}

TEST(DetectTest, XmlIsDetectedOnlyOnTheFirstNonBlankLine) {
  EXPECT_EQ(detect_format("\n<?xml version=\"1.0\"?>\n<ibatlas-snapshot/>"),
            InputFormat::XmlSnapshot);
  EXPECT_EQ(detect_format("<ibatlas-snapshot version=\"1\">"), InputFormat::XmlSnapshot);
  EXPECT_EQ(detect_format("hello\n<?xml version=\"1.0\"?>\n"), InputFormat::Unknown);
}

TEST(DetectTest, GuidNamedHeadersAreIbnetdiscoverAndOtherNamesAreIbsim) {
  EXPECT_EQ(detect_format("Switch\t36 \"S-e41d2d030003e470\"\t# \"x\" lid 1\n"),
            InputFormat::Ibnetdiscover);
  EXPECT_EQ(detect_format("Switch41 \"S-0c42a10300a9b026\"# \"x\"\n"), InputFormat::Ibnetdiscover);
  EXPECT_EQ(detect_format("vendid=0x2c9\ndevid=0xd2f0\n"), InputFormat::Ibnetdiscover);
  EXPECT_EQ(detect_format("Switch\t8 \"Switch1\"\n[1]\t\"Hca1\"[1]\n"), InputFormat::IbsimNetfile);
  EXPECT_EQ(detect_format("Hca\t2 \"H-0000000000000001\"\n"), InputFormat::IbsimNetfile);
  EXPECT_EQ(detect_format("Switch 8 \"S-0000000000000001\"\n\nCa 1 \"host-1\"\n"),
            InputFormat::IbsimNetfile);
}

TEST(DetectTest, CacheMagicIsLittleEndianFirstFourBytes) {
  const std::string magic("\x2B\x83\xE7\x8F\x01\x00\x00\x00", 8);
  EXPECT_TRUE(looks_like_ibnd_cache(magic));
  EXPECT_EQ(detect_format(magic), InputFormat::IbndCache);
  EXPECT_FALSE(looks_like_ibnd_cache(std::string("\x8F\xE7\x83\x2B", 4)));
  EXPECT_FALSE(looks_like_ibnd_cache(std::string("\x2B\x83\xE7", 3)));
  EXPECT_FALSE(looks_like_ibnd_cache(""));
}

TEST(DetectTest, EmptyOrUnrecognisedTextIsUnknown) {
  EXPECT_EQ(detect_format(""), InputFormat::Unknown);
  EXPECT_EQ(detect_format("\n\n   \n"), InputFormat::Unknown);
  EXPECT_EQ(detect_format("hello world\n"), InputFormat::Unknown);
}

TEST(DetectTest, FormatNamesMatchProvenanceNames) {
  EXPECT_EQ(to_string(InputFormat::Ibnetdiscover), "ibnetdiscover");
  EXPECT_EQ(to_string(InputFormat::IbnetdiscoverPorts), "ibnetdiscover-ports");
  EXPECT_EQ(to_string(InputFormat::IbsimNetfile), "ibsim");
  EXPECT_EQ(to_string(InputFormat::SubnetLst), "lst");
  EXPECT_EQ(to_string(InputFormat::Iblinkinfo), "iblinkinfo");
  EXPECT_EQ(to_string(InputFormat::XmlSnapshot), "xml");
  EXPECT_EQ(to_string(InputFormat::IbndCache), "ibnd-cache");
  EXPECT_EQ(to_string(InputFormat::Unknown), "unknown");
}

TEST(DetectTest, ReadFabricDispatchesToTheDetectedReader) {
  EXPECT_EQ(read_fabric(kPortsRow, "in").fabric.provenance().format, "ibnetdiscover-ports");
  EXPECT_EQ(read_fabric(kLstRow, "in").fabric.provenance().format, "lst");
  EXPECT_EQ(read_fabric(kLinkinfo, "in").fabric.provenance().format, "iblinkinfo");
}

TEST(DetectTest, ReadFabricRejectsUnknownTextNamingItsFirstLine) {
  EXPECT_EQ(error_of("\n  \nhello\n"),
            "in:3: expected ibnetdiscover, ibnetdiscover -p, ibsim netfile, opensm-subnet.lst, "
            "iblinkinfo or ibatlas XML, found \"hello\"");
  EXPECT_EQ(error_of(""),
            "in:1: expected ibnetdiscover, ibnetdiscover -p, ibsim netfile, opensm-subnet.lst, "
            "iblinkinfo or ibatlas XML, found an empty file");
  EXPECT_EQ(error_of(std::string("\x2B\x83\xE7\x8F", 4)),
            "in:1: expected a text format (cache files are read through libibnetdisc), found an "
            "ibnetdiscover --cache file");
  EXPECT_EQ(error_of(kPortsRow), "no error");
}

TEST(DetectTest, ReadFileNamesTheFileAndTheReason) {
  try {
    read_file("/nonexistent/ibatlas-test-file");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot open /nonexistent/ibatlas-test-file: No such file or directory");
  }
}

struct Capture {
  const char* file;
  InputFormat format;
};

// Formats as SOURCES.md describes each file.
const Capture kCaptures[] = {
    {"cyberang3l-fattree-k4n3/k-4-n-3-Full.topo", InputFormat::Ibnetdiscover},
    {"cyberang3l-fattree-k4n3/k-4-n-3-Full.topology", InputFormat::IbsimNetfile},
    {"hwloc-netloc-avakas/ib-subnet-fe80_0000_0000_0000.txt", InputFormat::IbnetdiscoverPorts},
    {"hwloc-netloc-avakas/ibroute-fe80_0000_0000_0000-1.txt", InputFormat::Unknown},
    {"hwloc-netloc-plafrim/ib-subnet-fe80_0000_0000_0000.txt", InputFormat::IbnetdiscoverPorts},
    {"hwloc-netloc-plafrim2/ib-subnet-fe80_0000_0000_0000.txt", InputFormat::IbnetdiscoverPorts},
    {"hwloc-netloc-plafrim2/ib-subnet-fe80_0000_0000_0001.txt", InputFormat::IbnetdiscoverPorts},
    {"hyungkwang-topo-examples/Topo.2.txt", InputFormat::Ibnetdiscover},
    {"hyungkwang-topo-examples/Topo.3.txt", InputFormat::Ibnetdiscover},
    {"hyungkwang-topo-examples/Topo.5.txt", InputFormat::Ibnetdiscover},
    {"hyungkwang-topo-examples/Topo.6_CS8500.txt", InputFormat::Ibnetdiscover},
    {"hyungkwang-topo-examples/Topo.8-invalid_lid_Null.txt", InputFormat::Ibnetdiscover},
    {"hyungkwang-topo-examples/Topo.8_CS8500_invalid_lid.txt", InputFormat::Ibnetdiscover},
    {"hyungkwang-topo-examples/Topo6_CS7500.txt", InputFormat::Ibnetdiscover},
    {"ibsim-net-examples/net", InputFormat::IbsimNetfile},
    {"ibsim-net-examples/net.1", InputFormat::IbsimNetfile},
    {"ibsim-net-examples/net.2sw2path", InputFormat::IbsimNetfile},
    {"ibsim-net-examples/net.2sw2path4hca", InputFormat::IbsimNetfile},
    {"ibsim-net-examples/net.2sw2path4hca2port", InputFormat::IbsimNetfile},
    {"jabl-ibtopotool-tests/1.topo", InputFormat::Ibnetdiscover},
    {"jabl-ibtopotool-tests/2.topo", InputFormat::Ibnetdiscover},
    {"jabl-ibtopotool-tests/3.topo", InputFormat::Ibnetdiscover},
    {"jabl-ibtopotool-tests/4.topo", InputFormat::Ibnetdiscover},
    {"linux-rdma-ml-2021-rd240/ibqueryerrors.txt", InputFormat::Unknown},
    {"loginoff-topo/topo", InputFormat::Ibnetdiscover},
    {"ltaulell-psmn-x5/X5.map", InputFormat::Unknown},
    {"ltaulell-psmn-x5/X5.topofile", InputFormat::Ibnetdiscover},
    {"mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt", InputFormat::Ibnetdiscover},
    {"mlunacek-janus/ibnetdiscover-2-12-2014", InputFormat::Ibnetdiscover},
    {"nvidia-topograph/example-bad.out", InputFormat::Ibnetdiscover},
    {"nvidia-topograph/example.out", InputFormat::Ibnetdiscover},
    {"ompi-users-2009-swansea/ibnetdiscover-2009-01-15.txt", InputFormat::Ibnetdiscover},
    {"stmatengss-teaker/iblinkinfo.txt", InputFormat::Iblinkinfo},
    {"timofieiev-opensm-subnet-lst/opensm-subnet.lst", InputFormat::SubnetLst},
    {"treydock-infiniband-exporter/ibnetdiscover-p-test.out", InputFormat::IbnetdiscoverPorts},
    {"treydock-infiniband-exporter/ibnetdiscover-p-test2.out", InputFormat::IbnetdiscoverPorts},
    {"treydock-infiniband-exporter/ibnetdiscover-p-test3.out", InputFormat::IbnetdiscoverPorts},
};

TEST(DetectTest, RealWorldFilesAreDetectedAsTheirFormat) {
  if (!std::filesystem::exists(test::realworld("SOURCES.md"))) {
    GTEST_SKIP() << "no ../shared/realworld";
  }
  for (const Capture& c : kCaptures) {
    std::string text = read_file(test::realworld(c.file));
    EXPECT_EQ(to_string(detect_format(text)), to_string(c.format)) << c.file;
  }
}

}  // namespace
}  // namespace ibatlas
