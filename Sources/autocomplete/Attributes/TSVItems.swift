import AutocompleteCore
import Foundation

/// The items of a tab-separated file for `--tsv`: a header row names the columns; the first searched
/// column (the first column, or the first that `--search` names) gives each row's name, every other
/// column an attribute. The other columns `--search` names are searchable attributes (string values,
/// searched after the name, each after the one before, as `SearchIndex(…, searchableAttributes:)`
/// searches them). A column that is not searched is numeric when every non-empty value in it parses
/// as a number; an empty value is no value. Each item shows (and prints) its row as read.
struct TSVItems {
  /// The column names, in order.
  let columns: [String]
  /// The rows as items.
  let items: [AutocompleteItem]

  /// The attribute names (every column but the name's).
  let attributeNames: Set<String>
  /// The searched columns after the first, in the order `--search` names them.
  let searchableAttributes: [String]

  /// Reads `path` (`-` for standard input).
  /// - Throws: ``InputError`` for an unreadable file, a missing header, an unknown `--search`
  ///   column or a row with more cells than the header.
  init(path: String, search: String?) throws {
    let data: Data
    do {
      data =
        path == "-"
        ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw InputError(description: "\(path): cannot be read")
    }
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let header = lines.first, !header.isEmpty else {
      throw InputError(description: "\(path): no header row (the first line names the columns)")
    }
    let columns = header.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    let searched: [Int]
    if let search {
      searched = try search.split(separator: ",").map { name in
        let name = name.trimmingCharacters(in: .whitespaces)
        guard let column = columns.firstIndex(of: name) else {
          throw InputError(
            description: "--search: no column “\(name)” (the columns: \(columns.joined(separator: ", ")))")
        }
        return column
      }
    } else {
      searched = [0]
    }
    let rows = lines.dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    for (number, row) in rows.enumerated() where row.count > columns.count {
      throw InputError(
        description: "\(path): line \(number + 2) has \(row.count) cells, the header \(columns.count)")
    }
    let attributeColumns = columns.indices.filter { $0 != searched[0] }
    let numeric = Set(
      attributeColumns.filter { column in
        guard !searched.contains(column) else { return false }  // searched values are text
        return rows.allSatisfy { row in
          column >= row.count || row[column].isEmpty || Double(row[column]) != nil
        }
      })
    self.columns = columns
    self.attributeNames = Set(attributeColumns.map { columns[$0] })
    self.searchableAttributes = searched.dropFirst().filter { $0 != searched[0] }.map { columns[$0] }
    self.items = zip(rows, lines.dropFirst()).map { row, line in
      var attributes: Attributes = [:]
      for column in attributeColumns where column < row.count && !row[column].isEmpty {
        let text = row[column]
        attributes[columns[column]] = numeric.contains(column) ? .number(Double(text)!) : .string(text)
      }
      return AutocompleteItem(
        searched[0] < row.count ? row[searched[0]] : "", displayText: String(line), attributes: attributes)
    }
  }
}
