#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The dropdown table's data source and delegate: renders a ``DropdownContent`` for a session
  /// state with the configured cells and reports picks and hovers as row locations.
  @MainActor
  final class DropdownTableAdapter: NSObject, UITableViewDataSource, UITableViewDelegate {
    var content = DropdownContent()
    var state = SessionState()
    var cellProvider: SuggestionCellProvider = .standard
    var actionRow: ActionRowConfiguration?
    /// A row was tapped.
    var onSelect: ((RowLocation) -> Void)?
    /// A cell is about to show (MJ's `willPresentCell`): cell, row, and its suggestion if any.
    var onWillDisplay: ((UITableViewCell, DropdownRow, Suggestion?) -> Void)?
    /// Called when a recent row is swiped away, with the row.
    var onRemoveRecent: ((Suggestion) -> Void)?
    /// Called by a row's fill button (tap-ahead); `nil`: rows have no fill button.
    var onFill: ((RowLocation) -> Void)?

    /// Registers the custom cell classes with `tableView`.
    func register(in tableView: UITableView) {
      cellProvider.register(in: tableView)
      if let type = actionRow?.cellType {
        tableView.register(type, forCellReuseIdentifier: SuggestionCellProvider.reuseIdentifier(for: type))
      }
      tableView.estimatedRowHeight = cellProvider.estimatedHeight
    }

    func suggestion(for row: DropdownRow?) -> Suggestion? {
      guard case .suggestion(let index) = row else { return nil }
      let all = state.suggestions
      return all.indices.contains(index) ? all[index] : nil
    }

    func numberOfSections(in tableView: UITableView) -> Int { content.sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      content.sections.indices.contains(section) ? content.sections[section].rows.count : 0
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      content.sections.indices.contains(section) ? content.sections[section].title : nil
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let row = content.row(at: indexPath.rowLocation)
      let cell: UITableViewCell
      switch row {
      case .suggestion:
        cell = suggestionCell(tableView, indexPath, suggestion(for: row))
      case .actionRow:
        let query = state.query?.text ?? state.text
        if let setup = actionRow?.setupCell {
          cell = setup(tableView, indexPath, query)
        } else {
          let standard = standardCell(tableView, indexPath)
          standard.showAction(state.actionRowTitle ?? "")
          cell = standard
        }
        cell.accessibilityTraits.insert(UIKitAccessibility.button)
      case .status(let text):
        let standard = standardCell(tableView, indexPath)
        standard.showStatus(text)
        cell = standard
      case nil:
        cell = standardCell(tableView, indexPath)
      }
      if let onFill, content.event(forFillingRowAt: indexPath.rowLocation) != nil {
        let location = indexPath.rowLocation
        let button = UIButton(
          type: .system,
          primaryAction: UIAction(image: UIImage(systemName: "arrow.up.left")) { _ in onFill(location) })
        button.accessibilityLabel = "Fill in"
        button.sizeToFit()
        cell.accessoryView = button
      } else {
        cell.accessoryView = nil
      }
      if let row {
        cell.accessibilityLabel = SuggestionAccessibility.label(for: row, in: state)
        cell.accessibilityValue = SuggestionAccessibility.position(for: row, in: state)
        // Voice Control: "tap Madrid", not "tap Madrid, 2 of 3".
        cell.accessibilityUserInputLabels = SuggestionAccessibility.inputLabels(for: row, in: state)
        if case .suggestion = row { cell.accessibilityTraits.insert(UIKitAccessibility.button) }
      }
      return cell
    }

    private func suggestionCell(_ tableView: UITableView, _ indexPath: IndexPath, _ suggestion: Suggestion?)
      -> UITableViewCell
    {
      guard let suggestion else { return standardCell(tableView, indexPath) }
      switch cellProvider {
      case .standard:
        let cell = standardCell(tableView, indexPath)
        cell.show(StyledText(suggestion), detail: suggestion.detailText)
        return cell
      case .custom(_, _, let setup):
        return setup(tableView, indexPath, suggestion)
      case .contentConfiguration(let make):
        let cell = standardCell(tableView, indexPath)
        cell.contentConfiguration = make(suggestion, StyledText(suggestion))
        return cell
      }
    }

    private func standardCell(_ tableView: UITableView, _ indexPath: IndexPath) -> SuggestionCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: SuggestionCell.reuseIdentifier, for: indexPath)
      return cell as? SuggestionCell ?? SuggestionCell(style: .default, reuseIdentifier: nil)
    }

    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
      if content.row(at: indexPath.rowLocation) == .actionRow {
        return UIFontMetrics.default.scaledValue(for: actionRow?.estimatedHeight ?? 44)
      }
      return cellProvider.estimatedHeight
    }

    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
      -> UISwipeActionsConfiguration?
    {
      guard let onRemoveRecent, let row = content.recentRow(at: indexPath.rowLocation, in: state) else {
        return nil
      }
      let remove = UIContextualAction(style: .destructive, title: "Remove") { _, _, done in
        onRemoveRecent(row)
        done(true)
      }
      return UISwipeActionsConfiguration(actions: [remove])
    }

    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
      content.event(forSelectingRowAt: indexPath.rowLocation) != nil
    }

    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
      content.event(forSelectingRowAt: indexPath.rowLocation) == nil ? nil : indexPath
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      onSelect?(indexPath.rowLocation)
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    {
      guard let row = content.row(at: indexPath.rowLocation) else { return }
      onWillDisplay?(cell, row, suggestion(for: row))
    }
  }
#endif
