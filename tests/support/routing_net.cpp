#include "support/routing_net.hpp"

namespace ibatlas::test {

Guid Net::next_guid(Guid base, Guid guid) {
  Guid chosen = guid != 0 ? guid : base + count_ * 0x10;
  ++count_;
  return chosen;
}

NodeId Net::sw(const std::string& name, int ports, Guid guid) {
  lids_.push_back(sketch_.next_lid());
  NodeId id = sketch_.sw(name, next_guid(0x1000, guid), ports);
  for (int p = 1; p <= ports; ++p) {
    sketch_.polling(id, p);
  }
  return id;
}

NodeId Net::ca(const std::string& name) {
  lids_.push_back(sketch_.next_lid());
  NodeId id = sketch_.ca(name, next_guid(0x2000, 0), 1);
  sketch_.data(id, 1).state = PortState::Down;
  return id;
}

void Net::routes(NodeId sw, std::initializer_list<std::pair<Lid, std::uint8_t>> list) {
  for (auto [lid, port] : list) {
    route(sw, lid, port);
  }
}

Fabric Net::build() {
  for (auto& [node, entries] : entries_) {
    std::vector<std::uint8_t> lft(sketch_.next_lid(), ForwardingTable::kNoRoute);
    for (auto [lid, port] : entries) {
      lft.at(lid) = port;
    }
    sketch_.builder().add_forwarding_table(NodeId{node}, std::move(lft));
  }
  sketch_.builder().set_provenance(Provenance{"test", "test", std::nullopt, "test", std::nullopt});
  return sketch_.build();
}

SmallTree::SmallTree(LinkWidth l1_sp2_width) {
  net.link(a1, 1, l1, 1);
  net.link(a2, 1, l1, 2);
  net.link(b1, 1, l2, 1);
  net.link(b2, 1, l2, 2);
  net.link(l1, 3, sp1, 1);
  net.link(l1, 4, sp2, 1, l1_sp2_width);
  net.link(l2, 3, sp1, 2);
  net.link(l2, 4, sp2, 2);
}

void SmallTree::minhop_tables() {
  net.routes(l1, {{1, 3}, {2, 4}, {3, 0}, {4, 3}, {5, 1}, {6, 2}, {7, 3}, {8, 4}});
  net.routes(l2, {{1, 3}, {2, 4}, {3, 3}, {4, 0}, {5, 3}, {6, 4}, {7, 1}, {8, 2}});
  net.routes(sp1, {{1, 0}, {2, 1}, {3, 1}, {4, 2}, {5, 1}, {6, 1}, {7, 2}, {8, 2}});
  net.routes(sp2, {{1, 1}, {2, 0}, {3, 1}, {4, 2}, {5, 1}, {6, 1}, {7, 2}, {8, 2}});
}

Ring::Ring(int n) {
  for (int i = 0; i < n; ++i) {
    sw.push_back(net.sw("r" + std::to_string(i)));
  }
  for (int i = 0; i < n; ++i) {
    host.push_back(net.ca("h" + std::to_string(i)));
    net.link(sw[i], 1, sw[(i + 1) % n], 2);
    net.link(host[i], 1, sw[i], 3);
  }
}

}  // namespace ibatlas::test
