/// Finds the active query in a text: the whole field, or the trigger token at the caret.
///
/// A token never reaches into a mention: mentions bound the word around the caret like spaces do,
/// and a caret inside one has no token.
struct TokenFinder {
  let triggers: [SessionTrigger]
  let breakCharacters: Set<Character>
  var mentions: [Mention] = []

  func query(in input: TextSnapshot) -> SessionQuery? {
    let text = input.text
    guard !triggers.isEmpty else {
      return SessionQuery(
        text: text, target: .field, replacementRange: text.startIndex..<text.endIndex,
        queryStart: text.startIndex)
    }
    guard input.selection.isEmpty else { return nil }
    let caret = input.caret
    var floor = text.startIndex
    var ceiling = text.endIndex
    for mention in mentions {
      if mention.range.lowerBound < caret, caret < mention.range.upperBound { return nil }
      if mention.range.upperBound <= caret { floor = max(floor, mention.range.upperBound) }
      if mention.range.lowerBound >= caret { ceiling = min(ceiling, mention.range.lowerBound) }
    }
    var wordStart = caret
    while wordStart > floor {
      let previous = text.index(before: wordStart)
      if isBreak(text[previous]) { break }
      wordStart = previous
    }
    var wordEnd = caret
    while wordEnd < ceiling, !isBreak(text[wordEnd]) { wordEnd = text.index(after: wordEnd) }
    let segment = text[wordStart..<caret]

    var best: (start: String.Index, delimiterEnd: String.Index, trigger: Int, length: Int)?
    for (index, trigger) in triggers.enumerated() where !trigger.delimiter.isEmpty {
      let delimiter = trigger.delimiter
      var found: (String.Index, String.Index)?
      if segment.starts(with: delimiter) {
        found = (wordStart, text.index(wordStart, offsetBy: delimiter.count))
      }
      if trigger.firesInsideWords {
        var position = segment.endIndex
        while position > segment.startIndex {
          position = segment.index(before: position)
          if segment[position...].starts(with: delimiter) {
            found = (position, text.index(position, offsetBy: delimiter.count))
            break
          }
        }
      }
      guard let (start, delimiterEnd) = found, delimiterEnd <= caret else { continue }
      let length = delimiter.count
      if let current = best, current.start > start || (current.start == start && current.length >= length) {
        continue
      }
      best = (start, delimiterEnd, index, length)
    }
    guard let best else { return nil }
    return SessionQuery(
      text: String(text[best.delimiterEnd..<caret]), target: .trigger(best.trigger),
      delimiter: triggers[best.trigger].delimiter, replacementRange: best.start..<wordEnd,
      queryStart: best.delimiterEnd)
  }

  func isBreak(_ character: Character) -> Bool {
    character.isWhitespace || character.isNewline || breakCharacters.contains(character)
  }
}
