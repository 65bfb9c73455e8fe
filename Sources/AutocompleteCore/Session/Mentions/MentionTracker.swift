/// The mention rules of the session: a named part the reducer calls whenever the text changes, so
/// mentions follow the text and the policies (``MentionEditing``, ``MentionDeletion``) apply.
///
/// Every rule works on one ``TextChange`` (old text, new text, what changed between them):
/// - a mention wholly before the change stays, one wholly after it shifts;
/// - a mention the change covers goes away with its text;
/// - a mention the change cuts into is the Backspace case when the change deletes from its end with
///   the caret there (or Delete from its start): it is selected first (two-step) or removed whole.
///   Any other cut is an edit inside it, which dissolves it or removes the rest of its text.
///
/// After the change, a lost mention whose text is back at its old place, after the same text as
/// before (an undo), comes back, and the caret or selection is moved out of atomic mentions.
struct MentionTracker {
  /// The session's configuration (policies and triggers).
  let configuration: SessionConfiguration

  /// What a front end's text change comes to.
  struct Update {
    /// The session's text, selection and marked text after the rules.
    var input: TextSnapshot
    /// The edit from the front end's text to ``input`` when the rules changed the text.
    var edit: TextEdit?
    /// Mentions that came and went.
    var change = MentionChange()
  }

  /// How the mentions of a text fare in a change.
  struct Classification {
    /// Mentions that stay, at their offsets in the new text (the mentions moved into it).
    var kept: [OffsetMention] = []
    /// Mentions whose whole text the change replaced.
    var covered: [OffsetMention] = []
    /// Mentions the change cut into, at their offsets in the old text.
    var cut: [OffsetMention] = []
  }

  /// A replacement of part of the front end's text that the rules make.
  struct Correction {
    /// The replaced UTF-8 range of the front end's text.
    var range: Range<Int>
    /// The text put there.
    var replacement: String
    /// The selection afterwards, as UTF-8 offsets of the corrected text.
    var selection: Range<Int>
  }

  // MARK: Front-end edits

  /// The rules for the front end's snapshot `new` after the session's `old`.
  func textChanged(from old: TextSnapshot, to new: TextSnapshot, state: inout MentionState) -> Update {
    var update = Update(input: new)
    guard !state.mentions.isEmpty else {
      // Nothing to follow; only an undo can bring a lost mention back.
      state.selectedMention = nil
      if !state.lost.isEmpty {
        update.change.added = restore(in: new.text, state: &state)
        update.input = snapped(new, previous: nil, mentions: state.mentions)
      }
      return update
    }
    let hint = TextOffsets.offset(of: new.caret, in: new.text)
    guard let change = TextChange.between(old.text, new.text, hint: hint) else {
      if let selected = state.selectedMention, new.selection != selected.range,
        !(new.selection.isEmpty && new.caret == selected.range.upperBound)
      {
        state.selectedMention = nil
      }
      update.input = snapped(new, previous: old, mentions: state.mentions)
      return update
    }
    let before = state.mentions
    var parts = classify(before, old: old.text, new: new.text, change: change)
    var correction: Correction?
    var selects: Mention?
    var lost = parts.covered

    if parts.cut.count == 1, parts.covered.isEmpty,
      let remnant = deletionRemnant(parts.cut[0], old: old, new: new, change: change),
      configuration.mentionDeletion != .characterwise
    {
      let cut = parts.cut[0]
      if configuration.mentionDeletion == .twoStep, state.selectedMention != cut.mention {
        // The first Backspace: put the deleted part back and select the mention.
        correction = Correction(
          range: remnant, replacement: cut.mention.text, selection: cut.offsets)
        parts.kept.append(cut)
        selects = cut.mention
      } else {
        correction = Correction(
          range: remnant, replacement: "", selection: remnant.lowerBound..<remnant.lowerBound)
        lost.append(cut)
      }
      parts.cut = []
    }
    if !parts.cut.isEmpty {
      if configuration.mentionEditing == .removeWhole, !new.isComposing {
        correction = remnantRemoval(parts.cut, change: change, new: new.text)
      }
      lost += parts.cut
    }

    var input = new
    var kept = parts.kept
    if let correction {
      let range =
        TextOffsets.index(
          at: correction.range.lowerBound, in: new.text)..<TextOffsets.index(
          at: correction.range.upperBound, in: new.text)
      var edit = TextEdit(text: new.text, range: range, replacement: correction.replacement)
      edit.select(correction.selection)
      update.edit = edit
      input = edit.resultingSnapshot
      let shift = correction.replacement.utf8.count - correction.range.count
      let shift16 =
        correction.replacement.utf16.count
        - new.text.utf16.distance(from: range.lowerBound, to: range.upperBound)
      kept = kept.map { item in
        guard item.offsets.lowerBound >= correction.range.upperBound else { return item }
        return OffsetMention(
          offsets: (item.offsets.lowerBound + shift)..<(item.offsets.upperBound + shift),
          mention: item.mention.shifted(utf8: shift, utf16: shift16, from: new.text, in: input.text))
      }
    }
    kept.sort { $0.offsets.lowerBound < $1.offsets.lowerBound }
    state.mentions = kept.map(\.mention)
    if !lost.isEmpty {
      remember(lost, in: old.text, state: &state)
      update.change.removed = lost.sorted { $0.offsets.lowerBound < $1.offsets.lowerBound }.map(\.mention)
    }
    update.change.added = restore(in: input.text, state: &state)
    state.selectedMention = selects.flatMap { selected in
      state.mentions.first { $0.id == selected.id && $0.range.lowerBound == selected.range.lowerBound }
    }
    let snappedInput = snapped(input, previous: nil, mentions: state.mentions)
    if snappedInput != input, var edit = update.edit {
      edit.select(
        TextOffsets.offset(
          of: snappedInput.selection.lowerBound, in: input.text)..<TextOffsets.offset(
            of: snappedInput.selection.upperBound, in: input.text))
      update.edit = edit
    }
    update.input = snappedInput
    return update
  }

  /// Where each mention goes in `change` from `old` to `new`.
  func classify(_ mentions: [Mention], old: String, new: String, change: TextChange) -> Classification {
    var parts = Classification()
    let isInsertion = change.oldEnd == change.start
    let delta16 =
      TextOffsets.utf16Count(change.start..<change.newEnd, in: new)
      - TextOffsets.utf16Count(change.start..<change.oldEnd, in: old)
    for mention in mentions {
      let offsets = mention.utf8Range(in: old)
      let item = OffsetMention(offsets: offsets, mention: mention)
      var moved: Range<Int>?
      var shift16 = 0
      if offsets.upperBound <= change.start {
        moved = offsets
      } else if offsets.lowerBound >= change.oldEnd {
        moved = (offsets.lowerBound + change.delta)..<(offsets.upperBound + change.delta)
        shift16 = delta16
      }
      if let moved {
        // The change is aligned to character boundaries of both texts, so the boundaries away from
        // it are those of the old text; a mention touching it is checked, and one that lost an edge
        // anyway dissolves rather than split a character.
        let touches = offsets.upperBound == change.start || offsets.lowerBound == change.oldEnd
        if !touches
          || (TextOffsets.isBoundary(moved.lowerBound, in: new)
            && TextOffsets.isBoundary(moved.upperBound, in: new))
        {
          parts.kept.append(
            OffsetMention(
              offsets: moved,
              mention: mention.shifted(
                utf8: moved.lowerBound - offsets.lowerBound, utf16: shift16, from: old, in: new)))
        } else {
          parts.cut.append(item)
        }
      } else if !isInsertion, change.start <= offsets.lowerBound, offsets.upperBound <= change.oldEnd {
        parts.covered.append(item)
      } else {
        parts.cut.append(item)
      }
    }
    return parts
  }

  /// When `change` is a Backspace from the end of `cut` with the caret there (or a Delete from its
  /// start with the caret there): the part of the mention left in the new text. Otherwise `nil`.
  func deletionRemnant(_ cut: OffsetMention, old: TextSnapshot, new: TextSnapshot, change: TextChange)
    -> Range<Int>?
  {
    guard !old.isComposing, !new.isComposing, change.delta < 0, new.selection.isEmpty,
      old.selection.isEmpty || old.selection == cut.mention.range
    else { return nil }
    let oldCaret = TextOffsets.offset(of: old.caret, in: old.text)
    let newCaret = TextOffsets.offset(of: new.caret, in: new.text)
    let mention = cut.offsets
    if change.oldEnd == mention.upperBound, change.start > mention.lowerBound, oldCaret == mention.upperBound,
      newCaret == change.newEnd
    {
      return mention.lowerBound..<change.newEnd
    }
    let oldStart = TextOffsets.offset(of: old.selection.lowerBound, in: old.text)
    if change.start == mention.lowerBound, change.oldEnd < mention.upperBound, oldStart == mention.lowerBound,
      old.selection.isEmpty, newCaret == change.start
    {
      return mention.lowerBound..<(change.newEnd + mention.upperBound - change.oldEnd)
    }
    return nil
  }

  /// The correction that removes what is left of the mentions `cut` around `change`, keeping what
  /// the change inserted.
  func remnantRemoval(_ cut: [OffsetMention], change: TextChange, new: String) -> Correction {
    var lower = change.start
    var upper = change.newEnd
    for item in cut {
      lower = min(lower, item.offsets.lowerBound)
      upper = max(upper, change.newEnd + max(0, item.offsets.upperBound - change.oldEnd))
    }
    let inserted = String(
      new[TextOffsets.index(at: change.start, in: new)..<TextOffsets.index(at: change.newEnd, in: new)])
    let caret = lower + inserted.utf8.count
    return Correction(range: lower..<upper, replacement: inserted, selection: caret..<caret)
  }

  // MARK: The session's own edits

  /// The mentions after the session's own edit of `old` (a pick, a clear, a swallowed space):
  /// mentions the edit covers or cuts go away.
  func applied(_ edit: TextEdit, to old: String, state: inout MentionState) -> MentionChange {
    state.selectedMention = nil
    guard !state.mentions.isEmpty else { return MentionChange() }
    let new = edit.resultingText
    let range =
      TextOffsets.offset(
        of: edit.range.lowerBound, in: old)..<TextOffsets.offset(of: edit.range.upperBound, in: old)
    var change = TextChange(replacing: range, with: edit.replacement.utf8.count)
    change.align(old: old, new: new)
    let before = state.mentions
    let parts = classify(before, old: old, new: new, change: change)
    state.mentions = parts.kept.map(\.mention)
    let lost = parts.covered + parts.cut
    guard !lost.isEmpty else { return MentionChange() }
    remember(lost, in: old, state: &state)
    return MentionChange(
      removed: lost.sorted { $0.offsets.lowerBound < $1.offsets.lowerBound }.map(\.mention))
  }

  /// Adds mentions at UTF-8 offsets of `text` (a pick or an insertion that just put their text
  /// there); those that do not hold their text on character boundaries or overlap a mention are
  /// left out. Returns the added ones.
  func add(_ items: [OffsetMention], in text: String, state: inout MentionState) -> [Mention] {
    var added: [Mention] = []
    for item in items {
      guard let mention = placed(item, in: text),
        !state.mentions.contains(where: { $0.range.overlaps(mention.range) })
      else { continue }
      let index = state.mentions.firstIndex { $0.range.lowerBound >= mention.range.upperBound }
      state.mentions.insert(mention, at: index ?? state.mentions.endIndex)
      added.append(mention)
    }
    return added
  }

  /// `item`'s mention at its offsets of `text`, when they hold its text on character boundaries.
  func placed(_ item: OffsetMention, in text: String) -> Mention? {
    let offsets = item.offsets
    guard offsets.lowerBound >= 0, offsets.upperBound <= text.utf8.count, !offsets.isEmpty,
      TextOffsets.isBoundary(offsets.lowerBound, in: text),
      TextOffsets.isBoundary(offsets.upperBound, in: text)
    else { return nil }
    let range =
      TextOffsets.index(
        at: offsets.lowerBound, in: text)..<TextOffsets.index(at: offsets.upperBound, in: text)
    guard text.utf8[range].elementsEqual(item.mention.text.utf8) else { return nil }
    return item.mention.moved(to: offsets, in: text)
  }

  // MARK: Picks

  /// What a pick inserts as a mention.
  struct MentionPick {
    /// Where the replaced text starts: after the kept delimiter, or at the token's start.
    var replacementStart: String.Index
    /// The inserted text, without the space after it.
    var text: String
    /// Where the mention starts: at the token's start (its delimiter, when kept).
    var mentionStart: String.Index
    /// The trigger's delimiter.
    var trigger: String
    /// The mention's id.
    var id: String
    /// The row's payload.
    var payload: (any Sendable)?
  }

  /// What picking `suggestion` for `query` inserts, when its trigger inserts mentions.
  func pick(_ suggestion: Suggestion, query: SessionQuery) -> MentionPick? {
    guard case .trigger(let index) = query.target, configuration.triggers.indices.contains(index),
      configuration.triggers[index].insertsMention
    else { return nil }
    let trigger = configuration.triggers[index]
    let tokenStart = query.replacementRange.lowerBound
    let text: String
    var replacementStart = tokenStart
    switch trigger.mentionText {
    case .withDelimiter:
      text = suggestion.completionText
      if !trigger.replacesDelimiter { replacementStart = query.queryStart }
    case .withoutDelimiter:
      let completion = suggestion.completionText
      text =
        completion.hasPrefix(trigger.delimiter)
        ? String(completion.dropFirst(trigger.delimiter.count)) : completion
    case .custom(let make):
      text = make(suggestion)
    }
    guard !text.isEmpty else { return nil }
    return MentionPick(
      replacementStart: replacementStart, text: text, mentionStart: tokenStart, trigger: trigger.delimiter,
      id: trigger.mentionID(suggestion), payload: suggestion.payload)
  }

  /// Adds the mention of `pick` to `text`, the text after the pick whose insertion started at
  /// UTF-8 offset `start`; returns it when it fits.
  func add(_ pick: MentionPick, replacedFrom start: Int, in text: String, state: inout MentionState)
    -> [Mention]
  {
    let lower = TextOffsets.offset(of: pick.mentionStart, in: text)
    let upper = start + pick.text.utf8.count
    guard lower < upper, upper <= text.utf8.count, TextOffsets.isBoundary(lower, in: text),
      TextOffsets.isBoundary(upper, in: text)
    else { return [] }
    let mention = Mention(
      utf8Range: lower..<upper, in: text, trigger: pick.trigger, id: pick.id, payload: pick.payload)
    return add([OffsetMention(offsets: lower..<upper, mention: mention)], in: text, state: &state)
  }

  // MARK: Undo

  /// Remembers mentions lost from `text`, so that their text coming back at their place (an
  /// undo) brings them back.
  func remember(_ lost: [OffsetMention], in text: String, state: inout MentionState) {
    for item in lost {
      let prefix = text[..<TextOffsets.index(at: item.offsets.lowerBound, in: text)]
      let entry = LostMention(mention: item, prefixHash: prefix.hashValue)
      state.lost.removeAll { $0 == entry }
      state.lost.append(entry)
    }
    if state.lost.count > MentionState.lostLimit {
      state.lost.removeFirst(state.lost.count - MentionState.lostLimit)
    }
  }

  /// The lost mentions whose text is back at their place in `text`, added where they fit.
  func restore(in text: String, state: inout MentionState) -> [Mention] {
    let back = state.lost.filter { $0.isBack(in: text) }
    guard !back.isEmpty else { return [] }
    return add(back.reversed().map(\.mention), in: text, state: &state)
  }

  // MARK: Caret

  /// `snapshot` with the caret and selection moved out of atomic mentions: a caret that stepped in
  /// from one edge goes to the other (arrow keys pass over a mention), any other caret inside goes
  /// to the nearer edge (a tap); a selection grows to cover the mentions it cuts. Nothing moves
  /// while an input method composes.
  func snapped(_ snapshot: TextSnapshot, previous: TextSnapshot?, mentions: [Mention]) -> TextSnapshot {
    guard configuration.mentionDeletion.isAtomic, !snapshot.isComposing, !mentions.isEmpty else {
      return snapshot
    }
    func inside(_ index: String.Index) -> Mention? {
      mentions.first { $0.range.lowerBound < index && index < $0.range.upperBound }
    }
    var lower = snapshot.selection.lowerBound
    var upper = snapshot.selection.upperBound
    if lower == upper {
      guard let mention = inside(lower) else { return snapshot }
      let text = snapshot.text
      let start = mention.range.lowerBound
      let end = mention.range.upperBound
      if let previous, previous.text == text, previous.selection.isEmpty,
        previous.caret == start || previous.caret == end
      {
        lower = previous.caret == start ? end : start
      } else {
        let toStart = text.utf8.distance(from: start, to: lower)
        let toEnd = text.utf8.distance(from: lower, to: end)
        lower = toStart < toEnd ? start : end
      }
      upper = lower
    } else {
      if let mention = inside(lower) { lower = mention.range.lowerBound }
      if let mention = inside(upper) { upper = mention.range.upperBound }
    }
    guard lower != snapshot.selection.lowerBound || upper != snapshot.selection.upperBound else {
      return snapshot
    }
    return TextSnapshot(snapshot.text, selection: lower..<upper, markedRange: snapshot.markedRange)
  }
}
