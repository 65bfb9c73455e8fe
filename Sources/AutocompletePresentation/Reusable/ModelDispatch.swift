import AutocompleteCore

/// The safe dispatch behind `ModelConfigurableView.configure(_:)`: an untyped model is checked
/// against the view's `Model` type and comes back typed, or as a ``ModelTypeMismatch`` naming both
/// types, never as a crash.
public enum ModelDispatch {
  /// `model` as `Model`, or the mismatch for `viewType`.
  public static func model<Model>(_ model: Any, as type: Model.Type, for viewType: Any.Type)
    -> Result<Model, ModelTypeMismatch>
  {
    if let typed = model as? Model { return .success(typed) }
    return .failure(
      ModelTypeMismatch(
        viewType: String(reflecting: viewType), expectedType: String(reflecting: type),
        actualType: String(reflecting: Swift.type(of: model))))
  }

  /// The value a suggestion row stands for, as `Item`: the suggestion itself when `Item` is
  /// `Suggestion`, else its payload (the searched item), else the payload's own payload (an
  /// `AutocompleteItem`'s app value, MJ's `context`). `nil` when none of them is an `Item`.
  public static func item<Item>(from suggestion: Suggestion, as type: Item.Type) -> Item? {
    if let item = suggestion as? Item { return item }
    if let item = suggestion.payload as? Item { return item }
    return suggestion.payload(as: AutocompleteItem.self)?.payload as? Item
  }
}
