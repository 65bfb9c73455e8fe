/// Filter chips: tokens with a filter (``Token/filter``) that narrow the token field's search
/// instead of being picked values — the reducer's named part for them (the value tokens' rules are
/// in `TokenRules.swift`, which calls these).
///
/// - The search a token field asks runs with the app's filter (``SessionConfiguration/searchOptions``'
///   `filter`, `AutocompleteSession.searchFilter`) and every chip's filter, all of which must hold
///   (``TokenState/narrowing(_:)``): a chip narrows, never widens, and a source's or index's scope
///   applies on top, as always. The filter is computed for each request from the tokens of the
///   moment, so adding, removing, undoing a removal and setting tokens from code bring it in line
///   at once; each of these asks the shown list again (`tokensChanged()`).
/// - A row whose payload is a ``FilterChipPayload`` (a category row, "in BR (211)") picked in a
///   token field adds its chip, keeps the typed text and searches it again under the new filter.
/// - Filter chips are not values: they do not take rows out of the list, typed text never turns
///   into one, and a category row leaves the list only while its own chip is there.
extension TokenState {
  /// The filter chips' filters, all of which must hold; `nil` without filter chips.
  public var filter: AttributeFilter? {
    let filters = tokens.compactMap(\.filter)
    switch filters.count {
    case 0: return nil
    case 1: return filters[0]
    default: return .all(filters)
    }
  }

  /// The filter a search runs with: `appFilter` (the app's, `nil` for none) and every filter
  /// chip's, all of which must hold. Without filter chips, `appFilter` itself.
  public func narrowing(_ appFilter: AttributeFilter?) -> AttributeFilter? {
    AttributeFilter.combined(appFilter, filter)
  }

  /// The tokens as an app stores them, filter chips included (``StoredToken``, `Codable`);
  /// ``Token/init(restoring:knownAttributes:)`` gives each token back (without its row).
  public var storedTokens: [StoredToken] { tokens.map(StoredToken.init) }

  /// The ids of the filter chips.
  var filterChipIDs: Set<String> { Set(tokens.lazy.filter { $0.filter != nil }.map(\.id)) }

  /// The ids of the value tokens (the values picked).
  var valueIDs: Set<String> { Set(tokens.lazy.filter { $0.filter == nil }.map(\.id)) }
}

extension Suggestion {
  /// The payload as a ``FilterChipPayload`` when the row makes a filter chip.
  var filterChipPayload: (any FilterChipPayload)? { payload as? any FilterChipPayload }
}

extension Step {
  /// A pick of a row that makes a filter chip, in a token field: adds the chip (refused as a
  /// duplicate, past the maximum, or for a filter that cannot be a chip) and searches the typed
  /// text again under the new filter, the list open. `nil` when the row makes a value token.
  mutating func pickFilterChip(_ suggestion: Suggestion) -> Bool? {
    guard let payload = suggestion.filterChipPayload else { return nil }
    guard var chip = payload.filterToken else {
      state.tokenState.refuse("\u{201C}\(suggestion.displayText)\u{201D} cannot be a filter chip.")
      close()
      return true
    }
    chip.item = suggestion
    guard state.tokenState.add(chip, maximumCount: tokenField?.maximumCount) else {
      close()
      return true
    }
    effects.append(.output(.picked(suggestion)))
    state.acceptedCompletion = nil
    state.deferredKey = nil
    state.isDismissed = false
    refreshQuery(force: true)
    return true
  }

  /// The rows without the values already picked (a row's token id is its completion text, see
  /// ``Token/init(_:)``) and without the category rows whose filter chip is there.
  func excludingPicked(_ sections: [SuggestionSection]) -> [SuggestionSection] {
    let tokens = state.tokenState
    guard !tokens.tokens.isEmpty else { return sections }
    let values = tokens.valueIDs
    let chips = tokens.filterChipIDs
    return sections.map { section in
      var section = section
      section.suggestions.removeAll { row in
        if let payload = row.filterChipPayload {
          return payload.filterToken.map { chips.contains($0.id) } ?? false
        }
        return values.contains(row.completionText)
      }
      return section
    }
  }
}
