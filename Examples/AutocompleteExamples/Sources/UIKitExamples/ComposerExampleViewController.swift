#if canImport(UIKit) && os(iOS)
  import AutocompleteCities
  import AutocompleteUIKit
  import UIKit

  /// Seed 001 (MJAutoComplete): a message composer. `@` completes people from a fixed list in a
  /// cell of their own (a `ModelConfigurableView`), `#` completes tags from a simulated server that
  /// answers after 400 ms through a completion callback (MJ's `itemList:`). Only the token is
  /// replaced; the caret goes after it and one space.
  public final class ComposerExampleViewController: UIViewController, AutocompleteTriggerManagerDelegate {
    private let textView = UITextView()
    private let statusLabel = UILabel()
    private let manager = AutocompleteTriggerManager()

    private static let tags = [
      "swift", "swiftui", "uikit", "linux", "accessibility", "i18n", "emoji", "release", "bug", "design",
    ]

    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "Composer (seed 001)"
      view.backgroundColor = .systemBackground
      textView.font = .preferredFont(forTextStyle: .body)
      textView.adjustsFontForContentSizeCategory = true
      textView.layer.borderColor = UIColor.separator.cgColor
      textView.layer.borderWidth = 1
      textView.layer.cornerRadius = 8
      textView.text = "Type @ for people, # for tags. "
      statusLabel.font = .preferredFont(forTextStyle: .footnote)
      statusLabel.textColor = .secondaryLabel
      statusLabel.numberOfLines = 0
      for subview in [textView, statusLabel] {
        subview.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(subview)
      }
      NSLayoutConstraint.activate([
        textView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
        textView.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        textView.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        textView.heightAnchor.constraint(equalToConstant: 160),
        statusLabel.topAnchor.constraint(equalTo: textView.bottomAnchor, constant: 8),
        statusLabel.leadingAnchor.constraint(equalTo: textView.leadingAnchor),
        statusLabel.trailingAnchor.constraint(equalTo: textView.trailingAnchor),
      ])

      let people = People.all.map { person in
        AutocompleteItem(
          person.searchText, displayText: person.displayText,
          completionText: (person.payload as? String) ?? person.searchText,
          alternateSearchTexts: person.alternateSearchTexts, payload: person.payload)
      }
      let tags = Self.tags
      manager.triggers = [
        .items(
          "@", people,
          filter: { items, query in
            let search = SearchQuery(query.text)  // names and handles, accents folded
            items.removeAll { $0.match(search) == nil }
          }),
        .itemList("#") { (token: String, completion: @escaping @Sendable ([AutocompleteItem]) -> Void) in
          Task {
            try? await Task.sleep(for: .milliseconds(400))  // a slow server
            completion(AutocompleteItem.items(describing: tags))
          }
        },
      ]
      manager.cellProviders["@"] = .configurable(PersonCell.self, estimatedHeight: 52) {
        (person: AutocompleteItem) in
        PersonCell.Model(name: person.searchText, handle: "@" + person.completionText)
      }
      manager.delegate = self
      manager.attach(to: textView)
    }

    // MARK: AutocompleteTriggerManagerDelegate

    /// MJ's required method: let the manager put the text in, caret after the completion.
    public func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String)
      -> Bool
    {
      true
    }

    /// Shows what was picked.
    public func autocompleteManager(
      _ manager: AutocompleteTriggerManager, didPick suggestion: Suggestion, for trigger: SessionTrigger
    ) {
      statusLabel.text = "Picked \(trigger.delimiter)\(suggestion.completionText)"
    }

    /// The list is about to show.
    public func autocompleteManager(
      _ manager: AutocompleteTriggerManager, willShowListFor trigger: SessionTrigger
    ) {
      statusLabel.text = trigger.delimiter == "#" ? "Tags (from the server)…" : "People"
    }

    /// The list went away.
    public func autocompleteManagerDidHideList(_ manager: AutocompleteTriggerManager) {
      statusLabel.text = nil
    }

    /// Lazy content: a person's avatar colour is set only when the cell shows.
    public func autocompleteManager(
      _ manager: AutocompleteTriggerManager, willPresent cell: UITableViewCell, for suggestion: Suggestion,
      trigger: SessionTrigger
    ) {
      (cell as? PersonCell)?.showAvatar(seed: suggestion.completionText)
    }
  }

  /// A person row: name and handle, and an avatar filled in lazily.
  final class PersonCell: UITableViewCell, IdentifiableView, ModelConfigurableView {
    struct Model {
      let name: String
      let handle: String
    }

    private let avatar = UIView()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
      avatar.frame = CGRect(x: 0, y: 0, width: 28, height: 28)
      avatar.layer.cornerRadius = 14
      accessoryView = avatar
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    func configure(model: Model) {
      var content = defaultContentConfiguration()
      content.text = model.name
      content.secondaryText = model.handle
      content.secondaryTextProperties.color = .secondaryLabel
      contentConfiguration = content
      avatar.backgroundColor = .clear
    }

    func showAvatar(seed: String) {
      let hue = CGFloat(seed.unicodeScalars.reduce(0) { $0 &+ Int($1.value) } % 360) / 360
      avatar.backgroundColor = UIColor(hue: hue, saturation: 0.5, brightness: 0.9, alpha: 1)
    }
  }
#endif
