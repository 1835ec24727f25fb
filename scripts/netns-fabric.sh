#!/usr/bin/env bash
# A fabric emulated with network namespaces, for the probe engine's tests (docs/probe.md,
# "Testing without a card"):
#
#   scripts/netns-fabric.sh up DIR SNAPSHOT [--lfts FILE] [--slow NODE:PORT=MBIT]...
#                              [--prefix NAME] [--agent-args "ARGS"] [--no-agents]
#   scripts/netns-fabric.sh down DIR
#
# `up` reads SNAPSHOT and its forwarding tables (installed, or attached from --lfts) through
# ibatlas itself and builds:
#   - one network namespace per host and per switch, and one management namespace
#     (PREFIX-m) where the controller runs: `ip netns exec PREFIX-m ibatlas probe ...`;
#   - one veth pair per cable, named p<port> at both ends (each end in its node's
#     namespace), with a /31 link net from 10.202.0.0/16;
#   - each host's LIDs as /32 addresses, LID L -> 10.200.(L>>8).(L&255), on its port;
#   - in every switch namespace one route per LID of its table, via the cable its table
#     names, so IP traffic between hosts follows exactly the LFT path (rp_filter off:
#     LFT routes are often asymmetric);
#   - a management bridge in PREFIX-m with one veth per host (10.201.0.0/16), so control
#     traffic never crosses the emulated fabric;
#   - --slow NODE:PORT=MBIT: a TBF rate limit on both ends of that cable (netem is not in
#     this kernel; TBF delays only traffic beyond its rate, so it shows on large messages);
#   - a fresh key (DIR/key) and `ibatlas agent` in every host namespace; DIR/hosts maps
#     each host to its agent (the HOSTS file of `ibatlas probe`).
# Every name it makes is recorded in DIR before it is made; `down` removes exactly those
# (agents by PID, then namespaces; veths and routes go with their namespaces). The
# addresses exist only inside these namespaces. Needs root, iproute2 and tc.
# IBATLAS names the program (default: build/gcc/apps/ibatlas, else `ibatlas` on PATH).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
ibatlas=${IBATLAS:-}
if [[ -z $ibatlas ]]; then
  if [[ -x $here/build/gcc/apps/ibatlas ]]; then
    ibatlas=$here/build/gcc/apps/ibatlas
  else
    ibatlas=$(command -v ibatlas || true)
  fi
fi

die() {
  echo "netns-fabric: $*" >&2
  exit 2
}

usage() {
  die "usage: netns-fabric.sh up DIR SNAPSHOT [--lfts FILE] [--slow NODE:PORT=MBIT]... [--prefix NAME] [--agent-args ARGS] [--no-agents] | down DIR"
}

# The layout, from ibatlas's JSON and dump_lfts output: one line per thing to make.
#   host NS GUID PORT LID LMC NAME     a host namespace, its port and LIDs
#   switch NS NAME                     a switch namespace (NAME last: it may hold blanks)
#   cable NSA PORTA NSB PORTB ADDRA ADDRB
#   route NS DEST_IP PORT VIA          in a switch namespace
#   slow NS PORT MBIT
layout() {  # fabric.json lfts.txt prefix slow...
  python3 - "$@" <<'PY'
import json, re, sys

fabric_json, lfts_txt, prefix = sys.argv[1:4]
slow_args = sys.argv[4:]
doc = json.load(open(fabric_json))
nodes = doc["nodes"]
by_guid = {n["guid"]: n for n in nodes}
ns = {}
hosts = switches = 0
for n in nodes:
    if n["type"] == "Switch":
        switches += 1
        ns[n["guid"]] = f"{prefix}-s{switches}"
    else:
        hosts += 1
        ns[n["guid"]] = f"{prefix}-h{hosts}"

def lid_ip(lid):
    return f"10.200.{lid >> 8}.{lid & 255}"

def link_addr(k, end):
    return f"10.202.{k >> 7}.{(k & 127) * 2 + end}"

out = []
for n in nodes:
    if n["type"] == "Switch":
        out.append(f"switch {ns[n['guid']]} {json.dumps(n['description'])}")
        continue
    ports = [p for p in n["ports"] if p.get("peer") and p.get("lid")]
    if not ports:
        print(f"netns-fabric: host {n['description']!r} has no cabled port with a LID: skipped",
              file=sys.stderr)
        continue
    if len(ports) > 1:
        print(f"netns-fabric: host {n['description']!r}: only port {ports[0]['number']} "
              "is emulated", file=sys.stderr)
    p = ports[0]
    out.append(f"host {ns[n['guid']]} {n['guid']} {p['number']} {p['lid']} "
               f"{p.get('lmc', 0)} {json.dumps(n['description'])}")

# Cables: each once, from the end with the lower (GUID, port).
peer_addr = {}  # (guid, port) -> the address of the far end of its cable
k = 0
for n in nodes:
    for p in n["ports"]:
        peer = p.get("peer")
        if not peer or peer["guid"] not in by_guid:
            continue
        here, there = (n["guid"], p["number"]), (peer["guid"], peer["port"])
        if there < here:
            continue
        if n["type"] != "Switch" and not p.get("lid"):
            continue
        a, b = link_addr(k, 0), link_addr(k, 1)
        peer_addr[here], peer_addr[there] = b, a
        out.append(f"cable {ns[here[0]]} {here[1]} {ns[there[0]]} {there[1]} {a} {b}")
        k += 1

# Routes: dump_lfts blocks "Unicast lids [0x0-0x..] of switch Lid N guid 0x... (desc):"
# then "0x0004 003 : (...)" lines.
guid = None
for line in open(lfts_txt):
    m = re.match(r"Unicast lids .* guid (0x[0-9a-fA-F]+)", line)
    if m:
        guid = "0x%016x" % int(m.group(1), 16)
        continue
    m = re.match(r"\s*(0x[0-9a-fA-F]+)\s+(\d+)\s*:", line)
    if not m or guid is None or guid not in ns:
        continue
    lid, port = int(m.group(1), 16), int(m.group(2))
    via = peer_addr.get((guid, port))
    if port == 0 or via is None:
        continue
    out.append(f"route {ns[guid]} {lid_ip(lid)} {port} {via}")

for arg in slow_args:
    m = re.fullmatch(r"(.+):(\d+)=(\d+)", arg)
    if not m:
        sys.exit(f"netns-fabric: --slow: expected NODE:PORT=MBIT, found {arg!r}")
    name, port, mbit = m.group(1), int(m.group(2)), m.group(3)
    found = [n for n in nodes if n["description"] == name or n["guid"] == name]
    if len(found) != 1:
        sys.exit(f"netns-fabric: --slow: {name!r} names {len(found)} nodes")
    n = found[0]
    p = next((p for p in n["ports"] if p["number"] == port and p.get("peer")), None)
    if p is None:
        sys.exit(f"netns-fabric: --slow: {name} port {port} has no cable")
    out.append(f"slow {ns[n['guid']]} {port} {mbit}")
    out.append(f"slow {ns[p['peer']['guid']]} {p['peer']['port']} {mbit}")
print("\n".join(out))
PY
}

in_ns() {  # namespace command...
  ip netns exec "$@"
}

make_ns() {  # dir name
  echo "$2" >>"$1/netns"
  ip netns add "$2"
  in_ns "$2" ip link set lo up
  in_ns "$2" sysctl -qw net.ipv4.conf.all.rp_filter=0 net.ipv4.conf.default.rp_filter=0 \
    net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
}

up() {
  local dir=$1 snapshot=$2
  shift 2
  local lfts=() slow=() prefix="" agent_args="" agents=1
  while (($#)); do
    case $1 in
      --lfts) lfts=(--lfts "$2"); shift 2 ;;
      --slow) slow+=("$2"); shift 2 ;;
      --prefix) prefix=$2; shift 2 ;;
      --agent-args) agent_args=$2; shift 2 ;;
      --no-agents) agents=0; shift ;;
      *) usage ;;
    esac
  done
  [[ $(id -u) == 0 ]] || die "needs root (network namespaces)"
  [[ -n $ibatlas && -x $ibatlas ]] || die "no ibatlas program: set IBATLAS"
  [[ ! -e $dir/netns ]] || die "$dir already holds a fabric: netns-fabric.sh down $dir"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [[ -n $prefix ]] || prefix=ibn$(echo "$dir" | md5sum | cut -c1-5)
  : >"$dir/netns"
  : >"$dir/pids"

  "$ibatlas" convert "$snapshot" --to json -o "$dir/fabric.json"
  "$ibatlas" routes "$snapshot" "${lfts[@]}" --dump >"$dir/lfts.txt"
  layout "$dir/fabric.json" "$dir/lfts.txt" "$prefix" "${slow[@]}" >"$dir/layout"

  local mgmt=$prefix-m
  make_ns "$dir" "$mgmt"
  in_ns "$mgmt" ip link add br0 type bridge
  in_ns "$mgmt" ip addr add 10.201.255.254/16 dev br0
  in_ns "$mgmt" ip link set br0 up

  if ((agents)); then "$ibatlas" keygen "$dir/key" >/dev/null; fi
  : >"$dir/hosts"
  local kind a b c d e f g index=0
  while read -r kind a b c d e f g; do
    case $kind in
      switch)
        make_ns "$dir" "$a"
        in_ns "$a" sysctl -qw net.ipv4.ip_forward=1
        ;;
      host)  # ns guid port lid lmc "name"
        make_ns "$dir" "$a"
        index=$((index + 1))
        local mgmt_ip=10.201.$((index >> 8)).$((index & 255))
        ip link add mgmt netns "$a" type veth peer name "h$index" netns "$mgmt"
        in_ns "$a" ip addr add "$mgmt_ip/16" dev mgmt
        in_ns "$a" ip link set mgmt up
        in_ns "$mgmt" ip link set "h$index" master br0 up
        echo "$a $b $c $d $e $mgmt_ip" >>"$dir/host-ports"
        echo "$b $mgmt_ip:7000 10.200.$((d >> 8)).$((d & 255)) # $f $g" >>"$dir/hosts"
        ;;
    esac
  done <"$dir/layout"

  while read -r kind a b c d e f; do
    [[ $kind == cable ]] || continue
    ip link add "p$b" netns "$a" type veth peer name "p$d" netns "$c"
    in_ns "$a" ip addr add "$e/31" dev "p$b"
    in_ns "$c" ip addr add "$f/31" dev "p$d"
    in_ns "$a" sysctl -qw "net.ipv4.conf.p$b.rp_filter=0"
    in_ns "$c" sysctl -qw "net.ipv4.conf.p$d.rp_filter=0"
    in_ns "$a" ip link set "p$b" up
    in_ns "$c" ip link set "p$d" up
  done <"$dir/layout"

  # Hosts: every LID of the port on it, the default route via the leaf, sourced from the
  # base LID's address (the reply then comes back to the base LID, as a reply does on IB).
  local ns guid port lid lmc mgmt_ip
  while read -r ns guid port lid lmc mgmt_ip; do
    local base=10.200.$((lid >> 8)).$((lid & 255)) i
    for ((i = 0; i < (1 << lmc); i++)); do
      local l=$((lid + i))
      in_ns "$ns" ip addr add "10.200.$((l >> 8)).$((l & 255))/32" dev "p$port"
    done
    local via
    via=$(awk -v ns="$ns" -v port="$port" '$1 == "cable" && $2 == ns && $3 == port { print $7 }
      $1 == "cable" && $4 == ns && $5 == port { print $6 }' "$dir/layout")
    in_ns "$ns" ip route add 10.200.0.0/16 via "$via" dev "p$port" src "$base"
  done <"$dir/host-ports"

  while read -r kind a b c d; do
    [[ $kind == route ]] || continue
    in_ns "$a" ip route add "$b/32" via "$d" dev "p$c"
  done <"$dir/layout"

  while read -r kind a b c; do
    [[ $kind == slow ]] || continue
    in_ns "$a" tc qdisc add dev "p$b" root tbf rate "${c}mbit" burst 4k latency 100ms
  done <"$dir/layout"

  if ((agents == 0)); then
    echo "netns-fabric: up: $(wc -l <"$dir/netns") namespaces, no agents"
    return
  fi
  # shellcheck disable=SC2086 # agent_args is a list of words
  while read -r ns guid port lid lmc mgmt_ip; do
    ip netns exec "$ns" "$ibatlas" agent --listen "$mgmt_ip:7000" --key "$dir/key" \
      $agent_args >"$dir/agent-$ns.log" 2>&1 &
    echo $! >>"$dir/pids"
  done <"$dir/host-ports"
  wait_for_agents "$dir" "$mgmt"
  echo "netns-fabric: up: $(wc -l <"$dir/netns") namespaces, $(wc -l <"$dir/pids") agents; hosts in $dir/hosts"
}

wait_for_agents() {  # dir mgmt-ns: every agent's control port accepts within 10 s
  local dir=$1 mgmt=$2 ns guid port lid lmc mgmt_ip tries
  while read -r ns guid port lid lmc mgmt_ip; do
    for ((tries = 0; tries < 100; tries++)); do
      if in_ns "$ns" ss -Hltn "sport = :7000" | grep -q .; then
        break
      fi
      sleep 0.1
    done
    ((tries < 100)) || die "the agent in $ns did not listen within 10 s (see $dir/agent-$ns.log)"
  done <"$dir/host-ports"
}

down() {
  local dir=$1 pid name
  [[ -f $dir/netns ]] || die "$dir holds no fabric"
  if [[ -f $dir/pids ]]; then
    while read -r pid; do
      kill "$pid" 2>/dev/null || true
    done <"$dir/pids"
    sleep 0.2
    while read -r pid; do
      kill -9 "$pid" 2>/dev/null || true
    done <"$dir/pids"
  fi
  while read -r name; do
    ip netns del "$name" 2>/dev/null || true
  done <"$dir/netns"
  rm -f "$dir/netns" "$dir/pids" "$dir/host-ports"
}

case ${1:-} in
  up) (($# >= 3)) || usage; up "${@:2}" ;;
  down) (($# == 2)) || usage; down "$2" ;;
  *) usage ;;
esac
