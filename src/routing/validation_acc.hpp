#pragma once

// Private to src/routing: counts fates, hops and drops over every destination's pass.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "ibatlas/routing/route_report.hpp"

#include "routing/analysis_context.hpp"
#include "routing/destination_pass.hpp"

namespace ibatlas {

class ValidationAccumulator {
 public:
  explicit ValidationAccumulator(const AnalysisContext& context);

  void add(const Destination& d, const DestinationPass& pass);

  // The totals, drops and detours sorted worst first.
  RouteValidation finish() &&;

 private:
  struct DropCount {
    RouteFate fate = RouteFate::NoEntry;
    std::uint32_t at = 0;
    std::optional<std::uint8_t> port;
    std::uint64_t pairs = 0;
    std::uint32_t lids = 0;
    Lid example = 0;
    Lid last = 0;
    std::vector<std::uint32_t> cycle;
  };

  struct DetourCount {
    std::uint32_t lids = 0;
    Lid example = 0;
  };

  void count_pair(std::uint32_t s, const Destination& d, const DestinationPass& pass,
                  std::uint32_t w_switch, std::uint32_t w_ca);
  void count_drop(std::uint32_t s, const Destination& d, const DestinationPass& pass,
                  std::uint64_t weight);
  void count_detour(std::uint32_t s, const Destination& d, const DestinationPass& pass);
  static void bump(std::vector<std::uint64_t>& histogram, std::size_t at, std::uint64_t by);

  const AnalysisContext& context_;
  RouteValidation v_;
  std::unordered_map<std::uint64_t, DropCount> drops_;
  std::vector<DetourCount> detours_;  // per switch
};

}  // namespace ibatlas
