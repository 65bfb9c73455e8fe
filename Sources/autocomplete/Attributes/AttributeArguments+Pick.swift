import AutocompleteCore
import AutocompleteRemote

/// What `pick` makes of `--where` and `--tsv`.
extension AttributeArguments {
  /// The Typesense source, with `--where` (or `--filter-by`, its alias) as its `filter_by`; `nil`
  /// without `--typesense`.
  /// - Throws: ``InputError`` when both are given.
  func remoteSource(_ typesense: TypesenseOptions) throws -> TypesenseSource? {
    if typesense.filterBy != nil && expression != nil {
      throw InputError(description: "--where and --filter-by are the same option: give one")
    }
    return try typesense.source(filterBy: typesense.filterBy ?? expression)
  }

  /// The `--tsv` rows, else what `load` reads (lines or the cities).
  func pickerData(default load: () throws -> PickerData) throws -> PickerData {
    guard let tsv, let table = try self.table.items() else { return try load() }
    return PickerData.items(
      table.items, name: tsv, detail: { _ in nil }, searchableAttributes: table.searchableAttributes)
  }

  /// The `--where` filter over `data`'s attributes (the cities' `country` and `population`, the
  /// TSV's columns, an index's stored attributes); `nil` without `--where`.
  /// - Throws: ``InputError`` naming the position and the problem, when the items (lines) have no
  ///   attributes, or for a number comparison on an attribute whose values hold no number.
  func filter(for data: PickerData) throws -> AttributeFilter? {
    guard expression != nil else { return nil }
    let known = try data.diskIndex?.attributeNames ?? data.index.attributeNames
    if known.isEmpty {
      throw InputError(
        description: data.diskIndex == nil
          ? "--where needs items with attributes: --cities, --tsv FILE, --index DIR or --typesense"
          : "--where needs items with attributes: this index has none "
            + "(build it with `index build --tsv FILE` or `--cities`)")
    }
    guard let filter = try filter(knownAttributes: known) else { return nil }
    if let disk = data.diskIndex {
      try Self.check(filter, types: try FilterCommand.textColumns(of: disk, in: filter))
    } else {
      // A number comparison on an attribute that has values, none of them a number, matches nothing.
      var types: [String: TSVLayout.ColumnType] = [:]
      for name in Self.comparedAsNumbers(filter) {
        let values = data.index.items.lazy.compactMap { $0.attributes[name] }
        if !values.isEmpty && !values.contains(where: { $0.numberValue != nil }) { types[name] = .text }
      }
      try Self.check(filter, types: types)
    }
    return filter
  }
}
