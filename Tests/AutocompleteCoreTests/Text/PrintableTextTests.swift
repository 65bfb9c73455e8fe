import AutocompleteCore
import TestSupport
import Testing

/// Outside text made safe for a terminal (issue 41): every control character escaped, letters of
/// every script kept.
@Suite("PrintableText")
struct PrintableTextTests {
  @Test(
    "C0, DEL, C1, separators and bidi overrides are escaped; tabs kept; line feeds by choice", .offThePool)
  func escapes() {
    let hostile = "a\u{1B}]0;t\u{07}b\u{7F}\u{9B}2J\u{2028}\u{202E}\u{2066}c\td\ne\r"
    #expect(
      PrintableText.escaping(hostile)
        == "a\\u{1B}]0;t\\u{7}b\\u{7F}\\u{9B}2J\\u{2028}\\u{202E}\\u{2066}c\td\\u{A}e\\u{D}")
    #expect(PrintableText.escaping("x\ny", keepsLineBreaks: true) == "x\ny")
    // A brute-force check over the first 0x3000 scalars: only the listed ones change.
    for value in 0..<0x3000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let escaped = PrintableText.escaping(String(scalar), keepsLineBreaks: true)
      let isControl =
        (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
        || [0x2028, 0x2029].contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
      #expect((escaped != String(scalar)) == isControl, "U+\(String(value, radix: 16))")
    }
    #expect(PrintableText.escaping("Zürich 東京 مرحبا") == "Zürich 東京 مرحبا")
  }
}
