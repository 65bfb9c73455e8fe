#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  extension SuggestionCellProvider {
    /// A ``ModelConfigurableView`` cell for the dropdown, configured with the model `model` makes
    /// from each row's item.
    ///
    /// `Item` is `Suggestion` itself, the searched item (the row's payload), or an
    /// `AutocompleteItem`'s own payload (MJ's `context`), whichever matches first. A row whose
    /// item is not an `Item` is an assertion failure in debug builds and an empty cell in release.
    ///
    /// ```swift
    /// field.cellProvider = .configurable(PersonCell.self, estimatedHeight: 56) { (person: Person) in
    ///   PersonCell.Model(name: person.name, handle: person.handle)
    /// }
    /// ```
    public static func configurable<Cell: UITableViewCell & ModelConfigurableView, Item>(
      _ cellType: Cell.Type, estimatedHeight: CGFloat = 44,
      model: @escaping @MainActor (Item) -> Cell.Model
    ) -> SuggestionCellProvider {
      .custom(cellType: cellType, estimatedHeight: estimatedHeight) { tableView, indexPath, suggestion in
        let cell = tableView.dequeueReusableCell(
          withIdentifier: reuseIdentifier(for: cellType), for: indexPath)
        guard let typed = cell as? Cell else { return cell }
        guard let item = ModelDispatch.item(from: suggestion, as: Item.self) else {
          assertionFailure("\(cellType) row \(suggestion.displayText) has no \(Item.self)")
          return typed
        }
        typed.configure(model: model(item))
        return typed
      }
    }
  }
#endif
