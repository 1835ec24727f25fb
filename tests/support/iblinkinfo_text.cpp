#include "support/iblinkinfo_text.hpp"

#include <cinttypes>
#include <cstdio>

namespace ibatlas::test {

namespace {

// Each printf below has a literal format (-Wformat-nonliteral), copied from iblinkinfo.c.
constexpr std::size_t kLine = 512;

bool kept(const LinkinfoRow& r, LinkinfoFilter filter) {
  return filter == LinkinfoFilter::All || (filter == LinkinfoFilter::SwitchesOnly) == r.is_switch;
}

// print_port's link_str and remote_str (line_mode adds the peer's port GUID).
std::string link_and_peer(const LinkinfoRow& r, bool line_mode) {
  char link[kLine];
  if (r.state != "Down") {
    std::snprintf(link, kLine, "(%3s %18s %6s/%8s)", r.width.c_str(), r.speed.c_str(),
                  r.state.c_str(), r.phys.c_str());
  } else {
    std::snprintf(link, kLine, "(              %6s/%8s)", r.state.c_str(), r.phys.c_str());
  }
  char remote[kLine];
  std::string guid;
  if (r.peer && line_mode) {
    std::snprintf(remote, kLine, "0x%016" PRIx64 " ", r.peer->guid);
    guid = remote;
  }
  if (r.peer) {
    std::snprintf(remote, kLine, "%s%6d %4d[%2s] \"%s\" (%s %s)\n", guid.c_str(), int{r.peer->lid},
                  r.peer->port, "", r.peer->desc.c_str(), "", "");
  } else if (r.state == "Down") {
    std::snprintf(remote, kLine, "           [  ] \"\" ( )\n");
  } else {
    std::snprintf(remote, kLine, "    \"Port not available\"\n");
  }
  std::string link_text = link;
  std::string remote_text = remote;
  char out[kLine];
  std::snprintf(out, kLine, "%6d %4d[%2s] ==%s==>  %s", int{r.lid}, r.port, "", link_text.c_str(),
                remote_text.c_str());
  return out;
}

LinkinfoRow row(int node, bool is_switch, Guid guid, const std::string& desc, Lid lid, int port) {
  LinkinfoRow r;
  r.node = node;
  r.is_switch = is_switch;
  r.guid = guid;
  r.desc = desc;
  r.lid = lid;
  r.port = port;
  r.width = "4X";
  r.speed = "10.0 Gbps";
  return r;
}

LinkinfoRow cabled(LinkinfoRow r, const LinkinfoRow& peer) {
  r.peer = LinkinfoPeer{peer.guid, peer.lid, peer.port, peer.desc};
  return r;
}

LinkinfoRow down(LinkinfoRow r) {
  r.width.clear();
  r.speed.clear();
  r.state = "Down";
  r.phys = "Polling";
  return r;
}

}  // namespace

std::string linkinfo_default(const std::vector<LinkinfoRow>& rows, LinkinfoFilter filter) {
  std::string out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const LinkinfoRow& r = rows[i];
    if (!kept(r, filter)) {
      continue;
    }
    char text[kLine];
    if (i == 0 || rows[i - 1].node != r.node) {
      if (r.is_switch) {
        std::snprintf(text, kLine, "Switch: 0x%016" PRIx64 " %s:\n", r.guid, r.desc.c_str());
      } else {
        std::snprintf(text, kLine, "CA: %s:\n", r.desc.c_str());
      }
      out += text;
    }
    out += "      ";
    if (!r.is_switch) {
      std::snprintf(text, kLine, "0x%016" PRIx64 " ", r.guid);
      out += text;
    }
    out += link_and_peer(r, false);
  }
  return out;
}

std::string linkinfo_lines(const std::vector<LinkinfoRow>& rows, LinkinfoFilter filter) {
  std::string out;
  for (const LinkinfoRow& r : rows) {
    if (kept(r, filter)) {
      char text[kLine];
      std::snprintf(text, kLine, "0x%016" PRIx64 " \"%30s\" ", r.guid, r.desc.c_str());
      out += text + link_and_peer(r, true);
    }
  }
  return out;
}

std::vector<LinkinfoRow> linkinfo_sample() {
  const Guid a = 0x2c90200000001;
  const Guid b = 0x2c90200000002;
  LinkinfoRow a1 = row(0, true, a, "sw-a", 1, 1);
  LinkinfoRow a2 = row(0, true, a, "sw-a", 1, 2);
  LinkinfoRow a10 = row(0, true, a, "sw-a", 1, 10);
  LinkinfoRow b1 = row(1, true, b, "sw-b", 2, 1);
  LinkinfoRow b2 = row(1, true, b, "sw-b", 2, 2);
  LinkinfoRow b10 = row(1, true, b, "sw-b", 2, 10);
  LinkinfoRow h1 = row(2, false, 0x2c90300000011, "h1 HCA-1", 11, 1);
  LinkinfoRow h2p1 = row(3, false, 0x2c90300000021, "h2 HCA-1", 21, 1);
  LinkinfoRow h2p2 = row(3, false, 0x2c90300000022, "h2 HCA-1", 22, 2);
  LinkinfoRow h3 = row(4, false, 0x2c90300000031, "h3 HCA-1", 31, 1);
  for (LinkinfoRow* slow : {&b1, &h2p2}) {
    slow->width = "1X";
    slow->speed = "2.5 Gbps";
  }
  return {cabled(a1, h1),
          cabled(a2, h2p1),
          down(row(0, true, a, "sw-a", 1, 3)),
          cabled(a10, b10),
          cabled(b1, h2p2),
          cabled(b2, h3),
          down(row(1, true, b, "sw-b", 2, 3)),
          cabled(b10, a10),
          cabled(h1, a1),
          cabled(h2p1, a2),
          cabled(h2p2, b1),
          cabled(h3, b2)};
}

}  // namespace ibatlas::test
