// One net_dump port row. Vocabulary: Sta is ibdm's short port state (ACT, INI, ARM, DOWN),
// PhysSta the physical state in words ("LINK UP"), MTU the PortInfo code, LWA the width as
// "4x", LSA ibdm's lane speed ("2.5", "5", "10", "14", "25", "50", "100", "200", "FDR10").
// Unknown state words are absent rather than errors: the public samples show only some of
// them. Width, speed, numbers and GUIDs that do not parse are errors.

#include "formats/ibdiagnet_net_dump_row.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas::ibdiagnet {

namespace {

template <typename T>
struct Word {
  std::string_view text;
  T value;
};

constexpr std::array<Word<PortState>, 8> kStates = {{{"ACT", PortState::Active},
                                                     {"ACTIVE", PortState::Active},
                                                     {"INI", PortState::Init},
                                                     {"INIT", PortState::Init},
                                                     {"ARM", PortState::Armed},
                                                     {"ARMED", PortState::Armed},
                                                     {"DOWN", PortState::Down},
                                                     {"DWN", PortState::Down}}};

constexpr std::array<Word<PhysState>, 8> kPhysStates = {
    {{"LINK UP", PhysState::LinkUp},
     {"LINKUP", PhysState::LinkUp},
     {"POLLING", PhysState::Polling},
     {"DISABLED", PhysState::Disabled},
     {"SLEEP", PhysState::Sleep},
     {"PORT CONFIGURATION TRAINING", PhysState::Training},
     {"LINK ERROR RECOVERY", PhysState::LinkErrorRecovery},
     {"PHY TEST", PhysState::PhyTest}}};

constexpr std::array<Word<LinkSpeed>, 9> kSpeeds = {{{"2.5", LinkSpeed::Sdr},
                                                     {"5", LinkSpeed::Ddr},
                                                     {"10", LinkSpeed::Qdr},
                                                     {"14", LinkSpeed::Fdr},
                                                     {"25", LinkSpeed::Edr},
                                                     {"50", LinkSpeed::Hdr},
                                                     {"100", LinkSpeed::Ndr},
                                                     {"200", LinkSpeed::Xdr},
                                                     {"FDR10", LinkSpeed::Fdr10}}};

// Upper case, '_' as ' ': "LINK_UP" and "Link Up" are "LINK UP".
std::string normalized(std::string_view word) {
  std::string out;
  for (char c : word) {
    out.push_back(c == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  return out;
}

template <typename T, std::size_t N>
std::optional<T> lookup(const std::array<Word<T>, N>& words, std::string_view word) {
  for (const Word<T>& w : words) {
    if (w.text == word) {
      return w.value;
    }
  }
  return std::nullopt;
}

bool not_given(std::string_view cell) {
  return cell.empty() || cell == "N/A" || normalized(cell) == "UNKNOWN";
}

class RowReader {
 public:
  RowReader(const NetDumpContext& context, const std::vector<std::string>& cells)
      : c_(context), cells_(cells) {}

  std::string_view cell(std::optional<std::size_t> column) const {
    return column && *column < cells_.size() ? std::string_view(cells_[*column])
                                             : std::string_view();
  }

  [[noreturn]] void fail(const std::string& expected, std::string_view found) const {
    throw ParseError(std::string(c_.file), c_.line, expected, quote_found(found));
  }

  std::uint64_t number(std::optional<std::size_t> column, std::uint64_t min,
                       std::uint64_t max) const {
    std::optional<std::uint64_t> v = text::parse_decimal(cell(column));
    if (!v || *v < min || *v > max) {
      fail("a number from " + std::to_string(min) + " to " + std::to_string(max) + " in column " +
               (column ? c_.columns.names[*column] : std::string("?")),
           cell(column));
    }
    return *v;
  }

  void port_facts(Port& p) const {
    p.state = lookup(kStates, normalized(cell(c_.columns.state)));
    p.phys_state = lookup(kPhysStates, normalized(cell(c_.columns.phys)));
    if (!not_given(cell(c_.columns.mtu)) && cell(c_.columns.mtu) != "0") {
      p.mtu_active = static_cast<Mtu>(number(c_.columns.mtu, 1, 5));
    }
    std::string_view width = cell(c_.columns.width);
    if (!not_given(width) && !(p.width_active = parse_width(width))) {
      fail("LWA with a width (1x, 2x, 4x, 8x or 12x)", width);
    }
    std::string_view speed = cell(c_.columns.speed);
    if (!not_given(speed) && !(p.speed_active = lookup(kSpeeds, normalized(speed)))) {
      fail("LSA with a lane speed (2.5, 5, 10, 14, 25, 50, 100, 200 or FDR10)", speed);
    }
  }

  const NetDumpContext& context() const { return c_; }

 private:
  const NetDumpContext& c_;
  const std::vector<std::string>& cells_;
};

// The neighbor's port: on its switch when it has a block, else on a CA made from the row.
PortId neighbor_port(const RowReader& r, Guid guid, FabricBuilder& builder) {
  const NetDumpColumns& c = r.context().columns;
  std::uint8_t number = static_cast<std::uint8_t>(r.number(c.neighbor_port, 1, 255));
  std::optional<NodeId> node = builder.find_node(guid);
  if (!node) {
    Node ca;
    ca.type = NodeType::Ca;
    ca.guid = guid;
    std::string_view description = r.cell(c.neighbor_description);
    if (description.size() >= 2 && description.front() == '"' && description.back() == '"') {
      description = description.substr(1, description.size() - 2);
    }
    ca.description = std::string(description);
    node = builder.add_node(std::move(ca));
  }
  PortId port = builder.port(*node, number);
  if (builder.node(*node).type != NodeType::Switch && !not_given(r.cell(c.neighbor_lid))) {
    builder.port_data(port).base_lid = static_cast<Lid>(r.number(c.neighbor_lid, 0, 0xFFFF));
  }
  return port;
}

}  // namespace

NetDumpColumns parse_net_dump_header(std::string_view line) {
  NetDumpColumns c;
  for (std::size_t colon = 0; colon != std::string_view::npos;) {
    colon = line.find(':');
    c.names.emplace_back(text::trim(line.substr(0, colon)));
    line = colon == std::string_view::npos ? std::string_view() : line.substr(colon + 1);
  }
  auto find = [&c](std::string_view name) -> std::optional<std::size_t> {
    auto it = std::find(c.names.begin(), c.names.end(), name);
    return it == c.names.end() ? std::nullopt : std::optional<std::size_t>(it - c.names.begin());
  };
  c.port = find("IB#") ? find("IB#") : find("#");
  c.state = find("Sta");
  c.phys = find("PhysSta");
  c.mtu = find("MTU");
  c.width = find("LWA");
  c.speed = find("LSA");
  c.neighbor_guid = find("Neighbor Guid");
  c.neighbor_port = find("N#");
  c.neighbor_lid = find("NLID");
  c.neighbor_description = find("Neighbor Description");
  return c;
}

std::vector<std::string> split_net_dump_row(std::string_view line, std::size_t columns) {
  std::vector<std::string> cells;
  while (cells.size() + 1 < columns) {
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      break;
    }
    cells.emplace_back(text::trim(line.substr(0, colon)));
    line = line.substr(colon + 1);
  }
  cells.emplace_back(text::trim(line));
  return cells;
}

void add_net_dump_row(const NetDumpContext& context, NodeId node,
                      const std::vector<std::string>& cells, FabricBuilder& builder) {
  RowReader r(context, cells);
  const NetDumpColumns& c = context.columns;
  PortId local = builder.port(node, static_cast<std::uint8_t>(r.number(c.port, 1, 255)));
  r.port_facts(builder.port_data(local));
  std::string_view guid_cell = r.cell(c.neighbor_guid);
  if (not_given(guid_cell)) {
    return;  // nothing cabled, or ibdiagnet could not tell what
  }
  std::optional<std::uint64_t> guid =
      text::starts_with(guid_cell, "0x") ? text::parse_hex(guid_cell) : std::nullopt;
  if (!guid) {
    r.fail("a neighbor GUID 0x<hex> in column Neighbor Guid", guid_cell);
  }
  builder.connect(local, neighbor_port(r, *guid, builder));
}

std::string ibdiag_header_time(std::string_view comment) {
  constexpr std::string_view kKey = "# Running timestamp";
  std::size_t colon = comment.find(':');
  if (!text::starts_with(comment, kKey) || colon == std::string_view::npos) {
    return "";
  }
  std::string_view value = text::trim(comment.substr(colon + 1));  // "2022-08-25 17:45:38 UTC"
  constexpr std::string_view kShape = "dddd-dd-dd dd:dd:dd UTC";
  if (value.size() < kShape.size()) {
    return "";
  }
  for (std::size_t i = 0; i < kShape.size(); ++i) {
    bool digit = std::isdigit(static_cast<unsigned char>(value[i])) != 0;
    if (kShape[i] == 'd' ? !digit : value[i] != kShape[i]) {
      return "";
    }
  }
  return std::string(value.substr(0, 10)) + "T" + std::string(value.substr(11, 8)) + "Z";
}

}  // namespace ibatlas::ibdiagnet
