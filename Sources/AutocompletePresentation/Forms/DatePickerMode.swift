/// What a date picker picks (UIKit's `UIDatePicker.Mode`, same raw values).
public enum DatePickerMode: Int, Sendable, CaseIterable {
  /// A time of day.
  case time = 0
  /// A calendar date.
  case date = 1
  /// A date and a time.
  case dateAndTime = 2
  /// A duration in hours and minutes.
  case countDownTimer = 3
}
