#if canImport(UIKit) && os(iOS)
  import AutocompleteUIKit
  import UIKit

  // The "Getting started" snippet of AutocompleteUIKit's documentation landing page
  // (Sources/AutocompleteUIKit/AutocompleteUIKit.docc/AutocompleteUIKit.md), as written, type-checked
  // for iOS with the examples (GuideSnippetsInStepTests checks that it is here). It is not run.

  /// The smallest working field.
  final class CityViewController: UIViewController {
    let field = AutocompleteTextField(frame: .zero)

    override func viewDidLoad() {
      super.viewDidLoad()
      field.placeholder = "City"
      field.borderStyle = .roundedRect
      field.items = ["Zürich", "São Paulo", "Kraków", "Reykjavík"]
      field.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(field)
      NSLayoutConstraint.activate([
        field.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
        field.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        field.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      ])
    }
  }
#endif
