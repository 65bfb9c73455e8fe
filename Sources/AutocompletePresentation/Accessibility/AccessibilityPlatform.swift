import AutocompleteCore

/// The platform whose wording the announcements use: how a VoiceOver user reaches the rows and
/// accepts an inline completion differs between a touch screen and a Mac keyboard.
public enum AccessibilityPlatform: Sendable, Hashable, CaseIterable {
  /// iOS, iPadOS and visionOS: the rows follow the field in VoiceOver's order, so a swipe right
  /// reaches them.
  case iOS
  /// macOS: the arrow keys move through the rows.
  case macOS

  /// The platform this code runs on (iOS wording on Linux, where tests run).
  public static var current: AccessibilityPlatform {
    #if os(macOS)
      .macOS
    #else
      .iOS
    #endif
  }

  /// Where the rows are and how to hear them, after a count of `count` rows: "swipe right to hear
  /// them" (iOS), "press Down Arrow to hear them" (macOS).
  public func listHint(count: Int) -> String {
    let pronoun = count == 1 ? "it" : "them"
    switch self {
    case .iOS: return "swipe right to hear \(pronoun)"
    case .macOS: return "press Down Arrow to hear \(pronoun)"
    }
  }

  /// How to accept an inline completion: "Return accepts it" (the on-screen keyboard has no Tab) on
  /// iOS, "press Tab to accept it" on the Mac.
  public var inlineCompletionHint: String {
    switch self {
    case .iOS: return "Return accepts it"
    case .macOS: return "press Tab to accept it"
    }
  }
}

extension SuggestionAccessibility {
  /// What is said once typing pauses and the list shows: the count and where the rows are ("5
  /// suggestions, swipe right to hear them."), "No suggestions." (with the action row's title when
  /// there is one), "Loading suggestions…", or the failure; `nil` while nothing is known yet.
  public static func countAnnouncement(for state: SessionState, platform: AccessibilityPlatform) -> String? {
    guard state.isOpen else { return nil }
    switch state.phase {
    case .idle, .loading: return nil
    case .results:
      let count = state.suggestions.count
      guard count > 0 else { return state.actionRowTitle.map { "\($0), button." } }
      let noun = count == 1 ? "1 suggestion" : "\(count) suggestions"
      return "\(noun), \(platform.listHint(count: count))."
    case .stalled, .failed, .empty:
      let status = state.accessibilityStatus
      guard let title = state.actionRowTitle, state.highlight != .actionRow else {
        return status.isEmpty ? nil : status
      }
      return "\(status) \(title), button."
    }
  }

  /// What is said for an inline completion (ghost text) shown without a list: the completed text
  /// in full and how to accept it ("Madrid, Return accepts it."); `nil` without a completion.
  public static func inlineCompletionAnnouncement(for state: SessionState, platform: AccessibilityPlatform)
    -> String?
  {
    guard let completion = state.inlineCompletion, !completion.suffix.isEmpty else { return nil }
    return "\(completion.completedText), \(platform.inlineCompletionHint)."
  }

  /// What is said when the highlight moves by keyboard: "Sapporo, 1 of 3" or "Add “sa”…, button";
  /// `nil` with no highlight.
  public static func highlightAnnouncement(for state: SessionState) -> String? {
    switch state.highlight {
    case .suggestion(let index):
      return position(for: .suggestion(index), in: state).map {
        "\(label(for: .suggestion(index), in: state)), \($0)"
      }
    case .actionRow: return state.actionRowTitle.map { "\($0), button" }
    case nil: return nil
    }
  }

  /// The names Voice Control (and Full Keyboard Access's search) accept for a row: the suggestion's
  /// display text alone ("Madrid", never "Madrid, Spain, 2 of 3"), the action row's title; none for
  /// a status row. Set them as the row's `accessibilityUserInputLabels`.
  public static func inputLabels(for row: DropdownRow, in state: SessionState) -> [String] {
    let text: String
    switch row {
    case .suggestion(let index):
      guard state.suggestions.indices.contains(index) else { return [] }
      text = state.suggestions[index].displayText
    case .actionRow: text = state.actionRowTitle ?? ""
    case .status: return []
    }
    return text.isEmpty ? [] : [text]
  }
}
