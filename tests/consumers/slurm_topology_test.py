#!/usr/bin/python3
"""`ibatlas export SOURCE --to slurm` read by a real slurmctld (issue 16, section 1).

For each topology source: export it, write a minimal slurm.conf (topology/tree, every host
the export names as a CLOUD node), start a private munged and `slurmctld -D`, wait for
`scontrol ping`, and compare `scontrol show topology` with what docs/slurm.md says the
fabric gives (slurm_oracle.py, worked out from the GraphML export, not from topology.conf).
The sources: every real dump with hosts under IBATLAS_REALWORLD_DIR, generated 2- and 3-tier,
rail-optimised and director fabrics, and two broken topology.conf files that must fail
(the test proves it can fail before it trusts a pass).

Usage: slurm_topology_test.py --ibatlas BIN [--realworld DIR] [--render-bench BIN]
                              [--only SUBSTRING] [-v]
Exit: 0 all pass, 1 a failure, 77 slurmctld, scontrol or munged missing (skipped).
"""
import argparse
import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slurm_daemons  # noqa: E402
import slurm_fabrics  # noqa: E402
import slurm_oracle  # noqa: E402

SKIP = 77
NOT_SOURCES = ("SOURCES.md", "examples.README", "X5.map")

# Topologies slurmctld must refuse; the test fails unless it reports each refusal.
BROKEN = {
    "broken-both-nodes-and-switches": ("SwitchName=leaf1 Nodes=b[1-2]\n"
                                       "SwitchName=spine Switches=leaf1 Nodes=b3\n",
                                       ["b1", "b2", "b3"], "has both child switches and nodes"),
    "broken-undefined-child": ("SwitchName=leaf1 Nodes=b[1-2]\n"
                               "SwitchName=spine Switches=leaf[1-2]\n",
                               ["b1", "b2"], "invalid child"),
}


def find_sources(realworld):
    """Every file under realworld but the notes, maps and LFT dumps; those ibatlas does not
    read as a fabric with hosts are skipped when their GraphML is read."""
    found = []
    for dirpath, _, files in sorted(os.walk(realworld)):
        for f in sorted(files):
            if f not in NOT_SOURCES and not f.startswith("ibroute"):
                path = os.path.join(dirpath, f)
                found.append((os.path.relpath(path, realworld), path))
    return found


def export_nodes(topology):
    nodes = []
    for line in topology.splitlines():
        if line.startswith("#"):
            continue
        for field in line.split():
            if field.startswith("Nodes="):
                nodes.extend(slurm_daemons.expand_hostlist(field[len("Nodes="):]))
    return nodes


class Run:
    def __init__(self, args, tmp, munge):
        self.args, self.tmp, self.munge = args, tmp, munge
        self.failures = 0
        self.count = 0

    def controller(self, name, topology, nodes):
        self.count += 1
        ctl = slurm_daemons.Controller(os.path.join(self.tmp, f"{self.count:03d}"), self.munge,
                                       topology, nodes)
        atexit.register(ctl.stop)
        return ctl

    def broken(self, name, topology, nodes, expected):
        ctl = self.controller(name, topology, nodes)
        why = ctl.start()
        ctl.stop()
        ok = why is not None and expected in why
        self.report(name, ok, "refused: " + (why or "accepted (wrong)"), "-", "-", "-")

    def source(self, name, path, extra=(), known=None, graph_extra=(), status=0, found=False):
        """found: a file found in the directory, skipped unless it is a fabric with hosts."""
        try:
            graph = slurm_oracle.load(self.args.ibatlas, path, list(graph_extra))
        except subprocess.CalledProcessError:
            if not found:
                self.report(name, False, "ibatlas does not read it", "-", "-", "-")
            return
        if found and not any(d["type"] == "CA" and "Aggregation Node" not in d["description"]
                             for d in graph[0].values()):
            return
        try:
            self.check_source(name, path, extra, known, graph, status)
        except (OSError, subprocess.SubprocessError, ValueError) as e:
            self.report(name, False, f"{type(e).__name__}: {e}", "-", "-", "-")

    def check_source(self, name, path, extra, known, graph, status):
        started = time.monotonic()
        export = subprocess.run([self.args.ibatlas, "export", path, "--to", "slurm"] +
                                list(extra), capture_output=True, text=True)
        exp = slurm_oracle.Expected(*graph, known_hosts=known)
        if not exp.hosts():  # nothing Slurm could use: the export must refuse, with a reason
            ok = export.returncode == 3 and not export.stdout and "ibatlas: " in export.stderr
            self.report(name, ok, "refused: " + export.stderr.strip()[-200:],
                        export.returncode, "-", "no host with a name")
            return
        # 4: written, but hosts of --slurm-hosts are not in the fabric (docs/slurm.md).
        if export.returncode != status:
            self.report(name, False, "export exit {}: {}".format(
                export.returncode, export.stderr.strip()[-300:]), export.returncode, "-", "-")
            return
        warned = f"warning: {len(exp.unnamed_hcas)} HCAs of hosts left out"
        if exp.unnamed_hcas and warned not in export.stderr:
            self.report(name, False, f"no \"{warned}\" on stderr: {export.stderr[-300:]}",
                        export.returncode, "-", "-")
            return
        if not exp.unnamed_hcas and "HCAs of hosts left out" in export.stderr:
            self.report(name, False, "an unnamed-host warning for a fabric without one",
                        export.returncode, "-", "-")
            return
        nodes = export_nodes(export.stdout)
        ctl = self.controller(name, export.stdout, nodes)
        why = ctl.start()
        if why is not None:
            ctl.stop()
            self.report(name, False, why, export.returncode, "no", "-")
            return
        got = ctl.topology()
        errors = ctl.errors()
        ctl.stop()
        problems = slurm_oracle.compare(exp, got)
        for line in errors:
            if "no switch can reach all nodes" in line and not slurm_oracle.reaches_all(exp):
                continue  # the fabric itself has no such switch: Slurm is right to say so
            problems.append("slurmctld: " + line)
        leaves = sum(1 for _, (_, _, kids) in got.items() if not kids)
        hosts = len(set().union(*(n for _, n, k in got.values() if not k))) if got else 0
        warn = " | ".join(export.stderr.strip().splitlines()[-2:])
        detail = "; ".join(problems) if problems else "matches the fabric" + (
            f" ({time.monotonic() - started:.1f} s; stderr: {warn})" if warn else "")
        self.report(name, not problems, detail, export.returncode, "yes",
                    f"{leaves} leaves, {hosts} hosts")

    def report(self, name, ok, detail, rc, accepted, size):
        self.failures += 0 if ok else 1
        print(f"{'PASS' if ok else 'FAIL'} {name}: export {rc}, slurmctld accepts: {accepted}, "
              f"{size}: {detail}", flush=True)


def generated(run, tmp, render_bench):
    for name, build in slurm_fabrics.GENERATED.items():
        path = os.path.join(tmp, name + ".ibnetdiscover")
        with open(path, "w") as f:
            f.write(build())
        run.source("generated " + name, path)
    if render_bench:  # 3 levels: 8 pods of radix-8 switches; 3 pods of radix 36
        for hosts, radix in (("120", "8"), ("700", "36")):
            path = os.path.join(tmp, f"render-bench-{hosts}-{radix}.ibnetdiscover")
            subprocess.run([render_bench, "--write-fat-tree", hosts, path, radix], check=True,
                           capture_output=True)
            run.source(f"generated render_bench fat tree ({hosts} hosts, radix {radix})", path)


def restricted(run, tmp, realworld):
    """--slurm-hosts: only the hosts Slurm knows, in hostlist notation."""
    path = os.path.join(realworld, "loginoff-topo", "topo")
    if not os.path.exists(path):
        return
    hosts = os.path.join(tmp, "slurm-hosts")
    with open(hosts, "w") as f:
        f.write("# the hosts slurm.conf has\nstage[1-30,121]\ntank1\nnot-in-fabric\n")
    known = set(slurm_daemons.expand_hostlist("stage[1-30,121],tank1"))
    run.source("loginoff-topo/topo --slurm-hosts", path, ["--slurm-hosts", hosts], known,
               status=4)  # not-in-fabric is not in the fabric


def named_by_map(run, tmp, realworld):
    """X5's hosts are named only in X5.map ("H-<guid> name"): made a node-name-map."""
    path = os.path.join(realworld, "ltaulell-psmn-x5", "X5.topofile")
    names = os.path.join(realworld, "ltaulell-psmn-x5", "X5.map")
    if not os.path.exists(names):
        return
    node_name_map = os.path.join(tmp, "x5-node-name-map")
    with open(names) as src, open(node_name_map, "w") as dst:
        for line in src:
            words = line.split()
            if len(words) == 2 and words[0].startswith("H-"):
                dst.write(f'0x{words[0][2:]} "{words[1]} HCA-1"\n')
    extra = ["--node-name-map", node_name_map]
    run.source("ltaulell-psmn-x5/X5.topofile --node-name-map (from X5.map)", path, extra,
               graph_extra=extra)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ibatlas", required=True)
    parser.add_argument("--realworld", default=os.environ.get("IBATLAS_REALWORLD_DIR"))
    parser.add_argument("--render-bench")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    missing = [p for p in ("slurmctld", "scontrol", "munged") if shutil.which(p) is None]
    if missing:
        print("SKIP: not installed: " + ", ".join(missing) + " (apt-get install slurmctld munge)")
        return SKIP
    started = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="ibatlas-slurm-")
    munge = slurm_daemons.Munge(tmp)
    atexit.register(munge.stop)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    run = Run(args, tmp, munge)
    for name, (topology, nodes, expected) in BROKEN.items():
        if args.only in name:
            run.broken(name, topology, nodes, expected)
    if args.realworld and os.path.isdir(args.realworld):
        for name, path in find_sources(args.realworld):
            if args.only in name:
                run.source(name, path, found=True)
        if args.only in "loginoff-topo/topo --slurm-hosts":
            restricted(run, tmp, args.realworld)
        if args.only in "ltaulell-psmn-x5/X5.topofile --node-name-map":
            named_by_map(run, tmp, args.realworld)
    if args.only in "generated":
        generated(run, tmp, args.render_bench)
    munge.stop()
    print(f"{run.count} slurmctld runs, {run.failures} failed, "
          f"{time.monotonic() - started:.1f} s")
    if run.failures == 0:
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        print("logs kept in " + tmp)
    return 1 if run.failures else 0


if __name__ == "__main__":
    sys.exit(main())
