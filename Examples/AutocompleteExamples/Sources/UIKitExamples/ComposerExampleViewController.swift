#if canImport(UIKit) && os(iOS)
  import AutocompleteCities
  import AutocompleteUIKit
  import UIKit

  /// Seed 001 (MJAutoComplete) with mentions (issue 18): a message composer. `@` completes the
  /// members of the channel chosen above the buttons (issue 35: a source scoped to them, so no one
  /// else is ever offered) in a cell of their own (a `ModelConfigurableView`), `#` completes tags from a
  /// simulated server that answers after 400 ms through a completion callback (MJ's `itemList:`).
  /// Picks become mentions: coloured, deleted in two Backspaces, kept by copy and paste. "Save"
  /// stores the message in the default markup, "Reopen" loads it back with live mentions.
  public final class ComposerExampleViewController: UIViewController, AutocompleteTriggerManagerDelegate {
    private let textView = MentionTextView()
    private let statusLabel = UILabel()
    private let storedLabel = UILabel()
    private let manager = AutocompleteTriggerManager()
    /// The saved message, as an app would keep it in its database.
    private var stored = ""
    /// The channel the message goes to: `@` offers its members only.
    private var channel = People.channels[0]
    /// The `#` trigger, kept when the channel changes.
    private var mentionTags: SessionTrigger?

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
      storedLabel.font = .monospacedSystemFont(ofSize: 12, weight: .regular)
      storedLabel.numberOfLines = 0
      let save = UIButton(
        configuration: .bordered(), primaryAction: UIAction(title: "Save") { [weak self] _ in self?.save() })
      let reopen = UIButton(
        configuration: .bordered(),
        primaryAction: UIAction(title: "Reopen") { [weak self] _ in self?.reopen() })
      let channels = UISegmentedControl(items: People.channels.map { "#\($0)" })
      channels.selectedSegmentIndex = 0
      channels.addAction(
        UIAction { [weak self, weak channels] _ in
          guard let self, let channels, channels.selectedSegmentIndex >= 0 else { return }
          self.switchChannel(to: People.channels[channels.selectedSegmentIndex])
        }, for: .valueChanged)
      let buttons = UIStackView(arrangedSubviews: [save, reopen, channels])
      buttons.spacing = 8
      for subview in [textView, statusLabel, buttons, storedLabel] {
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
        buttons.topAnchor.constraint(equalTo: statusLabel.bottomAnchor, constant: 8),
        buttons.leadingAnchor.constraint(equalTo: textView.leadingAnchor),
        storedLabel.topAnchor.constraint(equalTo: buttons.bottomAnchor, constant: 8),
        storedLabel.leadingAnchor.constraint(equalTo: textView.leadingAnchor),
        storedLabel.trailingAnchor.constraint(equalTo: textView.trailingAnchor),
      ])

      let tags = Self.tags
      var mentionTags = SessionTrigger.itemList("#") {
        (token: String, completion: @escaping @Sendable ([AutocompleteItem]) -> Void) in
        Task {
          try? await Task.sleep(for: .milliseconds(400))  // a slow server
          completion(AutocompleteItem.items(describing: tags))
        }
      }
      mentionTags.insertsMention = true
      mentionTags.mentionStyle = "tag"
      self.mentionTags = mentionTags
      manager.triggers = [Self.mentionPeople(in: channel), mentionTags]
      manager.mentionAttributes = [
        "person": MentionAttributes(
          foregroundColor: .systemBlue, backgroundColor: .systemBlue.withAlphaComponent(0.12)),
        "tag": MentionAttributes(
          foregroundColor: .systemGreen, font: .preferredFont(forTextStyle: .headline)),
      ]
      manager.cellProviders["@"] = .configurable(PersonCell.self, estimatedHeight: 52) {
        (person: AutocompleteItem) in
        PersonCell.Model(name: person.searchText, handle: "@" + person.completionText)
      }
      manager.delegate = self
      manager.attach(to: textView)
    }

    /// The `@` trigger of `channel`: its members only (`People.mentionSource(in:)` is scoped to
    /// them, so no query or filter offers anyone else), a mention whose id is the handle.
    private static func mentionPeople(in channel: String) -> SessionTrigger {
      SessionTrigger(
        "@", source: People.mentionSource(in: channel), cellStyle: "@", insertsMention: true,
        mentionStyle: "person",
        mentionID: { $0.payload(as: AutocompleteItem.self)?.payload as? String ?? $0.id })
    }

    /// Switches the channel: the `@` list now offers the new channel's members (an open list follows).
    private func switchChannel(to channel: String) {
      self.channel = channel
      manager.triggers = [Self.mentionPeople(in: channel)] + (mentionTags.map { [$0] } ?? [])
      statusLabel.text = "#\(channel): @ offers its members only"
    }

    /// Stores the message with its mentions, as an app would send it to its server.
    private func save() {
      stored = MentionMarkup.default.encode(manager.mentionedText)
      storedLabel.text = stored
    }

    /// Reopens the saved message: its mentions are live again.
    private func reopen() {
      do {
        manager.setMentionedText(try MentionMarkup.default.decode(stored))
      } catch {
        manager.setMentionedText(error.plainText)
        statusLabel.text = error.description
      }
    }

    // MARK: AutocompleteTriggerManagerDelegate

    /// MJ's required method: let the manager put the text in, caret after the completion.
    public func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String)
      -> Bool
    {
      true
    }

    /// Shows what was picked, which list shows and the mentions added or removed; fills in a
    /// person's avatar colour only when the cell shows (lazy content).
    public func autocompleteManager(
      _ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent
    ) {
      switch event {
      case .picked(let suggestion, let trigger):
        statusLabel.text = "Picked \(trigger.delimiter)\(suggestion.completionText)"
      case .willShowList(let trigger):
        statusLabel.text = trigger.delimiter == "#" ? "Tags (from the server)…" : "People"
      case .mentionsAdded(let mentions):
        statusLabel.text = "Mentioned " + mentions.map { "\($0.text) (\($0.id))" }.joined(separator: ", ")
      case .mentionsRemoved(let mentions):
        statusLabel.text = "Removed " + mentions.map(\.text).joined(separator: ", ")
      case .didHideList:
        statusLabel.text = nil
      case .willPresent(let cell, let suggestion, _):
        (cell as? PersonCell)?.showAvatar(seed: suggestion.completionText)
      }
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
