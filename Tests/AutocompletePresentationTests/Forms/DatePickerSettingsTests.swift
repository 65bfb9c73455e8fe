import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("Date ↔ text (seed 004's TextFieldDatePickerConfiguration)")
struct DatePickerSettingsTests {
  static let utc = TimeZone(identifier: "UTC")!
  static let posix = Locale(identifier: "en_US_POSIX")
  // 2024-03-05 14:07 UTC
  static let date = Date(timeIntervalSince1970: 1_709_647_620)

  @Test("the delegate turns the date into text; nil leaves the text alone", .offThePool)
  func delegateText() {
    let settings = DatePickerSettings(mode: .date, date: Self.date)
    let named = settings.selection(of: Self.date) { _ in "the fifth" }
    #expect(named.text == "the fifth")
    let untouched = settings.selection(of: Self.date) { _ in nil }
    #expect(untouched.text == nil)
    #expect(untouched.date == Self.date)
  }

  @Test("a picked date is kept inside the bounds, also when they are given the wrong way round", .offThePool)
  func clamping() {
    let low = Self.date.addingTimeInterval(-86_400)
    let high = Self.date.addingTimeInterval(86_400)
    let settings = DatePickerSettings(mode: .date, minimumDate: low, maximumDate: high)
    #expect(settings.clamped(Self.date.addingTimeInterval(-999_999)) == low)
    #expect(settings.clamped(Self.date.addingTimeInterval(999_999)) == high)
    #expect(settings.clamped(Self.date) == Self.date)
    let swapped = DatePickerSettings(mode: .date, minimumDate: high, maximumDate: low)
    #expect(swapped.clamped(Self.date.addingTimeInterval(999_999)) == high)
    var seen: Date?
    _ = settings.selection(of: Self.date.addingTimeInterval(999_999)) { date in
      seen = date
      return nil
    }
    #expect(seen == high)
  }

  @Test("without a delegate, the text follows the mode", .offThePool)
  func defaultText() {
    func text(_ mode: DatePickerMode) -> String? {
      DatePickerSettings(mode: mode).selection(of: Self.date, locale: Self.posix, timeZone: Self.utc).text
    }
    #expect(text(.date) == "Mar 5, 2024")
    #expect(text(.time)?.hasPrefix("2:07") == true)
    #expect(text(.dateAndTime)?.hasPrefix("Mar 5, 2024") == true)
    #expect(text(.dateAndTime)?.contains("2:07") == true)
    #expect(text(.countDownTimer) == "14:07")
  }
}
