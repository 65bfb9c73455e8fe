#!/usr/bin/env python3
"""Keystroke to rows against a real Typesense 0.24.1 on 127.0.0.1, for issue 17's numbers.

Starts one node with the embedded cities and runs `remote-latency` (Benchmarks package, release):
latency per keystroke (p50, p99, worst) and requests per typed word, without and with local
narrowing. With --cluster, also starts a three-node Raft cluster with the same data and runs it
again, killing one node (SIGKILL) after 10 words: the worst keystroke during the failover and the
keystrokes left without an answer.

Usage: python3 scripts/measure-remote.py [--cluster] [--words N] [--venv DIR]

Every server is stopped on every path (it uses compare-typesense.py's Server); data directories
are temporary. Not part of `swift test` or CI.
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("compare_typesense", os.path.join(ROOT, "scripts/compare-typesense.py"))
ct = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ct)

SCHEMA = {
    "name": "cities",
    "fields": [
        {"name": "name", "type": "string"}, {"name": "ascii", "type": "string"},
        {"name": "alternates", "type": "string[]", "optional": True}, {"name": "country", "type": "string"},
        {"name": "population", "type": "int32"},
    ],
    "default_sorting_field": "population",
}


def load(server):
    server.request("POST", "/collections", json.dumps(SCHEMA))
    lines = []
    for city in ct.cities():
        city["alternates"] = city["alternates"][:8]
        city["population"] = min(city["population"], 2**31 - 1)
        lines.append(json.dumps(city))
    server.request("POST", "/collections/cities/documents/import?action=create", "\n".join(lines), "text/plain")


def tool():
    subprocess.run(["swift", "build", "-c", "release", "--product", "remote-latency"],
                   cwd=os.path.join(ROOT, "Benchmarks"), check=True, stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, "Benchmarks/.build/release/remote-latency")


def run(binary, urls, key, words, extra=()):
    command = [binary, "--nodes", ",".join(urls), "--api-key", key, "--collection", "cities",
               "--query-by", "name,ascii,alternates", "--words", str(words), *extra]
    subprocess.run(command, check=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--venv", default=os.path.expanduser("~/.cache/autocomplete/typesense-venv"))
    parser.add_argument("--words", type=int, default=60)
    parser.add_argument("--cluster", action="store_true")
    arguments = parser.parse_args()
    binary = ct.server_binary(arguments.venv)
    latency = tool()

    print("== one node")
    server = ct.Server(binary)
    try:
        load(server)
        run(latency, [f"http://127.0.0.1:{server.port}"], server.key, arguments.words)
    finally:
        server.stop()

    if not arguments.cluster:
        return
    print("== three nodes; one killed after 10 words")
    ports = [(ct.free_port(), ct.free_port()) for _ in range(3)]
    nodes_file = tempfile.NamedTemporaryFile("w", suffix=".nodes", delete=False)
    nodes_file.write(",".join(f"127.0.0.1:{peer}:{api}" for api, peer in ports))
    nodes_file.close()
    key = "cluster-" + str(os.getpid())
    cluster = []
    try:
        for api, peer in ports:
            cluster.append(ct.Server(binary, key=key, port=api, peering_port=peer, nodes_file=nodes_file.name, wait=False))
        for node in cluster:
            node.wait_until_healthy()
        deadline = time.time() + 60
        while True:  # the leader takes the writes; retry while it is being elected
            try:
                load(cluster[0])
                break
            except Exception:
                if time.time() > deadline:
                    raise
                time.sleep(0.5)
        expected = sum(1 for _ in ct.cities())
        for node in cluster:
            while node.request("GET", "/collections/cities").get("num_documents") != expected:
                time.sleep(0.2)
        urls = [f"http://127.0.0.1:{api}" for api, _ in ports]
        run(latency, urls, key, arguments.words,
            ["--narrowing", "off", "--kill-pid", str(cluster[1].process.pid), "--kill-after", "10"])
    finally:
        for node in cluster:
            node.stop()
        os.unlink(nodes_file.name)


if __name__ == "__main__":
    sys.exit(main())
