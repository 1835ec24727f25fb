#pragma once

// The routing tables in the XML snapshot (docs/formats.md): a switch's LFT and the
// SL-to-VL tables, as the writer (xml_snapshot.cpp) puts them.
//
//   <forwarding-table switch="2" size="12">000102...</forwarding-table>
//   <sl2vl-table node="3" in="0" out="2">0123456789abcde7</sl2vl-table>

#include <vector>

#include <pugixml.hpp>

#include "ibatlas/fabric_builder.hpp"

#include "formats/xml_checked.hpp"

namespace ibatlas::xml_schema {

// Reads every <forwarding-table> and <sl2vl-table> of `tables` (other elements are skipped),
// once every node and port is known; throws ParseError (file:line) on anything malformed, a
// table for a node or port that is not there, or a second SL-to-VL table for one port pair.
void read_tables(const XmlChecker& c, FabricBuilder& builder,
                 const std::vector<pugi::xml_node>& tables);

}  // namespace ibatlas::xml_schema
