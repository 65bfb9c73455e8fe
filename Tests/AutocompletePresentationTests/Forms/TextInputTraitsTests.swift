import AutocompletePresentation
import TestSupport
import Testing

@Suite("Text-input traits (seed 004's TextFieldConfiguration)")
struct TextInputTraitsTests {
  @Test(
    "AirCollection's defaults: sentences, no clear button, not secure, no content type, system elsewhere",
    .offThePool)
  func defaults() {
    let traits = TextInputTraits()
    #expect(traits.autocapitalization == .sentences)
    #expect(traits.autocorrection == .default)
    #expect(traits.clearButtonMode == .never)
    #expect(!traits.isSecureTextEntry)
    #expect(traits.keyboardAppearance == .default)
    #expect(traits.keyboardType == .default)
    #expect(traits.returnKeyType == .default)
    #expect(traits.smartDashes == .default && traits.smartQuotes == .default)
    #expect(traits.smartInsertDelete == .default && traits.spellChecking == .default)
    #expect(traits.textContentType == nil)
  }

  @Test("a text field configuration sets all 13 traits, each once, the input view included", .offThePool)
  func textFieldKinds() {
    let kinds = TextInputTraits.kinds(for: .textField)
    #expect(kinds.count == 13)
    #expect(Set(kinds).count == 13)
    #expect(kinds.first == .autocapitalization && kinds.last == .textContentType)
    #expect(kinds.contains(.inputView) && kinds.contains(.secureTextEntry))
  }

  @Test("a text view configuration sets all but the clear button", .offThePool)
  func textViewKinds() {
    let kinds = TextInputTraits.kinds(for: .textView)
    #expect(kinds.count == 12)
    #expect(!kinds.contains(.clearButtonMode))
    #expect(kinds.contains(.inputView))
  }

  @Test("raw values are UIKit's, so the UIKit mapping is by raw value", .offThePool)
  func rawValues() {
    #expect(TextAutocapitalization.allCases.map(\.rawValue) == [0, 1, 2, 3])
    #expect(TextInputSwitch.allCases.map(\.rawValue) == [0, 1, 2])
    #expect(TextFieldViewMode.allCases.map(\.rawValue) == [0, 1, 2, 3])
    #expect(KeyboardAppearance.allCases.map(\.rawValue) == [0, 1, 2])
    #expect(KeyboardType.allCases.map(\.rawValue) == Array(0...11))
    #expect(KeyboardType.twitter.rawValue == 9 && KeyboardType.emailAddress.rawValue == 7)
    #expect(ReturnKeyType.allCases.map(\.rawValue) == Array(0...11))
    #expect(ReturnKeyType.done.rawValue == 9 && ReturnKeyType.next.rawValue == 4)
    #expect(DatePickerMode.allCases.map(\.rawValue) == [0, 1, 2, 3])
  }
}
