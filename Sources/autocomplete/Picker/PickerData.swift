import AutocompleteCities
import AutocompleteCore
import Foundation

/// The items a picker searches: the embedded cities or the lines of a file, indexed once.
///
/// Rows show the matched text with its highlights as the title (a city's name, a line) and, for
/// cities, the country as the detail; picking a city gives "Name, Country", picking a line the line.
struct PickerData: Sendable {
  /// The index over the items (empty for lines, which ``stream`` holds).
  let index: SearchIndex<AutocompleteItem>
  /// The lines of a file or of standard input, read while the picker runs; `nil` for items.
  var stream: LineStream?
  /// An index on disk searched instead of ``index`` (`pick --index`, see `PickerData+DiskIndex`).
  var diskIndex: DiskIndex?
  /// What the items are, for titles ("cities", "lines of FILE").
  let name: String
  /// The detail text of an item's row.
  var detail: @Sendable (AutocompleteItem) -> String? = { ($0.payload as? City)?.countryName }
  /// Whether the items are lines (an empty query lists them in input order) rather than cities (by
  /// population).
  var isLines = false
  /// The number of matches of the last searches, for the status line ("50 of 136").
  let totals = MatchTotals()
  /// Each block's last search, narrowed by the next keystroke that extends it.
  let narrowing = NarrowingSearches()
  /// How many rows a search makes: a page at first, more as the user scrolls towards the end.
  let rowWindow = RowWindow()
  /// The texts of remembered picks (`pick --frecency`, read at each search): a match whose text is
  /// one of them is made into a row even past the row window (or `--limit`), so the session's
  /// frecency boost can lift it wherever it ranks. The match counts do not change.
  var pinnedTexts: (@Sendable () -> Set<String>)?
  /// Where the pinned texts are among the lines.
  let pinnedLines = PinnedLines()
  /// fzf's `--tac` and `--no-sort` (lines only).
  var order = LineOrder()

  /// How many items there are (the lines read so far, while input streams in).
  var itemCount: Int { stream?.progress.lineCount ?? diskIndex?.count ?? index.items.count }

  /// The embedded GeoNames cities (population as weight), with their Latin readings when
  /// `transliteration` is ``Transliteration/latin``.
  static func cities(transliteration: Transliteration = .none) throws -> PickerData {
    let items = try Cities.load().map { city in
      var item = city.autocompleteItem
      item.completionText = item.displayText
      return item
    }
    return PickerData(
      index: SearchIndex(items, sortsKeys: false, transliteration: transliteration), name: "cities")
  }

  /// The same items indexed with their Latin readings (``Transliteration/latin``); lines stay as they
  /// are (their blocks are indexed without readings).
  func transliterated() -> PickerData {
    guard stream == nil, index.transliteration != .latin else { return self }
    return PickerData(
      index: SearchIndex(index.items, sortsKeys: false, transliteration: .latin), name: name, detail: detail)
  }

  /// The lines of `path` read whole, then indexed with their Latin readings
  /// (``Transliteration/latin``, `pick --transliterate`): readings need the lines as text, so the
  /// picker opens on the whole input, not while it streams in. Rows are searched in the index; a pick
  /// prints its line as read, from the stream (``output(of:)``). Empty lines are skipped, as
  /// ``lines(_:separator:repairsInvalidLines:fields:)`` does.
  /// - Throws: ``InputError`` when the path cannot be opened or reading stopped at a bad line.
  static func transliteratedLines(_ path: String, separator: UInt8 = 0x0A, repairsInvalidLines: Bool = true)
    throws -> PickerData
  {
    let read = try lines(path, separator: separator, repairsInvalidLines: repairsInvalidLines)
    try read.loadCompletely()
    guard let stream = read.stream else { return read }
    var items: [AutocompleteItem] = []
    for block in stream.snapshot().blocks {
      for line in 0..<block.count {
        var item = AutocompleteItem(rowText(of: line, in: block.lines))
        item.completionText = item.searchText
        items.append(item)
      }
    }
    var data = PickerData(
      index: SearchIndex(items, sortsKeys: false, transliteration: .latin), name: read.name,
      detail: { _ in nil })
    data.stream = stream
    data.isLines = true
    return data
  }

  /// Whether the lines are searched through ``index`` (read whole, with readings) rather than block by
  /// block as they stream in.
  private var searchesIndexedLines: Bool { index.transliteration == .latin }

  /// A list of items with `detail` as their rows' detail text, `searchableAttributes` searched too
  /// (the `--tsv` columns `--search` names after the first).
  static func items(
    _ items: [AutocompleteItem], name: String, detail: @escaping @Sendable (AutocompleteItem) -> String?,
    searchableAttributes: [String] = []
  ) -> PickerData {
    PickerData(
      index: SearchIndex(items, searchableAttributes: searchableAttributes), name: name, detail: detail)
  }

  /// The lines of `path` (`-` for standard input), ended by `separator` (NUL for `--read0`), read on
  /// a background thread (see ``LineStream``): bad lines (invalid UTF-8, NUL) read repaired, or
  /// stopping the reading without `repairsInvalidLines` (`--strict-utf8`); empty lines skipped.
  /// - Throws: ``InputError`` when the path cannot be opened.
  static func lines(
    _ path: String, separator: UInt8 = 0x0A, repairsInvalidLines: Bool = true, fields: LineFields? = nil
  ) throws -> PickerData {
    var data = PickerData(index: SearchIndex([]), name: "lines of \(LineReader.name(of: path))")
    data.stream = try LineStream.open(
      path, separator: separator, repairsInvalidLines: repairsInvalidLines, fields: fields)
    data.isLines = true
    return data
  }

  /// Waits until every line is read; throws when reading stopped at a bad line.
  func loadCompletely() throws {
    guard let stream else { return }
    stream.waitUntilFinished()
    if let failure = stream.progress.failure { throw InputError(description: failure) }
  }

  /// How many bytes of a line get highlights: more never fit on a screen row.
  static let highlightedByteCount = 4096

  /// The rows for `query`, best first.
  /// - Throws: `CancellationError` when the task is cancelled.
  func searchSuggestions(for query: SuggestionQuery) throws -> [Suggestion] {
    // A search a later keystroke cancelled before it began costs nothing (not even folding a long
    // query): keys typed in a burst do not queue searches up behind each other.
    try Task.checkCancellation()
    // Lines read whole with readings are searched in the index, but listed in input order.
    if let stream, !searchesIndexedLines || query.text.isEmpty {
      return try lineSuggestions(for: query, in: stream)
    }
    if let diskIndex, query.text.isEmpty { return try firstItems(of: diskIndex, for: query) }
    let limit = min(query.options.limit ?? Int.max, rowWindow.count(for: query.text))
    var options = query.options
    options.includesHighlightRanges = false
    options.maximumCount = nil  // every match, to count them; only `limit` become rows
    let prepared = SearchQuery(query.text, options: query.options)
    let results =
      try diskIndex?.search(query.text, options: options) ?? index.search(query.text, options: options)
    totals.record(results.count, for: query)
    var kept = Array(results.prefix(limit))
    if let pinned = pinnedTexts?(), !pinned.isEmpty, results.count > limit {
      kept += results.dropFirst(limit).filter { pinned.contains($0.item.completionText) }
    }
    // A match through a reading or a retyped query is highlighted by the index (on the characters
    // read), not by the query on the text.
    var highlighted: [Int: TextMatch] = [:]
    if kept.contains(where: { $0.match.reading != nil || $0.match.retypedQuery != nil }) {
      var withRanges = query.options
      withRanges.maximumCount = kept.count
      for result in try diskIndex?.search(query.text, options: withRanges)
        ?? index.search(query.text, options: withRanges)
      {
        highlighted[result.offset] = result.match
      }
    }
    return kept.map { result in
      var result = result
      if let match = highlighted[result.offset], match.reading != nil || match.retypedQuery != nil {
        result.match = match
      } else {
        result.match.ranges = Self.highlights(of: prepared, in: result.match.matchedText)
      }
      return suggestion(result)
    }
  }

  /// The rows of a search of lines that get highlights: more than a screen holds, far fewer than a
  /// ``RowWindow`` page (a highlight folds its line again). The picker highlights the rows it draws
  /// past these (``highlights(of:in:)``).
  static let highlightedRowCount = 200

  /// How many rows a search makes (their text and highlights); the rest of the matches are counted
  /// only. Making a row costs far more than finding its line, and no screen shows a page: the window
  /// starts at ``page`` rows and grows by pages as the highlight nears its end, so every match can
  /// be scrolled to. The growth holds for the query it was made for: the next query starts with a
  /// page again.
  final class RowWindow: @unchecked Sendable {
    /// The rows made at first, and the step of each growth.
    static let page = 1000
    private let lock = NSLock()
    private var grown: (count: Int, query: String)?

    /// The rows a search for `query` makes.
    func count(for query: String) -> Int {
      lock.lock()
      defer { lock.unlock() }
      guard let grown, grown.query == query else { return Self.page }
      return grown.count
    }

    /// Makes room for `count` rows for `query` (never fewer than now).
    func grow(to count: Int, for query: String) {
      lock.lock()
      defer { lock.unlock() }
      let current = grown?.query == query ? grown?.count ?? Self.page : Self.page
      grown = (max(current, count), query)
    }
  }

  /// The rows for `query` among the lines read so far: each block searched on its own core for its
  /// best rows (line numbers only, no text) and its match count, merged by the standard ranking
  /// (kind, score, shorter line, earlier line); only the rows kept get their text and highlights.
  /// An empty query lists the lines in input order.
  private func lineSuggestions(for query: SuggestionQuery, in stream: LineStream) throws -> [Suggestion] {
    let (blocks, offsets) = stream.snapshot()
    let limit = min(query.options.limit ?? Int.max, rowWindow.count(for: query.text))
    let lineCount = (offsets.last ?? 0) + (blocks.last?.count ?? 0)
    if query.text.isEmpty {
      totals.record(lineCount, for: query)
      var rows: [Suggestion] = []
      if !order.isStandard {  // --tac: the last line first
        return order.everyLine(count: lineCount, limit: limit).map { line in
          return Suggestion(rowText(ofLine: line, offsets: offsets, blocks: blocks), id: String(line))
        }
      }
      for (block, offset) in zip(blocks, offsets) {
        for line in 0..<min(block.count, limit - rows.count) {
          rows.append(
            Suggestion(
              rowText(ofLine: offset + line, offsets: offsets, blocks: blocks), id: String(offset + line)))
        }
        if rows.count >= limit { break }
      }
      return rows + pinnedRows(after: rows.count, query: nil, blocks: blocks, offsets: offsets)
    }
    var options = stream.fields?.searchOptions(query.options) ?? query.options
    options.includesHighlightRanges = false
    // Reordered (--tac, --no-sort, or ranked by the shown fields' length): every match, then the first.
    let reorders = !order.isStandard || stream.fields != nil
    options.maximumCount = reorders ? nil : limit
    let (ranked, total, search) = try LineBlocks(blocks).rankedLines(
      for: query.text, options: options, after: narrowing.search)
    narrowing.search = search
    totals.record(total, for: query)
    let merged = reorders ? reordered(ranked, in: stream, limit: limit) : ranked
    guard !merged.isEmpty else { return [] }  // no query to prepare for highlights
    let prepared = SearchQuery(
      query.text, options: stream.fields?.searchOptions(query.options) ?? query.options)
    let rows = merged.enumerated().map { row, ranked in
      let text = rowText(ofLine: ranked.line, offsets: offsets, blocks: blocks)
      let highlights =
        row < Self.highlightedRowCount ? Self.highlights(of: prepared, in: text, fields: stream.fields) : []
      return Suggestion(text, id: String(ranked.line), highlights: highlights, typos: ranked.typos)
    }
    guard merged.count >= limit else { return rows }  // every match has its row
    let made = Set(merged.map(\.line))
    return rows
      + pinnedRows(after: 0, query: prepared, blocks: blocks, offsets: offsets).filter {
        !made.contains(Int($0.id) ?? -1)
      }
  }

  /// The rows of the pinned texts' lines that match `query` (every one for `nil`, the empty query),
  /// in line order, leaving out lines before `first` (they have rows already).
  private func pinnedRows(after first: Int, query: SearchQuery?, blocks: [LineIndex], offsets: [Int])
    -> [Suggestion]
  {
    guard let pinned = pinnedTexts?(), !pinned.isEmpty else { return [] }
    return pinnedLines.lines(of: pinned, in: blocks, offsets: offsets).filter { $0.value >= first }
      .sorted { $0.value < $1.value }.compactMap { text, line in
        guard let query else { return Suggestion(text, id: String(line)) }
        guard let match = query.match(text) else { return nil }
        return Suggestion(text, id: String(line), highlights: match.ranges, typos: match.typos)
      }
  }

  /// How many bytes of a line its row holds: no screen row shows more, and a longer line is not
  /// copied into every search's rows (nor compared and redrawn whole on the main actor). A pick
  /// prints the whole line, looked up by its number (``output(of:)``).
  static let rowByteCount = 1 << 16

  /// The text of a row for line `line` of `lines`: the line, or its first ``rowByteCount`` bytes cut
  /// back to the start of a scalar; a line break inside it (items read with `--read0`) shows as ␊,
  /// which is one column wide (the line break itself would not show at all).
  static func rowText(of line: Int, in lines: LineFilter) -> String {
    let range = lines.byteRange(of: line)
    var end = range.upperBound
    if range.count > rowByteCount {
      end = range.lowerBound + rowByteCount
      while end > range.lowerBound && lines.utf8[end] & 0xC0 == 0x80 { end -= 1 }
    }
    let text = String(decoding: lines.utf8[range.lowerBound..<end], as: UTF8.self)
    guard lines.separator != 0x0A, text.utf8.contains(0x0A) else { return text }
    return text.replacingOccurrences(of: "\n", with: Self.lineBreakSymbol)
  }

  /// How a row shows a line break inside an item: U+240A SYMBOL FOR LINE FEED.
  static let lineBreakSymbol = "\u{240A}"

  /// What picking `row` prints: for lines the whole line, read from the stream by the row's number
  /// (its text may hold only the line's start), else the row's completion text.
  func output(of row: Suggestion) -> ArraySlice<UInt8> {
    if let stream, let line = Int(row.id), let bytes = stream.bytes(ofLine: line) { return bytes }
    return ArraySlice(row.completionText.utf8)
  }

  /// The last search of each block, shared by the searches of successive keystrokes.
  final class NarrowingSearches: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: LineBlocks.Narrowing?

    /// The last search of the blocks, `nil` before the first.
    var search: LineBlocks.Narrowing? {
      get { lock.withLock { stored } }
      set { lock.withLock { stored = newValue } }
    }
  }

  /// The rows for `query`, best first, or none when cancelled.
  func suggestions(for query: SuggestionQuery) -> [Suggestion] {
    (try? searchSuggestions(for: query)) ?? []
  }

  /// The highlights of `query` in `text`, looked for in its first ``highlightedByteCount`` bytes
  /// only, so that a huge line costs no more than a short one.
  /// With `fields`, the text is a row of them and the query is looked for where it searches
  /// (``LineFields/highlights(of:inShown:)``).
  static func highlights(of query: SearchQuery, in text: String, fields: LineFields? = nil)
    -> [Range<String.Index>]
  {
    func ranges(in text: String) -> [Range<String.Index>] {
      guard let fields else { return query.match(text)?.ranges ?? [] }
      return fields.highlights(of: query, inShown: text)
    }
    guard text.utf8.count > highlightedByteCount else { return ranges(in: text) }
    // A scalar cut at the end becomes U+FFFD, which only the last range can touch: clamp it.
    let head = String(decoding: text.utf8.prefix(highlightedByteCount), as: UTF8.self)
    let ranges = ranges(in: head)
    func index(_ offset: String.Index) -> String.Index {
      let bytes = min(head.utf8.distance(from: head.startIndex, to: offset), highlightedByteCount)
      return text.utf8.index(text.startIndex, offsetBy: bytes)
    }
    return ranges.map { index($0.lowerBound)..<index($0.upperBound) }
  }

  /// A source answering in the keystroke (the demo's small lists).
  var source: FilterSource {
    FilterSource { query in suggestions(for: query) }
  }

  /// A source answering in a task, off the main actor, cancelled by the next keystroke: the picker
  /// stays responsive whatever the input's size.
  var backgroundSource: AsyncSource {
    AsyncSource { query in try searchSuggestions(for: query) }
  }

  /// The row of one result: the matched key (with its highlights) when it is the item's search text,
  /// otherwise the search text without highlights and the matched alternate key ("Rio de Janeiro" for
  /// "São Sebastião do Rio de Janeiro") before ``detail`` (a city's country) as the detail.
  func suggestion(_ result: SearchResult<AutocompleteItem>) -> Suggestion {
    let item = result.item
    let matchedMainKey = result.match.keyIndex == 0
    let title = matchedMainKey ? result.match.matchedText : item.searchText
    var detailText = detail(item)
    if !matchedMainKey, detailText?.contains(result.match.matchedText) != true {
      detailText = detailText.map { "\(result.match.matchedText) · \($0)" } ?? result.match.matchedText
    }
    return Suggestion(
      title, completionText: item.completionText, id: String(result.offset), detailText: detailText,
      highlights: matchedMainKey ? result.match.ranges : [], typos: result.typos, payload: item.payload)
  }
}
