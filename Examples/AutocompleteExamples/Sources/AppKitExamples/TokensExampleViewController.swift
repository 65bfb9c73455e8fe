#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit
  import AutocompleteCities

  /// Token fields on the Mac: recipients over the embedded people with e-mail validation, and tags
  /// with a create row (at most 5).
  @MainActor
  final class TokensExampleViewController: NSViewController {
    private let recipients = AutocompleteTokenField(frame: NSRect(x: 0, y: 0, width: 420, height: 24))
    private let tags = AutocompleteTokenField(frame: NSRect(x: 0, y: 0, width: 420, height: 24))
    private let summary = NSTextField(wrappingLabelWithString: "")

    override func loadView() {
      view = NSView(frame: NSRect(x: 0, y: 0, width: 480, height: 320))
      recipients.textField.placeholderString = "To:"
      recipients.textField.items = People.addresses
      recipients.configuration = TokenFieldConfiguration(creation: .emailAddresses)
      tags.textField.placeholderString = "Tags"
      tags.textField.items = ["swift", "swiftui", "uikit", "appkit", "linux", "testing"]
      tags.configuration = TokenFieldConfiguration(maximumCount: 5, creation: TokenCreation())
      for field in [recipients, tags] {
        field.onUpdate = { [weak self] _ in self?.showSummary() }
        field.widthAnchor.constraint(equalToConstant: 420).isActive = true
      }
      _ = exampleStack(in: view, [recipients, tags, summary])
    }

    private func showSummary() {
      summary.stringValue =
        "To: \(recipients.tokens.map(\.id).joined(separator: ", "))\nTags: \(tags.tokens.map(\.id).joined(separator: ", "))"
    }
  }
#endif
