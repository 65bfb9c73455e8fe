import AutocompleteCore
import AutocompletePresentation

/// `pick --tokens --facet FIELD`: category rows ("in BR (211)") for the values of FIELD with the
/// most matches, above the matches (`CategorySource`, the empty query included). Tab or Enter on
/// one makes a filter chip (``PickTokens``) that narrows the list until Backspace removes it.
enum PickFacets {
  /// How many category rows lead the list.
  static let rowCount = 3

  /// The category rows of `attribute` over `data`'s items.
  /// - Throws: ``InputError`` when the items have no such attribute (lines have none).
  static func source(_ attribute: String, over data: PickerData) throws -> CategorySource<AutocompleteItem> {
    let known = data.index.attributeNames
    if known.isEmpty {
      throw InputError(description: "--facet needs items with attributes: --cities or --tsv FILE")
    }
    guard known.contains(attribute) else {
      throw InputError(
        description:
          "--facet: unknown attribute “\(attribute)” (known: \(known.sorted().joined(separator: ", ")))")
    }
    return CategorySource(data.index, attribute: attribute, limit: rowCount, showsForEmptyQuery: true)
  }
}

extension PickerData {
  /// The attributes of the item a row of ``index`` shows (its id is the item's offset); `nil` for
  /// other rows (lines, the disk index).
  func attributes(of row: Suggestion) -> Attributes? {
    guard stream == nil, diskIndex == nil, let offset = Int(row.id), index.items.indices.contains(offset)
    else { return nil }
    return index.items[offset].attributes
  }
}
