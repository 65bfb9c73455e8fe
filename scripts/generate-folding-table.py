#!/usr/bin/env python3
"""Generates Sources/AutocompleteCore/Generated/FoldingTable.swift from Unicode data.

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
DEFAULT_OUTPUT = os.path.join(ROOT, "Sources", "AutocompleteCore", "Generated", "FoldingTable.swift")

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
    0x061C: "ARABIC LETTER MARK: a bidi control",
    0x0640: "ARABIC TATWEEL: stretches a word for justification",
    0x200B: "ZERO WIDTH SPACE: an optional line-break point",
    0x200C: "ZERO WIDTH NON-JOINER: changes glyph shaping only (Persian, Indic)",
    0x200D: "ZERO WIDTH JOINER: changes glyph shaping only; kept at run time after an emoji, where it"
    " joins an emoji sequence (see InsensitiveFold)",
    0x200E: "LEFT-TO-RIGHT MARK: a bidi control",
    0x200F: "RIGHT-TO-LEFT MARK: a bidi control",
    0x202A: "LEFT-TO-RIGHT EMBEDDING: a bidi control",
    0x202B: "RIGHT-TO-LEFT EMBEDDING: a bidi control",
    0x202C: "POP DIRECTIONAL FORMATTING: a bidi control",
    0x202D: "LEFT-TO-RIGHT OVERRIDE: a bidi control",
    0x202E: "RIGHT-TO-LEFT OVERRIDE: a bidi control",
    0x2060: "WORD JOINER: forbids a line break",
    0x2061: "FUNCTION APPLICATION: an invisible mathematical operator",
    0x2062: "INVISIBLE TIMES: an invisible mathematical operator",
    0x2063: "INVISIBLE SEPARATOR: an invisible mathematical operator",
    0x2064: "INVISIBLE PLUS: an invisible mathematical operator",
    0x2066: "LEFT-TO-RIGHT ISOLATE: a bidi control",
    0x2067: "RIGHT-TO-LEFT ISOLATE: a bidi control",
    0x2068: "FIRST STRONG ISOLATE: a bidi control",
    0x2069: "POP DIRECTIONAL ISOLATE: a bidi control",
    0xFEFF: "ZERO WIDTH NO-BREAK SPACE (byte-order mark)",
}

# Typographic punctuation folded to the ASCII a user types for it, applied before NFKD. Each entry
# says why; Guides/Folding.md lists them. NFKD already gives '...' for the ellipsis, ' ' for the
# typographic spaces and '-' for the small and full-width hyphen-minus.
PUNCTUATION = {
    "\u2018": ("'", "LEFT SINGLE QUOTATION MARK"),
    "\u2019": ("'", "RIGHT SINGLE QUOTATION MARK, the typographic apostrophe: 'don't' finds 'don’t'"),
    "\u201A": ("'", "SINGLE LOW-9 QUOTATION MARK, an opening quote (German, Polish); ICU gives ','"),
    "\u201B": ("'", "SINGLE HIGH-REVERSED-9 QUOTATION MARK"),
    "\u2032": ("'", "PRIME, typed as an apostrophe (feet, minutes)"),
    "\u02B9": ("'", "MODIFIER LETTER PRIME (transliterated soft sign; Greek numeral sign decomposes to it)"),
    "\u2039": ("'", "SINGLE LEFT-POINTING ANGLE QUOTATION MARK (French, Swiss); ICU gives '<'"),
    "\u203A": ("'", "SINGLE RIGHT-POINTING ANGLE QUOTATION MARK; ICU gives '>'"),
    "\u275B": ("'", "HEAVY SINGLE TURNED COMMA QUOTATION MARK ORNAMENT"),
    "\u275C": ("'", "HEAVY SINGLE COMMA QUOTATION MARK ORNAMENT"),
    "\u201C": ('"', "LEFT DOUBLE QUOTATION MARK"),
    "\u201D": ('"', "RIGHT DOUBLE QUOTATION MARK"),
    "\u201E": ('"', "DOUBLE LOW-9 QUOTATION MARK, an opening quote (German, Polish); ICU gives ',,'"),
    "\u201F": ('"', "DOUBLE HIGH-REVERSED-9 QUOTATION MARK"),
    "\u02BA": ('"', "MODIFIER LETTER DOUBLE PRIME (transliterated hard sign)"),
    "\u2033": ('"', "DOUBLE PRIME, typed as a double quote (inches, seconds); NFKD would give two primes"),
    "\u00AB": ('"', "LEFT-POINTING DOUBLE ANGLE QUOTATION MARK, the guillemet (French, Russian, ...);"
                " ICU gives '<<'"),
    "\u00BB": ('"', "RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK; ICU gives '>>'"),
    "\u275D": ('"', "HEAVY DOUBLE TURNED COMMA QUOTATION MARK ORNAMENT"),
    "\u275E": ('"', "HEAVY DOUBLE COMMA QUOTATION MARK ORNAMENT"),
    "\u2E42": ('"', "DOUBLE LOW-REVERSED-9 QUOTATION MARK"),
    "\u301D": ('"', "REVERSED DOUBLE PRIME QUOTATION MARK (CJK)"),
    "\u301E": ('"', "DOUBLE PRIME QUOTATION MARK (CJK)"),
    "\u301F": ('"', "LOW DOUBLE PRIME QUOTATION MARK (CJK)"),
    "\u2010": ("-", "HYPHEN"),
    "\u2011": ("-", "NON-BREAKING HYPHEN"),
    "\u2012": ("-", "FIGURE DASH"),
    "\u2013": ("-", "EN DASH"),
    "\u2014": ("-", "EM DASH"),
    "\u2015": ("-", "HORIZONTAL BAR, a quotation dash"),
    "\u2043": ("-", "HYPHEN BULLET"),
    "\u2212": ("-", "MINUS SIGN"),
    "\u2E3A": ("-", "TWO-EM DASH"),
    "\u2E3B": ("-", "THREE-EM DASH"),
    "\u2044": ("/", "FRACTION SLASH, which NFKD puts into ½ (so '1/2' finds '½')"),
    "\u2215": ("/", "DIVISION SLASH"),
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
    "ĸ": ("q", "kra (old Greenlandic orthography), written q since 1973: 'qaqortoq' finds 'ĸaĸortoĸ' (as in"
          " ICU)"),
    "ᴆ": ("d", "small capital eth, folded like ð"),
    "ı": ("i", "Turkish dotless i: 'ıstanbul' and 'istanbul' must meet (İ folds to i by case folding)"),
    "ȷ": ("j", "dotless j: the base letter"),
    "ɩ": ("i", "Latin iota (African orthographies): the base letter"),
    "ʼ": ("'", "modifier apostrophe (Ukrainian transliteration); the ASCII apostrophe"),
    "ꞌ": ("'", "Latin small letter saltillo (Mexican orthographies), an apostrophe-shaped letter"),
}

# Scalars whose NFKD would be wrong for search, mapped directly (before step 1).
SPECIAL_SCALARS = {
    "\u309B": ("\u3099", "spacing KATAKANA-HIRAGANA VOICED SOUND MARK: NFKD gives space + the combining mark;"
                " fold to the combining mark alone, as half-width ﾞ does"),
    "\u309C": ("\u309A", "spacing SEMI-VOICED SOUND MARK: likewise"),
    "\u0149": ("n", "LATIN SMALL LETTER N PRECEDED BY APOSTROPHE (deprecated, Afrikaans 'n): the letter without"
                " its apostrophe, as ŀ loses its middle dot; NFKD would keep the apostrophe (ʼn)"),
}

HANGUL_JAMO_RANGES = [(0x1100, 0x11FF), (0xA960, 0xA97F), (0xD7B0, 0xD7FF)]

NAME_WITH = re.compile(r"^(LATIN|GREEK|CYRILLIC) (SMALL|CAPITAL) LETTER (.+?) WITH .+$")
NAME_BARRED = re.compile(r"^(LATIN|GREEK|CYRILLIC) (SMALL|CAPITAL) LETTER BARRED (.+)$")

# Latin letters without a decomposition, named after an ASCII letter in another shape: "LATIN LETTER
# SMALL CAPITAL A", "LATIN SMALL LETTER TURNED A", "... OPEN E", "... DB DIGRAPH". The words below
# describe a shape, not another letter, and are stripped from the front of the name (after "LETTER")
# until one ASCII letter, or two for a digraph, is left. Names that then hold anything else (ALPHA,
# SCHWA, EZH, ESH, ENG, ETH, GAMMA, IOTA, WYNN, YOGH, GLOTTAL STOP, ...) name a letter of its own and
# are left alone.
NAME_LATIN = re.compile(r"^LATIN (?:[A-Z]+ )*?LETTER (.+)$")
SHAPE_WORDS = [
    "SMALL CAPITAL", "SMALL", "CAPITAL", "TURNED", "OPEN", "CLOSED", "REVERSED", "SCRIPT", "INSULAR",
    "SIDEWAYS", "DOTLESS", "LONG", "BROKEN", "MIDDLE-WELSH", "VISIGOTHIC", "LENIS", "STRETCHED",
    "INVERTED", "ARCHAIC", "BARRED", "TAILLESS", "DOUBLE", "BLACKLETTER",
]
NAME_SUFFIX = re.compile(r" (?:WITH .+|DIGRAPH(?: WITH .+)?|LIGATURE|BAR)$")

# Where the Unicode Collation Algorithm's default table (DUCET, allkeys.txt) is read from: the
# PyPI package pyuca ships it. ALLKEYS overrides the path.
DUCET_VERSION = "10.0.0"


def allkeys_path():
    if os.environ.get("ALLKEYS"):
        return os.environ["ALLKEYS"]
    import pyuca  # pip install pyuca

    return os.path.join(os.path.dirname(pyuca.__file__), f"allkeys-{DUCET_VERSION}.txt")


def load_ducet():
    """Single-scalar DUCET entries: scalar -> [(is_variable, primary)] for elements with a primary."""
    table = {}
    element = re.compile(r"\[([.*])([0-9A-F]{4,5})\.[0-9A-F]{4}\.[0-9A-F]{4}\]")
    with open(allkeys_path(), encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if not line or line.startswith("@") or ";" not in line:
                continue
            codes, keys = line.split(";", 1)
            codes = codes.split()
            if len(codes) != 1:
                continue  # contractions
            elements = [(mark == "*", int(primary, 16)) for mark, primary in element.findall(keys)]
            table[int(codes[0], 16)] = [(variable, primary) for variable, primary in elements if primary]
    return table


DUCET = load_ducet()
# The primary weight of each ASCII digit and small letter.
ASCII_PRIMARIES = {DUCET[ord(c)][0][1]: c for c in "0123456789abcdefghijklmnopqrstuvwxyz"}

# Numbers DUCET may fold to ASCII digits: only in these blocks (enclosed and dingbat digits such as
# ⓵ ⓫ ❶ ➀). Digits of other scripts (Arabic-Indic ١, Devanagari १) share the primary weight of the
# ASCII digits too, but they are a script's own digits and stay.
DUCET_NUMBER_BLOCKS = [
    (0x00A0, 0x00FF), (0x2070, 0x209F), (0x2150, 0x218F), (0x2460, 0x24FF), (0x2776, 0x2793),
    (0x1F100, 0x1F1FF),
]


def ducet_ascii(ch):
    """The ASCII letters and digits DUCET gives `ch` at the primary level, for a Latin letter (or a
    number in DUCET_NUMBER_BLOCKS) whose every non-ignorable collation element has the primary
    weight of an ASCII letter or digit: ŀ -> l (the middle dot is secondary), ð -> d, ǆ -> dz,
    ⓫ -> 11. `None` otherwise (own primaries such as ɐ, ə, þ; variable elements such as
    punctuation)."""
    cp = ord(ch)
    category = unicodedata.category(ch)
    if category.startswith("L"):
        if not unicodedata.name(ch, "").startswith("LATIN "):
            return None
    elif category in ("No", "Nl"):
        if not any(low <= cp <= high for low, high in DUCET_NUMBER_BLOCKS):
            return None
    else:
        return None
    elements = DUCET.get(cp)
    if not elements or any(variable for variable, _ in elements):
        return None
    if not all(primary in ASCII_PRIMARIES for _, primary in elements):
        return None
    return "".join(ASCII_PRIMARIES[primary] for _, primary in elements)


def shape_derived_letter(ch):
    """"LATIN LETTER SMALL CAPITAL A" -> "a", "LATIN SMALL LETTER TURNED A" -> "a",
    "LATIN SMALL LETTER DB DIGRAPH" -> "db", "LATIN SMALL LETTER HV" -> "hv"; `None` when the name
    does not reduce to one ASCII letter (or two)."""
    if unicodedata.decomposition(ch):
        return None
    match = NAME_LATIN.match(unicodedata.name(ch, ""))
    if not match:
        return None
    rest = NAME_SUFFIX.sub("", match.group(1))
    changed = True
    while changed:
        changed = False
        for word in SHAPE_WORDS:
            if rest.startswith(word + " "):
                rest = rest[len(word) + 1:]
                changed = True
    if re.fullmatch(r"[A-Z]{1,2}", rest):
        return rest.lower()
    return None


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
    if ch in PUNCTUATION:
        return PUNCTUATION[ch][0]
    half = halfwidth_hangul(ch)
    if half is not None:
        return half
    if keeps_hangul(ch):
        return ch
    for letter in (ch, ch.casefold()):
        if letter in EXTRA_LETTERS:
            return EXTRA_LETTERS[letter][0]
    ducet = ducet_ascii(ch)
    if ducet is not None:
        return ducet
    text = unicodedata.normalize("NFKD", ch)
    text = "".join(c for c in text if not is_dropped(c))
    text = text.casefold()
    out = []
    for c in text:
        if c in EXTRA_LETTERS:
            out.append(EXTRA_LETTERS[c][0])
            continue
        derived = name_derived_letter(c)
        if derived is None:
            derived = shape_derived_letter(c)
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
