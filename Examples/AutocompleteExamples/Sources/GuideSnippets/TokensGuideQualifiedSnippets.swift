// The Guides/Tokens.md snippets that read the tokens back and write the module-qualified name, as
// written, type-checked for iOS with the examples. This file imports both AutocompleteUIKit and
// AutocompleteSwiftUI, so the plain name `AutocompleteTokenField` would be ambiguous here. Not run.

#if canImport(UIKit) && os(iOS)
  import AutocompleteSwiftUI
  import AutocompleteUIKit
  import UIKit

  /// Reading the tokens back and restoring them; the module-qualified name.
  @MainActor
  enum TokensGuideQualifiedSnippet {
    static func readBack(_ to: AutocompleteUIKit.AutocompleteTokenField) -> [Token] {
      let picked: [Token] = to.tokens  // the chips, in order: picked.map(\.id) to store
      to.tokens = [Token(id: "ann@x.org", displayText: "Ann <ann@x.org>")]  // restored, with its text
      return picked
    }

    static func make() -> AutocompleteUIKit.AutocompleteTokenField {
      let field = AutocompleteUIKit.AutocompleteTokenField()  // the UIKit view, in a file with SwiftUI too
      return field
    }
  }
#endif
