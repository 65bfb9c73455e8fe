#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The AppKit screens in tabs: the city field with RVS's options, custom rows with an action
  /// row, inline completion, the `@`/`#` composer, token fields, and a city field scoped to a country. Make it a window's content view controller:
  ///
  /// ```swift
  /// window.contentViewController = AppKitExamplesViewController()
  /// ```
  @MainActor
  public final class AppKitExamplesViewController: NSTabViewController {
    /// Creates the tabs.
    public init() {
      super.init(nibName: nil, bundle: nil)
      tabStyle = .toolbar
      let screens: [(String, NSViewController)] = [
        ("Cities (RVS options)", CityFieldExampleViewController()),
        ("Custom rows", CustomRowsExampleViewController()),
        ("Inline", InlineExampleViewController()),
        ("Composer", ComposerExampleViewController()),
        ("Tokens", TokensExampleViewController()),
        ("Country → city", DependentFieldsExampleViewController()),
      ]
      for (title, controller) in screens {
        let item = NSTabViewItem(viewController: controller)
        item.label = title
        addTabViewItem(item)
      }
    }

    /// Not used: the screens are made in code.
    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }
  }

  /// A vertical stack filling a view controller's view, with the standard margins.
  @MainActor
  func exampleStack(in view: NSView, _ views: [NSView]) -> NSStackView {
    let stack = NSStackView(views: views)
    stack.orientation = .vertical
    stack.alignment = .leading
    stack.spacing = 10
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
      stack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
      stack.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor, constant: -20),
    ])
    return stack
  }
#endif
