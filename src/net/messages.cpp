// One encoder and one decoder per message, in the order of the variant: the type byte is the
// variant's index plus one, so adding a message at the end keeps every old number.

#include "ibatlas/net/messages.hpp"

#include "ibatlas/findings/registry.hpp"

#include "net/wire.hpp"

namespace ibatlas {
namespace {

using wire::put_string;
using wire::put_u16;
using wire::put_u32;
using wire::put_u64;
using wire::put_u8;

void put(std::string& out, const ReadyMessage& m) {
  put_u32(out, m.max_samples);
  put_u32(out, m.max_request_bytes);
  put_u32(out, m.max_run_ms);
}

void put(std::string& out, const TargetsMessage& m) {
  put_u32(out, static_cast<std::uint32_t>(m.addresses.size()));
  for (const std::string& address : m.addresses) {
    put_string(out, address);
  }
}

void put(std::string& out, const ArmMessage& m) {
  put_u64(out, m.token);
  put_string(out, m.peer);
  put_u32(out, m.max_packets);
  put_u32(out, m.window_ms);
}

void put(std::string& out, const ArmedMessage& m) {
  put_u64(out, m.token);
}

void put(std::string& out, const ProbeMessage& m) {
  put_u64(out, m.token);
  put_string(out, m.source);
  put_string(out, m.target);
  put_u16(out, m.udp_port);
  put_u32(out, m.request_bytes);
  put_u32(out, m.reply_bytes);
  put_u32(out, m.samples);
  put_u32(out, m.warmup);
  put_u32(out, m.timeout_ms);
}

void put(std::string& out, const ResultMessage& m) {
  put_u64(out, m.token);
  put_u32(out, m.sent);
  put_u32(out, m.lost);
  put_u32(out, m.duplicates);
  put_u32(out, m.late);
  put_u32(out, static_cast<std::uint32_t>(m.rtt_ns.size()));
  for (std::uint32_t rtt : m.rtt_ns) {
    put_u32(out, rtt);
  }
}

void put(std::string& /*out*/, const CancelMessage& /*m*/) {}

void put(std::string& out, const FailureMessage& m) {
  put_u64(out, m.token);
  put_u8(out, static_cast<std::uint8_t>(m.kind));
  put_string(out, m.text);
}

void put(std::string& out, const VerbsEndpointMessage& m) {
  put_u64(out, m.token);
  put_u32(out, m.qp_num);
  put_u32(out, m.psn);
  put_u16(out, m.lid);
  out.append(m.gid.begin(), m.gid.end());
  put_u16(out, m.dlid);
  put_u8(out, m.sl);
  put_u8(out, m.mtu);
}

// An endpoint: flags (1: node GUID follows, 2: port follows), the fields flagged, the name.
void put(std::string& out, const Endpoint& e) {
  put_u8(out, static_cast<std::uint8_t>((e.node_guid ? 1 : 0) | (e.port ? 2 : 0)));
  if (e.node_guid) {
    put_u64(out, *e.node_guid);
  }
  if (e.port) {
    put_u8(out, *e.port);
  }
  put_string(out, e.name);
}

void put(std::string& out, const Finding& f) {
  put_string(out, f.check);
  put_u8(out, static_cast<std::uint8_t>(f.severity));
  put_u8(out, static_cast<std::uint8_t>(f.location.kind));
  put(out, f.location.here);
  put_u8(out, f.location.peer ? 1 : 0);
  if (f.location.peer) {
    put(out, *f.location.peer);
  }
  for (const std::string* text : {&f.measured, &f.expected, &f.hint, &f.message}) {
    put_string(out, *text);
  }
}

void put(std::string& out, const HostFindingsMessage& m) {
  put_u32(out, static_cast<std::uint32_t>(m.findings.size()));
  for (const Finding& f : m.findings) {
    put(out, f);
  }
  put_string(out, m.unavailable);
}

void put(std::string& out, const MadProbeMessage& m) {
  put_u64(out, m.token);
  put_u16(out, m.dlid);
  put_u32(out, m.samples);
  put_u32(out, m.warmup);
  put_u32(out, m.timeout_ms);
}

void put(std::string& out, const VerbsProbeMessage& m) {
  put_u64(out, m.token);
  put_u8(out, static_cast<std::uint8_t>(m.role));
  for (std::uint32_t v : {m.request_bytes, m.reply_bytes, m.samples, m.warmup, m.timeout_ms}) {
    put_u32(out, v);
  }
}

ReadyMessage get_ready(wire::Reader& in) {
  ReadyMessage m;
  m.max_samples = in.u32();
  m.max_request_bytes = in.u32();
  m.max_run_ms = in.u32();
  return m;
}

TargetsMessage get_targets(wire::Reader& in) {
  TargetsMessage m;
  std::uint32_t count = in.u32();
  if (count > kMaxTargets) {
    in.fail(std::to_string(count) + " targets, more than " + std::to_string(kMaxTargets));
  }
  for (std::uint32_t i = 0; i < count; ++i) {
    m.addresses.push_back(in.string(kMaxAddressBytes));
  }
  return m;
}

ArmMessage get_arm(wire::Reader& in) {
  ArmMessage m;
  m.token = in.u64();
  m.peer = in.string(kMaxAddressBytes);
  m.max_packets = in.u32();
  m.window_ms = in.u32();
  return m;
}

ArmedMessage get_armed(wire::Reader& in) {
  return ArmedMessage{in.u64()};
}

ProbeMessage get_probe(wire::Reader& in) {
  ProbeMessage m;
  m.token = in.u64();
  m.source = in.string(kMaxAddressBytes);
  m.target = in.string(kMaxAddressBytes);
  m.udp_port = in.u16();
  m.request_bytes = in.u32();
  m.reply_bytes = in.u32();
  m.samples = in.u32();
  m.warmup = in.u32();
  m.timeout_ms = in.u32();
  return m;
}

ResultMessage get_result(wire::Reader& in) {
  ResultMessage m;
  m.token = in.u64();
  m.sent = in.u32();
  m.lost = in.u32();
  m.duplicates = in.u32();
  m.late = in.u32();
  std::uint32_t count = in.u32();
  // Checked against what is left before reserving, so a forged count allocates nothing.
  if (count > kMaxResultSamples || in.remaining() != std::size_t{count} * 4) {
    in.fail("a list of " + std::to_string(count) + " samples in " + std::to_string(in.remaining()) +
            " bytes");
  }
  m.rtt_ns.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    m.rtt_ns.push_back(in.u32());
  }
  return m;
}

FailureMessage get_failure(wire::Reader& in) {
  FailureMessage m;
  m.token = in.u64();
  std::uint8_t kind = in.u8();
  if (kind != static_cast<std::uint8_t>(FailureKind::Refused) &&
      kind != static_cast<std::uint8_t>(FailureKind::Failed)) {
    in.fail("unknown failure kind " + std::to_string(kind));
  }
  m.kind = static_cast<FailureKind>(kind);
  m.text = in.string(kMaxTextBytes);
  return m;
}

VerbsEndpointMessage get_verbs_endpoint(wire::Reader& in) {
  VerbsEndpointMessage m;
  m.token = in.u64();
  m.qp_num = in.u32();
  m.psn = in.u32();
  m.lid = in.u16();
  for (std::uint8_t& byte : m.gid) {
    byte = in.u8();
  }
  m.dlid = in.u16();
  m.sl = in.u8();
  m.mtu = in.u8();
  if (m.qp_num > 0xffffff || m.psn > 0xffffff || m.sl > 15 || m.mtu > 5) {
    in.fail("a QP number or PSN over 24 bits, an SL over 15 or an MTU code over 5");
  }
  return m;
}

Endpoint get_endpoint(wire::Reader& in) {
  Endpoint e;
  std::uint8_t flags = in.u8();
  if (flags > 3) {
    in.fail("endpoint flags " + std::to_string(flags));
  }
  if ((flags & 1) != 0) {
    e.node_guid = in.u64();
  }
  if ((flags & 2) != 0) {
    e.port = in.u8();
  }
  e.name = in.string(kMaxTextBytes);
  return e;
}

// Only the host doctor's ids: an agent reports on its own host, nothing else.
Finding get_finding(wire::Reader& in) {
  Finding f;
  f.check = in.string(kMaxTextBytes);
  if (!f.check.starts_with("host.") || find_check(f.check) == nullptr) {
    in.fail("a finding \"" + f.check.substr(0, 64) + "\", not a host check");
  }
  std::uint8_t severity = in.u8();
  std::uint8_t kind = in.u8();
  if (severity > static_cast<std::uint8_t>(Severity::Info) ||
      kind > static_cast<std::uint8_t>(LocationKind::Link)) {
    in.fail("severity " + std::to_string(severity) + " or location kind " + std::to_string(kind));
  }
  f.severity = static_cast<Severity>(severity);
  f.location.kind = static_cast<LocationKind>(kind);
  f.location.here = get_endpoint(in);
  std::uint8_t has_peer = in.u8();
  if (has_peer > 1) {
    in.fail("peer flag " + std::to_string(has_peer));
  }
  if (has_peer == 1) {
    f.location.peer = get_endpoint(in);
  }
  for (std::string* text : {&f.measured, &f.expected, &f.hint, &f.message}) {
    *text = in.string(kMaxTextBytes);
  }
  return f;
}

HostFindingsMessage get_host_findings(wire::Reader& in) {
  HostFindingsMessage m;
  std::uint32_t count = in.u32();
  if (count > kMaxHostFindings) {
    in.fail(std::to_string(count) + " findings, more than " + std::to_string(kMaxHostFindings));
  }
  m.findings.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    m.findings.push_back(get_finding(in));
  }
  m.unavailable = in.string(kMaxTextBytes);
  return m;
}

MadProbeMessage get_mad_probe(wire::Reader& in) {
  MadProbeMessage m;
  m.token = in.u64();
  m.dlid = in.u16();
  m.samples = in.u32();
  m.warmup = in.u32();
  m.timeout_ms = in.u32();
  return m;
}

VerbsProbeMessage get_verbs_probe(wire::Reader& in) {
  VerbsProbeMessage m;
  m.token = in.u64();
  std::uint8_t role = in.u8();
  if (role != static_cast<std::uint8_t>(VerbsRole::Requester) &&
      role != static_cast<std::uint8_t>(VerbsRole::Responder)) {
    in.fail("unknown verbs role " + std::to_string(role));
  }
  m.role = static_cast<VerbsRole>(role);
  for (std::uint32_t* v :
       {&m.request_bytes, &m.reply_bytes, &m.samples, &m.warmup, &m.timeout_ms}) {
    *v = in.u32();
  }
  return m;
}

Message get_body(std::uint8_t type, wire::Reader& in) {
  switch (type) {
    case 1:
      return get_ready(in);
    case 2:
      return get_targets(in);
    case 3:
      return get_arm(in);
    case 4:
      return get_armed(in);
    case 5:
      return get_probe(in);
    case 6:
      return get_result(in);
    case 7:
      return CancelMessage{};
    case 8:
      return get_failure(in);
    case 9:
      return get_verbs_endpoint(in);
    case 10:
      return get_host_findings(in);
    case 11:
      return get_mad_probe(in);
    case 12:
      return get_verbs_probe(in);
    default:
      in.fail("unknown message type " + std::to_string(type));
  }
}

}  // namespace

std::string encode_message(const Message& message) {
  std::string out;
  put_u8(out, static_cast<std::uint8_t>(message.index() + 1));
  std::visit([&out](const auto& m) { put(out, m); }, message);
  return out;
}

Message decode_message(std::string_view payload) {
  wire::Reader in(payload, "message");
  std::uint8_t type = in.u8();
  Message message = get_body(type, in);
  in.expect_end();
  return message;
}

std::string message_name(const Message& message) {
  static constexpr const char* kNames[] = {
      "ready",   "targets",        "arm",           "armed",     "probe",      "result", "cancel",
      "failure", "verbs-endpoint", "host-findings", "mad-probe", "verbs-probe"};
  return kNames[message.index()];
}

}  // namespace ibatlas
