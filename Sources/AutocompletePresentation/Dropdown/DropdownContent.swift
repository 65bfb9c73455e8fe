import AutocompleteCore

/// What the dropdown shows for a session state: its sections and rows, whether it is shown at all,
/// and which row is highlighted, with the mapping between list positions and session rows.
///
/// A table or collection view data source reads ``sections``; a tap turns into the session event
/// ``event(forSelectingRowAt:)`` returns; the highlight scrolls to ``highlightedLocation``.
public struct DropdownContent: Sendable, Equatable {
  /// A titled group of rows.
  public struct Section: Sendable, Equatable {
    /// The section title (the source's title when there are several sources), or `nil`.
    public var title: String?
    /// The rows.
    public var rows: [DropdownRow]

    /// Creates a section.
    public init(title: String?, rows: [DropdownRow]) {
      self.title = title
      self.rows = rows
    }
  }

  /// The sections, in display order; the action row has a section of its own, first or last.
  public var sections: [Section]
  /// Whether the list is shown: the field has focus, the session's list is open and there is a
  /// row to show.
  public var isShown: Bool
  /// Where the highlighted row is, if any.
  public var highlightedLocation: RowLocation?

  /// An empty, hidden list.
  public init() {
    sections = []
    isShown = false
    highlightedLocation = nil
  }

  /// The list for `state`.
  /// - Parameters:
  ///   - state: The session's state.
  ///   - isFocused: Whether the field is first responder; the list only shows while it is.
  ///   - loadingText: The status row while a slow source answers with no rows yet.
  public init(state: SessionState, isFocused: Bool, loadingText: String = "Loading\u{2026}") {
    var sections: [Section] = []
    var flatIndex = 0
    for section in state.sections where !section.suggestions.isEmpty {
      let rows = section.suggestions.indices.map { DropdownRow.suggestion(flatIndex + $0) }
      flatIndex += rows.count
      sections.append(Section(title: state.sections.count > 1 ? section.title : nil, rows: rows))
    }
    if flatIndex == 0 {
      switch state.phase {
      case .stalled: sections.append(Section(title: nil, rows: [.status(loadingText)]))
      case .failed(let error): sections.append(Section(title: nil, rows: [.status(error.message)]))
      default: break
      }
    }
    if state.actionRowTitle != nil {
      let action = Section(title: nil, rows: [.actionRow])
      if state.actionRowPosition == .top { sections.insert(action, at: 0) } else { sections.append(action) }
    }
    self.sections = sections
    self.isShown = isFocused && state.isOpen && !sections.isEmpty
    self.highlightedLocation = nil
    if let highlight = state.highlight { self.highlightedLocation = location(of: highlight) }
  }

  /// Every row in display order.
  public var rows: [DropdownRow] { sections.flatMap(\.rows) }

  /// The number of rows.
  public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// The row at `location`, or `nil` outside the list.
  public func row(at location: RowLocation) -> DropdownRow? {
    guard sections.indices.contains(location.section) else { return nil }
    let rows = sections[location.section].rows
    return rows.indices.contains(location.row) ? rows[location.row] : nil
  }

  /// Where `row` is, or `nil` when it is not in the list.
  public func location(of row: DropdownRow) -> RowLocation? {
    for (sectionIndex, section) in sections.enumerated() {
      if let rowIndex = section.rows.firstIndex(of: row) {
        return RowLocation(section: sectionIndex, row: rowIndex)
      }
    }
    return nil
  }

  /// Where the session's highlighted row is.
  public func location(of highlight: SessionHighlight) -> RowLocation? {
    switch highlight {
    case .suggestion(let index): location(of: DropdownRow.suggestion(index))
    case .actionRow: location(of: DropdownRow.actionRow)
    }
  }

  /// The session event for a tap or click on the row at `location`: a pick, the action row, or
  /// `nil` for a status row or a location outside the list.
  public func event(forSelectingRowAt location: RowLocation) -> SessionEvent? {
    switch row(at: location) {
    case .suggestion(let index): .rowPicked(index)
    case .actionRow: .actionRowPicked
    case .status, nil: nil
    }
  }

  /// The session event for the "fill" button of the row at `location` (tap-ahead: the row's
  /// completion goes into the field and is searched), or `nil` for a row without one.
  public func event(forFillingRowAt location: RowLocation) -> SessionEvent? {
    guard case .suggestion(let index) = row(at: location) else { return nil }
    return .rowFilled(index)
  }

  /// The remembered pick shown at `location` (a row with `Suggestion.isRecent`), which a delete
  /// control (a swipe, a button) forgets with `AutocompleteSession.removeRecent(_:)`; `nil` for any
  /// other row.
  public func recentRow(at location: RowLocation, in state: SessionState) -> Suggestion? {
    guard case .suggestion(let index) = row(at: location), state.suggestions.indices.contains(index),
      state.suggestions[index].isRecent
    else { return nil }
    return state.suggestions[index]
  }

  /// The session event for the pointer over the row at `location` (hover on a Mac or iPad
  /// pointer), or `nil` when that row cannot be highlighted.
  public func event(forHoveringRowAt location: RowLocation) -> SessionEvent? {
    switch row(at: location) {
    case .suggestion(let index): .rowHighlighted(.suggestion(index))
    case .actionRow: .rowHighlighted(.actionRow)
    case .status, nil: nil
    }
  }
}
