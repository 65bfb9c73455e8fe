#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit

  // The snippet of Guides/AppKit.md, "A prebuilt index and user additions", as written, type-checked
  // for macOS with the examples. `AppIndexes` is the UIKit guide's (UIKitGuideIndexSnippets). Not run.

  /// A window's controller whose field searches the catalog and the user's items.
  final class AppKitGuideIndexSnippets: NSViewController {
    let field = AutocompleteNSTextField()
    var indexes: AppIndexes!

    override func viewDidLoad() {
      super.viewDidLoad()
      do {
        indexes = try AppIndexes()  // keep it for the window's life
        field.sources = indexes.sources
      } catch {
        presentError(error)  // a damaged or missing index says which file and why
      }
    }

    /// The document's data changed.
    func noteChanged(_ note: Note) {
      try? indexes.saved(note)  // visible to the next keystroke, committed
    }
  }
#endif
