#!/usr/bin/env python3
"""Load a GraphML file with networkx and print what exports_test.cpp checks.

Usage: networkx_load.py FILE.graphml

Prints, one per line:
  nodes N
  edges M                 (parallel cables count once each: a MultiGraph is kept)
  node ID TYPE GUID LID   (LID "-" when absent, else its Python type must be int)
  edge U V SOURCE_PORT TARGET_PORT WIDTH SPEED   (absent values "-"; U <= V)
Exits non-zero when networkx cannot read the file or a value has the wrong type.
"""

import sys

import networkx as nx


def value(data, key):
    return str(data[key]) if key in data else "-"


def main():
    graph = nx.read_graphml(sys.argv[1])
    print(f"nodes {graph.number_of_nodes()}")
    print(f"edges {graph.number_of_edges()}")
    for node_id in sorted(graph.nodes):
        data = graph.nodes[node_id]
        if "lid" in data and not isinstance(data["lid"], int):
            sys.exit(f"node {node_id}: lid is {type(data['lid']).__name__}, not int")
        print(f"node {node_id} {data['type']} {data['guid']} {value(data, 'lid')}")
    lines = []
    for u, v, data in graph.edges(data=True):
        for key in ("source_port", "target_port"):
            if not isinstance(data[key], int):
                sys.exit(f"edge {u} {v}: {key} is not an int")
        u, v = min(u, v), max(u, v)
        lines.append(f"edge {u} {v} {data['source_port']} {data['target_port']} "
                     f"{value(data, 'width')} {value(data, 'speed')}")
    for line in sorted(lines):
        print(line)


if __name__ == "__main__":
    main()
