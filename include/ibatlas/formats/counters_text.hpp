#pragma once

// PerfMgt counters as infiniband-diags prints them, read back from text (a ticket, a log):
// `ibqueryerrors` (also -k/--details, --data) and `perfquery` (also -x, -l, -E, -D), in
// one file or several pasted together (docs/formats.md, "Counters text"). Attaching puts
// them into a copy of a Fabric as Port::counters, so `check SOURCE --counters FILE` audits
// the counters of a ticket against the fabric they were read on.
//
// ibqueryerrors:
//   Errors for 0x0002c903006e29b0 "sw1"      (a switch: its node GUID, which is port 0's)
//   Errors for "host mlx4_0"                (a CA or router: no GUID)
//      GUID 0x7cfe900300179b31 port 1: [VL15Dropped == 14] [PortXmitWait == 4294967295]
// A row's GUID is the port's GUID (a switch's node GUID). Only counters above ibqueryerrors'
// thresholds are printed; the others stay absent. "port ALL" rows are sums over the ports
// and are counted, not kept.
// perfquery:
//   # Port counters: Lid 3 port 1 (CapMask: 0x1600)
//   # Port extended counters: Lid 3 port 1 (CapMask: 0x1600 CapMask2: 0x0000000)
//   # PortRcvErrorDetails counters: Lid 3 port 1
//   # PortXmitDiscardDetails counters: Lid 3 port 1
//   SymbolErrorCounter:..............0
// Port 255 blocks (-a, aggregated) are counted, not kept; other "# ..." blocks (per-SL data,
// samples control) are passed over.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// What the counters of one port were read from, in order of preference.
enum class CounterSource {
  PortCounters,          // perfquery, or ibqueryerrors (which may print 64-bit values too)
  PortCountersExtended,  // perfquery -x
  Details,               // perfquery -E / -D
};

// The counters one row (ibqueryerrors) or one block (perfquery) gives for one port.
struct CounterRecord {
  std::size_t line = 0;                    // the row, or the block's "# ..." line; 1-based
  std::optional<Guid> node_guid;           // ibqueryerrors "Errors for 0x<GUID>" (switches)
  std::optional<Guid> port_guid;           // ibqueryerrors "GUID 0x<GUID> port N:"
  std::optional<std::string> description;  // ibqueryerrors "Errors for ... "desc""
  std::optional<Lid> lid;                  // perfquery "Lid N"
  std::uint8_t port = 0;
  CounterSource source = CounterSource::PortCounters;
  PortCounters counters;  // the counters the text gives; the others absent
};

struct CountersText {
  std::vector<CounterRecord> records;  // in text order
  std::size_t aggregate_rows = 0;      // "port ALL" rows and port 255 blocks, not kept
  std::vector<SkippedLine> skipped;    // lines of neither tool (prompts, banners)
};

// Parses ibqueryerrors and perfquery output. Throws ParseError ("name:line: expected ...,
// found ...") for a malformed "Errors for" line, "GUID ... port N:" row, "[Name == value]"
// item or "Name:....value" line of a known counter, a port above 255, a value that does not
// fit, and for a text with no counters at all (not even a "port ALL" row).
CountersText read_counters_text(std::string_view text, std::string_view name);

struct CountersAttachResult {
  Fabric fabric;
  std::size_t attached = 0;  // records put on a port
  // One message per record the fabric has no port for: "name:line: counters of ... port N:
  // ...", ready to print after "ibatlas: ".
  std::vector<std::string> unmatched;
};

// A copy of `fabric` with each record's counters on its port; every other part, ids included,
// unchanged. A record's port is found by GUID (a node GUID, else a port GUID, then the row's
// port number), else by LID (the node owning the LID, then the port number), else by node
// description when exactly one node has it. A record with a GUID or a LID the fabric does not
// hold is unmatched, except a row whose GUID is a port GUID the fabric lacks and whose header
// has no GUID (a CA's): its description decides. Counters merge field by field into what the
// port had: PortCounters records first, then PortCountersExtended, then Details, each in text
// order, a later value replacing an earlier one. Never throws.
CountersAttachResult attach_counters(const Fabric& fabric, const CountersText& counters,
                                     std::string_view name);

}  // namespace ibatlas
