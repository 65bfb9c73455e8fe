import AutocompleteCore
import AutocompleteTerminal

/// The options of the dropdown screen that keys toggle live (RVS_AutofillTextField's switches).
struct DropdownSettings: Equatable, Sendable {
  /// The maximum counts F9 cycles through; -1 is unlimited.
  static let maximumCounts = [5, 10, 50, -1, 1]
  /// The typo tolerances F10 cycles through.
  static let typoTolerances: [TypoTolerance] = [.automatic, .off, .fixed(1), .fixed(2)]

  /// Whether case and diacritics count.
  var isCaseSensitive = false
  /// Whether characters may come before the match.
  var wildcardBefore = false
  /// Whether characters may come after the match.
  var wildcardAfter = true
  /// The maximum number of rows (negative: unlimited).
  var maximumCount = 50
  /// How many typos a match may have.
  var typoTolerance = TypoTolerance.automatic
  /// Whether cities are also found through Latin readings and wrong-layout queries (F12, Alt-L).
  var transliteration = Transliteration.none

  /// Whether `key` toggles ``transliteration``: F12 or Alt-L (F1–F10 keep their meaning).
  static func togglesReadings(_ key: KeyEvent) -> Bool { key == .function(12) || key == .alt("l") }

  /// Starts from the command line's options.
  init(options: SearchOptions) {
    isCaseSensitive = options.isCaseSensitive
    wildcardBefore = options.mode.isWildcardBefore
    wildcardAfter = options.mode.isWildcardAfter
    maximumCount = options.maximumCount ?? -1
    typoTolerance = options.typoTolerance
  }

  /// The mode the two wildcard switches give.
  var mode: MatchMode { MatchMode(wildcardBefore: wildcardBefore, wildcardAfter: wildcardAfter) }

  /// The search options.
  var searchOptions: SearchOptions {
    SearchOptions(
      mode: mode, isCaseSensitive: isCaseSensitive, maximumCount: maximumCount, typoTolerance: typoTolerance)
  }

  /// Applies function key `number` (6 to 10); returns whether it was one of the toggles.
  mutating func toggle(_ number: Int) -> Bool {
    switch number {
    case 6: isCaseSensitive.toggle()
    case 7: wildcardBefore.toggle()
    case 8: wildcardAfter.toggle()
    case 9:
      let counts = Self.maximumCounts
      let index = counts.firstIndex(of: maximumCount).map { ($0 + 1) % counts.count } ?? 0
      maximumCount = counts[index]
    case 10:
      let tolerances = Self.typoTolerances
      let index = tolerances.firstIndex(of: typoTolerance).map { ($0 + 1) % tolerances.count } ?? 0
      typoTolerance = tolerances[index]
    default: return false
    }
    return true
  }

  /// The header line: the current options and their keys.
  var summary: String {
    let count = maximumCount < 0 ? "unlimited" : String(maximumCount)
    return "\(mode.rawValue) (wildcard before \(wildcardBefore ? "on" : "off"), after "
      + "\(wildcardAfter ? "on" : "off")) · case \(isCaseSensitive ? "sensitive" : "insensitive") "
      + "· max \(count) · typos \(typoTolerance) · latin \(transliteration == .latin ? "on" : "off") "
      + "│ F6 case F7 before F8 after F9 max F10 typos F12 latin"
  }
}
