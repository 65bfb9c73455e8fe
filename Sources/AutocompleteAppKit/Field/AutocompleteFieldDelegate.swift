#if canImport(AppKit) && os(macOS)
  import AppKit

  /// What an autocomplete field tells the app; the same as the UIKit field's delegate, with
  /// AppKit's field and row views: one required method that receives every
  /// ``AutocompleteFieldEvent``; handle the cases you need and ignore the rest with `default`.
  ///
  /// One required method rather than many optional ones, so that a method written with the wrong
  /// parameter types is a compiler error instead of a method that is silently never called (see
  /// `FieldEvent`). Seed 002's `AutoCompleteTextFieldDelegate` methods are cases:
  /// `returned(with:)` is `.returned(text:)` (the field then sends its action as usual),
  /// `textFieldCleared()` is `.cleared` and `provideDatasource()` is `.willBeginEditing`.
  @MainActor
  public protocol AutocompleteFieldDelegate: AnyObject {
    /// Something happened in `field`: a pick, the action row, new suggestions, a row about to show,
    /// Return, clearing, editing about to begin, or a recents failure.
    func autocompleteField(_ field: NSTextField, didReceive event: AutocompleteFieldEvent)
  }

  /// What an AppKit autocomplete field tells its delegate; rows are `NSView`s.
  public typealias AutocompleteFieldEvent = FieldEvent<NSView>
#endif
