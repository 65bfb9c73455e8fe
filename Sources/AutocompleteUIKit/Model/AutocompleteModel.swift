#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// Seed 000's autocomplete description for one text field, with the seed's property names and
  /// types, so code written for that component keeps its shape:
  ///
  /// ```swift
  /// var model = AutocompleteModel(
  ///   textFieldView: airportField, textFieldFrame: airportField.frame,
  ///   cellType: AirportCell.self, heightForCells: 56,
  ///   setupCell: { tableView, indexPath, item in
  ///     let cell = tableView.dequeueReusableCell(withIdentifier: "AirportCell", for: indexPath) as! AirportCell
  ///     cell.airport = item as? Airport
  ///     return cell
  ///   })
  /// model.allItems = airports                      // items with their own search(_:)
  /// model.onItemSelection = { item in self.selected = item as? Airport }
  /// model.attach()                                 // the one call
  /// ```
  @MainActor
  public struct AutocompleteModel {
    /// The text field that shows this autocomplete (a `UITextField`).
    public var textFieldView: UIView
    /// The field's frame in its parent view. The list follows the field's live frame (so a field
    /// that moves is followed); this one is used while the field has no size yet.
    public var textFieldFrame: CGRect
    /// The cell class; registered under its type name
    /// (``SuggestionCellProvider/reuseIdentifier(for:)``).
    public var cellType: UITableViewCell.Type
    /// The estimated cell height.
    public var heightForCells: CGFloat
    /// Makes a row's cell.
    public var setupCell:
      (UITableView, IndexPath, (any AutocompleteSearchableItemProtocol)?) -> UITableViewCell

    /// The items the list shows now; set during filtering.
    public var items: [any AutocompleteSearchableItemProtocol]?
    /// Whether the list has the extra, non-searchable row.
    public var hasAdditionalItem: Bool?
    /// The extra row's cell class.
    public var additionalItemType: UITableViewCell.Type?
    /// The extra row's estimated height.
    public var heightForAdditionalItem: CGFloat?
    /// Called when an item is picked.
    public var onItemSelection: ((_ item: any AutocompleteSearchableItemProtocol) -> Void)?
    /// Called when the extra row is picked.
    public var onAdditionalItemSelection: (() -> Void)?
    /// Makes the extra row's cell.
    public var setupAdditionalCell: ((UITableView, IndexPath) -> UITableViewCell)?

    /// Every item to filter with its own `search(_:)` (the seed leaves where they come from open).
    public var allItems: [any AutocompleteSearchableItemProtocol] = []
    /// Other sources instead of ``allItems`` (an async or remote source); their rows' payloads are
    /// handed to ``setupCell`` and ``onItemSelection`` when they are searchable items.
    public var sources: [any SuggestionSource] = []
    /// Where the extra row sits. After the items by default.
    public var additionalItemPosition: ActionRow.Position = .bottom
    /// The extra row's title for the built-in cell, from the typed text.
    public var additionalItemTitle: @Sendable (String) -> String = { "Add \u{201C}\($0)\u{201D}\u{2026}" }
    /// Whether the extra row shows when nothing matches. `true` by default.
    public var showsAdditionalItemWhenEmpty = true
    /// The field's options (mode, count, minimum length…).
    public var options = AutofillOptions(maximumAutofillCount: -1)

    /// Creates a model with the seed's required elements.
    public init(
      textFieldView: UIView, textFieldFrame: CGRect, cellType: UITableViewCell.Type, heightForCells: CGFloat,
      setupCell:
        @escaping (UITableView, IndexPath, (any AutocompleteSearchableItemProtocol)?) -> UITableViewCell
    ) {
      self.textFieldView = textFieldView
      self.textFieldFrame = textFieldFrame
      self.cellType = cellType
      self.heightForCells = heightForCells
      self.setupCell = setupCell
    }

    /// The dropdown's action row for ``hasAdditionalItem``.
    var actionRowConfiguration: ActionRowConfiguration? {
      guard hasAdditionalItem == true else { return nil }
      var row = ActionRowConfiguration(
        position: additionalItemPosition, showsWhenEmpty: showsAdditionalItemWhenEmpty,
        title: additionalItemTitle, cellType: additionalItemType,
        estimatedHeight: heightForAdditionalItem ?? heightForCells)
      if let setup = setupAdditionalCell {
        row.setupCell = { tableView, indexPath, _ in setup(tableView, indexPath) }
      }
      if let action = onAdditionalItemSelection {
        row.onSelection = { _ in action() }
      }
      return row
    }
  }
#endif
