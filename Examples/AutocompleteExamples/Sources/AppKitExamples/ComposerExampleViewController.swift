#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit
  import AutocompleteCities

  /// Seed 001 on the Mac, with mentions (issue 18): a message composer in a `MentionTextView`. `@`
  /// completes the members of the channel chosen next to the buttons (issue 35: a source scoped to
  /// them, so no one else is ever offered) in a row view of their own, `#` completes tags from a
  /// simulated server that answers after 400 ms through a completion callback (MJ's `itemList:`).
  /// Only the token is replaced, as an undoable edit. Picks become mentions: coloured, deleted in
  /// two Deletes, kept by copy and paste. "Save" stores the message in the default markup, "Reopen"
  /// loads it back with live mentions.
  public final class ComposerExampleViewController: NSViewController, AutocompleteTriggerManagerDelegate {
    private let scrollView = NSScrollView()
    private let textView = MentionTextView(frame: NSRect(x: 0, y: 0, width: 440, height: 180))
    private let statusLabel = NSTextField(labelWithString: "")
    private let storedLabel = NSTextField(wrappingLabelWithString: "")
    private let manager = AutocompleteTriggerManager()
    private var stored = ""
    /// The channel the message goes to: `@` offers its members only.
    private var channel = People.channels[0]
    /// The `#` trigger, kept when the channel changes.
    private var mentionTags: SessionTrigger?

    private static let tags = [
      "swift", "swiftui", "appkit", "linux", "accessibility", "i18n", "emoji", "release", "bug", "design",
    ]

    public override func loadView() {
      view = NSView(frame: NSRect(x: 0, y: 0, width: 520, height: 360))
      scrollView.borderType = .bezelBorder
      scrollView.translatesAutoresizingMaskIntoConstraints = false
      scrollView.heightAnchor.constraint(equalToConstant: 180).isActive = true
      scrollView.widthAnchor.constraint(equalToConstant: 440).isActive = true
      statusLabel.textColor = .secondaryLabelColor
      storedLabel.font = .monospacedSystemFont(ofSize: NSFont.smallSystemFontSize, weight: .regular)
      let channels = NSSegmentedControl(
        labels: People.channels.map { "#\($0)" }, trackingMode: .selectOne, target: self,
        action: #selector(channelChosen(_:)))
      channels.selectedSegment = 0
      let buttons = NSStackView(views: [
        NSButton(title: "Save", target: self, action: #selector(save)),
        NSButton(title: "Reopen", target: self, action: #selector(reopen)),
        channels,
      ])
      _ = exampleStack(in: view, [scrollView, statusLabel, buttons, storedLabel])
      scrollView.hasVerticalScroller = true
      scrollView.documentView = textView
      textView.isVerticallyResizable = true
      textView.autoresizingMask = [.width]
      textView.textContainer?.widthTracksTextView = true
      textView.font = .preferredFont(forTextStyle: .body)
      textView.isRichText = false
      textView.allowsUndo = true
      textView.string = "Type @ for people, # for tags. "

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
        "tag": MentionAttributes(foregroundColor: .systemGreen, font: .boldSystemFont(ofSize: 0)),
      ]
      manager.cellProviders["@"] = .custom(height: 36) { tableView, suggestion, styled in
        let row =
          tableView.makeView(withIdentifier: PersonRowView.identifier, owner: nil) as? PersonRowView
          ?? PersonRowView()
        row.show(name: suggestion.displayText, handle: "@" + suggestion.completionText)
        return row
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
      statusLabel.stringValue = "#\(channel): @ offers its members only"
    }

    /// The channel control changed.
    @objc private func channelChosen(_ control: NSSegmentedControl) {
      guard People.channels.indices.contains(control.selectedSegment) else { return }
      switchChannel(to: People.channels[control.selectedSegment])
    }

    /// Stores the message with its mentions, as an app would send it to its server.
    @objc private func save() {
      stored = MentionMarkup.default.encode(manager.mentionedText)
      storedLabel.stringValue = stored
    }

    /// Reopens the saved message: its mentions are live again.
    @objc private func reopen() {
      do {
        manager.setMentionedText(try MentionMarkup.default.decode(stored))
      } catch {
        manager.setMentionedText(error.plainText)
        statusLabel.stringValue = error.description
      }
    }

    // MARK: AutocompleteTriggerManagerDelegate

    /// MJ's required method: let the manager put the text in, caret after the completion.
    public func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String)
      -> Bool
    {
      true
    }

    /// Shows what was picked and which list shows; fills in a person's avatar colour only when the
    /// row shows (lazy content).
    public func autocompleteManager(
      _ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent
    ) {
      switch event {
      case .picked(let suggestion, let trigger):
        statusLabel.stringValue = "Picked \(trigger.delimiter)\(suggestion.completionText)"
      case .willShowList(let trigger):
        statusLabel.stringValue = trigger.delimiter == "#" ? "Tags (from the server)…" : "People"
      case .didHideList:
        statusLabel.stringValue = ""
      case .willPresent(let view, let suggestion, _):
        (view as? PersonRowView)?.showAvatar(seed: suggestion.completionText)
      case .mentionsAdded, .mentionsRemoved:
        break
      }
    }
  }

  /// A person row: an avatar filled in lazily, the name and the handle.
  final class PersonRowView: NSTableCellView {
    static let identifier = NSUserInterfaceItemIdentifier("PersonRowView")
    private let avatar = NSView()
    private let name = NSTextField(labelWithString: "")
    private let handle = NSTextField(labelWithString: "")

    init() {
      super.init(frame: .zero)
      identifier = Self.identifier
      avatar.wantsLayer = true
      avatar.layer?.cornerRadius = 10
      avatar.translatesAutoresizingMaskIntoConstraints = false
      handle.textColor = .secondaryLabelColor
      let row = NSStackView(views: [avatar, name, handle])
      row.edgeInsets = NSEdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
      row.translatesAutoresizingMaskIntoConstraints = false
      addSubview(row)
      NSLayoutConstraint.activate([
        avatar.widthAnchor.constraint(equalToConstant: 20),
        avatar.heightAnchor.constraint(equalToConstant: 20),
        row.leadingAnchor.constraint(equalTo: leadingAnchor),
        row.trailingAnchor.constraint(equalTo: trailingAnchor),
        row.centerYAnchor.constraint(equalTo: centerYAnchor),
      ])
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    func show(name: String, handle: String) {
      self.name.stringValue = name
      self.handle.stringValue = handle
      avatar.layer?.backgroundColor = NSColor.clear.cgColor
    }

    func showAvatar(seed: String) {
      let hue = CGFloat(seed.unicodeScalars.reduce(0) { $0 &+ Int($1.value) } % 360) / 360
      avatar.layer?.backgroundColor = NSColor(hue: hue, saturation: 0.5, brightness: 0.9, alpha: 1).cgColor
    }
  }
#endif
