#if canImport(UIKit) && os(iOS)
  import UIKit

  /// The list of example screens.
  public final class ExamplesViewController: UITableViewController {
    private let screens: [(title: String, make: @MainActor () -> UIViewController)] = [
      ("RVS options, live (seed 003)", { OptionsExampleViewController() }),
      ("Custom cells and an action row (seed 000)", { CustomCellsExampleViewController() }),
      ("Inline completion (seed 002)", { InlineExampleViewController() }),
      ("Composer: @ people, # tags (seed 001)", { ComposerExampleViewController() }),
      ("Form of configurable cells (seed 004)", { FormExampleViewController() }),
      ("Suggestions from a server (Typesense)", { RemoteExampleViewController() }),
      ("Recents, control from code, fill; addresses (MapKit)", { RecentsExampleViewController() }),
      ("Token fields: recipients, tags", { TokensExampleViewController() }),
      ("Country, then a city scoped to it", { DependentFieldsExampleViewController() }),
    ]

    /// Creates the list.
    public init() {
      super.init(style: .insetGrouped)
      title = "AutocompleteKit"
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    public override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "screen")
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      screens.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      let cell = tableView.dequeueReusableCell(withIdentifier: "screen", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = screens[indexPath.row].title
      cell.contentConfiguration = content
      cell.accessoryType = .disclosureIndicator
      return cell
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      navigationController?.pushViewController(screens[indexPath.row].make(), animated: true)
    }
  }
#endif
