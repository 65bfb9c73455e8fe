#!/usr/bin/env python3
"""Generates Sources/AutocompleteCore/Generated/AlphabetReadingTables.swift: the Latin readings of
Georgian, Armenian, Thai and Hebrew letters (issue 48, "Readings of the scripts left out").

Like scripts/generate-reading-tables.swift (Han, Cyrillic, Greek, kana), the readings become tables
the index reads per character, so no transform runs when an index is built. The sources:

- Georgian: ICU's `Georgian-Latin` (the national system of 2002: ტ "t'", ხ "kh", ყ "q'"), asked
  through PyICU, apostrophes dropped (they are not typed): თბილისი -> "tbilisi".
- Armenian: BGN/PCGN 1981 (the spellings maps use: "Yerevan", "Vanadzor", "Gyumri"). ICU's
  `Armenian-Latin` is ISO 9985 (ձ "j", խ "x", ծ "c": "erevan", "vanajor") and found fewer cities, so
  it is only printed as a comparison (--compare). ե at a word's start is "ye", ո "vo", և "yev"
  (the `initial` table); ու is "u" (a pair, read by ArmenianReading).
- Thai: RTGS (Royal Thai General System, 1999/2000): each consonant's initial and final sound. The
  vowels, their order (เ แ โ ใ ไ are written before the consonant and read after it) and the
  implicit vowels are rules, in ThaiReading.swift. ICU's `Thai-Latin` is ISO 11940 (a letter-for-
  letter transliteration: เชียงใหม่ -> "cheiynghim"), not what maps write ("Chiang Mai").
- Hebrew: the common Israeli spelling of each letter (ש "sh", צ "ts", ח "h", ק "k"), the letters
  בכפ without a dagesh "v kh f" inside a word; and each letter's consonant class for the
  consonant skeleton (HebrewReading.swift). ICU's `Hebrew-Latin` writes ISO 259 letters
  (ירושלים -> "yrwslym"), no vowels either.

Usage: python3 scripts/generate-alphabet-reading-tables.py \\
         > Sources/AutocompleteCore/Generated/AlphabetReadingTables.swift
       python3 scripts/generate-alphabet-reading-tables.py --compare   (needs PyICU)
"""

import sys

try:
    import icu  # PyICU: pip install PyICU (needs libicu-dev)
except ImportError:  # the tables below that come from ICU need it
    icu = None


def icu_reading(name, text):
    transform = icu.Transliterator.createInstance(name + "; Latin-ASCII; Lower")
    return "".join(ch for ch in transform.transliterate(text) if "a" <= ch <= "z")


# Georgian national system: what ICU's Georgian-Latin gives, apostrophes dropped. Written out too,
# so that the tables can be generated without PyICU; with it, the script checks they agree.
GEORGIAN = {
    "ა": "a", "ბ": "b", "გ": "g", "დ": "d", "ე": "e", "ვ": "v", "ზ": "z", "თ": "t", "ი": "i",
    "კ": "k", "ლ": "l", "მ": "m", "ნ": "n", "ო": "o", "პ": "p", "ჟ": "zh", "რ": "r", "ს": "s",
    "ტ": "t", "უ": "u", "ფ": "p", "ქ": "k", "ღ": "gh", "ყ": "q", "შ": "sh", "ჩ": "ch", "ც": "ts",
    "ძ": "dz", "წ": "ts", "ჭ": "ch", "ხ": "kh", "ჯ": "j", "ჰ": "h",
    # Letters out of modern use, as the national system's tables for old texts read them.
    "ჱ": "e", "ჲ": "i", "ჳ": "ui", "ჴ": "q", "ჵ": "o", "ჶ": "f",
}

# Armenian, BGN/PCGN 1981: inside a word.
ARMENIAN = {
    "ա": "a", "բ": "b", "գ": "g", "դ": "d", "ե": "e", "զ": "z", "է": "e", "ը": "y", "թ": "t",
    "ժ": "zh", "ի": "i", "լ": "l", "խ": "kh", "ծ": "ts", "կ": "k", "հ": "h", "ձ": "dz", "ղ": "gh",
    "ճ": "ch", "մ": "m", "յ": "y", "ն": "n", "շ": "sh", "ո": "o", "չ": "ch", "պ": "p", "ջ": "j",
    "ռ": "r", "ս": "s", "վ": "v", "տ": "t", "ր": "r", "ց": "ts", "ւ": "v", "փ": "p", "ք": "k",
    "օ": "o", "ֆ": "f", "և": "ev",
}
# At a word's start (BGN/PCGN: ե "ye", ո "vo", և "yev"; ե also after a vowel).
ARMENIAN_INITIAL = {"ե": "ye", "ո": "vo", "և": "yev"}

# Thai consonants, RTGS: (initial, final). ย ว as finals are the vowels "i", "o" of ai, ao, oi,
# ui, eo, io; อ is a silent carrier; ฤ "rue" (its ri reading after ก ต ท ป ศ ส is a rule).
THAI = {
    "ก": ("k", "k"), "ข": ("kh", "k"), "ฃ": ("kh", "k"), "ค": ("kh", "k"), "ฅ": ("kh", "k"),
    "ฆ": ("kh", "k"), "ง": ("ng", "ng"), "จ": ("ch", "t"), "ฉ": ("ch", "t"), "ช": ("ch", "t"),
    "ซ": ("s", "t"), "ฌ": ("ch", "t"), "ญ": ("y", "n"), "ฎ": ("d", "t"), "ฏ": ("t", "t"),
    "ฐ": ("th", "t"), "ฑ": ("th", "t"), "ฒ": ("th", "t"), "ณ": ("n", "n"), "ด": ("d", "t"),
    "ต": ("t", "t"), "ถ": ("th", "t"), "ท": ("th", "t"), "ธ": ("th", "t"), "น": ("n", "n"),
    "บ": ("b", "p"), "ป": ("p", "p"), "ผ": ("ph", "p"), "ฝ": ("f", "p"), "พ": ("ph", "p"),
    "ฟ": ("f", "p"), "ภ": ("ph", "p"), "ม": ("m", "m"), "ย": ("y", "i"), "ร": ("r", "n"),
    "ฤ": ("rue", "rue"), "ล": ("l", "n"), "ฦ": ("lue", "lue"), "ว": ("w", "o"), "ศ": ("s", "t"),
    "ษ": ("s", "t"), "ส": ("s", "t"), "ห": ("h", ""), "ฬ": ("l", "n"), "อ": ("", ""),
    "ฮ": ("h", ""),
}

# Hebrew letters: (at a word's start, inside a word, consonant class of the skeleton or "" for a
# letter the skeleton leaves out: א ה ח ו י ע, the ones Latin spellings write as vowels or drop).
HEBREW = {
    "א": ("a", "", ""), "ב": ("b", "v", "b"), "ג": ("g", "g", "g"), "ד": ("d", "d", "d"),
    "ה": ("h", "h", ""), "ו": ("v", "o", ""), "ז": ("z", "z", "s"), "ח": ("h", "h", ""),
    "ט": ("t", "t", "t"), "י": ("y", "i", ""), "ך": ("kh", "kh", "k"), "כ": ("k", "kh", "k"),
    "ל": ("l", "l", "l"), "ם": ("m", "m", "m"), "מ": ("m", "m", "m"), "ן": ("n", "n", "n"),
    "נ": ("n", "n", "n"), "ס": ("s", "s", "s"), "ע": ("a", "", ""), "ף": ("f", "f", "p"),
    "פ": ("p", "f", "p"), "ץ": ("ts", "ts", "s"), "צ": ("ts", "ts", "s"), "ק": ("k", "k", "k"),
    "ר": ("r", "r", "r"), "ש": ("sh", "sh", "s"), "ת": ("t", "t", "t"),
}


def hex_key(ch):
    return f"0x{ord(ch):X}"


def table(name, doc, entries):
    lines = [f"  /// {line}" for line in doc]
    lines.append(f"  static let {name}: [UInt32: String] = [")
    lines += [f'    {hex_key(k)}: "{v}",' for k, v in sorted(entries.items(), key=lambda e: ord(e[0]))]
    lines.append("  ]")
    return "\n".join(lines)


def compare():
    if icu is None:
        sys.exit("--compare needs PyICU (pip install PyICU)")
    for letter, reading in GEORGIAN.items():
        theirs = icu_reading("Georgian-Latin", letter)
        if theirs != reading:
            print(f"Georgian {letter}: ICU {theirs!r}, table {reading!r}")
    for letter, reading in ARMENIAN.items():
        theirs = icu_reading("Armenian-Latin", letter)
        if theirs != reading:
            print(f"Armenian {letter}: ICU (ISO 9985) {theirs!r}, BGN/PCGN {reading!r}")


def main():
    if "--compare" in sys.argv:
        compare()
        return
    if icu is not None:  # the written-out Georgian table must be ICU's
        for letter, reading in GEORGIAN.items():
            theirs = icu_reading("Georgian-Latin", letter)
            if theirs and theirs != reading:
                sys.exit(f"Georgian {letter}: ICU reads {theirs!r}, the table {reading!r}")
    out = [
        "// Generated by scripts/generate-alphabet-reading-tables.py — do not edit.",
        "// Regenerate: python3 scripts/generate-alphabet-reading-tables.py \\",
        "//   > Sources/AutocompleteCore/Generated/AlphabetReadingTables.swift",
        "",
        "/// Latin readings of Georgian, Armenian, Thai and Hebrew letters (see",
        "/// scripts/generate-alphabet-reading-tables.py): what ``LatinReader`` reads these scripts with.",
        "enum AlphabetReadingTables {",
        table("georgian", ["Georgian (Mkhedruli) letters, the national system (ICU `Georgian-Latin`)."], GEORGIAN),
        "",
        table("armenian", ["Armenian letters (lower case) inside a word, BGN/PCGN."], ARMENIAN),
        "",
        table("armenianInitial", ["Armenian letters whose reading at a word's start differs (ե \"ye\")."],
              ARMENIAN_INITIAL),
        "",
        table("thaiInitial", ["Thai consonants as a syllable's initial, RTGS."], {k: v[0] for k, v in THAI.items()}),
        "",
        table("thaiFinal", ["Thai consonants as a syllable's final, RTGS (ย, ว: the vowels \"i\", \"o\")."],
              {k: v[1] for k, v in THAI.items()}),
        "",
        table("hebrewInitial", ["Hebrew letters at a word's start."], {k: v[0] for k, v in HEBREW.items()}),
        "",
        table("hebrew", ["Hebrew letters inside a word, unvoweled (ו \"o\", י \"i\": read as vowels)."],
              {k: v[1] for k, v in HEBREW.items()}),
        "",
        table("hebrewSkeleton",
              ["Hebrew letters' consonant classes for the skeleton (\"\": left out)."],
              {k: v[2] for k, v in HEBREW.items()}),
        "}",
    ]
    print("\n".join(out))


if __name__ == "__main__":
    main()
