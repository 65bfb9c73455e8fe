import AutocompleteCore
import Benchmark
import Foundation

// One keystroke of a session with mentions, against the same keystroke without them: the mention
// rules run on every text change (a comparison of the old and new text, the mentions shifted), so
// their cost is the difference. Also a stored message's encode and decode.

/// A message of about `characters` characters (mixed scripts and emoji) with `mentions` mentions
/// spread through it, as a session holds it after loading.
func mentionMessage(characters: Int, mentions: Int) -> MentionedText {
  let filler = "Hi 👋 see the notes, 東京 and Zürich — שלום, ok. "
  var message = MentionedText()
  let gap = mentions > 0 ? max(1, characters / mentions) : characters
  var written = 0
  var made = 0
  while written < characters {
    var plain = ""
    while plain.count < gap { plain += filler }
    plain = String(plain.prefix(gap))
    message.append(plain)
    written += plain.count
    if made < mentions {
      message.append(mention: "@person\(made)", trigger: "@", id: "u\(made)")
      message.append(" ")
      made += 1
      written += 9
    }
  }
  return message
}

/// A reducer whose `@` trigger inserts mentions, and its state after loading `message`.
func mentionSession(_ message: MentionedText) -> (SessionReducer, SessionState) {
  let people = (0..<100).map { AutocompleteItem("person\($0)") }
  let reducer = SessionReducer(
    configuration: SessionConfiguration(
      triggers: [SessionTrigger("@", source: ListSource(people), insertsMention: true)]))
  var state = reducer.reduce(SessionState(), .focusChanged(true)).state
  state = reducer.reduce(state, .mentionedTextLoaded(message)).state
  return (reducer, state)
}

/// The state's text with `typed` inserted at character `offset`, the caret after it.
func typing(_ typed: String, at offset: Int, in state: SessionState) -> TextSnapshot {
  let text = state.text
  let index = text.index(text.startIndex, offsetBy: offset)
  let new = String(text[..<index]) + typed + String(text[index...])
  return TextSnapshot(new, caretOffset: offset + typed.count)
}

func mentionBenchmarks() {
  for (characters, mentions) in [(2_000, 0), (2_000, 20), (20_000, 0), (20_000, 200)] {
    let label = "\(characters / 1000)k chars, \(mentions) mentions"
    let message = mentionMessage(characters: characters, mentions: mentions)
    Benchmark("mentions keystroke at end, \(label)") { benchmark in
      let (reducer, state) = mentionSession(message)
      let snapshot = typing("x", at: state.text.count, in: state)
      benchmark.startMeasurement()
      blackHole(reducer.reduce(state, .textChanged(snapshot)))
    }
    Benchmark("mentions keystroke in the middle, \(label)") { benchmark in
      let (reducer, state) = mentionSession(message)
      let snapshot = typing("x", at: state.text.count / 2, in: state)
      benchmark.startMeasurement()
      blackHole(reducer.reduce(state, .textChanged(snapshot)))
    }
  }
  let stored = MentionMarkup.default.encode(mentionMessage(characters: 20_000, mentions: 200))
  Benchmark("mentions encode 20k chars, 200 mentions") { benchmark in
    let message = mentionMessage(characters: 20_000, mentions: 200)
    benchmark.startMeasurement()
    blackHole(MentionMarkup.default.encode(message))
  }
  Benchmark("mentions decode 20k chars, 200 mentions") { _ in
    blackHole(try MentionMarkup.default.decode(stored))
  }
}
