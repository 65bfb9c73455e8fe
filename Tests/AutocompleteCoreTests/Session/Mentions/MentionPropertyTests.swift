import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("Mentions under random edit sequences")
@MainActor
struct MentionPropertyTests {
  /// What a random step does, as a text field or the app would.
  enum Step: CaseIterable {
    case type, backspace, forwardDelete, moveCaret, select, replace, compose, pick, backspaceKey, insert,
      load, undo
  }

  /// Text that makes edits hard: emoji and modifiers, ZWJ, flags, combining marks, CJK, RTL, CR LF.
  static let pieces = [
    "a", "b", " ", "@", "#", "m", "o", "j", "é", "e\u{301}", "\u{301}", "\u{200D}", "👩‍👩‍👧", "👍🏽", "🇫🇷",
    "🇫", "山", "田", "ש", "ל", "ا", "\r\n", "\n", ".", "!",
  ]

  /// Counts of what the sequences exercised, so the test fails if they stop exercising it.
  struct Coverage {
    var picked = 0
    var removed = 0
    var restored = 0
    var snapped = 0
    var composed = 0
    var corrected = 0
  }

  static func randomText(_ generator: inout SplitMix64, maximum: Int) -> String {
    (0..<Int.random(in: 1...maximum, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
      .joined()
  }

  /// Checks what must hold after every step.
  static func check(_ field: MentionField, atomic: Bool, _ label: @autoclosure () -> String) {
    let state = field.session.state
    #expect(field.text == state.text, "front end and session disagree: \(label())")
    var end = state.text.startIndex
    for mention in state.mentions {
      #expect(mention.range.lowerBound >= end, "overlap or order: \(label())")
      #expect(mention.isInside(state.text), "range does not hold its text: \(label())")
      #expect(
        mention.range.lowerBound.samePosition(in: state.text) != nil
          && mention.range.upperBound.samePosition(in: state.text) != nil, "split character: \(label())")
      #expect(mention.utf16Range == NSRange(mention.range, in: state.text), "UTF-16 range: \(label())")
      end = mention.range.upperBound
    }
    if atomic, !state.input.isComposing {
      for mention in state.mentions {
        for edge in [state.input.selection.lowerBound, state.input.selection.upperBound] {
          #expect(
            !(mention.range.lowerBound < edge && edge < mention.range.upperBound), "caret inside: \(label())")
        }
      }
    }
    if let selected = state.mentionState.selectedMention {
      #expect(state.mentions.contains(selected), "selected mention is gone: \(label())")
    }
    let text = state.mentionedText
    #expect(text.mentions == state.mentions, "state's mentions are not a valid MentionedText: \(label())")
    for markup in [MentionMarkup.default, .slack, .markdownLink] {
      #expect((try? markup.decode(markup.encode(text))) == text, "encode → decode: \(label())")
    }
  }

  @Test(
    "random sequences keep every mention holding its text, none overlapping, the caret outside, encode → decode the identity",
    .disabled(
      if: isSanitized, "single-threaded: nothing for ThreadSanitizer to check, and 10× slower under it"),
    .offThePool, arguments: [MentionEditing.dissolve, .removeWhole])
  func randomSequences(editing: MentionEditing) {
    var coverage = Coverage()
    for deletion in MentionDeletion.allCases {
      for seed in UInt64(1)...60 {
        Self.run(seed: seed, editing: editing, deletion: deletion, steps: 80, coverage: &coverage)
      }
    }
    print("coverage \(editing): \(coverage)")
    #expect(coverage.picked > 200)
    #expect(coverage.removed > 100)
    #expect(coverage.restored > 50)
    #expect(coverage.composed > 100)
    #expect(coverage.corrected > 20)
    #expect(coverage.snapped > 100)  // carets moved out of atomic mentions (two of three deletion rules)
  }

  static func run(
    seed: UInt64, editing: MentionEditing, deletion: MentionDeletion, steps: Int, coverage: inout Coverage
  ) {
    var random = SplitMix64(seed: seed)
    let field = MentionField(editing: editing, deletion: deletion)
    var history: [TextSnapshot] = []
    var log: [String] = []
    for _ in 0..<steps {
      let step = Step.allCases.randomElement(using: &random)!
      let before = field.changes.count
      let outputsBefore = field.outputs.count
      history.append(field.snapshot)
      let count = field.text.count
      switch step {
      case .type:
        field.type(randomText(&random, maximum: 3))
      case .backspace:
        field.backspace()
      case .forwardDelete:
        field.forwardDelete()
      case .moveCaret:
        field.moveCaret(to: Int.random(in: 0...count, using: &random))
      case .select:
        let lower = Int.random(in: 0...count, using: &random)
        field.select(lower..<Int.random(in: lower...count, using: &random))
      case .replace:
        let lower = Int.random(in: 0...count, using: &random)
        let upper = Int.random(in: lower...min(count, lower + 6), using: &random)
        field.replace(
          characters: lower..<upper, with: Bool.random(using: &random) ? "" : randomText(&random, maximum: 4))
      case .compose:
        // An input method: marked text grows, then is committed as other text.
        let at = field.snapshot.selection
        field.replace(at, with: "か", composing: true)
        let marked = field.snapshot.markedRange ?? field.snapshot.selection
        field.replace(marked, with: "かな", composing: true)
        let final = field.snapshot.markedRange ?? field.snapshot.selection
        field.replace(final, with: Bool.random(using: &random) ? "仮名" : "")
        coverage.composed += 1
      case .pick:
        let person = MentionField.people.randomElement(using: &random)!
        let prefix = String(person.handle.prefix(Int.random(in: 0...2, using: &random)))
        let picksBefore = field.mentions.count
        field.pick("@" + prefix)
        if field.mentions.count > picksBefore { coverage.picked += 1 }
      case .backspaceKey:
        field.session.press(.backspace)
      case .insert:
        field.session.send(.mentionedTextInserted(.mention("@dev", trigger: "@", id: "u6")))
      case .load:
        var text = MentionedText(randomText(&random, maximum: 3))
        text.append(mention: "#linux", trigger: "#", id: "t2")
        text.append(randomText(&random, maximum: 2))
        field.session.send(.mentionedTextLoaded(text))
      case .undo:
        if let earlier = history.suffix(4).randomElement(using: &random) { field.report(earlier) }
      }
      log.append("\(step) → \(field.text.debugDescription) \(field.mentionTexts)")
      for change in field.changes[before...] {
        coverage.removed += change.removed.count
        if step == .undo || step == .type || step == .replace { coverage.restored += change.added.count }
      }
      for output in field.outputs[outputsBefore...] {
        if case .moveSelection = output { coverage.snapped += 1 }
        if case .replaceText = output, step != .pick, step != .load, step != .insert, step != .backspaceKey {
          coverage.corrected += 1
        }
      }
      check(
        field, atomic: deletion.isAtomic,
        "seed \(seed) \(editing) \(deletion):\n" + log.joined(separator: "\n"))
    }
  }
}
