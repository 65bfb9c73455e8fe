#if canImport(SwiftUI)
  import AutocompleteSwiftUI
  import SwiftUI

  // The snippet of Guides/SwiftUI.md, "A prebuilt index and user additions", as written, type-checked
  // for iOS and macOS with the examples. `AppIndexes` is the UIKit guide's (UIKitGuideIndexSnippets).
  // Not run.

  /// Notes searched over the shipped catalog and the user's own items.
  @MainActor
  struct NotesSearch: View {
    let indexes: AppIndexes  // made once, at launch: try AppIndexes()
    @StateObject private var model: AutocompleteFieldModel
    @State private var query = ""
    @State private var title = ""

    init(indexes: AppIndexes) {
      self.indexes = indexes
      _model = StateObject(wrappedValue: AutocompleteFieldModel(sources: indexes.sources))
    }

    var body: some View {
      AutocompleteField("Search", text: $query, model: model)
      TextField("Title", text: $title)
      Button("Save") {
        try? indexes.saved(Note(id: "note-1", title: title))  // the next keystroke finds it
      }
    }
  }
#endif
