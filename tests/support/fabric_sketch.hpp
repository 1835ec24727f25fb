#pragma once

// Small fabrics built by hand, one node and cable at a time: a thin layer over FabricBuilder
// that gives every cabled port what a live crawl reads (Active/LinkUp, 4xHDR, enabled =
// supported = 1x|4x and SDR..HDR, MTU 4096, VL cap 4, a LID), so that a test changes only
// the field it is about. `link()` cables carry only the state and the active width and speed,
// `dump_cable()` cables only what an ibnetdiscover dump has (active width and speed).
// LIDs are given in creation order (1, 2, ...): a switch's on port 0, a CA's one per port.
// Net (routing_net.hpp) builds on it for the routing tests.

#include <cstdint>
#include <initializer_list>
#include <string>

#include "ibatlas/fabric.hpp"
#include "ibatlas/fabric_builder.hpp"

namespace ibatlas::test {

WidthSet widths(std::initializer_list<LinkWidth> list);

// SDR up to and including `top`, in enum order.
SpeedSet speeds_up_to(LinkSpeed top);

class Sketch {
 public:
  // A switch with `ports` external ports and port 0 (with the switch's LID). The external
  // ports are made, bare, when a cable or data() first names them.
  NodeId sw(const std::string& name, Guid guid, int ports = 36);

  // A CA with `ports` ports, each with its own GUID (node GUID + port) and LID.
  NodeId ca(const std::string& name, Guid guid, int ports = 1);

  // A cable with everything a crawl reads; returns port a's id (builder id).
  PortId cable(NodeId a, int pa, NodeId b, int pb, LinkWidth w = LinkWidth::X4,
               LinkSpeed s = LinkSpeed::Hdr);

  // A cable whose ends are Active/LinkUp at width w, speed s, and nothing more.
  PortId link(NodeId a, int pa, NodeId b, int pb, LinkWidth w = LinkWidth::X4,
              LinkSpeed s = LinkSpeed::Hdr);

  // A cable as an ibnetdiscover dump shows it: active width and speed only.
  PortId dump_cable(NodeId a, int pa, NodeId b, int pb, LinkWidth w = LinkWidth::X4,
                    LinkSpeed s = LinkSpeed::Hdr);

  // An uncabled switch port as a crawl sees it: Down/Polling.
  PortId polling(NodeId n, int p);

  PortId port(NodeId n, int p) { return b_.port(n, static_cast<std::uint8_t>(p)); }

  Port& data(NodeId n, int p) { return b_.port_data(port(n, p)); }

  Node& node(NodeId n) { return b_.node(n); }

  // The LID the next node (or CA port) will get.
  Lid next_lid() const { return next_lid_; }

  FabricBuilder& builder() { return b_; }

  Fabric build() { return std::move(b_).build(); }

 private:
  FabricBuilder b_;
  Lid next_lid_ = 1;
};

// The port `number` of the node with `guid` in a built fabric. REQUIRES: both exist.
PortId port_of(const Fabric& f, Guid guid, int number);

}  // namespace ibatlas::test
