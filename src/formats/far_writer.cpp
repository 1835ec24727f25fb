// write_far: the AR state of a snapshot as ibdiagnet2.far, so that a state read live can be
// checked again offline, and so tests can make .far files from known state. Column widths
// are ours (no public sample fixes them); read_far only needs blank-separated tokens.

#include <string>

#include "ibatlas/formats/far.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// The number ibdiagnet writes in "File version:". Unknown for real dumps; read_far takes any.
constexpr int kFileVersion = 1;
// Written for an entry without a DefaultPort (the legacy AR LFT): the LFT's "no port".
constexpr int kNoPort = 255;

// `text` and blanks up to `width` characters, and one blank at least. Strings, not stream
// manipulators, so the caller's stream flags stay as they were.
std::string column(const std::string& text, std::size_t width) {
  return text + std::string(text.size() < width ? width - text.size() : 1, ' ');
}

void write_groups(const SwitchAr& ar, std::ostream& out) {
  out << "Groups Definition:\n"
      << column("Group", 8) << column("Sub Group", 12) << column("WHBF", 12) << "Ports\n"
      << std::string(40, '-') << '\n';
  for (const ArGroup& g : ar.groups) {
    if (g.plft != 0 || g.table != 0) {
      continue;  // the format has no column for them
    }
    std::string ports;
    for (std::uint8_t p : g.ports) {
      ports += std::to_string(p) + ",";
    }
    out << column(std::to_string(g.group), 8) << column(std::to_string(g.sub_group), 12)
        << column(std::to_string(g.whbf.value_or(0)), 12) << ports << '\n';
  }
}

void write_lft(const ArLft& lft, std::ostream& out) {
  std::size_t top = lft.entries.empty() ? 0 : lft.entries.size() - 1;
  out << "\nLFT Definition:\n"
      << "PLFT_NUM: " << static_cast<int>(lft.plft) << " , top: " << text::hex_text(top, 4) << '\n'
      << column("LID", 10) << column("Static Port", 14) << column("Lid State", 12) << "Group\n"
      << std::string(44, '-') << '\n';
  for (std::size_t lid = 0; lid < lft.entries.size(); ++lid) {
    const std::optional<ArLftEntry>& e = lft.entries[lid];
    if (!e) {
      continue;
    }
    int port = e->default_port ? static_cast<int>(*e->default_port) : kNoPort;
    out << column(text::hex_text(lid, 4), 10) << column(std::to_string(port), 14)
        << column(to_string(e->state), 12) << e->group << '\n';
  }
}

}  // namespace

void write_far(const Fabric& fabric, std::ostream& out) {
  out << "# This file was written by ibatlas\n"
      << "File version: " << kFileVersion << '\n';
  for (const SwitchAr& ar : fabric.adaptive_routing()) {
    if (ar.lfts.empty()) {
      continue;
    }
    out << "\nSwitch " << text::guid_text(fabric.node(ar.switch_node).guid) << "\n\n";
    write_groups(ar, out);
    for (const ArLft& lft : ar.lfts) {
      write_lft(lft, out);
    }
  }
  std::flush(out);
}

}  // namespace ibatlas
