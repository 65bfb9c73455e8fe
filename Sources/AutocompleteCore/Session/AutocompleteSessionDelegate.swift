/// Delegate-style wiring for UIKit and AppKit code: state changes and outputs.
///
/// Both methods are required (no default implementations): a method written with the wrong
/// parameter types is then a compiler error, not a method the session silently never calls.
@MainActor
public protocol AutocompleteSessionDelegate: AnyObject {
  /// The state changed; re-render the list, the ghost text and the spinner.
  func session(_ session: AutocompleteSession, didChange state: SessionState)
  /// Apply a text edit or handle a callback.
  func session(_ session: AutocompleteSession, didProduce output: SessionOutput)
}
