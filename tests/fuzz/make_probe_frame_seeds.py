#!/usr/bin/env python3
# Writes the seed corpus of fuzz_probe_frame: streams of valid frames (key 32 x 'f', as in
# the fuzz target), each carrying messages in the encoding of src/net/messages.cpp, plus a
# bare HELLO. Run from the repository root; the output is committed.
import hashlib
import hmac
import os
import struct

KEY = b"f" * 32
OUT = "tests/fuzz/corpus/fuzz_probe_frame"


def s(text):
    data = text.encode()
    return struct.pack(">H", len(data)) + data


def frames(payloads):
    out = b""
    for seq, payload in enumerate(payloads):
        head = struct.pack(">IQ", len(payload), seq) + payload
        out += head + hmac.new(KEY, head, hashlib.sha256).digest()
    return out


ready = b"\x01" + struct.pack(">III", 100000, 65507, 60000)
targets = b"\x02" + struct.pack(">I", 2) + s("10.0.0.1") + s("10.0.0.2")
arm = b"\x03" + struct.pack(">Q", 42) + s("10.0.0.1") + struct.pack(">II", 105, 3000)
armed = b"\x04" + struct.pack(">Q", 42)
probe = (b"\x05" + struct.pack(">Q", 42) + s("10.0.0.1") + s("10.0.0.2") +
         struct.pack(">HIIIII", 7000, 64, 64, 100, 5, 200))
result = b"\x06" + struct.pack(">QIIIII", 42, 3, 0, 1, 0, 3) + struct.pack(">III", 5100, 5200, 4900)
cancel = b"\x07"
failure = b"\x08" + struct.pack(">QB", 42, 1) + s("more than the limit of 10")
# One finding: check, severity 0 (error), kind 2 (port), here {flags 3: GUID, port; name},
# no peer, measured, expected, hint, message; then unavailable.
polling = (s("host.port_polling") + bytes([0, 2, 3]) + struct.pack(">QB", 0x0C42A10300165D2A, 1) +
           s("mlx5_0") + b"\x00" + s("Polling") + s("LinkUp") + s("check the cable") +
           s("mlx5_0 port 1 is Polling"))
host_findings = b"\x0a" + struct.pack(">I", 1) + polling + s("")
mad_probe = b"\x0b" + struct.pack(">QHIII", 43, 6, 100, 10, 2000)
# VERBS_PROBE (requester) and the peer's VERBS_ENDPOINT: QP 0x1234, PSN 0x56, LID 14,
# GID fe80::e, DLID 15, SL 3, MTU code 4.
verbs_probe = b"\x0c" + struct.pack(">QBIIIII", 44, 1, 4096, 64, 100, 10, 200)
verbs_endpoint = (b"\x09" + struct.pack(">QIIH", 44, 0x1234, 0x56, 14) + b"\xfe\x80" +
                  b"\x00" * 13 + b"\x0e" + struct.pack(">HBB", 15, 3, 4))

os.makedirs(OUT, exist_ok=True)
seeds = {
    "controller_stream": frames([targets, arm, probe, cancel]),
    "agent_stream": frames([ready, host_findings, armed, result, failure]),
    "one_host_findings": frames([host_findings]),
    "one_mad_probe": frames([mad_probe]),
    "verbs_stream": frames([verbs_probe, verbs_endpoint]),
    "one_result": frames([result]),
    "bare_probe_message": probe,
    "hello": b"IBAT" + struct.pack(">H", 1) + b"k" * 8 + b"n" * 32,
}
for name, data in seeds.items():
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
