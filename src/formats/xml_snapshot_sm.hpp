#pragma once

// The subnet managers in the XML snapshot (docs/formats.md): one <subnet-managers> element,
// present exactly when SMInfo was read (empty: read, and no port said IsSM), holding one <sm>
// per record. Added without a version bump, as <sl2vl-table> was: a snapshot without SM data
// is unchanged, and an older reader rejects one with it by the element's name.
//
//   <subnet-managers>
//     <sm port-guid="0x0002c90300000002" lid="1" guid="0x0002c90300000002" priority="15"
//         state="master" act-count="1200" act-count-again="1203" interval-ms="501"/>
//   </subnet-managers>

#include <pugixml.hpp>

#include "ibatlas/fabric.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "formats/xml_checked.hpp"

namespace ibatlas::xml_schema {

constexpr const char* kSubnetManagers = "subnet-managers";

void put_subnet_managers(pugi::xml_node root, const Fabric& fabric);  // nothing when not read
// Reads one <subnet-managers>; throws ParseError (file:line) on anything malformed.
void read_subnet_managers(const XmlChecker& c, FabricBuilder& builder, pugi::xml_node e);

}  // namespace ibatlas::xml_schema
