import Foundation

/// A date picker used as a text field's input view (AirCollection's
/// `TextFieldDatePickerConfiguration`): its mode, date and bounds, and how a picked date becomes
/// the field's text.
public struct DatePickerSettings: Sendable, Hashable {
  /// What the picker picks.
  public var mode: DatePickerMode
  /// The date shown when editing begins.
  public var date: Date
  /// The earliest date, or `nil`.
  public var minimumDate: Date?
  /// The latest date, or `nil`.
  public var maximumDate: Date?

  /// Creates settings; the date defaults to now.
  public init(mode: DatePickerMode, date: Date = Date(), minimumDate: Date? = nil, maximumDate: Date? = nil) {
    self.mode = mode
    self.date = date
    self.minimumDate = minimumDate
    self.maximumDate = maximumDate
  }

  /// What happens when a date is picked: the date (inside the bounds) and the field's new text,
  /// or `nil` to leave the text alone.
  public struct Selection: Sendable, Hashable {
    /// The picked date, inside the bounds.
    public var date: Date
    /// The field's new text, or `nil` to leave it.
    public var text: String?
  }

  /// `date` moved inside the bounds (bounds given the wrong way round are swapped).
  public func clamped(_ date: Date) -> Date {
    var lower = minimumDate
    var upper = maximumDate
    if let low = lower, let high = upper, low > high { (lower, upper) = (high, low) }
    if let lower, date < lower { return lower }
    if let upper, date > upper { return upper }
    return date
  }

  /// The selection for a picked `date`: the delegate turns it into text (AirCollection's
  /// `shouldUpdateTextFromDate`, `nil` = leave the text); without a delegate the date is formatted
  /// for the mode with ``defaultText(for:locale:timeZone:)``.
  public func selection(
    of date: Date, locale: Locale = .current, timeZone: TimeZone = .current,
    text delegateText: ((Date) -> String?)? = nil
  ) -> Selection {
    let date = clamped(date)
    let text = delegateText.map { $0(date) } ?? defaultText(for: date, locale: locale, timeZone: timeZone)
    return Selection(date: date, text: text)
  }

  /// The date formatted for the mode: a medium date, a short time, both, or hours and minutes of a
  /// countdown (`"1:05"`).
  public func defaultText(for date: Date, locale: Locale = .current, timeZone: TimeZone = .current) -> String
  {
    if mode == .countDownTimer {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let parts = calendar.dateComponents([.hour, .minute], from: date)
      let minutes = parts.minute ?? 0
      return "\(parts.hour ?? 0):\(minutes < 10 ? "0" : "")\(minutes)"
    }
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.dateStyle = mode == .time ? .none : .medium
    formatter.timeStyle = mode == .date ? .none : .short
    return formatter.string(from: date)
  }
}
