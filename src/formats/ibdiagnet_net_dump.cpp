// ibdiagnet2.net_dump, as NVIDIA's own scripts quote it (docs/formats.md lists the sources):
//
//   "MF0;leaf1:MQM8700/U1", Mellanox, 0x1070fd03001adeb4, LID 24328
//     #  : IB# : Sta : PhysSta : MTU : LWA : LSA : FEC mode : Retran : Neighbor Guid : N# : NLID :
//     Neighbor Description 1  : 1   : ACT : LINK UP : 5   : 4x  : 50  : MLNX_RS_271_257_PLR :
//     NO-RTR : 0xc42a10300dbfb92 : 40 : 25697 : "MF0;..."
//
// One block per switch. "#" is the port's label ("1/1/1" on split Quantum-2 ports), "IB#" its
// IB port number, LSA the lane speed as ibdm prints it ("50" is HDR). The rows are read in a
// second step, once every block is known, so a neighbor with a block of its own is that
// switch wherever its block is; any other neighbor becomes a CA known only by what the row
// says of it.

#include "ibatlas/formats/ibdiagnet_net_dump.hpp"

#include <string>
#include <utility>
#include <vector>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "formats/ibdiagnet_net_dump_row.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using ibdiagnet::NetDumpColumns;

struct PendingRow {
  std::size_t line = 0;
  NodeId node;
  std::size_t columns = 0;  // index into NetDumpReader::columns_
  std::vector<std::string> cells;
};

class NetDumpReader {
 public:
  explicit NetDumpReader(std::string_view name) : name_(name) {}

  void line(std::string_view raw, std::size_t number) {
    line_ = number;
    std::string_view t = text::trim(raw);
    if (t.empty()) {
      return;
    }
    if (t.front() == '"') {
      block(t);
    } else if (t.front() == '#') {
      if (looks_like_ibdiagnet_net_dump_line(t)) {
        columns_.push_back(ibdiagnet::parse_net_dump_header(t));
      } else {
        time_ = time_.empty() ? ibdiagnet::ibdiag_header_time(t) : time_;
      }
    } else if (block_ && t.find(':') != std::string_view::npos) {
      row(t);
    } else {
      skipped_.push_back(SkippedLine{number, std::string(raw)});
    }
  }

  ReadResult finish() && {
    for (const PendingRow& row : rows_) {
      ibdiagnet::NetDumpContext context{name_, row.line, columns_[row.columns]};
      ibdiagnet::add_net_dump_row(context, row.node, row.cells, builder_);
    }
    builder_.set_provenance(
        Provenance{std::string(name_), "ibdiagnet-net-dump",
                   time_.empty() ? std::nullopt : std::optional<std::string>(time_), "ibdiagnet",
                   std::nullopt});
    ReadResult result;
    result.fabric = std::move(builder_).build();
    result.skipped = std::move(skipped_);
    return result;
  }

 private:
  [[noreturn]] void fail(const std::string& expected, std::string_view found) const {
    throw ParseError(std::string(name_), line_, expected, quote_found(found));
  }

  // `"<description>", <vendor>, 0x<GUID>, LID <lid>`; the description may hold commas.
  void block(std::string_view t) {
    std::size_t close = t.rfind('"');
    std::vector<std::string_view> parts;  // parts[0] is what lies between '"' and ','
    std::string_view rest = close == 0 ? std::string_view() : t.substr(close + 1);
    while (!rest.empty()) {
      std::size_t comma = rest.find(',');
      parts.push_back(text::trim(rest.substr(0, comma)));
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    bool shape = parts.size() >= 4 && parts[0].empty();
    std::string_view guid_text = shape ? parts[parts.size() - 2] : std::string_view();
    std::optional<std::uint64_t> guid =
        text::starts_with(guid_text, "0x") ? text::parse_hex(guid_text) : std::nullopt;
    std::string_view lid = shape ? parts.back() : std::string_view();
    std::optional<std::uint64_t> lid_value =
        text::starts_with(lid, "LID ") ? text::parse_decimal(lid.substr(4)) : std::nullopt;
    if (!guid || !lid_value || *lid_value > 0xFFFF) {
      fail("a switch line \"<description>\", <vendor>, 0x<GUID>, LID <lid>", t);
    }
    if (builder_.find_node(*guid)) {
      fail("a switch GUID without an earlier block", t);
    }
    Node node;
    node.type = NodeType::Switch;
    node.guid = *guid;
    node.description = std::string(t.substr(1, close - 1));
    block_ = builder_.add_node(std::move(node));
    builder_.port_data(builder_.port(*block_, 0)).base_lid = static_cast<Lid>(*lid_value);
  }

  void row(std::string_view t) {
    if (columns_.empty()) {
      fail("a column header (#  : IB# : Sta : ...) before the first port row", t);
    }
    rows_.push_back(PendingRow{line_, *block_, columns_.size() - 1,
                               ibdiagnet::split_net_dump_row(t, columns_.back().names.size())});
  }

  std::string_view name_;
  std::size_t line_ = 0;
  FabricBuilder builder_;
  std::optional<NodeId> block_;
  std::vector<NetDumpColumns> columns_;
  std::vector<PendingRow> rows_;
  std::vector<SkippedLine> skipped_;
  std::string time_;
};

}  // namespace

ReadResult read_ibdiagnet_net_dump(std::string_view text, std::string_view name) {
  NetDumpReader reader(name);
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    reader.line(*line, lines.line_number());
  }
  return std::move(reader).finish();
}

bool looks_like_ibdiagnet_net_dump_line(std::string_view line) {
  if (!text::starts_with(line, "#")) {
    return false;
  }
  NetDumpColumns c = ibdiagnet::parse_net_dump_header(line);
  return !c.names.empty() && c.names.front() == "#" && c.port && c.state && c.neighbor_guid;
}

}  // namespace ibatlas
