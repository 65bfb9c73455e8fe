import AutocompleteCore
import Foundation

/// A front end in a test: a text field that sends whole snapshots to a session with `@` people and
/// `#` tags whose picks insert mentions, and applies the session's edits, caret moves and mention
/// reports as a real field would.
@MainActor
final class MentionField {
  /// People: name, handle (completion without the "@"), id.
  static let people: [(name: String, handle: String, id: String)] = [
    ("Morgan Lee", "morgan", "u1"), ("John Appleseed", "john", "u2"), ("José Ñúñez", "josé", "u3"),
    ("山田太郎", "山田", "u4"), ("דוד כהן", "דוד", "u5"), ("👩‍💻 Dev", "dev", "u6"),
  ]

  static let tags: [AutocompleteItem] = ["swift", "linux", "emoji"]

  let session: AutocompleteSession
  /// What the field shows.
  private(set) var snapshot = TextSnapshot("")
  /// The mention changes the session reported.
  private(set) var changes: [MentionChange] = []
  /// The outputs the session produced.
  private(set) var outputs: [SessionOutput] = []

  init(
    editing: MentionEditing = .dissolve, deletion: MentionDeletion = .twoStep,
    mentionText: MentionText = .withDelimiter, replacesDelimiter: Bool = false
  ) {
    let items = Self.people.map { person in
      AutocompleteItem(
        person.name, displayText: person.name,
        completionText: replacesDelimiter ? "@" + person.handle : person.handle,
        alternateSearchTexts: [person.handle], payload: person.id)
    }
    let configuration = SessionConfiguration(
      triggers: [
        SessionTrigger(
          "@", source: ListSource(items), replacesDelimiter: replacesDelimiter, insertsMention: true,
          mentionText: mentionText, mentionStyle: "person",
          mentionID: { $0.payload(as: AutocompleteItem.self)?.payload as? String ?? $0.id }),
        SessionTrigger("#", source: ListSource(Self.tags), insertsMention: true, mentionStyle: "tag"),
      ], mentionEditing: editing, mentionDeletion: deletion)
    session = AutocompleteSession(configuration: configuration)
    session.onOutput = { [unowned self] output in
      outputs.append(output)
      switch output {
      case .replaceText(let edit): snapshot = edit.resultingSnapshot
      case .moveSelection(let moved): snapshot = moved
      case .mentionsChanged(let change): changes.append(change)
      default: break
      }
    }
  }

  var text: String { snapshot.text }
  var mentions: [Mention] { session.state.mentions }
  /// The mentions' display texts.
  var mentionTexts: [String] { mentions.map(\.text) }
  /// The caret as a character offset.
  var caret: Int { snapshot.caretCharacterOffset }
  /// The selection as character offsets.
  var selection: Range<Int> {
    let text = snapshot.text
    return text.distance(
      from: text.startIndex, to: snapshot.selection.lowerBound)..<text.distance(
        from: text.startIndex, to: snapshot.selection.upperBound)
  }

  /// Reports `snapshot` as the field's new content.
  func report(_ new: TextSnapshot) {
    snapshot = new
    session.send(.textChanged(new))
  }

  /// The index `offset` characters into the text.
  func index(_ offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
  }

  /// Types `typed` at the caret (replacing the selection), one character per report.
  func type(_ typed: String) {
    for character in typed {
      replace(snapshot.selection, with: String(character))
    }
  }

  /// Replaces `range` with `replacement` and puts the caret after it (typing, autocorrect, paste).
  func replace(_ range: Range<String.Index>, with replacement: String, composing: Bool = false) {
    let text = snapshot.text
    let new = String(text[..<range.lowerBound]) + replacement + String(text[range.upperBound...])
    let caret = new.utf8.index(
      new.utf8.startIndex,
      offsetBy: text.utf8.distance(from: text.startIndex, to: range.lowerBound) + replacement.utf8.count)
    let start = new.utf8.index(
      new.utf8.startIndex, offsetBy: text.utf8.distance(from: text.startIndex, to: range.lowerBound))
    report(TextSnapshot(new, selection: caret..<caret, markedRange: composing ? start..<caret : nil))
  }

  /// Replaces characters `offsets` with `replacement`.
  func replace(characters offsets: Range<Int>, with replacement: String) {
    replace(index(offsets.lowerBound)..<index(offsets.upperBound), with: replacement)
  }

  /// Backspace as a text view does it: deletes the selection, or the character before the caret.
  func backspace() {
    var range = snapshot.selection
    if range.isEmpty {
      guard range.lowerBound > text.startIndex else { return }
      range = text.index(before: range.lowerBound)..<range.lowerBound
    }
    replace(range, with: "")
  }

  /// Delete (forward) as a text view does it.
  func forwardDelete() {
    var range = snapshot.selection
    if range.isEmpty {
      guard range.upperBound < text.endIndex else { return }
      range = range.upperBound..<text.index(after: range.upperBound)
    }
    replace(range, with: "")
  }

  /// Moves the caret to character `offset`.
  func moveCaret(to offset: Int) {
    let caret = index(offset)
    report(TextSnapshot(text, selection: caret..<caret))
  }

  /// Selects characters `offsets`.
  func select(_ offsets: Range<Int>) {
    report(TextSnapshot(text, selection: index(offsets.lowerBound)..<index(offsets.upperBound)))
  }

  /// Types `token` (such as "@mo") and picks the first row.
  func pick(_ token: String) {
    type(token)
    session.press(.down)
    session.press(.enter)
  }
}
