#pragma once

// Real XML 1.0 parsers as a check on what our writers emit: Python's expat (through
// xml.dom.minidom) and libxml2's xmllint, each when installed.

#include <string>
#include <vector>

namespace ibatlas::test {

struct XmlParserVerdict {
  std::vector<std::string> ran;        // the parsers installed here
  std::vector<std::string> rejecting;  // those of them that rejected the file
};

XmlParserVerdict parse_with_real_xml_parsers(const std::string& path);

}  // namespace ibatlas::test
