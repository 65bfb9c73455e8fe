#if canImport(SwiftUI)
  import SwiftUI

  /// A token field in SwiftUI: chips wrapping before a `TextField` with the usual autocomplete list
  /// (``SwiftUI/View/autocomplete(_:text:maximumVisibleRows:rowHeight:ghostInset:)``), over a model
  /// whose configuration has `tokens` set.
  ///
  /// Thin: the session's token rules decide what is added and removed; `TokenFieldContent` gives the
  /// chips, their VoiceOver labels ("Madrid, 2 of 3, token") and remove actions, and the
  /// announcement; `TokenFieldDriver` the keys' and clicks' events and the updates; ``TokenFlow``
  /// places the chips with `TokenFlowLayout`. A tap selects a chip, a tap on
  /// the selected chip's × removes it; Backspace at the start of the text selects, then removes, the
  /// last chip on iOS 17 and macOS 14 (`onKeyPress`; earlier systems give no key events to a
  /// `TextField`, so the × is the way there).
  ///
  /// ```swift
  /// @StateObject var tags = AutocompleteFieldModel(
  ///   sources: [ListSource(["swift", "swiftui"])],
  ///   baseConfiguration: SessionConfiguration(tokens: TokenFieldConfiguration(creation: TokenCreation())))
  /// var body: some View { AutocompleteTokenField("Tags", model: tags) { print($0) } }
  /// ```
  @MainActor
  public struct AutocompleteTokenField: View {
    private let title: String
    @ObservedObject private var model: AutocompleteFieldModel
    private let onUpdate: ((TokenFieldUpdate) -> Void)?
    @State private var text = ""
    @State private var driver = TokenFieldDriver()

    /// Creates a token field over `model`; `onUpdate` hears every change of the tokens and every
    /// refusal.
    public init(
      _ title: String, model: AutocompleteFieldModel, onUpdate: ((TokenFieldUpdate) -> Void)? = nil
    ) {
      self.title = title
      self.model = model
      self.onUpdate = onUpdate
    }

    /// The chips, the text field and the refusal.
    public var body: some View {
      let content = TokenFieldContent(state: model.state)
      VStack(alignment: .leading, spacing: 4) {
        TokenFlow {
          ForEach(content.chips) { chip in
            TokenChipView(chip: chip) {
              if let event = TokenFieldDriver.click(onChip: chip.index, in: model.state.tokenState) {
                model.send(event)
              }
            } remove: {
              model.send(.tokens(.remove(id: chip.id)))
            }
          }
          TextField(title, text: $text)
            .autocomplete(model, text: $text)
            .modifier(TokenKeys(model: model))
            .frame(minWidth: 60)
        }
        if let refusal = content.refusal {
          Text(refusal).font(.footnote).foregroundStyle(.red)
        }
      }
      .onReceive(model.$state) { state in
        let (content, updates) = driver.render(state)
        if let announcement = content.announcement { Announcer.announce(announcement) }
        for update in updates { onUpdate?(update) }
      }
    }
  }

  /// One chip: its title, a × when selected, its VoiceOver label and remove action.
  @MainActor
  struct TokenChipView: View {
    let chip: TokenChip
    let tap: () -> Void
    let remove: () -> Void

    var body: some View {
      Button(action: tap) {
        HStack(spacing: 4) {
          Text(chip.title)
          if chip.isSelected { Image(systemName: "xmark.circle.fill") }
        }
        .padding(.horizontal, 10)
        .padding(.vertical, 4)
        .foregroundStyle(chip.isSelected ? Color.white : Color.primary)
        .background(Capsule().fill(chip.isSelected ? Color.accentColor : Color.secondary.opacity(0.2)))
      }
      .buttonStyle(.plain)
      .accessibilityLabel(chip.accessibilityLabel)
      .accessibilityHint(chip.accessibilityHint)
      .accessibilityInputLabels(chip.accessibilityInputLabels.map { Text($0) })
      .accessibilityAddTraits(chip.isSelected ? .isSelected : [])
      .accessibilityAction(named: Text(chip.removeActionName), remove)
    }
  }

  /// Backspace, ←, → and Delete to the token rules first (iOS 17 and macOS 14: `onKeyPress`).
  @MainActor
  struct TokenKeys: ViewModifier {
    @ObservedObject var model: AutocompleteFieldModel
    @Environment(\.layoutDirection) private var layoutDirection

    func body(content: Content) -> some View {
      if #available(iOS 17, macOS 14, *) {
        content
          .onKeyPress(.delete) { send(.backspace) }
          .onKeyPress(.leftArrow) { send(.left) }
          .onKeyPress(.rightArrow) { send(.right) }
          .onKeyPress(.deleteForward) { send(.deleteForward) }
      } else {
        content
      }
    }

    /// Sends `key`'s event when it concerns the chips (a chip selected, or the caret at the start).
    @available(iOS 17, macOS 14, *)
    private func send(_ key: TokenFieldDriver.Key) -> KeyPress.Result {
      let state = model.state
      let atStart = state.input.selection.isEmpty && state.input.caret == state.input.text.startIndex
      guard
        let event = TokenFieldDriver.event(
          for: key, state: state, isCaretAtStart: atStart, isRightToLeft: layoutDirection == .rightToLeft)
      else { return .ignored }
      return model.session.send(event) ? .handled : .ignored
    }
  }
#endif
