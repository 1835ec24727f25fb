"""A private munged and slurmctld for one test run, and Slurm hostlist expansion.

Used by slurm_topology_test.py. Everything lives in one temporary directory: the munge key
and socket, and per topology a slurm.conf, state and spool directories and the logs. Each
daemon is stopped by its PID (never by name).
"""
import os
import random
import re
import signal
import socket
import subprocess
import time

# Lines of slurmctld's log that say nothing about the topology: plugins this host lacks,
# state files a fresh StateSaveLocation cannot have.
BENIGN = re.compile(r"MailProg|pmix|PMIx|MPI|job_state|backup state|Could not open|"
                    r"No memory enforcing|cgroup|assoc_mgr|resv_state|trigger_state|"
                    r"node_state|part_state|fed_mgr|burst_buffer|layouts|hash_k12")


def expand_hostlist(expr):
    """'a[1-3],b' -> ['a1', 'a2', 'a3', 'b'] (Slurm hostlist; several brackets allowed)."""
    names = []
    for part in split_top(expr):
        names.extend(expand_one(part))
    return names


def split_top(expr):
    parts, depth, cur = [], 0, ""
    for c in expr:
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += (c == "[") - (c == "]")
        cur += c
    if cur:
        parts.append(cur)
    return [p for p in parts if p]


def expand_one(word):
    m = re.match(r"^([^\[]*)\[([^\]]*)\](.*)$", word)
    if not m:
        return [word]
    prefix, ranges, rest = m.groups()
    out = []
    for r in ranges.split(","):
        lo, _, hi = r.partition("-")
        hi = hi or lo
        width = len(lo)
        for n in range(int(lo), int(hi) + 1):
            for tail in expand_one(rest):
                out.append(f"{prefix}{n:0{width}d}{tail}")
    return out


def free_port():
    for _ in range(50):
        port = random.randint(20000, 59999)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise RuntimeError("no free port")


def stop(proc):
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Munge:
    def __init__(self, tmp):
        self.dir = os.path.join(tmp, "munge")
        os.makedirs(self.dir, mode=0o755)
        os.chmod(tmp, 0o755)  # munged wants its socket's directories searchable by all
        key = os.path.join(self.dir, "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))  # what `dd if=/dev/urandom bs=1k count=1` writes
        os.chmod(key, 0o600)
        self.socket = os.path.join(self.dir, "munge.sock")
        cmd = ["munged", "--foreground", "--socket=" + self.socket, "--key-file=" + key,
               "--pid-file=" + os.path.join(self.dir, "munged.pid"),
               "--log-file=" + os.path.join(self.dir, "munged.log"),
               "--seed-file=" + os.path.join(self.dir, "munged.seed")]
        if os.geteuid() == 0:
            cmd.append("--force")  # munged refuses to run as root otherwise
        self.log = open(os.path.join(self.dir, "munged.out"), "w")
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(100):
            if os.path.exists(self.socket):
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError("munged did not start: " + open(self.log.name).read())

    def stop(self):
        stop(self.proc)
        self.log.close()


SLURM_CONF = """ClusterName=ibatlas
SlurmctldHost=localhost
SlurmUser=root
SlurmctldPort={port}
AuthType=auth/munge
AuthInfo=socket={munge}
CredType=cred/munge
TopologyPlugin=topology/tree
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/slurmctld.log
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/linear
MpiDefault=none
"""


class Controller:
    """slurmctld -D on one topology.conf; `topology()` is what `scontrol show topology` says."""

    def __init__(self, dir, munge, topology_text, nodes):
        self.dir = dir
        os.makedirs(os.path.join(dir, "state"))
        os.makedirs(os.path.join(dir, "spool"))
        with open(os.path.join(dir, "topology.conf"), "w") as f:
            f.write(topology_text)
        self.nodes = nodes
        self.munge = munge
        self.proc = None
        self.conf = os.path.join(dir, "slurm.conf")
        self.env = dict(os.environ, SLURM_CONF=self.conf)

    def write_conf(self, port):
        with open(self.conf, "w") as f:
            f.write(SLURM_CONF.format(port=port, munge=self.munge.socket, dir=self.dir))
            for n in self.nodes:  # fake hosts: CLOUD, so slurmctld resolves no address
                f.write(f"NodeName={n} State=CLOUD\n")
            if not self.nodes:
                f.write("NodeName=ibatlas-none State=CLOUD\n")
            f.write("PartitionName=all Nodes=ALL Default=YES\n")

    def start(self, timeout=20.0):
        """None when slurmctld answers `scontrol ping`, else why not (its log's errors)."""
        for _attempt in range(5):
            self.write_conf(free_port())
            self.out = open(os.path.join(self.dir, "slurmctld.out"), "w")
            self.proc = subprocess.Popen(["slurmctld", "-D", "-f", self.conf], env=self.env,
                                         stdout=self.out, stderr=subprocess.STDOUT)
            why = self.wait_up(timeout)
            if why is None or "Address already in use" not in why:
                return why
            stop(self.proc)
        return why

    def wait_up(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return "slurmctld exited {}: {}".format(self.proc.returncode,
                                                        " | ".join(self.errors()))
            ping = subprocess.run(["scontrol", "ping"], env=self.env, capture_output=True,
                                  text=True)
            if " is UP" in ping.stdout:
                return None
            time.sleep(0.1)
        return "slurmctld did not answer scontrol ping in {} s".format(timeout)

    def log_text(self):
        try:
            return open(os.path.join(self.dir, "slurmctld.out")).read()
        except OSError:
            return ""

    def errors(self):
        """The log's fatal lines, and its errors and warnings about switches and nodes (not
        those about plugins this host lacks or a slow clock on a busy machine)."""
        return [line.strip() for line in self.log_text().splitlines()
                if re.search(r"fatal|((error|WARNING|warning).*([Ss]witch|TOPOLOGY|topology|"
                             r"node|[Hh]ost))", line) and not BENIGN.search(line)]

    def topology(self):
        """{switch: (level, set of nodes, set of child switches)} from scontrol."""
        out = subprocess.run(["scontrol", "show", "topology"], env=self.env,
                             capture_output=True, text=True, check=True).stdout
        switches = {}
        for line in out.splitlines():
            fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
            if "SwitchName" not in fields:
                continue
            switches[fields["SwitchName"]] = (int(fields.get("Level", "-1")),
                                              set(expand_hostlist(fields.get("Nodes", ""))),
                                              set(expand_hostlist(fields.get("Switches", ""))))
        return switches

    def stop(self):
        stop(self.proc)
        if self.proc is not None:
            self.out.close()
