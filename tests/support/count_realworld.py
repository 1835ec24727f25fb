#!/usr/bin/env python3
"""Independent counts for the ibnetdiscover-format and ibsim netfiles in ../shared/realworld.

Deliberately simple and separate from the C++ reader (src/formats/ibnetdiscover_reader.cpp):
regular expressions over the raw text, no knowledge of the reader. The table in
tests/unit/formats/realworld_ibnetdiscover_test.cpp hard-codes what it prints; run it again
after a data change:

    python3 tests/support/count_realworld.py [REALWORLD_DIR]

What is counted, per file:
  switches / cas : node header lines (`Switch`, `Ca`/`Hca`/`Rt`) -- records, not mentions;
  agg            : CA headers whose description contains "Aggregation Node" (SHARP);
  links          : distinct unordered {(node id, port), (node id, port)} pairs over all
                   port lines, so a cable printed from both ends counts once and a
                   loopback cable (two ports of one switch) counts once;
  noise          : lines that are none of: blank, `#` comment, `key=value` attribute, node
                   header, port line, `-g` grouping line;
  unrecorded     : node ids that port lines name but that have no header of their own.
"""
import os
import re
import sys

FILES = [
    "hyungkwang-topo-examples/Topo.2.txt",
    "hyungkwang-topo-examples/Topo.3.txt",
    "hyungkwang-topo-examples/Topo.5.txt",
    "hyungkwang-topo-examples/Topo.6_CS8500.txt",
    "hyungkwang-topo-examples/Topo6_CS7500.txt",
    "hyungkwang-topo-examples/Topo.8-invalid_lid_Null.txt",
    "hyungkwang-topo-examples/Topo.8_CS8500_invalid_lid.txt",
    "mlunacek-janus/ibnetdiscover-2-12-2014",
    "mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt",
    "nvidia-topograph/example.out",
    "nvidia-topograph/example-bad.out",
    "ltaulell-psmn-x5/X5.topofile",
    "loginoff-topo/topo",
    "jabl-ibtopotool-tests/1.topo",
    "jabl-ibtopotool-tests/2.topo",
    "jabl-ibtopotool-tests/3.topo",
    "jabl-ibtopotool-tests/4.topo",
    "ompi-users-2009-swansea/ibnetdiscover-2009-01-15.txt",
    "cyberang3l-fattree-k4n3/k-4-n-3-Full.topo",
    "cyberang3l-fattree-k4n3/k-4-n-3-Full.topology",
    "ibsim-net-examples/net",
    "ibsim-net-examples/net.1",
    "ibsim-net-examples/net.2sw2path",
    "ibsim-net-examples/net.2sw2path4hca",
    "ibsim-net-examples/net.2sw2path4hca2port",
]

HEADER = re.compile(r'^(Switch|Hca|Ca|Rt)\s*\d+\s*"([^"]*)"(.*)$')
PORT = re.compile(r'^\[(\d+)\][^"]*"([^"]*)"\s*(?:\[(\d+)\])?')
ATTRIBUTE = re.compile(r'^(vendid|devid|sysimgguid|switchguid|caguid|rtguid)=')
GROUPING = re.compile(r'^(Non-Chassis Nodes|Chassis \d+|Hostname: )')


def count(text):
    text = text.lstrip("\ufeff")
    switches = cas = agg = noise = 0
    links = set()
    recorded, named = set(), set()
    current = None
    for raw in text.split("\n"):
        line = raw.strip("\r").strip()
        header = HEADER.match(line)
        port = PORT.match(line)
        if header:
            kind, current = header.group(1), header.group(2)
            recorded.add(current)
            if kind == "Switch":
                switches += 1
            else:
                cas += 1
                if "Aggregation Node" in header.group(3):
                    agg += 1
        elif port and current is not None:
            remote_port = int(port.group(3)) if port.group(3) else 1  # ibsim's default
            a = (current, int(port.group(1)))
            b = (port.group(2), remote_port)
            named.add(port.group(2))
            links.add(frozenset([a, b]))
        elif line == "" or line.startswith("#") or ATTRIBUTE.match(line) or GROUPING.match(line):
            if line == "":
                current = None
        else:
            noise += 1
    return switches, cas, agg, len(links), noise, sorted(named - recorded)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "..", "shared", "realworld")
    print(f"{'file':55} {'sw':>4} {'ca':>5} {'agg':>4} {'links':>6} {'noise':>5}  unrecorded")
    for name in FILES:
        with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
            sw, ca, agg, links, noise, unrecorded = count(f.read())
        print(f"{name:55} {sw:4} {ca:5} {agg:4} {links:6} {noise:5}  {unrecorded}")


if __name__ == "__main__":
    main()
