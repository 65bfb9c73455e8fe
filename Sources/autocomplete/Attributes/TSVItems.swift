import AutocompleteCore
import Foundation

/// The items of a tab-separated file for `--tsv`: a header row names the columns (each once, none
/// empty); the first searched column (the first column, or the first that `--search` names) gives
/// each row's name, every other column an attribute, except the `--id-column` (each row's id) and
/// the `--display-column` (what it shows). The other columns `--search` names are searchable
/// attributes (string values, searched after the name, each after the one before, as
/// `SearchIndex(…, searchableAttributes:)` searches them). A column is of the type `--column-type`
/// gives; otherwise a column that is not searched is a number when every non-empty value in it
/// parses as one. An empty value is no value. Without `--display-column` or `--id-column`, each item
/// shows (and prints) its row as read.
struct TSVItems {
  /// The column names, in order.
  let columns: [String]
  /// The rows as items.
  let items: [AutocompleteItem]

  /// The attribute names (every column but the name's, the id's and the display's).
  let attributeNames: Set<String>
  /// The searched columns after the first, in the order `--search` names them.
  let searchableAttributes: [String]
  /// Each attribute's type.
  let types: [String: TSVLayout.ColumnType]
  /// What to say on standard error: columns read as text that look like numbers.
  let warnings: [String]

  /// Reads `path` (`-` for standard input) with the first column the name.
  init(path: String, search: String?) throws {
    try self.init(path: path, layout: TSVLayout(search: search))
  }

  /// Reads `path` (`-` for standard input) as `layout` says.
  /// - Throws: ``InputError`` for an unreadable file, a NUL byte or invalid UTF-8 (naming the first
  ///   such line), a missing, empty or repeated header name, an
  ///   unknown column, a row with more cells than the header, an empty or repeated id, or a value
  ///   that is not a number in a number column.
  init(path: String, layout: TSVLayout) throws {
    let data: Data
    do {
      data =
        path == "-"
        ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw InputError(description: "\(path): cannot be read")
    }
    // Rows are data: a NUL byte or invalid UTF-8 is an error naming the first such line, never a
    // cell read repaired.
    var validator = UTF8LineValidator()
    do {
      try data.withUnsafeBytes { try validator.check($0.bindMemory(to: UInt8.self), isComplete: true) }
    } catch {
      throw InputError(description: "\(LineReader.name(of: path)): \(error)")
    }
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let header = lines.first, !header.isEmpty else {
      throw InputError(description: "\(path): no header row (the first line names the columns)")
    }
    let columns = header.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    try Self.checkHeader(columns, path: path)
    func column(_ name: String, option: String) throws -> Int {
      guard let column = columns.firstIndex(of: name) else {
        throw InputError(
          description: "\(option): no column “\(name)” (the columns: \(columns.joined(separator: ", ")))")
      }
      return column
    }
    let searched =
      try layout.search?.split(separator: ",").map {
        try column($0.trimmingCharacters(in: .whitespaces), option: "--search")
      } ?? [0]
    let idColumn = try layout.idColumn.map { try column($0, option: "--id-column") }
    let displayColumn = try layout.displayColumn.map { try column($0, option: "--display-column") }
    let weightColumn = try layout.weightColumn.map { try column($0, option: "--weight-column") }
    for name in layout.types.keys { _ = try column(name, option: "--column-type") }
    if let weightColumn, layout.types[columns[weightColumn]].map({ $0 != .number }) == true {
      throw InputError(description: "--weight-column: “\(columns[weightColumn])” is not a number column")
    }
    let rows = lines.dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    for (number, row) in rows.enumerated() where row.count > columns.count {
      throw InputError(
        description: "\(path): line \(number + 2) has \(row.count) cells, the header \(columns.count)")
    }
    let nameColumn = searched[0]
    let attributeColumns = columns.indices.filter {
      $0 != nameColumn && $0 != idColumn && $0 != displayColumn
    }
    var types: [String: TSVLayout.ColumnType] = [:]
    var warnings: [String] = []
    for column in attributeColumns {
      let name = columns[column]
      if let type = layout.types[name] {
        types[name] = type
      } else if searched.contains(column) {
        types[name] = .text  // searched values are text
      } else {
        let (type, warning) = Self.inferredType(of: column, named: name, in: rows)
        types[name] = column == weightColumn ? .number : type
        if column != weightColumn, let warning { warnings.append(warning) }
      }
    }
    for column in attributeColumns where types[columns[column]] == .number {
      for (number, row) in rows.enumerated() where column < row.count && !row[column].isEmpty {
        guard Double(row[column]) == nil else { continue }
        throw InputError(
          description: "\(path): line \(number + 2): “\(row[column])” in the number column "
            + "“\(columns[column])” is not a number (leave the cell empty for no value)")
      }
    }
    if let idColumn { try Self.checkIDs(rows, column: idColumn, path: path) }
    self.columns = columns
    self.attributeNames = Set(attributeColumns.map { columns[$0] })
    self.searchableAttributes = searched.dropFirst().filter { $0 != nameColumn }.map { columns[$0] }
    self.types = types
    self.warnings = warnings
    self.items = zip(rows, lines.dropFirst()).map { row, line in
      func cell(_ column: Int?) -> String? {
        guard let column, column < row.count else { return nil }
        return row[column]
      }
      var attributes: Attributes = [:]
      for column in attributeColumns where column < row.count && !row[column].isEmpty {
        let text = row[column]
        switch types[columns[column]] ?? .text {
        case .number: attributes[columns[column]] = .number(Double(text)!)
        case .text: attributes[columns[column]] = .string(text)
        case .list:
          let values = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
          if !values.isEmpty { attributes[columns[column]] = .strings(values) }
        }
      }
      let name = cell(nameColumn) ?? ""
      let display =
        displayColumn != nil ? cell(displayColumn) ?? "" : idColumn != nil ? name : String(line)
      return AutocompleteItem(
        name, displayText: display, weight: cell(weightColumn).flatMap(Double.init) ?? 0, id: cell(idColumn),
        attributes: attributes)
    }
  }

  /// Throws when a column has no name or the name of one before it.
  private static func checkHeader(_ columns: [String], path: String) throws {
    var seen: [String: Int] = [:]
    for (index, name) in columns.enumerated() {
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw InputError(
          description: "\(path): column \(index + 1) of the header row has no name "
            + "(the first line names every column)")
      }
      if let first = seen[name] {
        throw InputError(
          description: "\(path): the header row names two columns “\(name)” "
            + "(columns \(first + 1) and \(index + 1)): each column needs a name of its own")
      }
      seen[name] = index
    }
  }

  /// Throws when a row's id is empty or an earlier row's.
  private static func checkIDs(_ rows: [[String]], column: Int, path: String) throws {
    var seen: [String: Int] = [:]
    for (number, row) in rows.enumerated() {
      let id = column < row.count ? row[column] : ""
      guard !id.isEmpty else {
        throw InputError(description: "\(path): line \(number + 2) has an empty id (--id-column)")
      }
      if let first = seen[id] {
        throw InputError(
          description: "\(path): line \(number + 2) repeats the id “\(id)” of line \(first + 2)")
      }
      seen[id] = number
    }
  }

  /// A column's type when none is given: a number when every non-empty value is one; otherwise text,
  /// with a warning when most of its values are numbers (a stray `n/a` made a number column text,
  /// and a numeric `--where` on it would match nothing).
  private static func inferredType(of column: Int, named name: String, in rows: [[String]])
    -> (TSVLayout.ColumnType, String?)
  {
    var numbers = 0
    var firstText: (line: Int, value: String)?
    var texts = 0
    for (number, row) in rows.enumerated() where column < row.count && !row[column].isEmpty {
      if Double(row[column]) != nil {
        numbers += 1
      } else {
        texts += 1
        if firstText == nil { firstText = (number + 2, row[column]) }
      }
    }
    guard let firstText else { return (.number, nil) }
    guard numbers > texts else { return (.text, nil) }
    return (
      .text,
      "warning: the column “\(name)” is read as text: \(numbers) of its values are numbers, but line "
        + "\(firstText.line) has “\(firstText.value)”; say --column-type \(name)=number (and empty those "
        + "cells) to compare it as numbers, or \(name)=text\n"
    )
  }
}
