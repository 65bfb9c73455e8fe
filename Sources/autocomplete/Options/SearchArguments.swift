import ArgumentParser
import AutocompleteCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The options every command shares: where the items come from and how the query matches.
struct SearchArguments: ParsableArguments {
  @Option(
    help: """
      Read one item per line from FILE, or standard input for '-'. Default: standard input when it is \
      not a terminal, else the embedded cities.
      """)
  var data: String?

  @Flag(help: "Search the embedded cities even when standard input is not a terminal.")
  var cities = false

  @Option(help: "How the query must occur: prefix, contains, suffix, exact, words or fuzzy.")
  var mode: MatchMode?

  @Flag(help: "Let case and diacritics count.")
  var caseSensitive = false

  @OptionGroup var fzf: FzfSearchFlags

  @OptionGroup var fieldOptions: FieldOptions

  @Option(
    help: """
      How many typos a match may have (prefix, exact, words and contains modes): off, auto (1 from 4 \
      characters, 2 from 8), 0, 1 or 2. Default: off (auto in the demo).
      """)
  var typos: TypoTolerance?

  @Flag(name: .customLong("print0"), help: "End each printed line with a NUL byte instead of a line break.")
  var print0 = false

  @Flag(
    name: .customLong("read0"),
    help: ArgumentHelp(
      "Read items ended by NUL bytes instead of line breaks (find -print0); an item may hold line breaks, "
        + "shown as ␊ in pick and printed as read."))
  var read0 = false

  @Flag(
    name: .customLong("strict-utf8"),
    help: ArgumentHelp(
      "Refuse input with a line that is not valid UTF-8 or holds a NUL byte (by default such lines are "
        + "searched and shown with U+FFFD in place of the bad bytes and printed as read, with a warning)."))
  var strictUTF8 = false

  @Flag(
    help: ArgumentHelp(
      "Also find items in Han, Cyrillic, Greek, Hangul, kana, Georgian, Armenian, Thai and Hebrew through "
        + "their Latin readings (beijing, bj: 北京; moskva: Москва; yerevan: Երևան) and queries typed on a Russian, Ukrainian, Greek or Hebrew layout "
        + "(vjcrdf: москва), ranked below matches as written and as typed. With --index, the readings are "
        + "those the index was built with (`index build --transliterate`); an index built without them "
        + "still finds queries typed on another layout."))
  var transliterate = false

  /// ``Transliteration/latin`` with `--transliterate`, else none.
  var transliteration: Transliteration { transliterate ? .latin : .none }

  /// Refuses `--transliterate` beside the first of `others` given (the names of options whose items
  /// have no readings yet, `nil` for those not given), instead of ignoring it there.
  func refuseTransliteration(besides others: [String?]) throws {
    guard transliterate, let other = others.lazy.compactMap({ $0 }).first else { return }
    throw ValidationError("--transliterate does not combine with \(other) yet (its items have no readings)")
  }

  /// What ends each line printed: a NUL byte with `--print0`, else a line break.
  var lineEnd: String { print0 ? "\u{0}" : "\n" }

  /// The byte that ends each item read: a NUL byte with `--read0`, else a line break.
  var itemSeparator: UInt8 { read0 ? 0 : 0x0A }

  func validate() throws {
    if cities && data != nil { throw ValidationError("--cities and --data exclude each other") }
  }

  /// The file to read (`-` for standard input), or `nil` for the embedded cities: `--data`, else
  /// standard input when something is piped in (like fzf), else the cities. Standard input that is
  /// a terminal, `/dev/null` (a script's or CI's `</dev/null`) or closed gives nothing to read: the
  /// cities are searched then too. An empty pipe or file is read (and said to be empty).
  var dataPath: String? {
    if let data { return data }
    if cities { return nil }
    return Self.standardInputHasNoLines ? nil : "-"
  }

  /// Whether standard input is a terminal, `/dev/null` or closed.
  static var standardInputHasNoLines: Bool {
    if isatty(0) == 1 { return true }
    var input = stat()
    guard fstat(0, &input) == 0 else { return true }
    var null = stat()
    guard input.st_mode & S_IFMT == S_IFCHR, stat("/dev/null", &null) == 0 else { return false }
    return input.st_rdev == null.st_rdev
  }

  /// Search options with these arguments, `maximumCount`, and `defaultMode` and `defaultTypos`
  /// when `--mode` and `--typos` are not given.
  func searchOptions(
    maximumCount: Int?, includesHighlightRanges: Bool = true, defaultMode: MatchMode = .prefix,
    defaultTypos: TypoTolerance = .off
  ) -> SearchOptions {
    fzf.applied(
      to: SearchOptions(
        mode: mode ?? fzf.mode ?? defaultMode, isCaseSensitive: caseSensitive, maximumCount: maximumCount,
        includesHighlightRanges: includesHighlightRanges, typoTolerance: typos ?? defaultTypos),
      explicitMode: mode)
  }
}

extension TypoTolerance: ExpressibleByArgument {
  /// The values `--typos` takes.
  public static var allValueStrings: [String] { ["off", "auto", "0", "1", "2"] }
}
