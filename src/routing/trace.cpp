#include "ibatlas/routing/trace.hpp"

#include "routing/route_view.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

std::string quoted_name(const Fabric& fabric, NodeId node) {
  return "\"" + fabric.node(node).description + "\"";
}

class Tracer {
 public:
  Tracer(const Fabric& fabric, PortId from, Lid lid)
      : fabric_(fabric), view_(fabric, LinkRule::Forwarding), owner_(view_.owner(lid)) {
    trace_.from = from;
    trace_.lid = lid;
  }

  Trace run() && {
    if (owner_ == kNoPort) {
      stop(RouteFate::NoEntry, fabric_.node_of(trace_.from),
           "no port of the fabric answers to LID " + std::to_string(trace_.lid));
      return std::move(trace_);
    }
    std::uint32_t sw = view_.switch_of_port(trace_.from.value);
    if (sw == kNoSwitch) {
      std::optional<std::uint32_t> first = leave_ca();
      if (!first) {
        return std::move(trace_);
      }
      sw = *first;
    }
    std::vector<bool> seen(view_.switch_count(), false);
    while (!seen[sw]) {
      seen[sw] = true;
      std::optional<std::uint32_t> next = at_switch(sw);
      if (!next) {
        return std::move(trace_);
      }
      sw = *next;
    }
    stop(RouteFate::Loop, view_.switch_node(sw),
         "loop: the route comes back to " + quoted_name(fabric_, view_.switch_node(sw)));
    return std::move(trace_);
  }

 private:
  void stop(RouteFate fate, NodeId at, std::string problem) {
    trace_.fate = fate;
    if (fate == RouteFate::Delivered) {
      trace_.to = PortId{owner_};
    } else {
      trace_.stop = at;
      trace_.problem = std::move(problem);
    }
  }

  // A CA source's first hop; the switch it reaches, or nothing when the trace ended.
  std::optional<std::uint32_t> leave_ca() {
    NodeId here = fabric_.node_of(trace_.from);
    if (trace_.from.value == owner_) {
      stop(RouteFate::Delivered, here, "");
      return std::nullopt;
    }
    std::uint32_t peer = view_.ca_peer(trace_.from.value);
    if (peer == kNoPort) {
      stop(RouteFate::DownPort, here, "the source port has no working link");
      return std::nullopt;
    }
    trace_.steps.push_back(TraceStep{trace_.from, PortId{peer}});
    std::uint32_t sw = view_.switch_of_port(peer);
    if (sw == kNoSwitch) {
      bool home = peer == owner_;
      stop(home ? RouteFate::Delivered : RouteFate::WrongNode, fabric_.node_of(PortId{peer}),
           "the cable reaches a CA that is not LID " + std::to_string(trace_.lid));
      return std::nullopt;
    }
    return sw;
  }

  // One switch: the next switch, or nothing when the trace ended here.
  std::optional<std::uint32_t> at_switch(std::uint32_t sw) {
    NodeId node = view_.switch_node(sw);
    std::string where = quoted_name(fabric_, node);
    if (fabric_.node_of(PortId{owner_}) == node) {
      stop(RouteFate::Delivered, node, "");
      return std::nullopt;
    }
    const std::vector<std::uint8_t>* table = view_.table(sw);
    if (table == nullptr) {
      stop(RouteFate::NoTable, node, where + " has no forwarding table");
      return std::nullopt;
    }
    std::string entry = where + "'s entry for LID " + std::to_string(trace_.lid);
    if (trace_.lid >= table->size() || (*table)[trace_.lid] == ForwardingTable::kNoRoute) {
      stop(RouteFate::NoEntry, node,
           where + " has no entry for LID " + std::to_string(trace_.lid) + " (top " +
               std::to_string(table->empty() ? 0 : table->size() - 1) + ")");
      return std::nullopt;
    }
    std::uint8_t p = (*table)[trace_.lid];
    if (p > view_.port_count(sw) || view_.at(sw, p).port == kNoPort || p == 0) {
      stop(p == 0 ? RouteFate::WrongNode : RouteFate::BadPort, node,
           entry + " is port " + std::to_string(p) +
               (p == 0 ? ", the switch itself" : ", which it does not have"));
      return std::nullopt;
    }
    const SwitchPort& sp = view_.at(sw, p);
    if (sp.peer == kNoPort) {
      stop(RouteFate::DownPort, node,
           entry + " is port " + std::to_string(p) + ", which has no working link");
      return std::nullopt;
    }
    trace_.steps.push_back(TraceStep{PortId{sp.port}, PortId{sp.peer}});
    if (sp.peer_switch == kNoSwitch) {
      bool home = sp.peer == owner_;
      stop(home ? RouteFate::Delivered : RouteFate::WrongNode, node,
           entry + " is port " + std::to_string(p) + ", which reaches " +
               quoted_name(fabric_, fabric_.node_of(PortId{sp.peer})) + ", not the LID's port");
      return std::nullopt;
    }
    return sp.peer_switch;
  }

  const Fabric& fabric_;
  RouteView view_;
  std::uint32_t owner_;
  Trace trace_;
};

std::string type_text(NodeType type) {
  switch (type) {
    case NodeType::Ca:
      return "ca";
    case NodeType::Switch:
      return "switch";
    case NodeType::Router:
      return "router";
  }
  return "???";
}

// ibtracert reads PortInfo of port 0 for a switch: the switch's LID range.
std::string lid_range(const Fabric& fabric, PortId port) {
  const Port& p = fabric.port(port);
  PortId answering = port;
  if (fabric.node(p.node).type == NodeType::Switch) {
    answering = fabric.find_port(p.node, 0).value_or(port);
  }
  const Port& a = fabric.port(answering);
  unsigned base = a.base_lid.value_or(0);
  unsigned last = base + (1U << a.lmc.value_or(0)) - 1U;
  return std::to_string(base) + "-" + std::to_string(last);
}

void end_line(const Fabric& fabric, const char* prompt, PortId port, std::ostream& out) {
  const Port& p = fabric.port(port);
  const Node& node = fabric.node(p.node);
  std::string guid = "{" + text::guid_text(node.guid) + "}";
  int number = node.type == NodeType::Switch ? 0 : p.number;
  out << prompt << ' ' << type_text(node.type) << ' ' << guid << " portnum " << number << " lid "
      << lid_range(fabric, port) << " \"" << node.description << "\"\n";
}

}  // namespace

Trace trace_route(const Fabric& fabric, PortId from, Lid lid) {
  return Tracer(fabric, from, lid).run();
}

void write_trace(const Fabric& fabric, const Trace& trace, std::ostream& out) {
  end_line(fabric, "From", trace.from, out);
  for (const TraceStep& step : trace.steps) {
    const Port& in = fabric.port(step.in);
    std::string guid = "{" + text::guid_text(reported_port_guid(fabric, step.in)) + "}";
    out << '[' << static_cast<int>(fabric.port(step.out).number) << "] -> "
        << type_text(fabric.node(in.node).type) << " port " << guid << '['
        << static_cast<int>(in.number) << "] lid " << lid_range(fabric, step.in) << " \""
        << fabric.node(in.node).description << "\"\n";
  }
  if (trace.fate == RouteFate::Delivered && trace.to) {
    PortId last = trace.steps.empty() ? *trace.to : trace.steps.back().in;
    end_line(fabric, "To", last, out);
  } else {
    out << "route ends (" << to_string(trace.fate) << "): " << trace.problem << '\n';
  }
}

}  // namespace ibatlas
