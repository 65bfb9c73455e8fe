import AutocompleteCore
import Foundation

/// `pick --index PATH`: the picker over an index on disk (see `autocomplete index`), opened
/// read-only, instead of lines read from input. A query is searched in the index (its items' fields
/// decoded only for the rows made); the empty query lists the first items (that `--where` keeps) in
/// the index's order, as
/// `filter --index` prints them; a pick prints the item's completion text (the line it was built from).
extension PickerData {
  /// The items of the index at `path`.
  /// - Throws: ``InputError`` saying what is wrong when the index cannot be opened.
  static func index(_ path: String) throws -> PickerData {
    let index: DiskIndex
    do {
      index = try IndexOpening.open(path)
    } catch let error as DiskIndexError {
      throw InputError(description: "cannot open the index: \(error)")
    }
    var data = PickerData(index: SearchIndex([]), name: "index \(path)", detail: { _ in nil })
    data.diskIndex = index
    data.isLines = true
    return data
  }

  /// The rows of the empty query: the first items (a row window's worth) in the index's order.
  func firstItems(of index: DiskIndex, for query: SuggestionQuery) throws -> [Suggestion] {
    totals.record(try index.count(matching: query.options.filter), for: query)
    let limit = min(query.options.limit ?? Int.max, rowWindow.count(for: query.text))
    return try index.items(prefix: limit, matching: query.options.filter).enumerated().map { offset, item in
      Suggestion(item.searchText, completionText: item.completionText, id: String(offset))
    }
  }
}
