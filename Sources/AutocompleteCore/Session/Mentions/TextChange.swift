/// The one edit that turned an old text into a new one, found by comparing them: front ends report
/// whole texts (``TextSnapshot``), and mentions must know what changed around them.
///
/// `old[start..<oldEnd]` became `new[start..<newEnd]`; everything before `start` and after the
/// ends is equal. Offsets are UTF-8 and lie on character boundaries of both texts.
///
/// How it is found:
/// 1. `prefix`: the longest common prefix of the bytes; `suffix`: the longest common suffix,
///    computed independently.
/// 2. If `prefix + suffix` is less than the shorter text, the edit is unique: the middle between
///    them. Otherwise the edit is a pure insertion or deletion of `|Δ|` bytes whose position is
///    ambiguous ("a" typed into "a|a"): any start `x` with `shorter − suffix ≤ x ≤ prefix` explains
///    the texts. The front end's caret decides, as the place the user edited: `x` is the new caret
///    minus what was inserted, clamped to that interval. So typing "@" right before the mention
///    "@john" is an insertion before it, not inside it.
/// 3. The start is rounded down and the ends up (by the same amount, the suffix being shared) until
///    each lies on a character boundary of both texts, so an edit never splits a character: a
///    combining mark typed after "e" replaces "e" with "é". In the ambiguous case rounding can
///    widen some starts more than others, so every start of a short interval (its ends for a long
///    one) is rounded and the smallest change kept, the caret's on a tie.
///
/// The result is a valid change on boundaries of both texts; the tests check with brute force that
/// no valid change lies inside it, and that it lies inside the real edit when the caret is given.
///
/// Cost: one pass over the bytes (only run while the session has mentions).
struct TextChange: Sendable, Equatable {
  /// Where the edit starts (in both texts).
  var start: Int
  /// Where the replaced part ends in the old text.
  var oldEnd: Int
  /// Where the replacement ends in the new text.
  var newEnd: Int

  /// The change in length.
  var delta: Int { newEnd - oldEnd }

  /// The edit from `old` to `new`, or `nil` when they are equal; `hint` is the new caret's UTF-8
  /// offset.
  static func between(_ old: String, _ new: String, hint: Int) -> TextChange? {
    let (prefix, suffix) = commonEnds(old, new)
    let oldCount = old.utf8.count
    let newCount = new.utf8.count
    let shorter = min(oldCount, newCount)
    if prefix == shorter, oldCount == newCount { return nil }
    guard prefix + suffix >= shorter else {
      var change = TextChange(start: prefix, oldEnd: oldCount - suffix, newEnd: newCount - suffix)
      change.align(old: old, new: new)
      return change
    }
    let delta = newCount - oldCount
    let lowest = shorter - suffix
    let hinted = min(max(hint - max(0, delta), lowest), prefix)
    // Each start explains the texts; aligned, some take more (a ZWJ typed after a letter joins
    // it when inserted after the letter, not when inserted before it). The smallest wins, the
    // hinted one on a tie; a long run is only tried at its ends.
    let starts = prefix - lowest <= 64 ? Array(lowest...prefix) : [lowest, prefix]
    var best = TextChange(pure: hinted, delta: delta, old: old, new: new)
    for start in starts where start != hinted {
      let candidate = TextChange(pure: start, delta: delta, old: old, new: new)
      if candidate.size < best.size
        || (candidate.size == best.size && abs(candidate.start - hinted) < abs(best.start - hinted))
      {
        best = candidate
      }
    }
    return best
  }

  /// The lengths of the longest common prefix and the longest common suffix of the UTF-8 bytes
  /// (each at most the shorter text), read in place when the strings are contiguous.
  static func commonEnds(_ old: String, _ new: String) -> (prefix: Int, suffix: Int) {
    func scan(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
      let shorter = min(old.count, new.count)
      var prefix = 0
      while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < shorter, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
      return (prefix, suffix)
    }
    let inPlace = old.utf8.withContiguousStorageIfAvailable { oldBytes in
      new.utf8.withContiguousStorageIfAvailable { newBytes in scan(oldBytes, newBytes) }
    }
    if let inPlace = inPlace ?? nil { return inPlace }
    let oldBytes = Array(old.utf8)
    let newBytes = Array(new.utf8)
    return oldBytes.withUnsafeBufferPointer { oldBuffer in
      newBytes.withUnsafeBufferPointer { newBuffer in scan(oldBuffer, newBuffer) }
    }
  }

  /// The insertion (`delta > 0`) or deletion at `start`, aligned.
  private init(pure start: Int, delta: Int, old: String, new: String) {
    self.init(start: start, oldEnd: start + max(0, -delta), newEnd: start + max(0, delta))
    align(old: old, new: new)
  }

  /// The bytes replaced plus the bytes inserted.
  var size: Int { (oldEnd - start) + (newEnd - start) }

  /// The change of replacing UTF-8 range `range` of a text with `replacementCount` bytes.
  init(replacing range: Range<Int>, with replacementCount: Int) {
    self.init(start: range.lowerBound, oldEnd: range.upperBound, newEnd: range.lowerBound + replacementCount)
  }

  /// Creates a change from its offsets.
  init(start: Int, oldEnd: Int, newEnd: Int) {
    self.start = start
    self.oldEnd = oldEnd
    self.newEnd = newEnd
  }

  /// Widens the change to character boundaries of both texts.
  mutating func align(old: String, new: String) {
    while true {
      let inOld = TextOffsets.roundedDown(start, in: old)
      let inBoth = TextOffsets.roundedDown(inOld, in: new)
      if inBoth == start { break }
      start = inBoth
    }
    while true {
      let oldUp = TextOffsets.roundedUp(oldEnd, in: old)
      newEnd += oldUp - oldEnd
      oldEnd = oldUp
      let newUp = TextOffsets.roundedUp(newEnd, in: new)
      if newUp == newEnd { break }
      oldEnd += newUp - newEnd
      newEnd = newUp
    }
  }
}
