// `ibnetdiscover --cache` files, through libibnetdisc. The cache keeps raw NodeInfo and
// PortInfo bytes, decoded here with libibmad's field tables. It keeps no Mellanox
// ExtPortInfo, so an FDR10 link read from a cache shows as QDR (as ibnetdiscover
// --load-cache prints it too).
#include "ibatlas/umad/ibnd_cache.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <infiniband/ibnetdisc.h>
#include <infiniband/mad.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"
#include "ibatlas/input_file.hpp"

#include <sys/mman.h>
#include <unistd.h>

namespace ibatlas {
namespace {

static_assert(kIbndCacheSmpData == IB_SMP_DATA_SIZE,
              "validate_ibnd_cache walks records of libibnetdisc's IB_SMP_DATA_SIZE");

constexpr std::uint32_t kCapHasExtSpeeds = 1U << 14;  // PortInfo CapabilityMask bit 14

// An anonymous in-memory copy of the checked bytes, so libibnetdisc reads exactly what
// was checked even if the file is replaced meanwhile. Only when memfd_create fails does
// libibnetdisc open the path itself; a file swapped in between the check and that open is
// out of scope (it takes someone who can already write the operator's files).
class MemFile {
 public:
  explicit MemFile(std::string_view bytes) : fd_(memfd_create("ibnd-cache", MFD_CLOEXEC)) {
    std::size_t done = 0;
    while (fd_ >= 0 && done < bytes.size()) {
      ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n <= 0) {
        ::close(fd_);
        fd_ = -1;
        break;
      }
      done += static_cast<std::size_t>(n);
    }
  }

  ~MemFile() {
    if (fd_ >= 0) {
      ::close(fd_);
    }
  }

  MemFile(const MemFile&) = delete;
  MemFile& operator=(const MemFile&) = delete;

  std::optional<std::string> path() const {
    return fd_ >= 0 ? std::optional("/proc/self/fd/" + std::to_string(fd_)) : std::nullopt;
  }

 private:
  int fd_;
};

std::optional<LinkWidth> width_of_bit(std::uint32_t bit) {
  switch (bit) {
    case 1:
      return LinkWidth::X1;
    case 2:
      return LinkWidth::X4;
    case 4:
      return LinkWidth::X8;
    case 8:
      return LinkWidth::X12;
    case 16:
      return LinkWidth::X2;
    default:
      return std::nullopt;
  }
}

std::optional<WidthSet> width_set(std::uint32_t bits) {
  WidthSet set;
  for (std::uint32_t bit = 1; bit <= 16; bit <<= 1) {
    if ((bits & bit) != 0) {
      set.insert(*width_of_bit(bit));
    }
  }
  return set.bits != 0 ? std::optional(set) : std::nullopt;
}

// PortInfo LinkSpeed* (SDR, DDR, QDR) and LinkSpeedExt* (FDR, EDR, HDR, NDR) bit values.
constexpr std::array<LinkSpeed, 3> kBaseSpeeds = {LinkSpeed::Sdr, LinkSpeed::Ddr, LinkSpeed::Qdr};
constexpr std::array<LinkSpeed, 4> kExtSpeeds = {LinkSpeed::Fdr, LinkSpeed::Edr, LinkSpeed::Hdr,
                                                 LinkSpeed::Ndr};

std::optional<SpeedSet> speed_set(std::uint32_t base, std::uint32_t ext) {
  SpeedSet set;
  for (std::size_t i = 0; i < kBaseSpeeds.size(); ++i) {
    if ((base >> i) & 1U) {
      set.insert(kBaseSpeeds[i]);
    }
  }
  for (std::size_t i = 0; i < kExtSpeeds.size(); ++i) {
    if ((ext >> i) & 1U) {
      set.insert(kExtSpeeds[i]);
    }
  }
  return set.bits != 0 ? std::optional(set) : std::nullopt;
}

// The one speed named by a single-bit active value (ext wins, as ibnetdiscover prints it).
std::optional<LinkSpeed> active_speed(std::uint32_t base, std::uint32_t ext) {
  std::optional<SpeedSet> set = ext != 0 ? speed_set(0, ext) : speed_set(base, 0);
  if (!set || (set->bits & (set->bits - 1)) != 0) {
    return std::nullopt;
  }
  return static_cast<LinkSpeed>(__builtin_ctz(set->bits));
}

template <typename E>
std::optional<E> enum_in(std::uint32_t value, std::uint32_t low, std::uint32_t high) {
  return value >= low && value <= high ? std::optional(static_cast<E>(value)) : std::nullopt;
}

// Width and speed fields of an external port. Active values only while the link is up:
// a Down port's PortInfo still carries stale ones.
void decode_link(ibnd_port_t& p, bool has_ext, Port& port) {
  std::uint8_t* info = p.info;
  auto field = [info](enum MAD_FIELDS f) { return mad_get_field(info, 0, f); };
  auto ext = [&](enum MAD_FIELDS f) { return has_ext ? field(f) : 0U; };
  port.width_enabled = width_set(field(IB_PORT_LINK_WIDTH_ENABLED_F));
  port.width_supported = width_set(field(IB_PORT_LINK_WIDTH_SUPPORTED_F));
  port.speed_enabled =
      speed_set(field(IB_PORT_LINK_SPEED_ENABLED_F), ext(IB_PORT_LINK_SPEED_EXT_ENABLED_F));
  port.speed_supported =
      speed_set(field(IB_PORT_LINK_SPEED_SUPPORTED_F), ext(IB_PORT_LINK_SPEED_EXT_SUPPORTED_F));
  port.mtu_cap = enum_in<Mtu>(field(IB_PORT_MTU_CAP_F), 1, 5);
  port.vl_cap = enum_in<std::uint8_t>(field(IB_PORT_VL_CAP_F), 1, 5);
  if (port.state.value_or(PortState::Down) != PortState::Down) {
    port.width_active = width_of_bit(field(IB_PORT_LINK_WIDTH_ACTIVE_F));
    port.speed_active =
        active_speed(field(IB_PORT_LINK_SPEED_ACTIVE_F), ext(IB_PORT_LINK_SPEED_EXT_ACTIVE_F));
    port.mtu_active = enum_in<Mtu>(field(IB_PORT_NEIGHBOR_MTU_F), 1, 5);
  }
}

Port decode_port(ibnd_port_t& p, const ibnd_node_t& node) {
  Port port;
  port.number = static_cast<std::uint8_t>(p.portnum);
  if (p.guid != 0) {
    port.guid = p.guid;
  }
  // A switch has one LID, on port 0; LID 0 means none assigned.
  bool has_lid = node.type != IB_NODE_SWITCH || p.portnum == 0;
  if (has_lid && p.base_lid != 0) {
    port.base_lid = p.base_lid;
    port.lmc = p.lmc;
  }
  port.state = enum_in<PortState>(mad_get_field(p.info, 0, IB_PORT_STATE_F), 1, 4);
  port.phys_state = enum_in<PhysState>(mad_get_field(p.info, 0, IB_PORT_PHYS_STATE_F), 1, 7);
  if (p.portnum != 0) {
    // Switch ports report their capability mask on port 0 only.
    ibnd_port_t* mask_port = node.type == IB_NODE_SWITCH ? node.ports[0] : &p;
    std::uint32_t cap =
        mask_port != nullptr ? mad_get_field(mask_port->info, 0, IB_PORT_CAPMASK_F) : 0;
    decode_link(p, (cap & kCapHasExtSpeeds) != 0, port);
  }
  return port;
}

Node decode_node(ibnd_node_t& n) {
  Node node;
  node.type = static_cast<NodeType>(n.type);
  node.guid = n.guid;
  node.system_guid = mad_get_field64(n.info, 0, IB_NODE_SYSTEM_GUID_F);
  node.vendor_id = mad_get_field(n.info, 0, IB_NODE_VENDORID_F);
  node.device_id = mad_get_field(n.info, 0, IB_NODE_DEVID_F);
  node.revision = mad_get_field(n.info, 0, IB_NODE_REVISION_F);
  node.description.assign(n.nodedesc, strnlen(n.nodedesc, sizeof(n.nodedesc)));
  node.port_count = static_cast<std::uint8_t>(n.numports);
  if (n.type == IB_NODE_SWITCH) {
    node.enhanced_port0 = n.smaenhsp0 != 0;
  }
  return node;
}

void collect_node(ibnd_node_t* node, void* user_data) {
  static_cast<std::vector<ibnd_node_t*>*>(user_data)->push_back(node);
}

Fabric convert(ibnd_fabric_t& loaded, const std::string& path) {
  std::vector<ibnd_node_t*> nodes;
  ibnd_iter_nodes(&loaded, collect_node, &nodes);
  std::sort(nodes.begin(), nodes.end(),
            [](const ibnd_node_t* a, const ibnd_node_t* b) { return a->guid < b->guid; });
  FabricBuilder builder;
  std::unordered_map<const ibnd_port_t*, PortId> ids;
  for (ibnd_node_t* n : nodes) {
    NodeId id = builder.add_node(decode_node(*n));
    for (int i = 0; n->ports != nullptr && i <= n->numports; ++i) {
      if (n->ports[i] != nullptr) {
        ids.emplace(n->ports[i], builder.add_port(id, decode_port(*n->ports[i], *n)));
      }
    }
  }
  for (const auto& [port, id] : ids) {
    auto peer = port->remoteport != nullptr ? ids.find(port->remoteport) : ids.end();
    if (peer != ids.end()) {
      builder.set_peer(id, peer->second);
    }
  }
  Provenance provenance{path, "ibnd-cache", std::nullopt, "libibnetdisc", std::nullopt};
  ibnd_node_t* from = loaded.from_node;
  if (from != nullptr && from->ports != nullptr && from->ports[0] != nullptr) {
    provenance.local_port_guid = from->ports[0]->guid;
  }
  builder.set_provenance(provenance);
  return std::move(builder).build();
}

}  // namespace

ReadResult read_ibnd_cache(const std::string& path) {
  return read_ibnd_cache(read_file(path), path);
}

ReadResult read_ibnd_cache(std::string_view bytes, const std::string& path) {
  const std::string failed = path + ": libibnetdisc could not load the cache";
  // Checked completely before libibnetdisc, which trusts every count and reference in the
  // file, sees a byte of it (formats/ibnd_cache.hpp).
  validate_ibnd_cache(bytes, path);
  MemFile copy(bytes);
  std::optional<std::string> copy_path = copy.path();
  ibnd_fabric_t* loaded = ibnd_load_fabric(copy_path.value_or(path).c_str(), 0);
  if (loaded == nullptr) {
    throw Error(failed);
  }
  try {
    ReadResult result{convert(*loaded, path), {}};
    ibnd_destroy_fabric(loaded);
    return result;
  } catch (...) {
    ibnd_destroy_fabric(loaded);
    throw;
  }
}

}  // namespace ibatlas
