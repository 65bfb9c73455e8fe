#if canImport(AppKit) && os(macOS)
  import AppKit

  /// What a ``DropdownPresenter`` asks of the field controller or trigger manager whose list it
  /// shows: the session that hears hovers, clicks and dismissals, which event a click makes, where
  /// the field is, and a new placement when the parent window changed.
  @MainActor
  protocol DropdownPresenterOwner: AnyObject {
    /// The session the list's hovers, clicks and dismissals go to.
    var session: AutocompleteSession { get }
    /// Whether the list is shown now; hovers and dismissals only count then.
    var isListShown: Bool { get }
    /// The field's (or text view's) frame on screen: a click in it does not close the list.
    var anchorScreenFrame: CGRect? { get }
    /// The session event for a click on the list row at `location`, or `nil` (a status row, or a
    /// click while an input method composes).
    func event(forClickingRowAt location: RowLocation) -> SessionEvent?
    /// Places the list again now: the parent window moved, resized or updated.
    func layoutDropdown()
  }
#endif
