#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit

  /// An airport with its own search rule (seed 000's `AutocompleteSearchableItemProtocol`).
  struct Airport: AutocompleteSearchableItemProtocol {
    var code: String
    var name: String
    var city: String

    func search(_ searchText: String) -> Bool {
      let text = searchText.trimmingCharacters(in: .whitespaces)
      return code.hasPrefix(text.uppercased())
        || name.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        || city.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    var autocompleteText: String { "\(city) (\(code))" }
  }

  /// A custom row: a plane, the code and city, the airport's name below.
  final class AirportRowView: NSTableCellView {
    static let identifier = NSUserInterfaceItemIdentifier("AirportRowView")
    private let title = NSTextField(labelWithString: "")
    private let subtitle = NSTextField(labelWithString: "")

    init() {
      super.init(frame: .zero)
      identifier = Self.identifier
      let icon = NSImageView(
        image: NSImage(systemSymbolName: "airplane", accessibilityDescription: nil) ?? NSImage())
      subtitle.font = .preferredFont(forTextStyle: .subheadline)
      subtitle.textColor = .secondaryLabelColor
      let text = NSStackView(views: [title, subtitle])
      text.orientation = .vertical
      text.alignment = .leading
      text.spacing = 0
      let row = NSStackView(views: [icon, text])
      row.edgeInsets = NSEdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
      row.translatesAutoresizingMaskIntoConstraints = false
      addSubview(row)
      NSLayoutConstraint.activate([
        row.leadingAnchor.constraint(equalTo: leadingAnchor),
        row.trailingAnchor.constraint(equalTo: trailingAnchor),
        row.centerYAnchor.constraint(equalTo: centerYAnchor),
      ])
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    /// Shows an airport; the matched characters of its line come in `styled`.
    func show(_ airport: Airport?, styled: StyledText) {
      title.attributedStringValue = styled.attributedString(
        base: [.font: NSFont.preferredFont(forTextStyle: .body), .foregroundColor: NSColor.labelColor],
        styles: [.matched: [.font: NSFont.boldSystemFont(ofSize: NSFont.systemFontSize)]])
      subtitle.stringValue = airport?.name ?? ""
    }
  }

  /// Seed 000 on the Mac: an `AutocompleteTextFieldController` attached to a plain `NSSearchField`
  /// (no subclass), airports with their own search rule, custom rows, and an "Suggest an
  /// airport…" action row with its own view.
  public final class CustomRowsExampleViewController: NSViewController, AutocompleteFieldDelegate {
    private let field = NSSearchField()
    private let status = NSTextField(labelWithString: "")
    private var autocomplete: AutocompleteTextFieldController?
    private let airports: [any AutocompleteSearchableItemProtocol] = [
      Airport(code: "ZRH", name: "Zürich Airport", city: "Zürich"),
      Airport(code: "GVA", name: "Geneva Airport", city: "Genève"),
      Airport(code: "BSL", name: "EuroAirport Basel Mulhouse Freiburg", city: "Basel"),
      Airport(code: "LHR", name: "Heathrow", city: "London"),
      Airport(code: "LGW", name: "Gatwick", city: "London"),
      Airport(code: "CDG", name: "Charles de Gaulle", city: "Paris"),
      Airport(code: "ORY", name: "Orly", city: "Paris"),
      Airport(code: "SAW", name: "Sabiha Gökçen", city: "İstanbul"),
      Airport(code: "KRK", name: "John Paul II International", city: "Kraków"),
      Airport(code: "WAW", name: "Chopin", city: "Warszawa"),
    ]

    public override func loadView() {
      view = NSView(frame: NSRect(x: 0, y: 0, width: 520, height: 360))
      field.placeholderString = "Airport code, name or city"
      field.widthAnchor.constraint(equalToConstant: 320).isActive = true
      status.textColor = .secondaryLabelColor
      _ = exampleStack(in: view, [field, status])

      let autocomplete = AutocompleteTextFieldController(textField: field)
      autocomplete.sources = [SearchableItemSource(airports)]
      autocomplete.options.maximumAutofillCount = 8
      autocomplete.cellProvider = .custom(height: 40) { tableView, suggestion, styled in
        let row =
          tableView.makeView(withIdentifier: AirportRowView.identifier, owner: nil) as? AirportRowView
          ?? AirportRowView()
        row.show(suggestion.payload(as: Airport.self), styled: styled)
        return row
      }
      autocomplete.actionRow = ActionRowConfiguration(
        position: .bottom, showsWhenEmpty: true, height: 30,
        makeView: { _, query in
          let label = NSTextField(labelWithString: "Suggest an airport for \u{201C}\(query)\u{201D}\u{2026}")
          label.textColor = .controlAccentColor
          return label
        },
        onSelection: { [weak self] query in self?.status.stringValue = "Suggested: \(query)" })
      autocomplete.delegate = self
      self.autocomplete = autocomplete
    }

    /// Shows the picked airport; the search field's cancel button (or Delete) clears the status.
    public func autocompleteField(_ field: NSTextField, didReceive event: AutocompleteFieldEvent) {
      switch event {
      case .picked(let suggestion):
        let airport = suggestion.payload(as: Airport.self)
        status.stringValue = airport.map { "\($0.code): \($0.name), \($0.city)" } ?? suggestion.displayText
      case .cleared:
        status.stringValue = ""
      default:
        break
      }
    }
  }
#endif
