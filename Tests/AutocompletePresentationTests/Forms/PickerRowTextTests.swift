import AutocompletePresentation
import TestSupport
import Testing

@Suite("Picker rows ↔ field text (seed 004's TextFieldPickerViewConfiguration)")
struct PickerRowTextTests {
  static let sizes = [["S", "M", "L", "XL"], ["red", "dark red", "blue"]]
  static func title(_ row: Int, _ component: Int) -> String? {
    sizes.indices.contains(component) && sizes[component].indices.contains(row) ? sizes[component][row] : nil
  }

  @Test("the selected rows' titles, joined", .offThePool)
  func text() {
    #expect(PickerRowText.text(forSelectedRows: [3, 1], title: Self.title) == "XL dark red")
    #expect(PickerRowText.text(forSelectedRows: [0], title: Self.title) == "S")
    #expect(PickerRowText.text(forSelectedRows: [9, 2], separator: ", ", title: Self.title) == "blue")
  }

  @Test("the text back to rows, the longest title first; a typed or stale text gives nil", .offThePool)
  func rows() {
    let counts = [4, 3]
    #expect(PickerRowText.rows(for: "XL dark red", rowCounts: counts, title: Self.title) == [3, 1])
    #expect(PickerRowText.rows(for: "L red", rowCounts: counts, title: Self.title) == [2, 0])
    #expect(PickerRowText.rows(for: "XXL red", rowCounts: counts, title: Self.title) == nil)
    #expect(PickerRowText.rows(for: "L red extra", rowCounts: counts, title: Self.title) == nil)
    #expect(PickerRowText.rows(for: "M", rowCounts: [4], title: Self.title) == [1])
  }

  @Test("round trip for every selection", .offThePool)
  func roundTrip() {
    for size in 0..<4 {
      for colour in 0..<3 {
        let text = PickerRowText.text(forSelectedRows: [size, colour], title: Self.title)
        #expect(PickerRowText.rows(for: text, rowCounts: [4, 3], title: Self.title) == [size, colour])
      }
    }
  }

  @Test("a data source's selected rows are clamped into the components", .offThePool)
  func clamped() {
    #expect(PickerRowText.clamped([7, -1], rowCounts: [4, 3]) == [3, 0])
    #expect(PickerRowText.clamped([2], rowCounts: [4, 3]) == [2, 0])
    #expect(PickerRowText.clamped([1, 1], rowCounts: [0]) == [0])
  }
}
