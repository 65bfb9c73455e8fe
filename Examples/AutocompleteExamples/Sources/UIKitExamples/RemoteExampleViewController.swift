#if canImport(UIKit) && os(iOS)
  import AutocompleteRemote
  import AutocompleteUIKit
  import Foundation
  import UIKit

  /// Suggestions from a server: a city field asking a Typesense collection (one node or several,
  /// comma-separated), set up on the screen. The field shows the server's message when it fails
  /// and asks again on the next keystroke; typing cancels the request in flight.
  public final class RemoteExampleViewController: UIViewController, AutocompleteFieldDelegate {
    private let nodesField = UITextField(frame: .zero)
    private let keyField = UITextField(frame: .zero)
    private let collectionField = UITextField(frame: .zero)
    private let cityField = AutocompleteTextField(frame: .zero)
    private let status = UILabel()
    private let stack = UIStackView()

    /// Lays out the settings and the field.
    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "Remote (Typesense)"
      view.backgroundColor = .systemBackground
      for (field, placeholder, text) in [
        (nodesField, "Nodes: https://ts1.example.com,https://ts2.example.com", "http://127.0.0.1:8108"),
        (keyField, "Search-only API key", ""), (collectionField, "Collection", "cities"),
      ] {
        field.placeholder = placeholder
        field.text = text
        field.borderStyle = .roundedRect
        field.autocapitalizationType = .none
        field.autocorrectionType = .no
        field.addTarget(self, action: #selector(settingsChanged), for: .editingDidEnd)
      }
      keyField.isSecureTextEntry = true
      cityField.placeholder = "City"
      cityField.borderStyle = .roundedRect
      cityField.typoTolerance = "auto"
      cityField.autocompleteDelegate = self
      status.font = .preferredFont(forTextStyle: .footnote)
      status.adjustsFontForContentSizeCategory = true
      status.numberOfLines = 0
      stack.axis = .vertical
      stack.spacing = 12
      stack.translatesAutoresizingMaskIntoConstraints = false
      for view in [nodesField, keyField, collectionField, cityField, status] {
        stack.addArrangedSubview(view)
      }
      view.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
        stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      ])
      settingsChanged()
    }

    /// Rebuilds the source from the settings.
    @objc private func settingsChanged() {
      let nodes = (nodesField.text ?? "").split(separator: ",").compactMap {
        URL(string: $0.trimmingCharacters(in: .whitespaces))
      }
      do {
        let source = try TypesenseSource(
          nodes: nodes, apiKey: keyField.text ?? "", collection: collectionField.text ?? "",
          queryBy: [TypesenseSource.Field("name", weight: 2), "alternates"], detailField: "country",
          weightField: "population")
        cityField.sources = [source]
        status.text = "Asking \(nodes.count) node(s)."
      } catch {
        cityField.sources = []
        status.text = error.localizedDescription
      }
    }

    /// Shows the pick.
    public func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
      guard case .picked(let suggestion) = event else { return }
      status.text = "Picked \(suggestion.displayText)"
    }
  }
#endif
