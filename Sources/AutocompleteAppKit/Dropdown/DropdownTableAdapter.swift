#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The list table's data source and delegate: renders ``DropdownTableRows`` for a session state
  /// with the configured row views, and gives every row's height from the fonts or the app's
  /// declared heights (so the list's window is sized before the rows are laid out).
  @MainActor
  final class DropdownTableAdapter: NSObject, NSTableViewDataSource, NSTableViewDelegate {
    var rows = DropdownTableRows()
    var state = SessionState()
    var cellProvider: SuggestionCellProvider = .standard
    var actionRow: ActionRowConfiguration?
    var fonts = RowFonts.standard
    /// A row's view is about to show (MJ's `willPresentCell`): view, row, and its suggestion if any.
    var onWillDisplay: ((NSView, DropdownRow, Suggestion?) -> Void)?

    func suggestion(for row: DropdownRow?) -> Suggestion? {
      guard case .suggestion(let index) = row else { return nil }
      let all = state.suggestions
      return all.indices.contains(index) ? all[index] : nil
    }

    /// The height of one list row.
    func height(for row: DropdownRow) -> CGFloat {
      switch row {
      case .suggestion:
        if let height = cellProvider.customHeight { return height }
      case .actionRow:
        if let height = actionRow?.height { return max(1, height) }
      case .status:
        break
      }
      return fonts.metrics.height(for: row, in: state)
    }

    /// The heights the list's geometry needs (section titles folded into the rows under them).
    func geometryRowHeights() -> [CGFloat] {
      rows.geometryRowHeights(header: fonts.metrics.headerHeight) { height(for: $0) }
    }

    func numberOfRows(in tableView: NSTableView) -> Int { rows.count }

    func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat {
      switch rows.item(atTableRow: row) {
      case .header?: fonts.metrics.headerHeight
      case .row(_, let listRow)?: height(for: listRow)
      case nil: fonts.metrics.minimumHeight
      }
    }

    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      rows.isHeader(atTableRow: row)
    }

    // Rows are highlighted by the session (the keyboard or the pointer), never selected by a click.
    func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool { false }

    func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      if let view = tableView.makeView(withIdentifier: DropdownRowView.identifier, owner: nil)
        as? DropdownRowView
      {
        return view
      }
      let view = DropdownRowView()
      view.identifier = DropdownRowView.identifier
      return view
    }

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
      switch rows.item(atTableRow: row) {
      case .header(let title)?:
        let view = standardView(tableView)
        view.showHeader(title, fonts: fonts)
        view.setAccessibilityLabel(title)
        return view
      case .row(_, let listRow)?:
        let view = self.view(for: listRow, in: tableView)
        view.setAccessibilityLabel(SuggestionAccessibility.label(for: listRow, in: state))
        view.setAccessibilityValue(SuggestionAccessibility.position(for: listRow, in: state))
        AppKitAccessibility.setInputLabels(
          SuggestionAccessibility.inputLabels(for: listRow, in: state), for: view)
        return view
      case nil:
        return nil
      }
    }

    private func view(for row: DropdownRow, in tableView: NSTableView) -> NSView {
      switch row {
      case .suggestion:
        guard let suggestion = suggestion(for: row) else { return standardView(tableView) }
        switch cellProvider {
        case .standard:
          let view = standardView(tableView)
          view.show(StyledText(suggestion), detail: suggestion.detailText, fonts: fonts)
          return view
        case .custom(_, let makeView):
          return makeView(tableView, suggestion, StyledText(suggestion))
        }
      case .actionRow:
        let query = state.query?.text ?? state.text
        if let makeView = actionRow?.makeView {
          let view = makeView(tableView, query)
          view.setAccessibilityRole(.button)
          return view
        }
        let view = standardView(tableView)
        view.showAction(state.actionRowTitle ?? "", fonts: fonts)
        return view
      case .status(let text):
        let view = standardView(tableView)
        view.showStatus(text, fonts: fonts)
        return view
      }
    }

    private func standardView(_ tableView: NSTableView) -> SuggestionCellView {
      let view = tableView.makeView(withIdentifier: SuggestionCellView.identifier, owner: nil)
      return view as? SuggestionCellView ?? SuggestionCellView()
    }

    func tableView(_ tableView: NSTableView, didAdd rowView: NSTableRowView, forRow row: Int) {
      guard let listRow = rows.row(atTableRow: row), let view = rowView.view(atColumn: 0) as? NSView else {
        return
      }
      onWillDisplay?(view, listRow, suggestion(for: listRow))
    }
  }
#endif
