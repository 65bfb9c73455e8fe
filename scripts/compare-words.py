#!/usr/bin/env python3
"""Words mode key by key on a product catalogue, side by side with Typesense 0.24.1 (issue 45).

Makes the seeded catalogue (scripts/make-catalogue.py) when it is missing, starts Typesense on
127.0.0.1 (the microsecond build of scripts/compare-typesense.py, in a venv outside the repository),
imports every product, types each query of Benchmarks/Sources/words-latency key by key against it
(query_by name, typos as Typesense's defaults, prefix, 10 hits; with and without
filter_by category:=Shoes) and reads search_time_ms; then runs our `words-latency --json` (Benchmarks
package, release) on the same file and keystrokes: SearchIndex in memory and DiskIndex opened
`.deferred`, each keystroke once with no warm-up, with typos (.automatic) and without. Prints p50,
p90 and p99 of each, and ours over Typesense's typo-tolerant figures.

Usage: python3 scripts/compare-words.py [--catalogue FILE] [--count N] [--binary PATH] [--stock]

The server is stopped on every path; its data directory is temporary. Not part of `swift test` or CI.
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("typesense_tools", os.path.join(ROOT, "scripts/compare-typesense.py"))
tools = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tools)

QUERIES = [
    "nike trail running shoes", "running sh", "adids", "samsng tv", "nespreso", "lindt dark chocolate",
    "grey runing shoes", "sony wireless headphnes", "ru", "choclate 1 kg",
]


def keystrokes():
    return [query[:length] for query in QUERIES for length in range(1, len(query) + 1)]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(-(-len(ordered) * p // 1)) - 1))]


def products(path, count):
    with open(path, encoding="utf-8") as f:
        next(f)
        for number, line in enumerate(f):
            if count is not None and number >= count:
                return
            identifier, name, brand, category, price = line.rstrip("\n").split("\t")
            yield {"id": identifier, "name": name, "brand": brand, "category": category, "price": float(price)}


def typesense_times(server, filter_by):
    times = []
    for typed in keystrokes():
        parameters = {"q": typed, "query_by": "name", "per_page": 10}
        if filter_by:
            parameters["filter_by"] = filter_by
        answer = server.request("GET", "/collections/products/documents/search?" + urllib.parse.urlencode(parameters))
        times.append(answer["search_time_ms"])
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalogue", default=os.path.join(ROOT, "data", "catalogue-1m.tsv"))
    parser.add_argument("--count", type=int, default=None, help="only the first N products")
    parser.add_argument("--binary", default=os.path.join(ROOT, "Benchmarks/.build/release/words-latency"))
    parser.add_argument("--venv", default=os.path.expanduser("~/.cache/autocomplete/typesense-venv"))
    parser.add_argument("--stock", action="store_true", help="the unmodified server (whole milliseconds)")
    arguments = parser.parse_args()
    if not os.path.exists(arguments.catalogue):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/make-catalogue.py"), arguments.catalogue],
                       check=True)
    catalogue = arguments.catalogue
    if arguments.count is not None:
        catalogue = f"/tmp/catalogue-{arguments.count}.tsv"
        with open(arguments.catalogue, encoding="utf-8") as source, open(catalogue, "w", encoding="utf-8") as out:
            for number, line in enumerate(source):
                if number > arguments.count:
                    break
                out.write(line)
    binary = tools.server_binary(arguments.venv)
    if not arguments.stock:
        binary = tools.microsecond_binary(binary, os.path.dirname(binary))
    unit = 1.0 if arguments.stock else 0.001  # search_time_ms in ms, or in µs from the patched build
    server = tools.Server(binary)
    try:
        server.request("POST", "/collections", json.dumps({
            "name": "products",
            "fields": [{"name": "name", "type": "string"}, {"name": "brand", "type": "string", "facet": True},
                       {"name": "category", "type": "string", "facet": True},
                       {"name": "price", "type": "float"}]}))
        started = time.time()
        batch = []
        for product in products(catalogue, None):
            batch.append(json.dumps(product))
            if len(batch) == 20_000:
                server.request("POST", "/collections/products/documents/import?action=create", "\n".join(batch),
                               content_type="text/plain")
                batch = []
        if batch:
            server.request("POST", "/collections/products/documents/import?action=create", "\n".join(batch),
                           content_type="text/plain")
        print(f"Typesense: imported in {time.time() - started:.0f} s", file=sys.stderr)
        theirs = {
            "typos auto": [t * unit for t in typesense_times(server, None)],
            "typos auto, category:=Shoes": [t * unit for t in typesense_times(server, "category:=Shoes")],
        }
        ours = json.loads(subprocess.run([arguments.binary, catalogue, "--json"], check=True, capture_output=True,
                                         text=True).stdout)
    finally:
        server.stop()
    count = len(keystrokes())
    print(f"\n{count} keystrokes of {len(QUERIES)} queries; times in ms\n")
    print("| engine | configuration | p50 | p90 | p99 | p99 / Typesense's typo-tolerant p99 |")
    print("|---|---|---|---|---|---|")
    for name, times in theirs.items():
        print(f"| Typesense (search_time_ms) | {name} | {percentile(times, .5):.3f} | {percentile(times, .9):.3f} "
              f"| {percentile(times, .99):.3f} | 1 |")
    for row in ours:
        reference = theirs["typos auto, category:=Shoes" if "Shoes" in row["configuration"] else "typos auto"]
        ratio = row["p99"] / max(percentile(reference, .99), 1e-9)
        print(f"| ours, {row['engine']} | {row['configuration']} | {row['p50']:.3f} | {row['p90']:.3f} "
              f"| {row['p99']:.3f} | {ratio:.3f} |")


if __name__ == "__main__":
    main()
