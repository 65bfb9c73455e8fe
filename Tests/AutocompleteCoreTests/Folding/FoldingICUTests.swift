import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Differential test against ICU's Latin-ASCII transliterator.
///
/// `scripts/generate-icu-reference.py` ran ICU over every assigned code point of the Latin, IPA,
/// Phonetic Extensions, Greek, Cyrillic, General Punctuation, Letterlike Symbols, Number Forms,
/// Enclosed Alphanumerics, Dingbats and Halfwidth/Fullwidth blocks and committed what ICU changes
/// (`ICU/latin-ascii.txt`), so CI needs no ICU. A code point and ICU's output must fold alike,
/// except for those listed with a reason in `ICU/disagreements.txt`.
@Suite("Folding versus ICU Latin-ASCII")
struct FoldingICUTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "ICU")

  /// The data lines of a reference file, split at tabs.
  static func rows(_ name: String) throws -> [[Substring]] {
    let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
  }

  static func scalars(_ hex: Substring) -> String {
    var text = ""
    for code in hex.split(separator: " ") {
      if let value = UInt32(code, radix: 16), let scalar = Unicode.Scalar(value) {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  @Test(.offThePool) func everyDisagreementWithICUIsListed() throws {
    let folder = TextFolder()
    let reference = try Self.rows("latin-ascii.txt")
    let listed = try Self.rows("disagreements.txt")
    #expect(reference.count > 1000)
    let listedCodes = Set(listed.map { String($0[0]) })
    #expect(listed.allSatisfy { $0.count == 5 && !$0[4].isEmpty }, "every disagreement has a reason")

    var disagreements: Set<String> = []
    for row in reference {
      let original = Self.scalars(row[0])
      let icu = Self.scalars(row[1])
      if folder.fold(original) != folder.fold(icu) {
        disagreements.insert(String(row[0]))
        if !listedCodes.contains(String(row[0])) {
          Issue.record(
            "U+\(row[0]) \(original): ours \(folder.fold(original).debugDescription), ICU \(icu.debugDescription)"
          )
        }
      }
    }
    #expect(listedCodes.subtracting(disagreements).sorted() == [], "listed but no longer disagreeing")
  }
}
