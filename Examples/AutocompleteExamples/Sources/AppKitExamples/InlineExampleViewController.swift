#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit

  /// Seed 002 on the Mac: inline completion only. The typed text is drawn in `boldTextColor` and
  /// the rest of the best match in `lightTextColor` after the caret; Return, Tab or → at the end
  /// accepts it (never while an input method composes).
  public final class InlineExampleViewController: NSViewController, AutocompleteFieldDelegate {
    private let field = AutocompleteNSTextField(frame: .zero)
    private let selectionLabel = NSTextField(labelWithString: "")

    /// The tutorial's selection, printed as it changes.
    private var selection: String? {
      didSet { selectionLabel.stringValue = "SELECTION IS: \(String(describing: selection))" }
    }

    public override func loadView() {
      view = NSView(frame: NSRect(x: 0, y: 0, width: 520, height: 200))
      field.font = .systemFont(ofSize: 18, weight: .medium)
      field.placeholderString = "Person's name"
      field.boldTextColor = .labelColor
      field.lightTextColor = .tertiaryLabelColor
      field.showsInlineCompletion = true
      field.showsSuggestionList = false  // ghost text only, as in the tutorial
      field.autocompleteDelegate = self
      field.widthAnchor.constraint(equalToConstant: 320).isActive = true
      _ = exampleStack(in: view, [field, selectionLabel])
    }

    /// The tutorial's three calls: fresh data when editing begins (`provideDatasource()`), the
    /// selection kept on Return (`returned(with:)`), no selection once the field is emptied
    /// (`textFieldCleared()`).
    public func autocompleteField(_ field: NSTextField, didReceive event: AutocompleteFieldEvent) {
      switch event {
      case .willBeginEditing:
        self.field.items = [
          "Jon Snow", "Daenerys Targaryen", "Gregor Clegane", "Cersei Lannister", "Tyrion Lannister",
          "Joffrey Baratheon", "Sandor Clegane", "Sansa Stark",
        ]
      case .returned(let text):
        selection = text
      case .cleared:
        selection = nil
      default:
        break
      }
    }
  }
#endif
