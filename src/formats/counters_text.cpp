// read_counters_text: ibqueryerrors and perfquery output, line by line. Lines are told apart
// by how they start ("Errors for", "GUID 0x", "# ... counters:", "Name:...."), so both
// tools' output may be pasted into one file, with shell prompts in between. The counter
// names are libibmad's (fields.c), which both tools print.

#include "ibatlas/formats/counters_text.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

using Field = std::optional<std::uint64_t> PortCounters::*;

struct NamedField {
  std::string_view name;
  Field field;
};

// PortCounters and PortCountersExtended, as libibmad names their fields.
constexpr std::array kCounterFields = {
    NamedField{"SymbolErrorCounter", &PortCounters::symbol_errors},
    NamedField{"LinkErrorRecoveryCounter", &PortCounters::link_error_recovery},
    NamedField{"LinkDownedCounter", &PortCounters::link_downed},
    NamedField{"PortRcvErrors", &PortCounters::rcv_errors},
    NamedField{"PortRcvRemotePhysicalErrors", &PortCounters::rcv_remote_phys_errors},
    NamedField{"PortRcvSwitchRelayErrors", &PortCounters::rcv_switch_relay_errors},
    NamedField{"PortXmitDiscards", &PortCounters::xmit_discards},
    NamedField{"PortXmitConstraintErrors", &PortCounters::xmit_constraint_errors},
    NamedField{"PortRcvConstraintErrors", &PortCounters::rcv_constraint_errors},
    NamedField{"LocalLinkIntegrityErrors", &PortCounters::local_link_integrity_errors},
    NamedField{"ExcessiveBufferOverrunErrors", &PortCounters::excessive_buffer_overruns},
    NamedField{"VL15Dropped", &PortCounters::vl15_dropped},
    NamedField{"PortXmitWait", &PortCounters::xmit_wait},
    NamedField{"PortXmitData", &PortCounters::xmit_data},
    NamedField{"PortRcvData", &PortCounters::rcv_data},
    NamedField{"PortXmitPkts", &PortCounters::xmit_pkts},
    NamedField{"PortRcvPkts", &PortCounters::rcv_pkts},
    NamedField{"PortUnicastXmitPkts", &PortCounters::unicast_xmit_pkts},
    NamedField{"PortUnicastRcvPkts", &PortCounters::unicast_rcv_pkts},
    NamedField{"PortMulticastXmitPkts", &PortCounters::multicast_xmit_pkts},
    NamedField{"PortMulticastRcvPkts", &PortCounters::multicast_rcv_pkts},
};

// PortRcvErrorDetails, in attribute order (the offset of field i is 32 + 16 i bits).
constexpr std::array kRcvDetails = {
    NamedField{"PortLocalPhysicalErrors", &PortCounters::local_physical_errors},
    NamedField{"PortMalformedPktErrors", &PortCounters::malformed_packet_errors},
    NamedField{"PortBufferOverrunErrors", &PortCounters::buffer_overrun_errors},
    NamedField{"PortDLIDMappingErrors", &PortCounters::dlid_mapping_errors},
    NamedField{"PortVLMappingErrors", &PortCounters::vl_mapping_errors},
    NamedField{"PortLoopingErrors", &PortCounters::looping_errors},
};

// PortXmitDiscardDetails, in attribute order (same offsets).
constexpr std::array kXmitDetails = {
    NamedField{"PortInactiveDiscards", &PortCounters::inactive_discards},
    NamedField{"PortNeighborMTUDiscards", &PortCounters::neighbor_mtu_discards},
    NamedField{"PortSwLifetimeLimitDiscards", &PortCounters::sw_lifetime_limit_discards},
    NamedField{"PortSwHOQLifetimeLimitDiscards", &PortCounters::sw_hoq_lifetime_limit_discards},
};

template <std::size_t N>
std::optional<std::size_t> index_of(const std::array<NamedField, N>& fields,
                                    std::string_view name) {
  for (std::size_t i = 0; i < N; ++i) {
    if (fields[i].name == name) {
      return i;
    }
  }
  return std::nullopt;
}

// The field `name` fills, or nullptr for a name that is no counter of ours (PortSelect,
// CounterSelect, QP1Dropped, ...).
Field field_named(std::string_view name) {
  if (auto i = index_of(kCounterFields, name)) {
    return kCounterFields[*i].field;
  }
  if (auto i = index_of(kRcvDetails, name)) {
    return kRcvDetails[*i].field;
  }
  if (auto i = index_of(kXmitDetails, name)) {
    return kXmitDetails[*i].field;
  }
  return nullptr;
}

// ibqueryerrors --details prints the details of a counter right after it, but swaps the
// two attributes' field lists (rdma-core ibqueryerrors.c, print_results): after
// PortXmitDiscards it decodes PortXmitDiscardDetails with PortRcvErrorDetails' names, and
// after PortRcvErrors the reverse. The two attributes lay their fields out at the same
// offsets, so the i-th name stands for the i-th field of the attribute really read. Names
// that already belong to their parent (a fixed ibqueryerrors) are taken as they are. A
// returned nullptr: a reserved field (only 4 discard details exist).
Field detail_field(std::string_view parent, std::string_view name) {
  if (parent == "PortXmitDiscards") {
    if (auto i = index_of(kRcvDetails, name)) {
      return *i < kXmitDetails.size() ? kXmitDetails[*i].field : nullptr;
    }
  } else if (parent == "PortRcvErrors") {
    if (auto i = index_of(kXmitDetails, name)) {
      return kRcvDetails[*i].field;
    }
  }
  return field_named(name);
}

bool is_detail(std::string_view name) {
  return index_of(kRcvDetails, name) || index_of(kXmitDetails, name);
}

class Reader {
 public:
  explicit Reader(std::string_view name) : name_(name) {}

  CountersText read(std::string_view text);

 private:
  struct Header {  // the last "Errors for" line
    std::optional<Guid> guid;
    std::optional<std::string> description;
  };

  [[noreturn]] void fail(std::string_view expected, std::string_view found) const {
    throw ParseError(std::string(name_), line_, std::string(expected), quote_found(found));
  }

  void read_line(std::string_view line);
  void errors_header(std::string_view rest);
  void errors_row(std::string_view rest);
  void items(std::string_view rest, CounterRecord& record);
  void perfquery_header(std::string_view rest);
  bool perfquery_field(std::string_view line);
  std::uint8_t port_number(std::string_view text);

  std::string_view name_;
  std::size_t line_ = 0;
  CountersText out_;
  bool recognized_ = false;
  Header header_;
  std::optional<CounterRecord> block_;  // the perfquery block being read
  bool in_other_block_ = false;         // a "# ..." block we pass over
};

std::uint8_t Reader::port_number(std::string_view text) {
  std::optional<std::uint64_t> port = text::parse_decimal(text);
  if (!port || *port > 255) {
    fail("a port number (0-255)", text);
  }
  return static_cast<std::uint8_t>(*port);
}

void Reader::errors_header(std::string_view rest) {
  // `Errors for 0x<GUID> "desc"` or `Errors for "desc"`; the description may hold quotes.
  header_ = Header{};
  recognized_ = true;
  rest = text::trim(rest);
  if (!rest.starts_with('"')) {
    std::string_view guid = text::next_token(rest);
    std::optional<std::uint64_t> value =
        guid.starts_with("0x") ? text::parse_hex(guid) : std::nullopt;
    if (!value) {
      fail("0x<GUID> or \"description\" after \"Errors for\"", guid);
    }
    header_.guid = *value;
    rest = text::trim(rest);
  }
  if (rest.size() < 2 || !rest.starts_with('"') || !rest.ends_with('"')) {
    fail("a \"description\"", rest);
  }
  header_.description = std::string(rest.substr(1, rest.size() - 2));
}

void Reader::errors_row(std::string_view rest) {
  // `GUID 0x<GUID> port <N|ALL>:` then items.
  std::string_view guid = text::next_token(rest);
  std::optional<std::uint64_t> value =
      guid.starts_with("0x") ? text::parse_hex(guid) : std::nullopt;
  if (!value) {
    fail("0x<GUID> after \"GUID\"", guid);
  }
  std::string_view word = text::next_token(rest);
  std::string_view port = text::next_token(rest);
  if (word != "port" || !port.ends_with(':')) {
    fail("\"port N:\"", std::string(word) + " " + std::string(port));
  }
  port.remove_suffix(1);
  recognized_ = true;
  if (port == "ALL") {  // a sum over the ports: no port's counters
    ++out_.aggregate_rows;
    return;
  }
  CounterRecord record;
  record.line = line_;
  record.node_guid = header_.guid;
  record.port_guid = *value;
  record.description = header_.description;
  record.port = port_number(port);
  items(rest, record);
  out_.records.push_back(std::move(record));
}

void Reader::items(std::string_view rest, CounterRecord& record) {
  // " [Name == 123]" or, 64-bit and data counters, " [Name == 123 (1.234KB)]".
  std::string_view parent;
  for (rest = text::trim(rest); !rest.empty(); rest = text::trim(rest)) {
    std::size_t close = rest.find(']');
    if (!rest.starts_with('[') || close == std::string_view::npos) {
      fail("[Counter == value]", rest);
    }
    std::string_view whole = rest.substr(0, close + 1);
    std::string_view item = rest.substr(1, close - 1);
    rest.remove_prefix(close + 1);
    std::string_view name = text::next_token(item);
    std::string_view equals = text::next_token(item);
    std::string_view number = text::next_token(item);
    std::string_view unit = text::trim(item);
    std::optional<std::uint64_t> value = text::parse_decimal(number);
    bool unit_ok = unit.empty() || (unit.starts_with('(') && unit.ends_with(')'));
    if (name.empty() || equals != "==" || !value || !unit_ok) {
      fail("[Counter == value]", whole);
    }
    Field field = is_detail(name) ? detail_field(parent, name) : field_named(name);
    if (!is_detail(name)) {
      parent = name;
    }
    if (field != nullptr) {
      record.counters.*field = *value;
    }
  }
}

void Reader::perfquery_header(std::string_view rest) {
  // rest: "<attribute> counters: <portid> port N (CapMask: ...)", portid "Lid N[ ...]".
  std::size_t colon = rest.find("counters:");
  std::string_view attribute = text::trim(rest.substr(0, colon));
  std::optional<CounterSource> source;
  if (attribute == "Port") {
    source = CounterSource::PortCounters;
  } else if (attribute == "Port extended") {
    source = CounterSource::PortCountersExtended;
  } else if (attribute == "PortRcvErrorDetails" || attribute == "PortXmitDiscardDetails") {
    source = CounterSource::Details;
  }
  header_ = Header{};  // rows after this block belong to no "Errors for" line
  if (!source) {       // per-SL, per-VL, congestion counters: none of ours
    in_other_block_ = true;
    return;
  }
  std::string_view where = rest.substr(colon + 9);
  std::size_t open = where.find(" (");
  where = text::trim(where.substr(0, open));
  std::size_t at = where.rfind(" port ");
  if (at == std::string_view::npos) {
    fail("\"<port id> port N\"", where);
  }
  CounterRecord record;
  record.line = line_;
  record.source = *source;
  record.port = port_number(where.substr(at + 6));
  std::string_view id = where.substr(0, at);
  if (id.starts_with("Lid ")) {
    id.remove_prefix(4);
    std::string_view lid = text::next_token(id);
    std::optional<std::uint64_t> value = text::parse_decimal(lid);
    if (!value || *value > 0xffff) {
      fail("a LID (0-65535)", lid);
    }
    record.lid = static_cast<Lid>(*value);
  }
  recognized_ = true;
  block_ = std::move(record);
}

bool Reader::perfquery_field(std::string_view line) {
  // "Name:.....value"; false for a line of another shape (the block ends there).
  std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0 || !text::all_alnum(line.substr(0, colon))) {
    return false;
  }
  std::string_view name = line.substr(0, colon);
  std::string_view value = line.substr(colon + 1);
  value.remove_prefix(std::min(value.size(), value.find_first_not_of('.')));
  if (!block_) {
    return true;  // a block of other counters
  }
  Field field = field_named(name);
  if (name == "PortSelect" && value == "255") {
    block_->port = 255;
  }
  if (field == nullptr) {
    return true;
  }
  std::optional<std::uint64_t> number = text::parse_decimal(text::trim(value));
  if (!number) {
    fail(std::string("a number after ") + std::string(name) + ":", value);
  }
  block_->counters.*field = *number;
  return true;
}

void Reader::read_line(std::string_view line) {
  std::string_view trimmed = text::trim(line);
  if (block_ || in_other_block_) {
    if (perfquery_field(trimmed)) {
      return;
    }
    if (block_) {
      if (block_->port == 255) {
        ++out_.aggregate_rows;
      } else {
        out_.records.push_back(std::move(*block_));
      }
    }
    block_.reset();
    in_other_block_ = false;
  }
  if (trimmed.empty()) {
    return;
  }
  if (trimmed.starts_with("Errors for ")) {
    errors_header(trimmed.substr(11));
  } else if (trimmed.starts_with("Data Counters for ")) {
    errors_header(trimmed.substr(18));
  } else if (trimmed.starts_with("GUID 0x")) {
    errors_row(trimmed.substr(5));
  } else if (trimmed.starts_with("# ") && trimmed.find("counters:") != std::string_view::npos) {
    perfquery_header(trimmed.substr(2));
  } else if (trimmed.starts_with("# PortSamplesControl:")) {
    in_other_block_ = true;
  } else if (trimmed.starts_with("## ")) {  // ibqueryerrors' summary, thresholds
    recognized_ = true;
  } else if (!trimmed.starts_with("Link info:")) {  // ibqueryerrors -r follows a row with it
    out_.skipped.push_back(SkippedLine{line_, std::string(line)});
  }
}

CountersText Reader::read(std::string_view text) {
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    line_ = lines.line_number();
    read_line(*line);
  }
  read_line("");  // ends the last perfquery block
  if (!recognized_) {
    line_ = out_.skipped.empty() ? 1 : out_.skipped[0].line;
    fail(
        "ibqueryerrors or perfquery output (\"Errors for\", \"GUID 0x... port N:\", "
        "\"# Port counters:\")",
        out_.skipped.empty() ? std::string_view() : std::string_view(out_.skipped[0].text));
  }
  return std::move(out_);
}

}  // namespace

CountersText read_counters_text(std::string_view text, std::string_view name) {
  return Reader(name).read(text);
}

}  // namespace ibatlas
