#include "support/xml_parsers.hpp"

#include <cstdlib>
#include <utility>

namespace ibatlas::test {

namespace {

// Exit status 0 of `command` through the shell, its output discarded.
bool succeeds(const std::string& command) {
  return std::system((command + " >/dev/null 2>&1").c_str()) == 0;
}

}  // namespace

XmlParserVerdict parse_with_real_xml_parsers(const std::string& path) {
  const std::string quoted = "'" + path + "'";
  const std::pair<const char*, std::string> parsers[] = {
      {"python3", "python3 -c 'import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])' "},
      {"xmllint", "xmllint --noout "},
  };
  XmlParserVerdict verdict;
  for (const auto& [name, command] : parsers) {
    if (!succeeds(std::string("command -v ") + name)) {
      continue;
    }
    verdict.ran.emplace_back(name);
    if (!succeeds(command + quoted)) {
      verdict.rejecting.emplace_back(name);
    }
  }
  return verdict;
}

}  // namespace ibatlas::test
