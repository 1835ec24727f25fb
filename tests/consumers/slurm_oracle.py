"""What `scontrol show topology` must say for a fabric, worked out from the fabric itself.

Written from docs/slurm.md, not from src/render/slurm*.cpp: the fabric comes from
`ibatlas export SOURCE --to graphml` (every node and cable, written by another writer), and
the rules below (chassis, names, leaves, levels, synthetic leaves) are re-implemented here.
Chassis are found from the descriptions of their chips ("MF0;core1:CS7500/L01/U1",
"QLogic 12800-180 GUID=0x... L101"), not from the system image GUID the exporter uses.
"""
import re
import subprocess
import xml.etree.ElementTree as ET
from collections import defaultdict, deque

NS = "{http://graphml.graphdrawing.org/xmlns}"
SAFE = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")


def slurm_word(text):
    return "".join(chr(b) if b in SAFE else "_" for b in text.encode("utf-8", "surrogateescape"))


def has_alnum(word):
    return any(c.isalnum() and c.isascii() for c in word)


def host_name(desc):
    words = desc.lstrip(" \t").replace("\t", " ").split(" ")
    word = words[0] if words else ""
    if re.fullmatch(r"MT\d+", word):
        return None
    host = word.split(".")[0]
    return None if host in ("", "localhost") else host


def switch_name(desc):
    semi = desc.find(";")
    colon = desc.find(":", semi if semi >= 0 else 0)
    if semi < 0 or colon < 0 or colon == semi + 1:
        return desc
    return desc[semi + 1:colon]


def chassis_key(desc):
    # Only Mellanox/NVIDIA directors: the exporter groups chips by system image GUID, which
    # the QLogic dump (ibnetdiscover -p) does not carry, so its chips stay apart there.
    m = re.match(r"^(.*)/[LS]\d+/U\d+$", desc)
    return m.group(1) if m else None


def chassis_name(descs):
    prefix = descs[0]
    for d in descs:
        n = 0
        while n < len(prefix) and n < len(d) and prefix[n] == d[n]:
            n += 1
        prefix = prefix[:n]
    cut = max(prefix.rfind(c) for c in "/:; ")
    if cut >= 0:
        prefix = prefix[:cut]
    prefix = prefix.rstrip("-_ ")
    return switch_name(prefix) if prefix else None


def natural_key(name):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def load(ibatlas, source, extra):
    xml = subprocess.run([ibatlas, "export", source, "--to", "graphml"] + extra,
                         capture_output=True, check=True).stdout
    root = ET.fromstring(xml)
    nodes = {}
    for n in root.iter(NS + "node"):
        data = {d.get("key"): (d.text or "") for d in n}
        nodes[n.get("id")] = data
    edges = [(e.get("source"), e.get("target")) for e in root.iter(NS + "edge")]
    return nodes, edges


class Expected:
    """The topology as docs/slurm.md says the export writes it."""

    def __init__(self, nodes, edges, known_hosts=None):
        self.nodes, self.edges = nodes, edges
        self.find_units()
        self.find_hosts(known_hosts)
        self.find_leaves()
        self.place()
        self.write_upper()

    def find_units(self):
        switches = sorted(i for i, d in self.nodes.items() if d["type"] == "Switch")
        groups = defaultdict(list)
        for s in switches:
            groups[chassis_key(self.nodes[s]["description"]) or s].append(s)
        self.unit = {}
        own = {}
        for key, chips in groups.items():
            for c in chips:
                self.unit[c] = chips[0]
            descs = [self.nodes[c]["description"] for c in chips]
            own[chips[0]] = (chassis_name(descs) if len(chips) > 1 else switch_name(descs[0]))
        uses = defaultdict(int)
        names = {}
        for u, o in own.items():
            name = slurm_word(o or "")
            if not has_alnum(name):
                name = "switch_" + u[2:]
            names[u] = name
            uses[name] += 1
        self.name = {u: (n + "_" + u[2:] if uses[n] > 1 else n) for u, n in names.items()}
        self.nbrs = defaultdict(set)
        for a, b in self.edges:
            if a in self.unit and b in self.unit and self.unit[a] != self.unit[b]:
                self.nbrs[self.unit[a]].add(self.unit[b])
                self.nbrs[self.unit[b]].add(self.unit[a])

    def find_hosts(self, known):
        self.cabled = defaultdict(set)  # host name -> units its HCAs reach
        self.host_units = set()  # units with any host, named or not
        self.unnamed_hcas = set()  # CA ids cabled to a switch whose description names no host
        own = {}
        for a, b in self.edges + [(b, a) for a, b in self.edges]:
            d = self.nodes[a]
            if d["type"] != "CA" or "Aggregation Node" in d["description"] or b not in self.unit:
                continue
            self.host_units.add(self.unit[b])
            h = host_name(d["description"])
            if h is None:
                self.unnamed_hcas.add(a)
                continue
            own.setdefault(h, a)
            self.cabled[h].add(self.unit[b])
        safe = {h: slurm_word(h) for h in own}
        taken = {s for h, s in safe.items() if s == h and has_alnum(h)}
        self.slurm_host = {}
        for h in sorted(own):
            s = safe[h]
            if s == h and has_alnum(h):
                self.slurm_host[h] = h
                continue
            base = s if has_alnum(s) else "host"
            s = s if base == s and s not in taken else base + "_" + own[h][2:]
            taken.add(s)
            self.slurm_host[h] = s
        if known is not None:
            self.cabled = {h: u for h, u in self.cabled.items() if self.slurm_host[h] in known}

    def find_leaves(self):
        hn = {u: len(self.nbrs[u] & self.host_units) for u in self.host_units}
        self.leaves = {u for u in self.host_units
                       if all(hn[v] >= hn[u] for v in self.nbrs[u] & self.host_units)}
        self.unpopulated = set()
        while True:  # leaves with no host yet are adopted, then the distances redone
            dist = self.distances(self.leaves | self.unpopulated)
            more = {u for u in self.nbrs if u not in self.host_units and
                    u not in self.unpopulated and self.looks_like_a_leaf(u, dist)}
            if not more:
                break
            self.unpopulated |= more
        dist = self.distances(self.leaves, skip=self.unpopulated)
        self.level = {u: d + 1 for u, d in dist.items()}

    def distances(self, seeds, skip=frozenset()):
        dist = {u: 0 for u in seeds}
        queue = deque(sorted(seeds))
        while queue:
            u = queue.popleft()
            for v in sorted(self.nbrs[u]):
                if v not in dist and v not in skip:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        return dist

    def looks_like_a_leaf(self, u, dist):
        """Two hops above the leaves, nothing above it, and more than half its neighbours
        shared with a leaf: a leaf not yet populated (a core reaches many pods' spines)."""
        if dist.get(u) != 2 or not all(dist.get(v) == 1 for v in self.nbrs[u]):
            return False
        for leaf in self.leaves | self.unpopulated:
            common = len(self.nbrs[u] & self.nbrs[leaf])
            if 2 * common > len(self.nbrs[u]) + len(self.nbrs[leaf]) - common:
                return True
        return False

    def slot(self, u):
        """The Slurm leaf a host on unit u is listed under."""
        if u in self.leaves:
            return self.name[u]
        name = self.name[u] + "_hosts"
        return name if name not in self.name.values() else name + "_" + u[2:]

    def place(self):
        # A host may be listed under any leaf it reaches (any non-leaf unit's synthetic leaf
        # when it reaches no leaf); hosts with one choice must be under it.
        self.allowed = defaultdict(set)  # slot -> hosts that may be listed there
        self.required = defaultdict(set)
        self.choices = {}
        for h, units in self.cabled.items():
            units = {u for u in units if u in self.level}
            pick = {u for u in units if u in self.leaves} or units
            slots = {self.slot(u) for u in pick}
            self.choices[self.slurm_host[h]] = slots
            for s in slots:
                self.allowed[s].add(self.slurm_host[h])
            if len(slots) == 1:
                self.required[next(iter(slots))].add(self.slurm_host[h])
        self.slot_unit = {self.slot(u): u for u in self.level if u in self.host_units}

    def write_upper(self):
        """children[name] for every switch with a line; leaves: every slot some host may use."""
        self.children = {}
        written = {u for u in self.leaves if self.slot(u) in self.allowed}
        for u in sorted(self.level, key=lambda x: self.level[x]):
            if u in self.leaves:
                continue
            kids = {self.name[v] for v in self.nbrs[u]
                    if v in written and self.level.get(v) == self.level[u] - 1}
            if self.slot(u) in self.allowed:
                kids.add(self.slot(u))
            if kids:
                self.children[self.name[u]] = kids
                written.add(u)
        self.add_rail_groups()

    def add_rail_groups(self):
        """Hosts reaching the same k >= 2 leaves, alone on them, at least k of them: one
        "<first leaf>_rails" switch lists those leaves."""
        groups = defaultdict(set)
        for h, slots in self.choices.items():
            groups[frozenset(slots)].add(h)
        for slots, hosts in groups.items():
            if len(slots) < 2 or len(hosts) < max(2, len(slots)):
                continue
            if any(self.slot_unit.get(s) not in self.leaves or self.allowed[s] != hosts
                   for s in slots):
                continue
            self.children[min(slots, key=natural_key) + "_rails"] = set(slots)

    def hosts(self):
        return set(self.choices)


def written_components(exp):
    """How many connected parts the written units form (synthetic leaves go with theirs):
    joined by cables, or by a host cabled to both."""
    units = {u for u, n in exp.name.items() if n in exp.children or n in exp.allowed}
    units |= {exp.slot_unit[s] for s in exp.allowed if s in exp.slot_unit}
    seen, parts = set(), 0
    for start in units:
        if start in seen:
            continue
        parts += 1
        stack = [start]
        seen.add(start)
        while stack:
            u = stack.pop()
            shared = set().union(*(c for c in exp.cabled.values() if u in c))
            for v in (exp.nbrs[u] | shared) & units:
                if v not in seen:
                    seen.add(v)
                    stack.append(v)
    return parts


def check_tops(exp, got, problems):
    """docs/slurm.md: a "fabric_top" lists the top switches when no switch reaches every
    host of the (connected) fabric; without one, some switch must reach them all."""
    tops = {n for n in got if n.startswith("fabric_top")}
    rest = {n: v for n, v in got.items() if n not in tops}
    children = set().union(*(k for _, _, k in rest.values())) if rest else set()
    roots = set(rest) - children
    hosts = set().union(*(nodes for _, nodes, _ in rest.values())) if rest else set()
    covered = any(nodes >= hosts for _, nodes, _ in rest.values())
    if written_components(exp) != 1:
        return rest
    if covered and tops:
        problems.append(f"unneeded top switches {sorted(tops)}")
    elif not covered and len(tops) != 1:
        problems.append(f"no switch reaches every host, and top switches are {sorted(tops)}")
    elif not covered and got[next(iter(tops))][2] != roots:
        problems.append(f"top switch children {sorted(got[next(iter(tops))][2])[:8]}, "
                        f"want the roots {sorted(roots)[:8]}")
    return rest


def compare(exp, got):
    """A list of differences between Expected and scontrol's topology (empty: it matches)."""
    problems = []
    got = check_tops(exp, got, problems)
    leaves = {n for n, (_, nodes, kids) in got.items() if not kids}
    want = set(exp.allowed) | set(exp.children)
    if set(got) != want:
        problems.append("switches missing: {}; unexpected: {}".format(
            sorted(want - set(got))[:10], sorted(set(got) - want)[:10]))
    seen = defaultdict(list)
    for n in leaves:
        for h in got[n][1]:
            seen[h].append(n)
        if n in exp.allowed:
            if not got[n][1] <= exp.allowed[n]:
                problems.append(f"leaf {n}: hosts not cabled to it: "
                                f"{sorted(got[n][1] - exp.allowed[n])[:10]}")
            if not exp.required[n] <= got[n][1]:
                problems.append(f"leaf {n}: hosts missing: "
                                f"{sorted(exp.required[n] - got[n][1])[:10]}")
    twice = [h for h, ls in seen.items() if len(ls) > 1]
    if twice:
        problems.append(f"hosts under several leaves: {twice[:10]}")
    if set(seen) != exp.hosts():
        problems.append("hosts missing: {}; unexpected: {}".format(
            sorted(exp.hosts() - set(seen))[:10], sorted(set(seen) - exp.hosts())[:10]))
    for n, kids in exp.children.items():
        if n in got and got[n][2] != kids:
            problems.append(f"switch {n}: children {sorted(got[n][2])[:8]}, "
                            f"want {sorted(kids)[:8]}")
    return problems


def reaches_all(exp):
    """True when the written switches are one connected part: then one switch (a
    fabric_top if need be) has every host below it, else Slurm warns, and rightly."""
    return written_components(exp) == 1


def reaches_all_without_top(exp):
    """True when one switch has every host below it, before any fabric_top."""
    below = {}

    def hosts_below(n):
        if n not in below:
            if n in exp.children:
                below[n] = set().union(*(hosts_below(k) for k in exp.children[n]))
            else:
                below[n] = {h for h, s in exp.choices.items() if n in s}
        return below[n]

    everyone = exp.hosts()
    return any(hosts_below(n) >= everyone for n in list(exp.children) + list(exp.allowed))
