#!/usr/bin/env python3
"""Generates Sources/AutocompleteCore/Folding/FoldingTable.swift from Unicode data.

The table holds, for every Unicode scalar whose case- and diacritic-insensitive fold is not the
scalar itself, the folded text as UTF-8. ASCII is not in the table (the folder lowers A-Z itself).

The fold of one scalar is the fixed point of this step, applied to each scalar of the result until
nothing changes:

  1. NFKD, the compatibility decomposition (ligatures, full-width forms, superscripts, precomposed
     letters), except for Hangul (see `keeps_hangul`).
  2. Drop the combining marks in DROPPED_MARK_RANGES (Latin/Greek/Cyrillic diacritics, Hebrew and
     Arabic points) and the invisible characters in DROPPED_CHARACTERS. Marks of other scripts
     (Devanagari vowel signs and virama, Thai vowels, the kana voiced sound marks) are letters'
     parts, not decoration, and stay.
  3. Full case folding (`str.casefold()`).
  4. Letters without a decomposition that still carry a mark or are a ligature of two letters:
     derived from character names ("LATIN SMALL LETTER D WITH STROKE" -> "LATIN SMALL LETTER D") plus
     the documented EXTRA_LETTERS.

Run it with the Python whose Unicode version you want; the version goes into the header. The
output depends only on that version, so re-running gives the same file.

Usage: python3 scripts/generate-folding-table.py [output-path]
"""

import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(ROOT, "Sources", "AutocompleteCore", "Folding", "FoldingTable.swift")

# Combining marks (general category M*) dropped in insensitive mode. Marks outside these ranges are
# kept: in Indic and Southeast Asian scripts they are vowels and viramas, in Japanese the voiced
# sound marks turn か into が, a different syllable.
DROPPED_MARK_RANGES = [
    (0x0300, 0x036F, "Combining Diacritical Marks: acute, grave, diaeresis, caron, cedilla, ..."),
    (0x0483, 0x0489, "Cyrillic combining titlo and palatalization marks"),
    (0x0591, 0x05C7, "Hebrew cantillation marks and points (niqqud, dagesh, shin/sin dots)"),
    (0x0610, 0x061A, "Arabic honorific signs and small high letters"),
    (0x064B, 0x065F, "Arabic harakat (vowel points), shadda, sukun, hamza above/below"),
    (0x0670, 0x0670, "Arabic superscript alef"),
    (0x06D6, 0x06ED, "Arabic Quranic annotation marks"),
    (0x08D3, 0x08FF, "Arabic Extended-A marks"),
    (0x1AB0, 0x1AFF, "Combining Diacritical Marks Extended"),
    (0x1DC0, 0x1DFF, "Combining Diacritical Marks Supplement"),
    (0x20D0, 0x20FF, "Combining Diacritical Marks for Symbols"),
    (0xFE00, 0xFE0F, "Variation selectors (emoji vs text presentation)"),
    (0xFE20, 0xFE2F, "Combining Half Marks"),
    (0xE0100, 0xE01EF, "Variation selectors supplement"),
]

# Invisible characters that only affect rendering; a search should not depend on them.
DROPPED_CHARACTERS = {
    0x00AD: "SOFT HYPHEN: an optional line-break point",
    0x0640: "ARABIC TATWEEL: stretches a word for justification",
    0x200B: "ZERO WIDTH SPACE: an optional line-break point",
    0x2060: "WORD JOINER: forbids a line break",
    0xFEFF: "ZERO WIDTH NO-BREAK SPACE (byte-order mark)",
}

# Letters with no Unicode decomposition whose fold is a base letter or a letter pair, each with a
# reason. Applied after case folding, so only lower-case letters are listed. Letters named "... WITH
# <mark>" are derived from their names (see `name_derived_letter`) and not listed here.
EXTRA_LETTERS = {
    "æ": ("ae", "Latin ae ligature (Danish, Norwegian, Icelandic); conventional transliteration"),
    "œ": ("oe", "Latin oe ligature (French); 'coeur' finds 'cœur'"),
    "þ": ("th", "Icelandic thorn; conventional transliteration 'th'"),
    "ð": ("d", "Icelandic/Faroese eth; transliterated 'd' ('Sauðárkrókur' -> 'saudarkrokur')"),
    "ŋ": ("n", "eng (Sami, African languages); the base letter"),
    "ĸ": ("k", "kra (old Greenlandic orthography); looks and sorts as k"),
    "ı": ("i", "Turkish dotless i: 'ıstanbul' and 'istanbul' must meet (İ folds to i by case folding)"),
    "ȷ": ("j", "dotless j: the base letter"),
    "ɩ": ("i", "Latin iota (African orthographies): the base letter"),
    "ʼ": ("'", "modifier apostrophe (Ukrainian transliteration, ŉ); the ASCII apostrophe"),
}

# Scalars whose NFKD would be wrong for search, mapped directly (before step 1).
SPECIAL_SCALARS = {
    "\u309B": ("\u3099", "spacing KATAKANA-HIRAGANA VOICED SOUND MARK: NFKD gives space + the combining mark;"
                " fold to the combining mark alone, as half-width ﾞ does"),
    "\u309C": ("\u309A", "spacing SEMI-VOICED SOUND MARK: likewise"),
}

HANGUL_JAMO_RANGES = [(0x1100, 0x11FF), (0xA960, 0xA97F), (0xD7B0, 0xD7FF)]

NAME_WITH = re.compile(r"^(LATIN|GREEK|CYRILLIC) (SMALL|CAPITAL) LETTER (.+?) WITH .+$")
NAME_BARRED = re.compile(r"^(LATIN|GREEK|CYRILLIC) (SMALL|CAPITAL) LETTER BARRED (.+)$")


def is_dropped(ch):
    cp = ord(ch)
    if cp in DROPPED_CHARACTERS:
        return True
    if not unicodedata.category(ch).startswith("M"):
        return False
    return any(low <= cp <= high for low, high, _ in DROPPED_MARK_RANGES)


def is_conjoining_jamo(ch):
    return any(low <= ord(ch) <= high for low, high in HANGUL_JAMO_RANGES)


def keeps_hangul(ch):
    """Hangul syllables are not split into jamo: a syllable is what users type and see, and
    splitting would let a query match half a syllable. Characters whose NFKD contains conjoining
    jamo (syllables, parenthesized and circled Hangul) stay as they are; half-width Hangul letters
    become the ordinary compatibility jamo of the same name."""
    return any(is_conjoining_jamo(c) for c in unicodedata.normalize("NFKD", ch))


def name_derived_letter(ch):
    """"LATIN SMALL LETTER D WITH STROKE" -> "d"; "... BARRED O" -> "o". Only for letters without a
    decomposition (the others fold through NFKD). Tries the upper-case form's name too (ɵ is
    "BARRED O", Ɵ is "O WITH MIDDLE TILDE")."""
    candidates = [ch]
    upper = ch.upper()
    if len(upper) == 1 and upper != ch:
        candidates.append(upper)
    for candidate in candidates:
        if unicodedata.decomposition(candidate):
            continue
        name = unicodedata.name(candidate, "")
        match = NAME_WITH.match(name) or NAME_BARRED.match(name)
        if not match:
            continue
        script, case, base = match.groups()
        try:
            return unicodedata.lookup(f"{script} {case} LETTER {base}")
        except KeyError:
            continue
    return None


def halfwidth_hangul(ch):
    name = unicodedata.name(ch, "")
    if name.startswith("HALFWIDTH HANGUL LETTER "):
        try:
            return unicodedata.lookup(name.replace("HALFWIDTH ", "", 1))
        except KeyError:
            return None
    return None


def fold_step(ch):
    """One round of the fold for one scalar."""
    if ch in SPECIAL_SCALARS:
        return SPECIAL_SCALARS[ch][0]
    half = halfwidth_hangul(ch)
    if half is not None:
        return half
    if keeps_hangul(ch):
        return ch
    text = unicodedata.normalize("NFKD", ch)
    text = "".join(c for c in text if not is_dropped(c))
    text = text.casefold()
    out = []
    for c in text:
        if c in EXTRA_LETTERS:
            out.append(EXTRA_LETTERS[c][0])
            continue
        derived = name_derived_letter(c)
        out.append(derived.casefold() if derived is not None else c)
    return "".join(out)


def fold(ch):
    text = ch
    for _ in range(10):
        folded = "".join(fold_step(c) for c in text)
        if folded == text:
            return text
        text = folded
    raise RuntimeError(f"fold of U+{ord(ch):04X} does not converge")


def swift_string_literal(text):
    parts = []
    for c in text:
        if c.isascii() and (c.isalnum() or c in " .,;:-_()[]{}<>=+*/!?'~@#$%^&|"):
            parts.append(c)
        else:
            parts.append("\\u{%X}" % ord(c))
    return '"' + "".join(parts) + '"'


def swift_array(values, per_line, width):
    lines = []
    for start in range(0, len(values), per_line):
        chunk = values[start:start + per_line]
        lines.append("    " + ", ".join(f"0x{v:0{width}X}" for v in chunk) + ",")
    return "\n".join(lines)


def main():
    output = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUTPUT
    mapping = {}
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        ch = chr(cp)
        folded = fold(ch)
        if folded != ch:
            mapping[cp] = folded

    # Every output must be a fixed point, so that folding is idempotent.
    for cp, folded in mapping.items():
        for c in folded:
            if ord(c) < 0x80:
                if "A" <= c <= "Z":
                    raise RuntimeError(f"U+{cp:04X} folds to upper-case ASCII")
            elif mapping.get(ord(c), c) != c:
                raise RuntimeError(f"U+{cp:04X} folds to {c!r} which folds further")

    pool = "\u0000"  # offset 0 is never used, so every entry is non-zero
    offsets = {}
    entries = []
    for cp in sorted(mapping):
        folded = mapping[cp]
        if folded not in offsets:
            index = pool.find(folded) if folded else 1
            if index < 1:
                index = len(pool.encode("utf-8"))
                pool += folded
            else:
                index = len(pool[:index].encode("utf-8"))
            offsets[folded] = index
        length = len(folded.encode("utf-8"))
        assert length < 256
        entries.append(offsets[folded] << 8 | length)
    # Split the pool into source lines of at most 100 columns (escapes included).
    pool_literal_lines = []
    chunk = ""
    for c in pool[1:]:
        if len(swift_string_literal(chunk + c)) - 2 > 100:
            pool_literal_lines.append(chunk)
            chunk = ""
        chunk += c
    if chunk:
        pool_literal_lines.append(chunk)

    scalars = sorted(mapping)
    header = f"""// Generated by scripts/generate-folding-table.py — do not edit.
// Unicode {unicodedata.unidata_version} (Python {sys.version_info.major}.{sys.version_info.minor} unicodedata).
// {len(scalars)} scalars fold to something other than themselves; all other scalars fold to themselves.
// Regenerate: python3 scripts/generate-folding-table.py
"""
    pool_lines = ["\\u{0}"] + [swift_string_literal(line)[1:-1] for line in pool_literal_lines]
    pool_body = "\\\n".join("    " + line for line in pool_lines)
    quotes = '"' * 3
    text = f"""{header}
/// The case- and diacritic-insensitive fold of every non-ASCII scalar that does not fold to itself.
enum FoldingTable {{
  /// The Unicode version the table was generated from.
  static let unicodeVersion = "{unicodedata.unidata_version}"

  /// The scalars that fold to something other than themselves, ascending.
  static let scalars: [UInt32] = [
{swift_array(scalars, 10, 5)}
  ]

  /// Parallel to ``scalars``: `offset << 8 | length` of the folded UTF-8 bytes in ``utf8Pool``.
  static let entries: [UInt32] = [
{swift_array(entries, 10, 6)}
  ]

  /// The folded texts, concatenated; byte 0 is a placeholder so that every entry is non-zero.
  static let pool: String = {quotes}
{pool_body}
    {quotes}
}}
"""
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"wrote {output}: {len(scalars)} scalars, {len(pool.encode('utf-8'))} pool bytes")


if __name__ == "__main__":
    main()
