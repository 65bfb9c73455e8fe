#!/usr/bin/env python3
"""Writes the ICU reference for the folding differential test.

ICU's Latin-ASCII transliterator (Debian package python3-icu) is run over every assigned code point
of the blocks in BLOCKS. For each one it changes, the pair goes into
Tests/AutocompleteCoreTests/Folding/ICU/latin-ascii.txt. Then our fold (read from the committed
Sources/AutocompleteCore/Generated/FoldingTable.swift) is compared with it: the code point and ICU's
output must fold to the same text. Every code point where they do not goes into
Tests/AutocompleteCoreTests/Folding/ICU/disagreements.txt with the reason from REASONS; a
disagreement without a reason stops the script.

The Swift test `FoldingICUTests` reads both files and checks TextFolder itself: it fails on any
disagreement that is not listed, and on any listed one that has gone away. So CI needs no ICU.

Run it with Debian's Python (python3-icu is installed for it, not for pyenv's):

  apt-get install -y python3-icu unicode-data
  /usr/bin/python3 scripts/generate-icu-reference.py

Assigned code points are those of Python's unicodedata (the Unicode version of the folding table
must be the same: both are 14.0.0 with Python 3.11).
"""

import os
import re
import sys
import unicodedata

import icu  # apt-get install python3-icu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "Sources", "AutocompleteCore", "Generated", "FoldingTable.swift")
OUT_DIR = os.path.join(ROOT, "Tests", "AutocompleteCoreTests", "Folding", "ICU")

BLOCKS = [
    (0x0000, 0x007F, "Basic Latin"),
    (0x0080, 0x00FF, "Latin-1 Supplement"),
    (0x0100, 0x017F, "Latin Extended-A"),
    (0x0180, 0x024F, "Latin Extended-B"),
    (0x0250, 0x02AF, "IPA Extensions"),
    (0x0370, 0x03FF, "Greek and Coptic"),
    (0x0400, 0x04FF, "Cyrillic"),
    (0x0500, 0x052F, "Cyrillic Supplement"),
    (0x1C80, 0x1C8F, "Cyrillic Extended-C"),
    (0x1D00, 0x1D7F, "Phonetic Extensions"),
    (0x1D80, 0x1DBF, "Phonetic Extensions Supplement"),
    (0x1E00, 0x1EFF, "Latin Extended Additional"),
    (0x1F00, 0x1FFF, "Greek Extended"),
    (0x2000, 0x206F, "General Punctuation"),
    (0x2100, 0x214F, "Letterlike Symbols"),
    (0x2150, 0x218F, "Number Forms"),
    (0x2460, 0x24FF, "Enclosed Alphanumerics"),
    (0x2700, 0x27BF, "Dingbats"),
    (0x2C60, 0x2C7F, "Latin Extended-C"),
    (0x2DE0, 0x2DFF, "Cyrillic Extended-A"),
    (0xA640, 0xA69F, "Cyrillic Extended-B"),
    (0xA720, 0xA7FF, "Latin Extended-D"),
    (0xAB30, 0xAB6F, "Latin Extended-E"),
    (0xFF00, 0xFFEF, "Halfwidth and Fullwidth Forms"),
    (0x10780, 0x107BF, "Latin Extended-F"),
    (0x1DF00, 0x1DFFF, "Latin Extended-G"),
]

# Why we differ from ICU, by code point set. Checked in order; the first that holds gives the
# reason.
SYMBOLS = set("¡¿©®±×÷‖⁅⁆⁎℗℘℞")
REASONS = [
    (set("ŉ"), "ŉ is the letter n preceded by an apostrophe (deprecated): we drop the apostrophe, as ŀ loses its"
     " middle dot; ICU keeps it"),
    (set("«»"), "guillemets are quotation marks: we fold them to the ASCII double quote a user types"
     " for them; ICU spells them as '<<' '>>'"),
    (set("‹›"), "single guillemets are quotation marks: we fold them to the ASCII apostrophe; ICU"
     " spells them as '<' '>'"),
    (set("‚„"), "low-9 quotation marks open a quote (German, Polish): we fold them to the ASCII quote;"
     " ICU spells them as commas"),
    (set("\u00AD"), "the soft hyphen is invisible (an optional line break): we drop it; ICU writes '-'"),
    (set("ℌ"), "black-letter capital H: NFKD gives H, so we fold it to h; ICU's 'x' is a slip in its rules"),
    (SYMBOLS, "a symbol, not a letter or a quote: we keep it; ICU spells it with ASCII look-alikes"),
    ({chr(c) for c in range(0x2150, 0x2160)} | set("¼½¾↉"), "a vulgar fraction: we fold it to"
     " 'n/m'; ICU puts a space before it ('3½' -> '3 1/2')"),
    (set("ɧ"), "heng with hook: NFKD-free, we fold it to heng (ꜧ), a letter of its own; ICU writes 'h'"),
    (set("ẚ"), "NFKD gives a + ʾ (modifier letter right half ring), a transliteration letter (hamza) we"
     " keep; ICU drops it"),
    (set("ꝱꝲꝳꝴꝵꝶꝷ"), "medieval abbreviation letters (dum, lum, mum, num, rum, rum rotunda, tum): their"
     " name is their reading, not the shape of one letter; we keep them, ICU writes the first letter"),
    (set("｟｠｡､￩￫"), "NFKD gives CJK punctuation or an arrow (⦅ ⦆ 。 、 ← →), which we keep; ICU writes"
     " ASCII look-alikes"),
]


def parse_table(path):
    """Our fold per scalar, from the generated Swift file."""
    text = open(path, encoding="utf-8").read()

    def array(name):
        body = re.search(r"static let %s: \[UInt32\] = \[(.*?)\]" % name, text, re.S).group(1)
        return [int(x, 16) for x in re.findall(r"0x([0-9A-F]+)", body)]

    body = re.search(r'static let pool: String = """\n(.*?)\n\s*"""', text, re.S).group(1)
    body = re.sub(r"\\\n    ", "", body)[4:]
    pool = re.sub(r"\\u\{([0-9A-F]+)\}", lambda m: chr(int(m.group(1), 16)), body).encode("utf-8")
    table = {}
    for scalar, entry in zip(array("scalars"), array("entries")):
        table[scalar] = pool[entry >> 8:(entry >> 8) + (entry & 0xFF)].decode("utf-8")
    return table


def main():
    table = parse_table(TABLE)

    def fold(text):
        return "".join(c.lower() if c.isascii() else table.get(ord(c), c) for c in text)

    latin_ascii = icu.Transliterator.createInstance("Latin-ASCII")
    pairs = []
    disagreements = []
    unexplained = []
    tested = 0
    for low, high, _ in BLOCKS:
        for cp in range(low, high + 1):
            ch = chr(cp)
            if unicodedata.category(ch) in ("Cn", "Cs"):
                continue
            tested += 1
            theirs = latin_ascii.transliterate(ch)
            if theirs == ch:
                continue
            pairs.append((cp, theirs))
            if fold(ch) == fold(theirs):
                continue
            reason = next((why for chars, why in REASONS if ch in chars), None)
            if reason is None:
                unexplained.append(f"U+{cp:04X} {ch} ICU {theirs!r} ours {fold(ch)!r}")
            else:
                disagreements.append((cp, theirs, fold(ch), reason))
    if unexplained:
        sys.exit("disagreements without a reason in REASONS:\n" + "\n".join(unexplained))

    def hexes(text):
        return " ".join(f"{ord(c):04X}" for c in text)

    header = (
        f"# Generated by scripts/generate-icu-reference.py (ICU {icu.ICU_VERSION}, Unicode"
        f" {unicodedata.unidata_version} code points) — do not edit.\n"
    )
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, "latin-ascii.txt"), "w", encoding="utf-8") as handle:
        handle.write(header)
        handle.write(f"# ICU Latin-ASCII over {tested} assigned code points of {len(BLOCKS)} blocks;"
                     f" the {len(pairs)} it changes:\n")
        handle.write("# code point<TAB>ICU's output, as code points\n")
        for cp, theirs in pairs:
            handle.write(f"{cp:04X}\t{hexes(theirs)}\n")
    with open(os.path.join(OUT_DIR, "disagreements.txt"), "w", encoding="utf-8") as handle:
        handle.write(header)
        handle.write(f"# The {len(disagreements)} code points whose fold differs from the fold of ICU's"
                     " Latin-ASCII output, and why.\n")
        handle.write("# code point<TAB>character<TAB>ICU<TAB>ours<TAB>reason\n")
        for cp, theirs, ours, reason in disagreements:
            handle.write(f"{cp:04X}\t{chr(cp)}\t{theirs!r}\t{ours!r}\t{reason}\n")
    print(f"{tested} code points, {len(pairs)} changed by ICU, {len(disagreements)} disagreements")


if __name__ == "__main__":
    main()
