#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// What an autocomplete field tells the app: one required method that receives every
  /// ``AutocompleteFieldEvent``; handle the cases you need and ignore the rest with `default`.
  ///
  /// One required method rather than many optional ones, so that a method written with the wrong
  /// parameter types is a compiler error instead of a method that is silently never called (see
  /// `FieldEvent`). Seed 002's `AutoCompleteTextFieldDelegate` methods are cases:
  /// `returned(with:)` is `.returned(text:)`, `textFieldCleared()` is `.cleared` and
  /// `provideDatasource()` is `.willBeginEditing`.
  @MainActor
  public protocol AutocompleteFieldDelegate: AnyObject {
    /// Something happened in `field`: a pick, the action row, new suggestions, a row about to show,
    /// Return, clearing, editing about to begin, or a recents failure.
    func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent)
  }

  /// What a UIKit autocomplete field tells its delegate; rows are `UITableViewCell`s.
  public typealias AutocompleteFieldEvent = FieldEvent<UITableViewCell>
#endif
