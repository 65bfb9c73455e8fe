// How the reducer follows mentions: the mention rules run on each new text, their changes
// reported, a mention's text loaded or inserted.

extension Step {
  /// Runs the mention rules on the front end's new snapshot; returns what the session now holds
  /// and tells the front end about a text or selection it must change.
  mutating func followMentions(from old: TextSnapshot, to reported: TextSnapshot) -> TextSnapshot {
    let update = mentionRules.textChanged(from: old, to: reported, state: &state.mentionState)
    if let edit = update.edit {
      effects.append(.output(.replaceText(edit)))
    } else if update.input.selection != reported.selection {
      effects.append(.output(.moveSelection(update.input)))
    }
    reportMentions(update.change)
    return update.input
  }

  /// Reports mentions that came and went, as one output per event.
  mutating func reportMentions(_ change: MentionChange) {
    guard !change.isEmpty else { return }
    if case .output(.mentionsChanged(let earlier)) = effects.last {
      effects[effects.count - 1] = .output(
        .mentionsChanged(
          MentionChange(added: earlier.added + change.added, removed: earlier.removed + change.removed)))
    } else {
      effects.append(.output(.mentionsChanged(change)))
    }
  }

  /// Replaces the whole text with `loaded`, whose mentions become live; the list stays closed.
  mutating func loadMentionedText(_ loaded: MentionedText) {
    let text = state.text
    let removed = state.mentionState.mentions
    let edit = TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: loaded.text)
    state.input = edit.resultingSnapshot
    effects.append(.output(.replaceText(edit)))
    state.mentionState = MentionState()
    let added = mentionRules.add(
      loaded.mentions.map { OffsetMention(offsets: $0.utf8Range(in: loaded.text), mention: $0) },
      in: state.text,
      state: &state.mentionState)
    reportMentions(MentionChange(added: added, removed: removed))
    state.pickedSpaceCaret = nil
    state.hasReturned = false
    closeAfterPick()
  }

  /// Inserts `inserted` at the selection; a mention the selection cuts into is replaced whole.
  mutating func insertMentionedText(_ inserted: MentionedText) {
    guard !state.input.isComposing else { return isHandled = false }
    let text = state.text
    var lower = state.input.selection.lowerBound
    var upper = state.input.selection.upperBound
    for mention in state.mentionState.mentions {
      if mention.range.lowerBound < lower, lower < mention.range.upperBound {
        lower = mention.range.lowerBound
      }
      if mention.range.lowerBound < upper, upper < mention.range.upperBound {
        upper = mention.range.upperBound
      }
    }
    let start = TextOffsets.offset(of: lower, in: text)
    apply(TextEdit(text: text, range: lower..<upper, replacement: inserted.text))
    let items = inserted.mentions.map { mention in
      let offsets = mention.utf8Range(in: inserted.text)
      return OffsetMention(
        offsets: (start + offsets.lowerBound)..<(start + offsets.upperBound), mention: mention)
    }
    reportMentions(MentionChange(added: mentionRules.add(items, in: state.text, state: &state.mentionState)))
    state.pickedSpaceCaret = nil
    state.isDismissed = false
    state.hasReturned = false
    refreshQuery(force: false)
  }
}
