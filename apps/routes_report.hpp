#pragma once

// Printing `ibatlas routes` results (apps/cmd_routes_report.cpp): the validation report as
// text or JSON. No domain logic: everything printed is computed in src/routing/.

#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/routing/route_report.hpp"

namespace ibatlas::cli {

// Where the tables came from, for the report's first line.
struct TablesOrigin {
  std::string what;  // "installed", "read from FILE", "computed minhop"
  std::size_t switches_with_table = 0;
  std::size_t switches = 0;
};

void print_routes_text(const Fabric& fabric, const TablesOrigin& origin, const RouteReport& report,
                       const std::vector<Finding>& findings, std::ostream& out);

void print_routes_json(const Fabric& fabric, const TablesOrigin& origin, const RouteReport& report,
                       const std::vector<Finding>& findings, std::ostream& out);

}  // namespace ibatlas::cli
