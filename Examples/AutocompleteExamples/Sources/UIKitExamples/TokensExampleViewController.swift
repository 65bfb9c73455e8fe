#if canImport(UIKit) && os(iOS)
  import AutocompleteCities
  import AutocompleteUIKit
  import UIKit

  /// Token fields: a To: field over the embedded people that also takes any valid e-mail address
  /// (refusing others with a reason), and a tags field whose create row adds new tags (at most 5).
  final class TokensExampleViewController: UIViewController {
    private let recipients = AutocompleteTokenField()
    private let tags = AutocompleteTokenField()
    private let summary = UILabel()

    override func viewDidLoad() {
      super.viewDidLoad()
      title = "Token fields"
      view.backgroundColor = .systemBackground
      recipients.textField.placeholder = "To:"
      recipients.textField.items = People.addresses
      recipients.configuration = TokenFieldConfiguration(creation: .emailAddresses)
      tags.textField.placeholder = "Tags"
      tags.textField.items = ["swift", "swiftui", "uikit", "appkit", "linux", "testing"]
      tags.configuration = TokenFieldConfiguration(maximumCount: 5, creation: TokenCreation())
      summary.numberOfLines = 0
      for field in [recipients, tags] {
        field.onUpdate = { [weak self] _ in self?.showSummary() }
      }
      let stack = UIStackView(arrangedSubviews: [recipients, tags, summary])
      stack.axis = .vertical
      stack.spacing = 16
      stack.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor, constant: 16),
        stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      ])
      navigationItem.rightBarButtonItem = UIBarButtonItem(
        title: "Undo", primaryAction: UIAction { [weak self] _ in self?.recipients.undoRemoval() })
    }

    private func showSummary() {
      summary.text =
        "To: \(recipients.tokens.map(\.id).joined(separator: ", "))\nTags: \(tags.tokens.map(\.id).joined(separator: ", "))"
    }
  }
#endif
