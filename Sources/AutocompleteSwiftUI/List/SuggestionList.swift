#if canImport(SwiftUI)
  import SwiftUI

  /// The dropdown list: rows of a ``/AutocompletePresentation/DropdownContent`` in a scroll view,
  /// with the highlighted row marked, taps picking, and an accessibility group.
  @MainActor
  struct SuggestionList<Row: View, Action: View>: View {
    let content: DropdownContent
    let state: SessionState
    let height: CGFloat
    let rowHeight: CGFloat
    let row: (Suggestion, AttributedString) -> Row
    let actionRow: (String) -> Action
    let select: (SessionEvent) -> Void
    /// Whether rows have a fill (tap-ahead) button.
    var showsFillButtons = false
    /// Forgets a recent row (its delete button).
    var removeRecent: (Suggestion) -> Void = { _ in }
    /// Increase Contrast: a stronger border around the list.
    @Environment(\.colorSchemeContrast) private var contrast

    var body: some View {
      ScrollViewReader { scroller in
        ScrollView {
          VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(content.sections.enumerated()), id: \.offset) { sectionIndex, section in
              if let title = section.title {
                Text(title).font(.caption).foregroundStyle(.secondary).padding(.horizontal, 12)
                  .padding(.top, 6)
              }
              ForEach(Array(section.rows.enumerated()), id: \.offset) { rowIndex, item in
                let location = RowLocation(section: sectionIndex, row: rowIndex)
                rowView(item, at: location).id(location)
              }
            }
          }
        }
        .frame(height: height)
        .onChange(of: content.highlightedLocation) { location in
          if let location { scroller.scrollTo(location) }
        }
      }
      .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 10, style: .continuous))
      .overlay(
        RoundedRectangle(cornerRadius: 10, style: .continuous)
          .stroke(
            contrast == .increased ? Color.primary : Color.secondary.opacity(0.3),
            lineWidth: contrast == .increased ? 1.5 : 1)
      )
      .shadow(color: .black.opacity(0.15), radius: 8, y: 3)
      .accessibilityElement(children: .contain)
      .accessibilityLabel(SuggestionAccessibility.listLabel)
    }

    @ViewBuilder
    private func rowView(_ item: DropdownRow, at location: RowLocation) -> some View {
      let isHighlighted = content.highlightedLocation == location
      let label = SuggestionAccessibility.label(for: item, in: state)
      switch item {
      case .suggestion(let index):
        let suggestions = state.suggestions
        if suggestions.indices.contains(index) {
          let suggestion = suggestions[index]
          HStack(spacing: 4) {
            Button {
              if let event = content.event(forSelectingRowAt: location) { select(event) }
            } label: {
              HStack(spacing: 6) {
                if suggestion.isRecent {
                  Image(systemName: "clock").foregroundStyle(.secondary).accessibilityHidden(true)
                }
                row(suggestion, StyledText(suggestion).swiftUIText())
              }
              .frame(maxWidth: .infinity, minHeight: rowHeight, alignment: .leading)
              .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .accessibilityLabel(label)
            .accessibilityValue(SuggestionAccessibility.position(for: item, in: state) ?? "")
            .accessibilityInputLabels(
              SuggestionAccessibility.inputLabels(for: item, in: state).map { Text($0) }
            )
            .accessibilityAddTraits(isHighlighted ? .isSelected : [])
            if showsFillButtons, let fill = content.event(forFillingRowAt: location) {
              Button {
                select(fill)
              } label: {
                Image(systemName: "arrow.up.left")
              }
              .buttonStyle(.borderless)
              .accessibilityLabel("Fill in \(suggestion.displayText)")
            }
            if suggestion.isRecent {
              Button {
                removeRecent(suggestion)
              } label: {
                Image(systemName: "xmark")
              }
              .buttonStyle(.borderless)
              .accessibilityLabel("Remove \(suggestion.displayText) from recents")
            }
          }
          .padding(.trailing, 8)
          .foregroundStyle(isHighlighted ? Color.white : Color.primary)
          .background(isHighlighted ? Color.accentColor : Color.clear)  // >= 3:1 against the list
        }
      case .actionRow:
        Button {
          select(.actionRowPicked)
        } label: {
          actionRow(label)
            .frame(maxWidth: .infinity, minHeight: rowHeight, alignment: .leading)
            .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .foregroundStyle(isHighlighted ? Color.white : Color.primary)
        .background(isHighlighted ? Color.accentColor : Color.clear)
        .accessibilityLabel(label)
        .accessibilityAddTraits(.isButton)
      case .status(let text):
        Text(text).foregroundStyle(.secondary).padding(.horizontal, 12)
          .frame(maxWidth: .infinity, minHeight: rowHeight, alignment: .leading)
      }
    }
  }

  /// The built-in row: the display text with matched characters in bold, the detail below.
  public struct SuggestionRowView: View {
    let suggestion: Suggestion
    let text: AttributedString

    /// Creates the row for `suggestion` with its styled text.
    public init(_ suggestion: Suggestion, text: AttributedString) {
      self.suggestion = suggestion
      self.text = text
    }

    /// The row.
    public var body: some View {
      VStack(alignment: .leading, spacing: 2) {
        Text(text)
        if let detail = suggestion.detailText {
          Text(detail).font(.footnote).foregroundStyle(.secondary)
        }
      }
      .padding(.horizontal, 12)
      .padding(.vertical, 6)
    }
  }

  /// The built-in action row: a plus and the title, in the accent colour.
  public struct ActionRowView: View {
    let title: String

    /// Creates the row.
    public init(_ title: String) {
      self.title = title
    }

    /// The row.
    public var body: some View {
      Label(title, systemImage: "plus.circle")
        .foregroundStyle(Color.accentColor)
        .padding(.horizontal, 12)
        .padding(.vertical, 6)
    }
  }
#endif
