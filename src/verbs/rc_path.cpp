#include "ibatlas/verbs/rc_path.hpp"

#include <algorithm>
#include <vector>

#include "ibatlas/lft_route.hpp"

namespace ibatlas {

std::optional<VerbsMtu> snapshot_path_mtu(const Fabric& fabric, PortId from, Lid dlid) {
  std::optional<std::vector<PortId>> route = egress_ports(fabric, from, dlid);
  if (!route) {
    return std::nullopt;
  }
  auto smallest = static_cast<std::uint8_t>(VerbsMtu::Mtu4096);
  for (PortId egress : *route) {
    const Port& out = fabric.port(egress);
    if (!out.peer) {
      return std::nullopt;  // egress_ports arrived, so every egress port has a cable
    }
    for (const Port* end : {&out, &fabric.port(*out.peer)}) {
      if (!end->mtu_active) {
        return std::nullopt;
      }
      smallest = std::min(smallest, static_cast<std::uint8_t>(*end->mtu_active));
    }
  }
  return static_cast<VerbsMtu>(smallest);  // Mtu and VerbsMtu share the IBA encoding
}

RcPath rc_path(const Fabric& fabric, const ProbeRequest& request, std::uint8_t sl) {
  RcPath path;
  path.dlid = request.dlid;
  path.sl = sl;
  path.mtu = snapshot_path_mtu(fabric, request.from, request.dlid).value_or(VerbsMtu::Mtu4096);
  return path;
}

RcRoutes rc_routes(const Fabric& fabric, const ProbeRequest& request) {
  Lid from_lid = fabric.port(request.from).base_lid.value_or(0);
  Lid to_lid = fabric.port(request.to).base_lid.value_or(0);
  auto mtu = static_cast<std::uint8_t>(VerbsMtu::Mtu4096);
  for (std::optional<VerbsMtu> route : {snapshot_path_mtu(fabric, request.from, request.dlid),
                                        snapshot_path_mtu(fabric, request.to, from_lid)}) {
    mtu = std::min(mtu, static_cast<std::uint8_t>(route.value_or(VerbsMtu::Mtu4096)));
  }
  RcRoutes routes;
  routes.forward = RcRoute{request.dlid, fabric.path_sl(from_lid, request.dlid).value_or(0), mtu};
  routes.reverse = RcRoute{from_lid, fabric.path_sl(to_lid, from_lid).value_or(0), mtu};
  return routes;
}

}  // namespace ibatlas
