#if canImport(UIKit) && os(iOS)
  import AutocompleteUIKit
  import UIKit

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

  /// A custom cell: the code in a badge, name and city.
  final class AirportCell: UITableViewCell {
    func show(_ airport: Airport?) {
      var content = UIListContentConfiguration.subtitleCell()
      content.text = airport.map { "\($0.code)  \($0.city)" }
      content.secondaryText = airport?.name
      content.image = UIImage(systemName: "airplane")
      contentConfiguration = content
    }
  }

  /// The extra row's custom cell.
  final class AddAirportCell: UITableViewCell {
    func show() {
      var content = UIListContentConfiguration.cell()
      content.text = "Suggest an airport\u{2026}"
      content.image = UIImage(systemName: "plus.bubble")
      contentConfiguration = content
    }
  }

  /// Seed 000: `AutocompleteModel` attached to a plain `UITextField` (inside a scroll view, so the
  /// list follows the field), with custom cells and an additional item.
  public final class CustomCellsExampleViewController: UIViewController {
    private let scrollView = UIScrollView()
    private let field = UITextField()
    private let status = UILabel()
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

    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "Custom cells"
      view.backgroundColor = .systemBackground
      scrollView.frame = view.bounds
      scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      scrollView.alwaysBounceVertical = true
      scrollView.keyboardDismissMode = .interactive
      view.addSubview(scrollView)
      field.borderStyle = .roundedRect
      field.placeholder = "Airport code, name or city"
      field.frame = CGRect(x: 16, y: 120, width: view.bounds.width - 32, height: 40)
      field.autoresizingMask = [.flexibleWidth]
      scrollView.addSubview(field)
      status.frame = CGRect(x: 16, y: 180, width: view.bounds.width - 32, height: 60)
      status.numberOfLines = 0
      scrollView.addSubview(status)
      scrollView.contentSize = CGSize(width: view.bounds.width, height: 1600)

      var model = AutocompleteModel(
        textFieldView: field, textFieldFrame: field.frame, cellType: AirportCell.self, heightForCells: 60,
        setupCell: { tableView, indexPath, item in
          let cell = tableView.dequeueReusableCell(
            withIdentifier: SuggestionCellProvider.reuseIdentifier(for: AirportCell.self), for: indexPath)
          (cell as? AirportCell)?.show(item as? Airport)
          return cell
        })
      model.allItems = airports
      model.hasAdditionalItem = true
      model.additionalItemType = AddAirportCell.self
      model.heightForAdditionalItem = 48
      model.setupAdditionalCell = { tableView, indexPath in
        let cell = tableView.dequeueReusableCell(
          withIdentifier: SuggestionCellProvider.reuseIdentifier(for: AddAirportCell.self), for: indexPath)
        (cell as? AddAirportCell)?.show()
        return cell
      }
      model.onItemSelection = { [weak self] item in
        self?.status.text = "Selected \((item as? Airport)?.name ?? "?")"
      }
      model.onAdditionalItemSelection = { [weak self] in
        self?.status.text = "Thanks, we will look into \u{201C}\(self?.field.text ?? "")\u{201D}."
      }
      model.attach()
    }
  }
#endif
