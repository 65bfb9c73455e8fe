import AutocompleteCore

/// A field whose suggestions follow another field's pick: a city field scoped to the country picked
/// in the field above it. The front ends only report the two fields' picks and the first field's
/// edits; every decision is here, the same on every platform.
///
/// - The first field's picked row names a value of ``attribute`` through its item's attribute of
///   that name (the country row's `country: "BR"`). The dependent field's session is then filtered
///   to items with that value (`country:=BR`), on top of the filter it had when the dependency was
///   made (``baseFilter``); its list follows at once, whatever was typed.
/// - A row without that attribute, an emptied first field, or a first field edited away from the
///   picked text widens the dependent field back to ``baseFilter``.
/// - When the value changes and the dependent field still shows a pick the new filter excludes (a
///   Lisbon picked under Portugal, then Brazil), that text is cleared; text being typed stays. A
///   pick the new filter keeps, and any pick when the filter widens, stays.
///
/// ```swift
/// let dependency = FieldDependency(cityField.session, attribute: "country")
/// // the country field's pick:  dependency.parentPicked(row)
/// // the country field's edits: dependency.parentTextChanged(text)
/// // the city field's pick:     dependency.dependentPicked(row)
/// ```
@MainActor
public final class FieldDependency {
  /// The dependent field's session (the city field's).
  public let session: AutocompleteSession
  /// The attribute the first field's pick sets and the dependent field is filtered on.
  public let attribute: String
  /// The dependent field's own filter, kept under every selection.
  public let baseFilter: AttributeFilter?
  /// The value picked in the first field, or `nil` when none is (the dependent field is not
  /// narrowed by it).
  public private(set) var selection: AttributeValue?
  /// The first field's text when its row was picked: an edit away from it undoes the selection.
  private var pickedParentText: String?
  /// The dependent field's last pick: its text and its item's attributes.
  private var dependentPick: (text: String, attributes: Attributes)?

  /// Links a dependent field's session to the first field's picks.
  /// - Parameters:
  ///   - session: The dependent field's session; its current `AutocompleteSession.searchFilter`
  ///     becomes ``baseFilter``.
  ///   - attribute: The attribute shared by the first field's items and the dependent field's.
  public init(_ session: AutocompleteSession, attribute: String) {
    self.session = session
    self.attribute = attribute
    self.baseFilter = session.searchFilter
  }

  /// The dependent field's filter: ``baseFilter`` and, with a selection, the attribute equal to it
  /// (one of its strings, for several).
  public var filter: AttributeFilter? {
    AttributeFilter.combined(baseFilter, selection.map { Self.filter(attribute, equalTo: $0) })
  }

  /// The first field picked `row`: selects its item's value of ``attribute`` (widens when it has
  /// none), and remembers the completion text the field now shows.
  public func parentPicked(_ row: Suggestion) {
    let value = Self.attributes(of: row)?[attribute]
    select(value, parentText: value == nil ? nil : row.completionText)
  }

  /// The first field's text changed: when a row was picked and the text is no longer its
  /// completion text (edited, or emptied), the selection is undone and the dependent field widens.
  public func parentTextChanged(_ text: String) {
    guard let pickedParentText, text != pickedParentText else { return }
    select(nil)
  }

  /// Selects `value` from code (a country restored from a saved form); `nil` widens. Selecting the
  /// current value again puts ``filter`` back on the session (after the field's sources or options
  /// were set again, which gives the session a new configuration without it).
  /// - Parameters:
  ///   - value: The value the dependent field's items must have.
  ///   - parentText: The first field's text for it; an edit away from it undoes the selection.
  public func select(_ value: AttributeValue?, parentText: String? = nil) {
    pickedParentText = value == nil ? nil : parentText
    guard value != selection else {
      session.searchFilter = filter
      return
    }
    selection = value
    let filter = self.filter
    if let pick = dependentPick, session.state.text == pick.text, let filter, !filter.matches(pick.attributes)
    {
      dependentPick = nil
      session.send(.textSet(TextSnapshot(""), opensList: false))
    }
    session.searchFilter = filter
  }

  /// The dependent field picked `row`: remembered, so that a later selection that excludes it
  /// clears it.
  public func dependentPicked(_ row: Suggestion) {
    dependentPick = (row.completionText, Self.attributes(of: row) ?? [:])
  }

  /// The attributes of a row's item, when it carries them.
  private static func attributes(of row: Suggestion) -> Attributes? {
    (row.payload as? any AttributedSearchable)?.attributes
  }

  /// `attribute` equal to `value`, or to one of its strings.
  private static func filter(_ attribute: String, equalTo value: AttributeValue) -> AttributeFilter {
    switch value {
    case .string(let text): return .isIn(attribute, [.string(text)])
    case .strings(let texts): return .isIn(attribute, texts.map { .string($0) })
    case .number(let number): return .isIn(attribute, [.number(number)])
    case .bool(let flag): return .isIn(attribute, [.bool(flag)])
    }
  }
}
