// The UIKit and SwiftUI snippets of Guides/Tokens.md, as written, type-checked with the examples
// (the guide test GuideSnippetsInStepTests checks that each is here). They are not run; the model
// snippet runs in Tests/AutocompleteCoreTests/Guides/TokensGuideTests.swift.

#if canImport(UIKit) && os(iOS)
  import AutocompleteUIKit
  import UIKit

  /// The UIKit snippet, with the app's own pieces it names.
  @MainActor
  enum TokensGuideUIKitSnippet {
    static let email = TokenCreation.accepting(
      where: { $0.contains("@") }, reason: { "\u{201C}\($0)\u{201D} is not an e-mail address." })
    static func save(_ ids: [String]) {}

    static func make() -> AutocompleteTokenField {
      let to = AutocompleteTokenField()
      to.textField.items = ["Ann <ann@x.org>", "Bob <bob@y.org>"]
      to.configuration = TokenFieldConfiguration(creation: email)
      to.onUpdate = { update in
        if case .tokensChanged(let tokens) = update { save(tokens.map(\.id)) }
      }
      return to
    }
  }
#endif
