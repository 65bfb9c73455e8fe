#if canImport(SwiftUI)
  import SwiftUI

  /// A text field with autocomplete: SwiftUI's `TextField` with a title, an optional prompt and a
  /// text binding, plus the suggestion list, inline ghost text and keyboard navigation of
  /// ``SwiftUI/View/autocomplete(_:text:maximumVisibleRows:rowHeight:ghostInset:row:actionRow:)``.
  ///
  /// ```swift
  /// @StateObject var model = AutocompleteFieldModel(items: ["Zürich", "São Paulo", "Kraków"])
  /// @State var city = ""
  /// var body: some View { AutocompleteField("City", text: $city, model: model) }
  /// ```
  @MainActor
  public struct AutocompleteField<Row: View, Action: View>: View {
    private let title: String
    @Binding private var text: String
    private let prompt: Text?
    @ObservedObject private var model: AutocompleteFieldModel
    private let maximumVisibleRows: Int
    private let row: (Suggestion, AttributedString) -> Row
    private let actionRow: (String) -> Action

    /// Creates a field with custom rows and action row.
    public init(
      _ title: String, text: Binding<String>, prompt: Text? = nil, model: AutocompleteFieldModel,
      maximumVisibleRows: Int = 5, @ViewBuilder row: @escaping (Suggestion, AttributedString) -> Row,
      @ViewBuilder actionRow: @escaping (String) -> Action
    ) {
      self.title = title
      self._text = text
      self.prompt = prompt
      self.model = model
      self.maximumVisibleRows = maximumVisibleRows
      self.row = row
      self.actionRow = actionRow
    }

    /// The field.
    public var body: some View {
      TextField(title, text: $text, prompt: prompt)
        .autocomplete(
          model, text: $text, maximumVisibleRows: maximumVisibleRows, row: row, actionRow: actionRow)
    }
  }

  extension AutocompleteField where Row == SuggestionRowView, Action == ActionRowView {
    /// Creates a field with the built-in rows.
    public init(
      _ title: String, text: Binding<String>, prompt: Text? = nil, model: AutocompleteFieldModel,
      maximumVisibleRows: Int = 5
    ) {
      self.init(
        title, text: text, prompt: prompt, model: model, maximumVisibleRows: maximumVisibleRows,
        row: { SuggestionRowView($0, text: $1) }, actionRow: { ActionRowView($0) })
    }
  }

  extension AutocompleteField where Action == ActionRowView {
    /// Creates a field with custom rows and the built-in action row.
    public init(
      _ title: String, text: Binding<String>, prompt: Text? = nil, model: AutocompleteFieldModel,
      maximumVisibleRows: Int = 5, @ViewBuilder row: @escaping (Suggestion, AttributedString) -> Row
    ) {
      self.init(
        title, text: text, prompt: prompt, model: model, maximumVisibleRows: maximumVisibleRows, row: row,
        actionRow: { ActionRowView($0) })
    }
  }
#endif
