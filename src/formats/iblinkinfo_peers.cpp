// Peers without rows. What a row says about its peer is its LID, port and description (and
// with -l its port GUID), never its type:
//
// - A peer named with two port numbers at one LID (or one -l port GUID) is a switch: CA
//   ports each have a LID and a GUID of their own. Otherwise the type follows from what the
//   file lists: a file listing only CAs (and routers) is `--cas-only` output or a scan of one
//   host, so the peers it lacks are switches; any other file's are CAs (in `--switches-only`
//   output they are; after `-D`/`-S` on a switch that is a guess, documented as one).
// - The node GUID is the -l peer port's GUID (as for CAs with rows, a port GUID stands in).
//   The default layout names no GUID, so one is made up: kMadeUpGuidBase | LID, or for LID 0
//   kMadeUpGuidBase | 1 << 32 | n. Their first byte, 0xff, has the EUI-64 group bit set,
//   which no real node GUID has, so a made-up GUID never meets a real one.

#include "formats/iblinkinfo_peers.hpp"

#include <map>
#include <utility>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/iblinkinfo.hpp"

#include "formats/iblinkinfo_row.hpp"

namespace ibatlas::linkinfo {

namespace {

// The peers that are one node, in the order the file first names them.
struct PeerGroup {
  std::vector<const MissingPeer*> claims;
  std::set<std::uint8_t> ports;
};

std::string key_of(const MissingPeer& p) {
  if (p.guid) {
    return "g" + std::to_string(*p.guid);
  }
  if (p.lid != 0) {
    return "l" + std::to_string(p.lid);
  }
  return "d" + p.desc;
}

// Groups claims by key; a second claim on one port of a LID-0 description group (two nodes
// sharing a description) starts a new group.
std::vector<PeerGroup> group(const std::vector<MissingPeer>& peers) {
  std::vector<PeerGroup> groups;
  std::map<std::string, std::size_t> open;  // key -> index in groups
  for (const MissingPeer& p : peers) {
    std::string key = key_of(p);
    auto it = open.find(key);
    bool by_desc = !p.guid && p.lid == 0;
    if (it == open.end() || (by_desc && groups[it->second].ports.count(p.port) != 0)) {
      open[key] = groups.size();
      groups.emplace_back();
      it = open.find(key);
    }
    groups[it->second].claims.push_back(&p);
    groups[it->second].ports.insert(p.port);
  }
  return groups;
}

NodeType type_of(const PeerGroup& g, const std::set<NodeType>& listed) {
  const MissingPeer& first = *g.claims.front();
  if (g.ports.size() > 1 && (first.guid || first.lid != 0)) {
    return NodeType::Switch;  // CA ports have LIDs and GUIDs of their own
  }
  bool switches_only = listed == std::set<NodeType>{NodeType::Switch};
  return !switches_only && listed.count(NodeType::Switch) == 0 ? NodeType::Switch : NodeType::Ca;
}

class PeerMaker {
 public:
  PeerMaker(FabricBuilder& builder, std::string_view name) : builder_(builder), name_(name) {}

  void add(const PeerGroup& g, NodeType type) {
    const MissingPeer& first = *g.claims.front();
    Node node;
    node.type = type;
    node.guid = guid_for(first);
    node.description = first.desc;
    NodeId id = builder_.add_node(std::move(node));
    if (type == NodeType::Switch) {
      Port& port0 = builder_.port_data(builder_.port(id, 0));
      port0.guid = first.guid;
      port0.base_lid = lid_of(first);
    }
    for (const MissingPeer* claim : g.claims) {
      if (claim->port == 0) {
        throw ParseError(std::string(name_), claim->line, "a peer port from 1 to 255",
                         quote_found("0"));
      }
      PortId remote = builder_.port(id, claim->port);
      if (type != NodeType::Switch) {
        builder_.port_data(remote).guid = claim->guid;
        builder_.port_data(remote).base_lid = lid_of(*claim);
      }
      builder_.set_peer(claim->from, remote);
      if (!builder_.port_data(remote).peer) {
        builder_.set_peer(remote, claim->from);
        fill_from_peer(builder_.port_data(claim->from), builder_.port_data(remote));
      }
    }
  }

 private:
  static std::optional<Lid> lid_of(const MissingPeer& p) {
    return p.lid != 0 ? std::optional<Lid>(p.lid) : std::nullopt;
  }

  // A LID names one made-up GUID; a second group at that LID (shared LIDs) counts on, as
  // does a GUID the file itself already gave a node (a hostile file can print 0xff...).
  Guid guid_for(const MissingPeer& p) {
    if (p.guid) {
      return *p.guid;
    }
    Guid by_lid = kMadeUpGuidBase | p.lid;
    if (p.lid != 0 && !builder_.find_node(by_lid)) {
      return by_lid;
    }
    Guid counted = 0;
    do {
      counted = kMadeUpGuidBase | (Guid{1} << 32) | ++counted_;
    } while (builder_.find_node(counted));
    return counted;
  }

  FabricBuilder& builder_;
  std::string_view name_;
  Guid counted_ = 0;
};

}  // namespace

void add_missing_peers(FabricBuilder& builder, const std::vector<MissingPeer>& peers,
                       const std::set<NodeType>& listed, std::string_view name) {
  PeerMaker maker(builder, name);
  for (const PeerGroup& g : group(peers)) {
    maker.add(g, type_of(g, listed));
  }
}

}  // namespace ibatlas::linkinfo
