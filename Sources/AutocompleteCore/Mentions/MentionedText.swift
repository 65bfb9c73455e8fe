import Foundation

/// A text with its mentions: what an app stores and reloads (through a ``MentionMarkup``), and
/// what a session or a front end holds.
///
/// Its mentions are always valid: each lies inside the text on character boundaries, holds
/// exactly its display text, and none overlap; they are sorted by position.
///
/// ```swift
/// var message = MentionedText("Hi ")
/// message.append(mention: "@morgan", trigger: "@", id: "u42")
/// message.append(", see you")
/// let stored = MentionMarkup.default.encode(message)  // "Hi <mention|@|u42|@morgan>, see you"
/// ```
public struct MentionedText: Sendable, Hashable {
  /// The whole text.
  public private(set) var text: String
  /// The mentions, in text order.
  public private(set) var mentions: [Mention]

  /// Plain text without mentions.
  public init(_ text: String = "") {
    self.text = text
    self.mentions = []
  }

  /// A text with mentions; mentions that do not fit (outside the text, not holding their display
  /// text, not on character boundaries, overlapping an earlier one) are left out — see
  /// ``droppedMentions(text:mentions:)`` to find them.
  public init(text: String, mentions: [Mention]) {
    self.text = text
    self.mentions = Self.validMentions(mentions, in: text)
  }

  /// The mentions of `mentions` that ``init(text:mentions:)`` would leave out.
  public static func droppedMentions(text: String, mentions: [Mention]) -> [Mention] {
    let kept = validMentions(mentions, in: text)
    var remaining = kept[...]
    var dropped: [Mention] = []
    for mention in mentions.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      if let index = remaining.firstIndex(of: mention) {
        remaining.remove(at: index)
      } else {
        dropped.append(mention)
      }
    }
    return dropped
  }

  /// A text that is one mention (to insert with ``SessionEvent/mentionedTextInserted(_:)``, or to
  /// build a message).
  public static func mention(
    _ text: String, trigger: String, id: String, payload: (any Sendable)? = nil
  ) -> MentionedText {
    var result = MentionedText()
    result.append(mention: text, trigger: trigger, id: id, payload: payload)
    return result
  }

  /// Appends plain text.
  public mutating func append(_ plain: String) {
    append(MentionedText(plain))
  }

  /// Appends a mention whose display text is `display` (an empty display text appends nothing).
  public mutating func append(
    mention display: String, trigger: String, id: String, payload: (any Sendable)? = nil
  ) {
    guard !display.isEmpty else { return }
    let mention = Mention(
      range: display.startIndex..<display.endIndex, in: display, trigger: trigger, id: id, payload: payload)
    append(MentionedText(text: display, mentions: [mention]))
  }

  /// Appends another mentioned text; its mentions follow along.
  ///
  /// A join can merge characters at the seam (a combining mark after a letter); a mention that no
  /// longer ends or starts on a character boundary there is dropped.
  public mutating func append(_ other: MentionedText) {
    guard !other.text.isEmpty else { return }
    let start = text.utf8.count
    let start16 = other.mentions.isEmpty ? 0 : text.utf16.count
    text.append(other.text)
    let seamIsBoundary = TextOffsets.isBoundary(start, in: text)
    if !seamIsBoundary, let last = mentions.last,
      TextOffsets.offset(of: last.range.upperBound, in: text) == start
    {
      mentions.removeLast()
    }
    for mention in other.mentions {
      if !seamIsBoundary, mention.utf8Range(in: other.text).lowerBound == 0 { continue }
      mentions.append(mention.shifted(utf8: start, utf16: start16, from: other.text, in: text))
    }
  }

  /// A text with mentions given as sorted, non-overlapping UTF-8 offsets (a decoder's result);
  /// `nil` when one is empty or does not start and end on a character boundary.
  init?(text: String, spans: [(range: Range<Int>, trigger: String, id: String)]) {
    var mentions: [Mention] = []
    mentions.reserveCapacity(spans.count)
    var end = 0
    // UTF-16 offsets counted once through the text, span after span.
    var utf16Position = 0
    var position = text.startIndex
    for (range, trigger, id) in spans {
      guard range.lowerBound >= end, range.upperBound <= text.utf8.count, !range.isEmpty,
        TextOffsets.isBoundary(range.lowerBound, in: text), TextOffsets.isBoundary(range.upperBound, in: text)
      else { return nil }
      let lower = TextOffsets.index(at: range.lowerBound, in: text)
      let upper = TextOffsets.index(at: range.upperBound, in: text)
      utf16Position += text.utf16.distance(from: position, to: lower)
      let length = text.utf16.distance(from: lower, to: upper)
      mentions.append(
        Mention(
          range: lower..<upper, utf16Range: NSRange(location: utf16Position, length: length),
          text: String(text[lower..<upper]), trigger: trigger, id: id, payload: nil))
      utf16Position += length
      position = upper
      end = range.upperBound
    }
    self.text = text
    self.mentions = mentions
  }

  /// Whether the text has no mentions.
  public var isPlain: Bool { mentions.isEmpty }

  /// The mentioned text in `range` of ``text`` (a copy or a cut): the mentions wholly inside it.
  public func slice(_ range: Range<String.Index>) -> MentionedText {
    let lower = TextOffsets.roundedDown(
      TextOffsets.offset(of: max(range.lowerBound, text.startIndex), in: text), in: text)
    let upper = TextOffsets.roundedUp(
      max(lower, TextOffsets.offset(of: min(range.upperBound, text.endIndex), in: text)), in: text)
    let part = String(text[TextOffsets.index(at: lower, in: text)..<TextOffsets.index(at: upper, in: text)])
    let inside = mentions.compactMap { mention -> Mention? in
      let offsets = mention.utf8Range(in: text)
      guard offsets.lowerBound >= lower, offsets.upperBound <= upper else { return nil }
      return mention.moved(to: (offsets.lowerBound - lower)..<(offsets.upperBound - lower), in: part)
    }
    return MentionedText(text: part, mentions: inside)
  }

  /// The mentioned text in the UTF-16 range `utf16Range` (UIKit's `selectedRange`).
  public func slice(utf16Range: NSRange) -> MentionedText {
    slice(TextSnapshot.range(utf16: utf16Range, in: text))
  }

  /// Sorted mentions that belong to `text`, without overlaps (the first of two overlapping wins).
  static func validMentions(_ mentions: [Mention], in text: String) -> [Mention] {
    var result: [Mention] = []
    var end = 0
    let ordered = mentions.enumerated().sorted {
      ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
    }
    for (_, mention) in ordered where mention.isValid(in: text) {
      let offsets = mention.utf8Range(in: text)
      guard offsets.lowerBound >= end else { continue }
      // Rebuild the indices in this text (an index keeps flags of the string it came from).
      result.append(mention.moved(to: offsets, in: text))
      end = offsets.upperBound
    }
    return result
  }
}
