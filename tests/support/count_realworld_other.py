#!/usr/bin/env python3
"""Independent counts for the non-default text formats in ../shared/realworld.

Deliberately simple and separate from the C++ readers: it splits on whitespace and
counts distinct things. tests/unit/formats/realworld_other_test.cpp hard-codes what it
prints; run it again after a data change:

    python3 tests/support/count_realworld_other.py [REALWORLD_DIR]

What is counted, per format:
  ibnetdiscover -p : switches = distinct GUIDs on SW halves, CAs = distinct GUIDs on CA
                     halves (the -p GUID of a CA is its port GUID, one per CA port),
                     links = distinct unordered {(guid, port), (guid, port)} pairs,
                     noise = non-blank lines that are not rows, unconnected = rows
                     without a " - " peer half.
  opensm-subnet.lst: switches / CAs = distinct NodeGUIDs by type, links = distinct
                     unordered {(NodeGUID, PN), (NodeGUID, PN)} pairs.
  iblinkinfo       : switches / CAs = header lines, links = distinct unordered
                     {(lid, port), (lid, port)} pairs over rows that name a peer,
                     down = rows with "Down/".
"""
import os
import sys

PORTS_FILES = [
    "hwloc-netloc-avakas/ib-subnet-fe80_0000_0000_0000.txt",
    "hwloc-netloc-plafrim/ib-subnet-fe80_0000_0000_0000.txt",
    "hwloc-netloc-plafrim2/ib-subnet-fe80_0000_0000_0000.txt",
    "hwloc-netloc-plafrim2/ib-subnet-fe80_0000_0000_0001.txt",
    "treydock-infiniband-exporter/ibnetdiscover-p-test.out",
    "treydock-infiniband-exporter/ibnetdiscover-p-test2.out",
    "treydock-infiniband-exporter/ibnetdiscover-p-test3.out",
]
LST_FILES = ["timofieiev-opensm-subnet-lst/opensm-subnet.lst"]
LINKINFO_FILES = ["stmatengss-teaker/iblinkinfo.txt"]


def count_ports(text):
    switches, cas, links, noise, unconnected = set(), set(), set(), 0, 0
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] not in ("SW", "CA", "RT"):
            noise += 1
            continue
        unconnected += " - " not in line
        ends = [words[0:4]]
        if len(words) > 9 and words[6] == "-":
            ends.append(words[7:11])
        for kind, _lid, _port, guid in ends:
            (switches if kind == "SW" else cas).add(int(guid, 16))
        if len(ends) == 2:
            a = (int(ends[0][3], 16), int(ends[0][2]))
            b = (int(ends[1][3], 16), int(ends[1][2]))
            links.add(frozenset([a, b]))
    return len(switches), len(cas), len(links), noise, unconnected


def field(words, name):
    for w in words:
        if w.startswith(name + ":"):
            return w[len(name) + 1:]
    raise ValueError(name)


def count_lst(text):
    switches, cas, links = set(), set(), set()
    for line in text.splitlines():
        if not line.strip():
            continue
        halves = line.split("} {")
        assert len(halves) == 2, line
        ends = []
        for half in halves:
            words = half.replace("{", " ").split()
            kind = words[0]
            guid = int(field(words, "NodeGUID"), 16)
            (switches if kind.startswith("SW") else cas).add(guid)
            ends.append((guid, int(field(words, "PN").rstrip("}"), 16)))
        links.add(frozenset(ends))
    return len(switches), len(cas), len(links), 0, 0


def count_linkinfo(text):
    switches = cas = down = 0
    links = set()
    for line in text.splitlines():
        if line.startswith("Switch:"):
            switches += 1
        elif line.startswith("CA:"):
            cas += 1
        elif "==>" in line:
            left, right = line.split("==>")
            words = left.split()
            if words[0].startswith("0x"):
                words = words[1:]
            local = (int(words[0]), int(words[1].split("[")[0]))
            down += "Down/" in line
            right_words = right.split()
            if right_words and right_words[0].isdigit():
                peer = (int(right_words[0]), int(right_words[1].split("[")[0]))
                links.add(frozenset([local, peer]))
    return switches, cas, len(links), 0, down


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "..", "shared", "realworld")
    print("file switches cas links noise_lines unconnected_or_down_rows")
    for files, counter in ((PORTS_FILES, count_ports), (LST_FILES, count_lst),
                           (LINKINFO_FILES, count_linkinfo)):
        for name in files:
            with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                print(name, *counter(f.read()))


if __name__ == "__main__":
    main()
