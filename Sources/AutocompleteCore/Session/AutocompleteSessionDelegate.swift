/// Delegate-style wiring for UIKit and AppKit code: state changes and outputs.
@MainActor
public protocol AutocompleteSessionDelegate: AnyObject {
  /// The state changed; re-render the list, the ghost text and the spinner.
  func session(_ session: AutocompleteSession, didChange state: SessionState)
  /// Apply a text edit or handle a callback.
  func session(_ session: AutocompleteSession, didProduce output: SessionOutput)
}

extension AutocompleteSessionDelegate {
  /// Does nothing by default.
  public func session(_ session: AutocompleteSession, didChange state: SessionState) {}
  /// Does nothing by default.
  public func session(_ session: AutocompleteSession, didProduce output: SessionOutput) {}
}
