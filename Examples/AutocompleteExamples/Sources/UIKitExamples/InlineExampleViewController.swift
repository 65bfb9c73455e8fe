#if canImport(UIKit) && os(iOS)
  import AutocompleteUIKit
  import UIKit

  /// Seed 002: inline completion. The typed text is drawn in `boldTextColor` and the rest of the
  /// best match in `lightTextColor`; Return (or Tab, → on a hardware keyboard) accepts it.
  public final class InlineExampleViewController: UIViewController, AutocompleteFieldDelegate {
    private let field = AutocompleteTextField(frame: .zero)
    private let selectionLabel = UILabel()

    /// The tutorial's selection, printed as it changes.
    private var selection: String? {
      didSet { selectionLabel.text = "SELECTION IS: \(String(describing: selection))" }
    }

    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "Inline completion"
      view.backgroundColor = .systemBackground
      field.font = .systemFont(ofSize: 18, weight: .medium)
      field.placeholder = "Person's name"
      field.tintColor = .gray
      field.boldTextColor = .label
      field.lightTextColor = .secondaryLabel
      field.showsInlineCompletion = true
      field.showsSuggestionList = false  // ghost text only, as in the tutorial
      field.autocorrectionType = .no
      field.autocompleteDelegate = self
      field.translatesAutoresizingMaskIntoConstraints = false
      selectionLabel.translatesAutoresizingMaskIntoConstraints = false
      selectionLabel.numberOfLines = 0
      view.addSubview(field)
      view.addSubview(selectionLabel)
      NSLayoutConstraint.activate([
        field.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        field.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        field.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        selectionLabel.topAnchor.constraint(equalTo: field.bottomAnchor, constant: 24),
        selectionLabel.leadingAnchor.constraint(equalTo: field.leadingAnchor),
        selectionLabel.trailingAnchor.constraint(equalTo: field.trailingAnchor),
      ])
    }

    /// The tutorial's three calls: fresh data when editing begins (`provideDatasource()`), the
    /// selection kept on Return (`returned(with:)`), no selection once the field is emptied
    /// (`textFieldCleared()`).
    public func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
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
