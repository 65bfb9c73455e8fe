#if canImport(SwiftUI)
  import SwiftUI

  /// Adds autocomplete to a text field: forwards its text, focus and keys to the model's session,
  /// draws the list as an overlay under (or above) the field and the ghost text inside it, and
  /// applies the session's text edits to the binding.
  @MainActor
  struct AutocompleteModifier<Row: View, Action: View>: ViewModifier {
    @ObservedObject var model: AutocompleteFieldModel
    @Binding var text: String
    let maximumVisibleRows: Int
    let rowHeight: CGFloat
    let ghostInset: CGFloat
    let row: (Suggestion, AttributedString) -> Row
    let actionRow: (String) -> Action

    @FocusState private var isFocused: Bool
    @State private var fieldFrame: CGRect = .zero
    @State private var lastAnnounced: SessionState?
    @Environment(\.autocompleteContainerFrame) private var containerFrame
    /// `rowHeight` scaled for the Dynamic Type size: the list's height and placement assume rows
    /// this tall, so at accessibility sizes the list is not too short.
    @ScaledMetric private var scaledRowHeight: CGFloat

    init(
      model: AutocompleteFieldModel, text: Binding<String>, maximumVisibleRows: Int, rowHeight: CGFloat,
      ghostInset: CGFloat, row: @escaping (Suggestion, AttributedString) -> Row,
      actionRow: @escaping (String) -> Action
    ) {
      self.model = model
      self._text = text
      self.maximumVisibleRows = maximumVisibleRows
      self.rowHeight = rowHeight
      self.ghostInset = ghostInset
      self.row = row
      self.actionRow = actionRow
      self._scaledRowHeight = ScaledMetric(wrappedValue: rowHeight, relativeTo: .body)
    }

    func body(content: Content) -> some View {
      let list = model.content(isFocused: isFocused)
      let placement = self.placement(for: list)
      return
        content
        // Ghost text covering the typed text ("zur" previewed as "Zürich") hides the field's own
        // characters; otherwise the field keeps its foreground.
        .foregroundStyle(
          ghostContent?.coversTypedText == true ? AnyShapeStyle(Color.clear) : AnyShapeStyle(.foreground)
        )
        .focused($isFocused)
        .overlay(alignment: .leading) { ghost }
        .background(
          GeometryReader { proxy in
            Color.clear
              .onAppear { fieldFrame = proxy.frame(in: .global) }
              .onChange(of: proxy.frame(in: .global)) { fieldFrame = $0 }
          }
        )
        .overlay(alignment: placement.edge == .below ? .top : .bottom) {
          if list.isShown, placement.isVisible {
            SuggestionList(
              content: list, state: model.state, height: placement.frame.height, rowHeight: scaledRowHeight,
              row: row, actionRow: actionRow, select: { model.send($0) },
              showsFillButtons: model.showsFillButtons, removeRecent: { model.removeRecent($0) }
            )
            .offset(y: placement.edge == .below ? fieldFrame.height + 2 : -(fieldFrame.height + 2))
          }
        }
        .zIndex(list.isShown ? 1 : 0)
        .modifier(
          KeyboardHandling(
            claimedKeys: { HardwareKey.claimedKeys(in: model.state, isListShown: list.isShown) },
            press: { key in
              // Page Up/Down move by the rows the list shows.
              model.session.pageSize = ListPaging.rowsPerPage(
                visibleHeight: placement.frame.height,
                rowHeights: Array(repeating: scaledRowHeight, count: list.rowCount))
              return model.press(key.sessionKey)
            })
        )
        .onSubmit {
          let picksRow = HardwareKey.returnPicksRow(in: model.state, isListShown: list.isShown)
          model.press(.enter)
          if picksRow { isFocused = true }
        }
        .onChange(of: text) { newText in
          model.textChanged(TextSnapshot(newText))
        }
        .onReceive(NotificationCenter.default.publisher(for: TextInputObserver.notificationName)) { note in
          guard isFocused, let snapshot = TextInputObserver.snapshot(from: note, text: text) else { return }
          model.textChanged(snapshot)
        }
        .onChange(of: isFocused) { focused in
          model.focusChanged(focused)
        }
        .onReceive(model.outputs) { output in
          if case .replaceText(let edit) = output { text = edit.resultingText }
        }
        .onReceive(model.$state) { state in
          // Said once typing pauses, never for a list the placement hid; the field keeps its own
          // accessibility value (the typed text).
          let list = DropdownContent(state: state, isFocused: isFocused)
          let shown = list.isShown && self.placement(for: list).isVisible
          model.announcer.update(from: lastAnnounced, to: state, isShown: shown)
          lastAnnounced = state
        }
    }

    /// What the ghost text draws (platform-neutral: ``GhostTextContent``), or `nil`.
    private var ghostContent: GhostTextContent? {
      GhostTextLayout.visibleCompletion(in: model.state, isFocused: isFocused).map { GhostTextContent($0) }
    }

    /// The ghost text: the typed text, invisible, then the suggested rest in a light colour; or,
    /// when the suggestion spells the typed part differently, its spelling over the typed text.
    @ViewBuilder private var ghost: some View {
      if let content = ghostContent, let completion = model.state.inlineCompletion {
        content.text.runs.reduce(
          content.coversTypedText ? Text("") : Text(completion.typedText).foregroundColor(.clear)
        ) { text, run in
          text
            + Text(content.text.substring(for: run)).foregroundColor(
              run.style == .typed ? .primary : .secondary)
        }
        .lineLimit(1)
        .padding(.leading, ghostInset)
        .allowsHitTesting(false)
        .accessibilityHidden(true)
      }
    }

    /// Where the list goes, from the field's and the container's frames.
    private func placement(for list: DropdownContent) -> DropdownPlacement {
      let heights = Array(repeating: scaledRowHeight, count: list.rowCount)
      guard let containerFrame else {
        return DropdownGeometry.unbounded(
          fieldFrame: fieldFrame, rowHeights: heights, maximumVisibleRows: maximumVisibleRows
        ).placement
      }
      let geometry = DropdownGeometry(
        fieldFrame: fieldFrame, windowBounds: containerFrame, rowHeights: heights,
        maximumVisibleRows: maximumVisibleRows)
      return geometry.placement
    }
  }

  extension View {
    /// Adds autocomplete to this text field: suggestions from `model` for `text`, shown in a list
    /// under the field (above it when there is no room in the ``autocompleteContainer()``), with
    /// rows from `row` and the action row from `actionRow`.
    ///
    /// ```swift
    /// TextField("City", text: $city)
    ///   .autocomplete(model, text: $city) { suggestion, text in
    ///     Label { Text(text) } icon: { Image(systemName: "building.2") }
    ///   }
    /// ```
    /// - Parameters:
    ///   - model: The model (sources, options, state).
    ///   - text: The field's text, the same binding the field edits.
    ///   - maximumVisibleRows: Rows visible before the list scrolls.
    ///   - rowHeight: The height of one row at the default text size (rows are at least this tall),
    ///     scaled with Dynamic Type (`@ScaledMetric`, relative to `.body`).
    ///   - ghostInset: The leading inset of the field's text, so ghost text lines up with it (about
    ///     7 points for `.roundedBorder` fields).
    ///   - row: A suggestion's row, from the suggestion and its display text with matched runs bold.
    ///   - actionRow: The action row, from its title.
    @MainActor public func autocomplete<Row: View, Action: View>(
      _ model: AutocompleteFieldModel, text: Binding<String>, maximumVisibleRows: Int = 5,
      rowHeight: CGFloat = 44, ghostInset: CGFloat = 0,
      @ViewBuilder row: @escaping (Suggestion, AttributedString) -> Row,
      @ViewBuilder actionRow: @escaping (String) -> Action
    ) -> some View {
      modifier(
        AutocompleteModifier(
          model: model, text: text, maximumVisibleRows: maximumVisibleRows, rowHeight: rowHeight,
          ghostInset: ghostInset, row: row, actionRow: actionRow))
    }

    /// Adds autocomplete to this text field with custom rows and the built-in action row.
    @MainActor public func autocomplete<Row: View>(
      _ model: AutocompleteFieldModel, text: Binding<String>, maximumVisibleRows: Int = 5,
      rowHeight: CGFloat = 44, ghostInset: CGFloat = 0,
      @ViewBuilder row: @escaping (Suggestion, AttributedString) -> Row
    ) -> some View {
      autocomplete(
        model, text: text, maximumVisibleRows: maximumVisibleRows, rowHeight: rowHeight,
        ghostInset: ghostInset,
        row: row, actionRow: { ActionRowView($0) })
    }

    /// Adds autocomplete to this text field with the built-in rows.
    @MainActor public func autocomplete(
      _ model: AutocompleteFieldModel, text: Binding<String>, maximumVisibleRows: Int = 5,
      rowHeight: CGFloat = 44, ghostInset: CGFloat = 0
    ) -> some View {
      autocomplete(
        model, text: text, maximumVisibleRows: maximumVisibleRows, rowHeight: rowHeight,
        ghostInset: ghostInset,
        row: { SuggestionRowView($0, text: $1) }, actionRow: { ActionRowView($0) })
    }
  }
#endif
