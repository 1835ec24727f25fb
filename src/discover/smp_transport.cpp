#include "ibatlas/discover/smp_transport.hpp"

#include <cassert>
#include <charconv>

namespace ibatlas {

DirectedRoute::DirectedRoute(std::initializer_list<std::uint8_t> hops) {
  assert(hops.size() <= kMaxHops);
  for (std::uint8_t hop : hops) {
    hops_[size_++] = hop;
  }
}

DirectedRoute DirectedRoute::extended(std::uint8_t port) const {
  assert(size_ < kMaxHops);
  DirectedRoute longer = *this;
  longer.hops_[longer.size_++] = port;
  return longer;
}

std::string to_string(const DirectedRoute& route) {
  std::string text = "0";  // the unused path[0] entry, as infiniband-diags print it
  for (std::uint8_t hop : route.hops()) {
    text += ',';
    text += std::to_string(hop);
  }
  return text;
}

std::optional<DirectedRoute> parse_directed_route(std::string_view text) {
  if (!text.starts_with('0')) {
    return std::nullopt;
  }
  text.remove_prefix(1);
  DirectedRoute route;
  while (!text.empty()) {
    unsigned port = 0;
    const char* first = text.data() + 1;
    const char* last = text.data() + text.size();
    auto [end, ec] = std::from_chars(first, last, port);
    if (text[0] != ',' || ec != std::errc() || port == 0 || port > 255 ||
        route.size() == DirectedRoute::kMaxHops) {
      return std::nullopt;
    }
    route = route.extended(static_cast<std::uint8_t>(port));
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  }
  return route;
}

std::string to_string(SmpAttribute attribute) {
  switch (attribute) {
    case SmpAttribute::NodeDescription:
      return "NodeDescription";
    case SmpAttribute::NodeInfo:
      return "NodeInfo";
    case SmpAttribute::SwitchInfo:
      return "SwitchInfo";
    case SmpAttribute::PortInfo:
      return "PortInfo";
    case SmpAttribute::SlToVlTable:
      return "SLtoVLMappingTable";
    case SmpAttribute::LinearForwardingTable:
      return "LinearForwardingTable";
    case SmpAttribute::SmInfo:
      return "SMInfo";
    case SmpAttribute::PrivateLftInfo:
      return "PrivateLFTInfo";
    case SmpAttribute::GeneralInfo:
      return "GeneralInfo";
    case SmpAttribute::ArInfo:
      return "AdaptiveRoutingInfo";
    case SmpAttribute::ArGroupTable:
      return "ARGroupTable";
    case SmpAttribute::ArLft:
      return "ARLinearForwardingTable";
    case SmpAttribute::ArLftSx:
      return "ARLinearForwardingTableSX";
    case SmpAttribute::MlnxExtPortInfo:
      return "MlnxExtPortInfo";
  }
  return "attribute " + std::to_string(static_cast<unsigned>(attribute));
}

std::string to_string(PerfAttribute attribute) {
  switch (attribute) {
    case PerfAttribute::PortCounters:
      return "PortCounters";
    case PerfAttribute::PortCountersExtended:
      return "PortCountersExtended";
    case PerfAttribute::ClassPortInfo:
      return "ClassPortInfo";
    case PerfAttribute::PortRcvErrorDetails:
      return "PortRcvErrorDetails";
    case PerfAttribute::PortXmitDiscardDetails:
      return "PortXmitDiscardDetails";
  }
  return "attribute " + std::to_string(static_cast<unsigned>(attribute));
}

}  // namespace ibatlas
