import Foundation

/// A mention: a range of a text bound to the item the user picked for it (`@Morgan` → person
/// `u42`), so the app knows who or what the text refers to.
///
/// The range always holds exactly ``text`` and starts and ends on character boundaries; sessions
/// and ``MentionedText`` keep it so as the text around it changes. Two mentions are equal when
/// everything but the ``payload`` is equal (a payload is any value of the app's).
public struct Mention: Sendable, Hashable {
  /// Where the mention is, in the text it belongs to.
  public var range: Range<String.Index>
  /// ``range`` as UTF-16 offsets (`NSRange`, for UIKit and AppKit).
  public var utf16Range: NSRange
  /// The display text: what the range holds (`@morgan`, or `Morgan` for a trigger that drops its
  /// delimiter).
  public var text: String
  /// The delimiter of the trigger the mention came from (`@`, `#`).
  public var trigger: String
  /// The picked item's identifier (``SessionTrigger/mentionID``; by default the row's
  /// ``Suggestion/id``).
  public var id: String
  /// The picked row's ``Suggestion/payload``; not stored by a ``MentionMarkup``.
  public var payload: (any Sendable)?

  /// Creates a mention over `range` of `text`; the display text is what the range holds.
  ///
  /// The range is widened to character boundaries and clamped to the text.
  public init(
    range: Range<String.Index>, in text: String, trigger: String, id: String, payload: (any Sendable)? = nil
  ) {
    let count = text.utf8.count
    let lower = TextOffsets.roundedDown(
      min(count, TextOffsets.offset(of: max(range.lowerBound, text.startIndex), in: text)), in: text)
    let upper = TextOffsets.roundedUp(
      max(lower, min(count, TextOffsets.offset(of: min(range.upperBound, text.endIndex), in: text))), in: text
    )
    self.init(utf8Range: lower..<upper, in: text, trigger: trigger, id: id, payload: payload)
  }

  /// Creates a mention over UTF-8 offsets of `text` that lie on character boundaries.
  init(utf8Range: Range<Int>, in text: String, trigger: String, id: String, payload: (any Sendable)?) {
    let lower = TextOffsets.index(at: utf8Range.lowerBound, in: text)
    let upper = TextOffsets.index(at: utf8Range.upperBound, in: text)
    self.init(
      range: lower..<upper, utf16Range: NSRange(lower..<upper, in: text), text: String(text[lower..<upper]),
      trigger: trigger, id: id, payload: payload)
  }

  /// Creates a mention over the UTF-16 range `utf16Range` of `text` (UIKit's offsets); offsets are
  /// clamped to the text and rounded out to character boundaries.
  public init(
    utf16Range: NSRange, in text: String, trigger: String, id: String, payload: (any Sendable)? = nil
  ) {
    self.init(
      range: TextSnapshot.range(utf16: utf16Range, in: text), in: text, trigger: trigger, id: id,
      payload: payload)
  }

  /// Creates a mention from parts already consistent with each other.
  init(
    range: Range<String.Index>, utf16Range: NSRange, text: String, trigger: String, id: String,
    payload: (any Sendable)?
  ) {
    self.range = range
    self.utf16Range = utf16Range
    self.text = text
    self.trigger = trigger
    self.id = id
    self.payload = payload
  }

  /// The payload as `T`, or `nil` when it is something else.
  public func payload<T>(as type: T.Type) -> T? {
    payload as? T
  }

  /// Mentions are equal when everything but the payload is equal.
  public static func == (lhs: Mention, rhs: Mention) -> Bool {
    lhs.range == rhs.range && lhs.utf16Range == rhs.utf16Range && lhs.text == rhs.text
      && lhs.trigger == rhs.trigger && lhs.id == rhs.id
  }

  /// Hashes everything but the payload.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(range.lowerBound)
    hasher.combine(range.upperBound)
    hasher.combine(text)
    hasher.combine(trigger)
    hasher.combine(id)
  }
}

extension Mention {
  /// The range as UTF-8 offsets of `text` (the text the mention belongs to).
  func utf8Range(in text: String) -> Range<Int> {
    TextOffsets.offset(of: range.lowerBound, in: text)..<TextOffsets.offset(of: range.upperBound, in: text)
  }

  /// Whether the mention belongs to `text`: its range lies on character boundaries of `text` and
  /// holds exactly its display text.
  func isValid(in text: String) -> Bool {
    let offsets = utf8Range(in: text)
    guard offsets.lowerBound >= 0, offsets.upperBound <= text.utf8.count, !offsets.isEmpty,
      TextOffsets.isBoundary(offsets.lowerBound, in: text),
      TextOffsets.isBoundary(offsets.upperBound, in: text)
    else { return false }
    return text.utf8[range].elementsEqual(self.text.utf8)
  }

  /// The same mention at UTF-8 offsets `offsets` of `text` (its UTF-16 range computed anew).
  func moved(to offsets: Range<Int>, in text: String) -> Mention {
    Mention(utf8Range: offsets, in: text, trigger: trigger, id: id, payload: payload)
  }

  /// The same mention `utf8` bytes and `utf16` code units further, in `text` (the text after an
  /// edit before it, or the same text for zero shifts): no counting through the text.
  func shifted(utf8: Int, utf16: Int, from old: String, in text: String) -> Mention {
    let offsets = utf8Range(in: old)
    let lower = TextOffsets.index(at: offsets.lowerBound + utf8, in: text)
    let upper = TextOffsets.index(at: offsets.upperBound + utf8, in: text)
    return Mention(
      range: lower..<upper,
      utf16Range: NSRange(location: utf16Range.location + utf16, length: utf16Range.length),
      text: self.text, trigger: trigger, id: id, payload: payload)
  }
}
