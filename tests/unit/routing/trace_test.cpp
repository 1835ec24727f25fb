// --trace output and endpoint naming. The expected text follows ibtracert.c's format strings
// (dump_endnode, dump_route) filled in by hand; tests/sim/routes_test.cpp compares against
// the real ibtracert.

#include "ibatlas/routing/trace.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/routing/endpoint.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Net;

// s1 (GUID 0x1000, LID 1), s2 (0x1010, 2), h1 (0x2020, port GUID 0x2021, LID 3) on s1[1],
// h2 (0x2030, 0x2031, LID 4) on s2[1], s1[2] - s2[2].
struct Line {
  Net net;
  NodeId s1 = net.sw("s1");
  NodeId s2 = net.sw("s2");
  NodeId h1 = net.ca("h1");
  NodeId h2 = net.ca("h2");

  Fabric build(std::uint8_t s2_to_h2 = 1) {
    net.link(h1, 1, s1, 1);
    net.link(h2, 1, s2, 1);
    net.link(s1, 2, s2, 2);
    net.routes(s1, {{1, 0}, {2, 2}, {3, 1}, {4, 2}});
    net.routes(s2, {{1, 2}, {2, 0}, {3, 2}, {4, s2_to_h2}});
    return net.build();
  }
};

std::string traced(const Fabric& f, PortId from, Lid lid) {
  std::ostringstream out;
  write_trace(f, trace_route(f, from, lid), out);
  return out.str();
}

TEST(TraceTest, HostToHostPrintsLikeIbtracert) {
  Line l;
  Fabric f = l.build();
  EXPECT_EQ(traced(f, *f.find_port(l.h1, 1), 4),
            "From ca {0x0000000000002020} portnum 1 lid 3-3 \"h1\"\n"
            "[1] -> switch port {0x0000000000001000}[1] lid 1-1 \"s1\"\n"
            "[2] -> switch port {0x0000000000001010}[2] lid 2-2 \"s2\"\n"
            "[1] -> ca port {0x0000000000002031}[1] lid 4-4 \"h2\"\n"
            "To ca {0x0000000000002030} portnum 1 lid 4-4 \"h2\"\n");
}

TEST(TraceTest, SwitchToSwitchPrintsPortZero) {
  Line l;
  Fabric f = l.build();
  EXPECT_EQ(traced(f, *f.find_port(l.s1, 0), 2),
            "From switch {0x0000000000001000} portnum 0 lid 1-1 \"s1\"\n"
            "[2] -> switch port {0x0000000000001010}[2] lid 2-2 \"s2\"\n"
            "To switch {0x0000000000001010} portnum 0 lid 2-2 \"s2\"\n");
}

TEST(TraceTest, RouteIntoAnUncabledPortSaysWhereItEnds) {
  Line l;
  Fabric f = l.build(6);
  Trace t = trace_route(f, *f.find_port(l.h1, 1), 4);
  EXPECT_EQ(t.fate, RouteFate::DownPort);
  EXPECT_EQ(t.stop, std::optional<NodeId>(l.s2));
  EXPECT_EQ(t.steps.size(), 2U);
  std::string text = traced(f, *f.find_port(l.h1, 1), 4);
  EXPECT_NE(text.find("route ends (down port): \"s2\"'s entry for LID 4 is port 6"),
            std::string::npos)
      << text;
}

TEST(TraceTest, PlacesResolveByLidGuidAndName) {
  Line l;
  Fabric f = l.build();
  PortId h1_port = *f.find_port(l.h1, 1);
  EXPECT_EQ(resolve_place(f, "3").port, std::optional<PortId>(h1_port));
  EXPECT_EQ(resolve_place(f, "0x3").port, std::optional<PortId>(h1_port));
  EXPECT_EQ(resolve_place(f, "0x0000000000002021").port, std::optional<PortId>(h1_port));
  Place by_node_guid = resolve_place(f, "0x0000000000001010");
  EXPECT_EQ(by_node_guid.node, l.s2);
  EXPECT_FALSE(by_node_guid.port.has_value());
  EXPECT_EQ(resolve_place(f, "s2").node, l.s2);
  EXPECT_EQ(resolve_place(f, "s2[2]").port, f.find_port(l.s2, 2));
}

TEST(TraceTest, UnknownOrAmbiguousPlacesThrow) {
  Net net;
  net.sw("twin");
  net.sw("twin");
  Fabric f = net.build();
  EXPECT_THROW(resolve_place(f, "twin"), Error);
  EXPECT_THROW(resolve_place(f, "nobody"), Error);
  EXPECT_THROW(resolve_place(f, "twin[9]"), Error);
  EXPECT_THROW(resolve_place(f, "77"), Error);
}

}  // namespace
}  // namespace ibatlas
