#pragma once

// Path SLs in the XML snapshot (docs/formats.md): one <path-sls> element per source LID,
// whose text holds one character per destination LID from LID 0: the SL as a hex digit, or
// '-' where no PathRecord was read; it ends at the row's last known SL. Added without a
// version bump, as <sl2vl-table> was: a snapshot without path SLs is unchanged, and an older
// reader rejects one with them by the element's name.
//
//   <path-sls source="6">-0402304</path-sls>

#include <vector>

#include <pugixml.hpp>

#include "ibatlas/fabric.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "formats/xml_checked.hpp"

namespace ibatlas::xml_schema {

constexpr const char* kPathSls = "path-sls";

void put_path_sls(pugi::xml_node root, const Fabric& fabric);  // nothing when none were read
// Reads every <path-sls> of `rows` (other elements are skipped); throws ParseError (file:line) on
// anything malformed or a second row for one source.
void read_path_sls(const XmlChecker& c, FabricBuilder& builder,
                   const std::vector<pugi::xml_node>& rows);

}  // namespace ibatlas::xml_schema
