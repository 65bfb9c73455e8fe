#!/usr/bin/env python3
"""The size of an SQLite FTS5 database of the products catalogue (scripts/make-catalogue.py), beside
which the products `DiskIndex` is measured (issue 45, issue 48's size goal).

A `products` table (rowid, sku, name, brand, category, price) and an FTS5 index of the name (and,
with --brand, the brand) with `tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'`, in two
layouts: FTS5 keeping its own copy of the text ("internal") and FTS5 reading the text from
`products` ("external", `content='products'`). Each database is built with the journal off and
vacuumed; its file size is printed.

Usage: scripts/fts5-catalogue.py [--data data/catalogue-1m.tsv] [--brand] [--work /tmp]
"""
import argparse
import os
import sqlite3
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="data/catalogue-1m.tsv")
    parser.add_argument("--brand", action="store_true", help="index the brand too")
    parser.add_argument("--work", default="/tmp")
    args = parser.parse_args()
    rows = []
    with open(args.data, encoding="utf-8") as lines:
        next(lines)  # the header
        for number, line in enumerate(lines, start=1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 5:
                rows.append((number, fields[0], fields[1], fields[2], fields[3], float(fields[4] or 0)))
    columns = "name, brand" if args.brand else "name"
    options = "tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'"
    for layout in ("internal", "external"):
        path = os.path.join(args.work, f"fts5-catalogue-{layout}.db")
        if os.path.exists(path):
            os.remove(path)
        db = sqlite3.connect(path)
        db.execute("PRAGMA journal_mode=OFF")
        db.execute("PRAGMA synchronous=OFF")
        db.execute(
            "CREATE TABLE products(id INTEGER PRIMARY KEY, sku TEXT, name TEXT, brand TEXT, category TEXT,"
            " price REAL)")
        content = ", content='products', content_rowid='id'" if layout == "external" else ""
        db.execute(f"CREATE VIRTUAL TABLE fts USING fts5({columns}{content}, {options})")
        start = time.time()
        db.executemany("INSERT INTO products VALUES (?, ?, ?, ?, ?, ?)", rows)
        db.execute(f"INSERT INTO fts(rowid, {columns}) SELECT id, {columns} FROM products")
        db.commit()
        db.execute("VACUUM")
        db.close()
        print(f"{layout:8} {columns:11} {os.path.getsize(path) / 1e6:7.1f} MB  built in {time.time() - start:.1f} s")
        os.remove(path)


if __name__ == "__main__":
    main()
