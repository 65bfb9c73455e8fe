/// The app's switch for suggestions (``SessionEvent/suggestionsEnabled(_:)``,
/// ``AutocompleteSession/areSuggestionsEnabled``): suspend them for a moment — a form filled from
/// code, a modal over the field, dictation — and resume without rebuilding the configuration.
///
/// While off the session is a plain text field, as with ``SessionConfiguration/isAutoFillOn`` off:
/// edits, mentions and Return still go through it, but nothing is searched, the list stays closed,
/// arrow keys and ``SessionEvent/listOpened`` are not used, and no ghost text shows. Turning it off
/// closes the list and cancels the pending search (a late answer is dropped); turning it on searches
/// the text as it is then, as typing would, when the field has the focus. Unlike changing the
/// configuration, the answer cache is kept and the state-reducer hook sees a named event.
enum SuggestionSwitch {
  /// What turning the switch did.
  enum Change {
    /// It already was in that position.
    case unchanged
    /// Suggestions were turned off.
    case suspended
    /// Suggestions were turned on.
    case resumed
  }

  /// Whether the session suggests in `state`: the configuration's main switch and the app's.
  static func suggests(in state: SessionState, configuration: SessionConfiguration) -> Bool {
    configuration.isAutoFillOn && state.areSuggestionsEnabled
  }

  /// Sets the switch in `state`; the reducer then closes (``Change/suspended``) or searches again
  /// (``Change/resumed``).
  static func turn(_ isOn: Bool, in state: inout SessionState) -> Change {
    guard state.areSuggestionsEnabled != isOn else { return .unchanged }
    state.areSuggestionsEnabled = isOn
    return isOn ? .resumed : .suspended
  }
}
