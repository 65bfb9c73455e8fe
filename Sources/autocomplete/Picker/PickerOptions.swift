import ArgumentParser
import AutocompleteCore
import AutocompleteTerminal

/// The options `autocomplete` and `autocomplete pick` share with `filter`: data, mode, case, limit.
struct PickerOptions: ParsableArguments {
  @OptionGroup var search: SearchArguments

  @Option(
    parsing: .unconditional,
    help: """
      Keep at most N rows (default: pick keeps every match, making 1000 rows at a time as you \
      scroll; the demo 50; a negative number: no limit). The count shows the real total.
      """,
    transform: SaturatingCount.parse)
  var limit: Int?

  @Option(
    name: [.customShort("q"), .long],
    help: "Start with this text in the field (the composer, --screen 3: a stored message, see `mentions`).")
  var query: String = ""

  @Flag(help: "Draw without colours (as does a non-empty NO_COLOR in the environment).")
  var noColor = false

  @Flag(help: "pick: leave the mouse to the terminal (by default a click picks a row, the wheel scrolls).")
  var noMouse = false

  func validate() throws {
    if limit == 0 {
      throw ValidationError(
        "--limit 0 keeps no row to pick: give 1 or more (a negative number keeps every match)")
    }
  }

  /// The event loop for `mode`, without colours when asked; with mouse reports when `usesMouse`
  /// and not `--no-mouse`.
  func eventLoop(mode: TerminalScreen.Mode = .fullScreen, usesMouse: Bool = false) -> TerminalEventLoop {
    var loop = TerminalEventLoop(mode: mode)
    loop.tracksMouse = usesMouse && !noMouse
    if noColor { loop.environment["NO_COLOR"] = "1" }
    return loop
  }

  /// The search options; `defaultMode`, `defaultLimit` and `defaultTypos` when `--mode`, `--limit`
  /// and `--typos` are not given.
  func searchOptions(defaultMode: MatchMode, defaultLimit: Int, defaultTypos: TypoTolerance = .off)
    -> SearchOptions
  {
    search.searchOptions(
      maximumCount: limit ?? defaultLimit, defaultMode: defaultMode, defaultTypos: defaultTypos)
  }

  /// Refuses to go on without a terminal (before any input is read), then loads the items (see
  /// ``loadData()``).
  func loadDataForTerminal() throws -> PickerData {
    _ = try TerminalDevice.open()
    return try loadData()
  }

  /// The items: the file or standard input (see ``SearchArguments/dataPath``), else the cities.
  func loadData() throws -> PickerData {
    let backend = ItemBackend.choose(
      typesense: false, indexPath: nil, tsv: nil, dataPath: search.dataPath,
      transliterate: search.transliterate,
      ordersLines: search.fieldOptions.ordersLines)
    return try loadData(from: backend, attributes: nil)
  }

  /// The items of `backend` (not ``ItemBackend/typesense``, which a remote source answers): an
  /// index, the `--tsv` rows of `attributes`, lines or the cities.
  func loadData(from backend: ItemBackend, attributes: AttributeArguments?) throws -> PickerData {
    switch backend {
    case .typesense: throw InputError(description: "--typesense: the server answers, no items are loaded")
    case .cities: return try loadCities()
    case .diskIndex(let path): return try PickerData.index(path)
    case .tsv: return try attributes?.pickerData(default: loadCities) ?? loadCities()
    case .lines(let path, .transliterated):
      try search.refuseTransliteration(besides: [
        search.fieldOptions.isGiven ? "--nth, --with-nth, --delimiter, --tac or --no-sort" : nil
      ])
      return try PickerData.transliteratedLines(
        path, separator: search.itemSeparator, repairsInvalidLines: !search.strictUTF8)
    case .lines(let path, _):
      var data = try PickerData.lines(
        path, separator: search.itemSeparator, repairsInvalidLines: !search.strictUTF8,
        fields: search.fieldOptions.fields)
      data.order = search.fieldOptions.order
      return data
    }
  }

  /// The embedded cities.
  private func loadCities() throws -> PickerData {
    try PickerData.cities(transliteration: search.transliteration)
  }
}
