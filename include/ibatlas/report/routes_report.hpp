#pragma once

// Writing `ibatlas routes` results: the validation report as text, or as a findings JSON
// document (formats/findings_json.hpp) whose "report" holds the validation figures. No
// domain logic: everything written is computed in src/routing/.

#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/report/table.hpp"
#include "ibatlas/routing/route_report.hpp"

namespace ibatlas {

// Where the tables came from, for the report's first line.
struct TablesOrigin {
  std::string what;  // "installed", "read from FILE", "computed minhop"
  std::size_t switches_with_table = 0;
  std::size_t switches = 0;
};

// The tables and the findings fit style.width; colour with style.colour.
void write_routes_text(const Fabric& fabric, const TablesOrigin& origin, const RouteReport& report,
                       const std::vector<Finding>& findings, const TextStyle& style,
                       std::ostream& out);

void write_routes_json(const Fabric& fabric, const TablesOrigin& origin, const RouteReport& report,
                       const std::vector<Finding>& findings, std::ostream& out);

}  // namespace ibatlas
