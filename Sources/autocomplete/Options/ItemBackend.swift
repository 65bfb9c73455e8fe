/// Where `filter` and `pick` find their items, chosen in one place from the options both take. The
/// first that applies:
/// 1. `--typesense URL`: a collection on a Typesense server;
/// 2. `--index DIR`: an index on disk (`autocomplete index`);
/// 3. `--tsv FILE`: rows with attributes, indexed in memory;
/// 4. lines (`--data FILE`, or standard input when it is not a terminal): read whole and indexed
///    with their Latin readings under `--transliterate`; read whole and put in order under `--nth`,
///    `--with-nth`, `--tac` or `--no-sort`; else searched as they stream in;
/// 5. the embedded cities (`--cities`, or nothing else given).
///
/// Each command then runs its own front end over the backend (`filter` prints, `pick` shows a
/// picker), so that both search the same items the same way for the same options.
enum ItemBackend: Equatable {
  case typesense
  case diskIndex(path: String)
  case tsv(path: String)
  case lines(path: String, reading: LineReading)
  case cities

  /// How lines are read.
  enum LineReading: Equatable {
    /// Searched block by block as they are read (one query: streamed on every core).
    case streamed
    /// Read whole, then ranked and put in fzf's order (`--nth`, `--with-nth`, `--tac`, `--no-sort`).
    case ordered
    /// Read whole and indexed with their Latin readings (`--transliterate`).
    case transliterated
  }

  /// What is wrong with asking for these sources of items at once, if anything: an index with
  /// lines (`--data`, not standard input) or with `--tsv`. Each command's `validate()` refuses it.
  static func conflict(indexPath: String?, tsv: String?, data: String?) -> String? {
    guard indexPath != nil else { return nil }
    if data != nil { return "--index and --data cannot be used together" }
    if tsv != nil { return "--index and --tsv cannot be used together" }
    return nil
  }

  /// The backend for these options (without a ``conflict(indexPath:tsv:data:)``).
  /// - Parameters:
  ///   - typesense: Whether `--typesense` is given.
  ///   - indexPath: `--index DIR`.
  ///   - tsv: `--tsv FILE`.
  ///   - dataPath: Where lines come from: `--data`, `-` for standard input when it holds lines, or
  ///     `nil` (``SearchArguments/dataPath``).
  ///   - transliterate: `--transliterate`.
  ///   - ordersLines: Whether `--nth`, `--with-nth`, `--tac` or `--no-sort` asks for lines in order.
  static func choose(
    typesense: Bool, indexPath: String?, tsv: String?, dataPath: String?, transliterate: Bool,
    ordersLines: Bool
  ) -> ItemBackend {
    if typesense { return .typesense }
    if let indexPath { return .diskIndex(path: indexPath) }
    if let tsv { return .tsv(path: tsv) }
    if let dataPath {
      return .lines(
        path: dataPath, reading: transliterate ? .transliterated : ordersLines ? .ordered : .streamed)
    }
    return .cities
  }

  /// The backend `search` and the commands' own options choose.
  static func choose(
    _ search: SearchArguments, typesense: TypesenseOptions, indexPath: String?, tsv: String?
  ) -> ItemBackend {
    choose(
      typesense: typesense.isGiven, indexPath: indexPath, tsv: tsv, dataPath: search.dataPath,
      transliterate: search.transliterate,
      ordersLines: search.fieldOptions.ordersLines)
  }

  /// Whether the items are lines (fzf's field and order options apply only to them).
  var isLines: Bool {
    if case .lines = self { return true }
    return false
  }

  /// Whether the items are searched fuzzily unless `--mode` says otherwise, as fzf searches: lines,
  /// an index and TSV rows; the embedded cities and a Typesense collection by prefix.
  var searchesFuzzilyByDefault: Bool {
    switch self {
    case .lines, .diskIndex, .tsv: true
    case .cities, .typesense: false
    }
  }
}
