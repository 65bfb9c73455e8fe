#if canImport(UIKit) && os(iOS)
  import AutocompleteCities
  import AutocompleteRemote
  import AutocompleteUIKit
  import Foundation
  import MapKit
  import UIKit

  /// A search screen with recents and an address field (the UIKit twin of the SwiftUI
  /// `RecentsExample`): the city field remembers picks in the app's defaults and lists them when it
  /// gets the focus empty — swipe a recent row to forget it —, rows have a fill accessory
  /// (tap-ahead: the row's text goes into the field without picking), and buttons open and close
  /// the list and set the text from code without opening it. The address field completes with
  /// MapKit; a pick is resolved to a coordinate with `MKLocalSearch`.
  public final class RecentsExampleViewController: UIViewController, AutocompleteFieldDelegate {
    private let cityField = AutocompleteTextField(frame: .zero)
    private let addressField = AutocompleteTextField(frame: .zero)
    private let completer = MapKitAddressCompleter(resultTypes: .address)
    private let status = UILabel()
    private let stack = UIStackView()

    /// Lays out the fields and the buttons.
    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "Recents and addresses"
      view.backgroundColor = .systemBackground

      cityField.placeholder = "City (tap for recents)"
      cityField.borderStyle = .roundedRect
      cityField.clearButtonMode = .whileEditing
      cityField.sources = [IndexSource(SearchIndex(Cities.all.map { $0.autocompleteItem }))]
      cityField.recents = SessionRecents(store: UserDefaultsRecentsStore(), field: "examples.city")
      cityField.showsFillButtons = true
      cityField.autocompleteDelegate = self

      addressField.placeholder = "Address (MapKit)"
      addressField.borderStyle = .roundedRect
      addressField.clearButtonMode = .whileEditing
      addressField.sources = [LocalSearchCompleterSource(completer)]
      addressField.autocompleteDelegate = self

      status.font = .preferredFont(forTextStyle: .footnote)
      status.adjustsFontForContentSizeCategory = true
      status.numberOfLines = 0

      let buttons = UIStackView(arrangedSubviews: [
        button("Show") { $0.cityField.showSuggestions() },
        button("Hide") { $0.cityField.hideSuggestions() },
        button("Set “Paris”") { $0.cityField.setText("Paris", showingSuggestions: false) },
        button("Forget all") { $0.cityField.session.removeAllRecents() },
      ])
      buttons.distribution = .fillEqually
      buttons.spacing = 8

      stack.axis = .vertical
      stack.spacing = 12
      stack.translatesAutoresizingMaskIntoConstraints = false
      for view in [cityField, buttons, addressField, status] { stack.addArrangedSubview(view) }
      view.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
        stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      ])
    }

    /// Shows the pick; an address is resolved to its coordinate.
    public func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
      guard case .picked(let suggestion) = event else { return }
      guard field === addressField else {
        status.text = "Picked \(suggestion.displayText) (remembered: focus the empty field to see it)"
        return
      }
      status.text = "Looking up \(suggestion.displayText)…"
      Task { [weak self, completer] in
        let text: String
        do {
          let coordinate = try await completer.mapItem(for: suggestion).placemark.coordinate
          text = "\(suggestion.displayText): \(coordinate.latitude), \(coordinate.longitude)"
        } catch {
          text = "No place for \(suggestion.displayText): \(error)"
        }
        self?.status.text = text
      }
    }

    private func button(_ title: String, action: @escaping @MainActor (RecentsExampleViewController) -> Void)
      -> UIButton
    {
      var configuration = UIButton.Configuration.bordered()
      configuration.title = title
      configuration.titleLineBreakMode = .byTruncatingTail
      return UIButton(
        configuration: configuration,
        primaryAction: UIAction { [weak self] _ in
          guard let self else { return }
          action(self)
        })
    }
  }
#endif
