import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("Accessibility: Voice Control labels, chips, two-step mention deletion, Up back to the field")
@MainActor
struct SpokenLabelsTests {
  @Test(
    "rows answer to their display text alone; the action row to its title; status rows to nothing",
    .offThePool)
  func rowInputLabels() {
    let item = AutocompleteItem("Rio de Janeiro", alternateSearchTexts: ["Sao Sebastiao do Rio de Janeiro"])
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource([item])], searchOptions: SearchOptions(mode: .words), actionRow: ActionRow()))
    session.textChanged("sa")
    let state = session.state
    #expect(
      SuggestionAccessibility.label(for: .suggestion(0), in: state)
        == "Rio de Janeiro, Sao Sebastiao do Rio de Janeiro")
    #expect(SuggestionAccessibility.inputLabels(for: .suggestion(0), in: state) == ["Rio de Janeiro"])
    #expect(
      SuggestionAccessibility.inputLabels(for: .actionRow, in: state) == ["Add \u{201C}sa\u{201D}\u{2026}"])
    #expect(SuggestionAccessibility.inputLabels(for: .status("Loading"), in: state).isEmpty)
    #expect(SuggestionAccessibility.inputLabels(for: .suggestion(7), in: state).isEmpty)
  }

  @Test(
    "a chip answers to its text; a selected chip's hint says Delete or a double tap removes it", .offThePool)
  func chips() {
    let reducer = SessionReducer(configuration: SessionConfiguration(tokens: TokenFieldConfiguration()))
    let state = reducer.reduce(
      SessionState(), .tokens(.set(["Lisbon", "Madrid", "Paris"].map { Token(id: $0) }))
    )
    .state
    let tokens = state.tokenState
    #expect(TokenChip(index: 1, in: tokens).accessibilityInputLabels == ["Madrid"])
    #expect(TokenChip(index: 1, in: tokens).accessibilityLabel == "Madrid, 2 of 3, token")
    #expect(TokenChip(index: 1, in: tokens).accessibilityHint == "Double tap to select it.")
    let selected = TokenChip(index: 1, in: reducer.reduce(state, .tokens(.select(1))).state.tokenState)
    #expect(selected.isSelected)
    #expect(selected.accessibilityHint == "Press Delete or double tap to remove it.")
    #expect(TokenAccessibility.inputLabels(forTokenAt: 5, in: tokens.tokens).isEmpty)
  }

  @Test("the two-step mention deletion is announced: selected, then removed", .offThePool)
  func mentionDeletion() {
    let configuration = SessionConfiguration(
      triggers: [SessionTrigger("@", source: ListSource(["ann"] as [AutocompleteItem]), insertsMention: true)]
    )
    let session = AutocompleteSession(configuration: configuration)
    var text = MentionedText("hi ")
    text.append(mention: "@ann", trigger: "@", id: "1")
    session.send(.mentionedTextLoaded(text))
    let loaded = session.state
    #expect(MentionAccessibility.deletionAnnouncement(from: nil, to: loaded) == nil)
    session.press(.backspace)
    let selected = session.state
    #expect(
      MentionAccessibility.deletionAnnouncement(from: loaded, to: selected)
        == "@ann selected. Press Delete again to remove it.")
    session.press(.backspace)
    #expect(session.state.mentions.isEmpty)
    #expect(MentionAccessibility.deletionAnnouncement(from: selected, to: session.state) == "@ann removed.")
    #expect(MentionAccessibility.deletionAnnouncement(from: session.state, to: session.state) == nil)
  }

  static func open(wraps: Bool) -> AutocompleteSession {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(["Madrid", "Malaga", "Manila"] as [AutocompleteItem])], wrapsNavigation: wraps))
    session.textChanged("ma")
    return session
  }

  @Test(
    "Up from the first row returns to the field; then Up wraps to the last row (wrapsNavigation on)",
    .offThePool)
  func upToFieldWrapping() {
    let session = Self.open(wraps: true)
    #expect(session.state.highlight == nil)
    session.pressReturningToField(.down)
    #expect(session.state.highlight == .suggestion(0))
    session.pressReturningToField(.up)
    #expect(session.state.highlight == nil)
    #expect(session.state.isOpen)
    session.pressReturningToField(.up)
    #expect(session.state.highlight == .suggestion(2))
    session.pressReturningToField(.down)
    #expect(session.state.highlight == .suggestion(0))  // Down still wraps from the last row
  }

  @Test("Up from the first row returns to the field and stops there (wrapsNavigation off)", .offThePool)
  func upToFieldClamping() {
    let session = Self.open(wraps: false)
    session.pressReturningToField(.down)
    session.pressReturningToField(.up)
    #expect(session.state.highlight == nil)
    #expect(session.pressReturningToField(.up))
    #expect(session.state.highlight == nil)
    #expect(FieldNavigation.event(for: .up, in: session.state, wrapsNavigation: false) == nil)
    guard case .key(.down) = FieldNavigation.event(for: .down, in: session.state, wrapsNavigation: false)
    else {
      Issue.record("Down is the session's key")
      return
    }
  }
}

@Suite("ContrastColor: the highlight against the list (WCAG 1.4.11)")
struct ContrastColorTests {
  static let systemBlue = ContrastColor(red: 0, green: 122 / 255, blue: 1)  // #007AFF, light mode
  static let systemBlueDark = ContrastColor(red: 10 / 255, green: 132 / 255, blue: 1)  // #0A84FF

  @Test("the accent at full strength passes 3:1 on white and on black; at 18 % it does not", .offThePool)
  func highlight() {
    #expect(abs(ContrastColor.black.contrast(with: .white) - 21) < 0.001)
    #expect(Self.systemBlue.contrast(with: .white) >= ContrastColor.minimumHighlightContrast)
    #expect(Self.systemBlueDark.contrast(with: .black) >= ContrastColor.minimumHighlightContrast)
    let faint = Self.systemBlue.composited(alpha: 0.18, over: .white)
    #expect(faint.contrast(with: .white) < ContrastColor.minimumHighlightContrast)
    // Black reads better than white on #007AFF (5.3:1 against 4.0:1); white on a navy accent.
    #expect(Self.systemBlue.readableText == .black)
    #expect(ContrastColor(red: 0, green: 0.1, blue: 0.4).readableText == .white)
    #expect(ContrastColor(red: 1, green: 0.9, blue: 0.3).readableText == .black)
  }

  @Test("a pale accent on a light list gives way to black; a strong one is kept", .offThePool)
  func fill() {
    let pale = ContrastColor(red: 0.8, green: 0.9, blue: 1)
    #expect(ContrastColor.highlightFill(accent: pale, list: .white) == .black)
    #expect(ContrastColor.highlightFill(accent: pale, list: .black) == pale)
    #expect(ContrastColor.highlightFill(accent: Self.systemBlue, list: .white) == Self.systemBlue)
  }
}

@Suite("AccessibilityOrder: the list right after its field")
struct AccessibilityOrderTests {
  @Test("reading order is top to bottom, then leading to trailing (right to left when asked)", .offThePool)
  func readingOrder() {
    let frames = [
      CGRect(x: 0, y: 100, width: 50, height: 20), CGRect(x: 60, y: 10, width: 50, height: 20),
      CGRect(x: 0, y: 10, width: 50, height: 20),
    ]
    #expect(AccessibilityOrder.readingOrder(of: frames) == [2, 1, 0])
    #expect(AccessibilityOrder.readingOrder(of: frames, isRightToLeft: true) == [1, 2, 0])
  }

  @Test("the list goes right after the field, once; at the end without a field", .offThePool)
  func insertion() {
    let order = ["title", "field", "list", "button"]
    #expect(
      AccessibilityOrder.inserting(
        "list", into: ["title", "button", "list", "field", "footer"], isList: { $0 == "list" },
        afterFirst: { $0 == "field" })
        == ["title", "button", "field", "list", "footer"])
    #expect(
      AccessibilityOrder.inserting(
        "list", into: order, isList: { $0 == "list" }, afterFirst: { $0 == "none" })
        == ["title", "field", "button", "list"])
  }
}
