import AutocompleteCore
import TestSupport
import Testing

/// The folds that come from the collation table (DUCET), from letter names, from the punctuation
/// list and from the invisible characters (issue #11), through the public API.
@Suite("Folding: punctuation, undecomposed letters, invisible characters")
struct UnicodeFoldingTests {
  let folder = TextFolder()

  @Test(
    "Typographic punctuation folds to what a user types",
    .offThePool,
    arguments: [
      ("don’t", "don't"), ("‘a’ ‚b‛", "'a' 'b'"), ("“a” „b‟", "\"a\" \"b\""), ("«a» ‹b›", "\"a\" 'b'"),
      ("5′ 3″", "5' 3\""), ("a‐b‑c‒d–e—f―g−h", "a-b-c-d-e-f-g-h"), ("wait…", "wait..."),
      ("½ ⅔", "1/2 2/3"), ("❛a❜ ❝b❞", "'a' \"b\""),
    ])
  func punctuation(text: String, expected: String) {
    #expect(folder.fold(text) == expected)
  }

  @Test(
    "Letters without a decomposition fold to ASCII letters",
    .offThePool,
    arguments: [
      ("kŀz", "klz"), ("KĿZ", "klz"), ("ŉ", "n"), ("ᴀʙᴇ", "abe"), ("ɐǝɛ", "aee"), ("ȸʣǆǶ", "dbdzdzhv"),
      ("Ɐ ⱻ", "a e"), ("ꜳ ꝏ ꝡ", "aa oo vy"), ("ʉ Ʉ", "u u"), ("ᴆ", "d"), ("ʹ", "'"),
    ])
  func undecomposedLetters(text: String, expected: String) {
    #expect(folder.fold(text) == expected)
  }

  @Test(
    "Enclosed and dingbat numbers fold to digits", .offThePool,
    arguments: [("①⓵❶➀", "1111"), ("⓫⑪", "1111"), ("⓿", "0")])
  func enclosedNumbers(text: String, expected: String) {
    #expect(folder.fold(text) == expected)
  }

  @Test(
    "Digits of other scripts and letters of their own stay", .offThePool,
    arguments: ["١", "१", "ə", "ʒ", "ɣ", "ʃ", "ꜧ"])
  func distinctionsStay(text: String) {
    #expect(folder.fold(text) == text)
  }

  @Test(
    "Invisible characters are dropped",
    .offThePool,
    arguments: [
      "\u{200E}abc", "a\u{200F}bc", "\u{202A}abc\u{202C}", "\u{202B}a\u{202D}b\u{202E}c",
      "\u{2066}abc\u{2069}",
      "\u{2067}a\u{2068}bc", "a\u{200B}bc", "a\u{200C}b\u{200D}c", "\u{AD}abc", "\u{FEFF}abc", "ab\u{2060}c",
      "\u{061C}abc", "a\u{2062}bc",
    ])
  func invisible(text: String) {
    #expect(folder.fold(text) == "abc")
  }

  @Test(.offThePool) func zeroWidthJoinerStaysInsideEmojiSequences() {
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(folder.fold(family) == family)
    #expect(folder.fold("❤\u{FE0F}\u{200D}🔥") == "❤\u{200D}🔥")  // VS16 dropped, ZWJ kept
    #expect(folder.fold("\u{200D}👩") == "👩")
    #expect(folder.fold("™\u{200D}x") == "tmx")  // ™ folds to letters: no emoji sequence
  }
}
