/// Whether a search also finds keys in other scripts through their Latin readings, and queries typed
/// on the wrong keyboard layout.
///
/// With ``latin``, an index (``SearchIndex``, ``ListSource``, ``LineFilter``) adds to every key that
/// holds Han, Cyrillic, Greek, Hangul, kana, Georgian, Armenian, Thai or Hebrew its Latin readings as
/// extra keys, built once with the index: "bei jing" and "beijing" for 北京 (and the pinyin initials
/// "bj"), "moskva" for Москва, "athina" for Αθήνα, "seoul" for 서울, "tokyo" for とうきょう, "tbilisi"
/// for თბილისი, "yerevan" for Երևան, "chiang mai" for เชียงใหม่, "holon" for חולון (unvoweled Hebrew
/// also as its consonant skeleton, which a query reaches through its own: "netanya" finds נתניה). A query is also tried retyped
/// through the Russian, Ukrainian, Greek and Hebrew keyboard layouts ("vjcrdf" finds Москва). A match
/// through a reading ranks below a match of the same kind on the item's own texts, and a retyped
/// query's below the query as typed; highlights fall on the original characters. See
/// Guides/Matching.md, "Other scripts from a Latin keyboard".
public enum Transliteration: Sendable, Hashable, CaseIterable {
  /// Keys match only as written (the default).
  case none
  /// Keys also match through their Latin readings, and queries also retyped through other layouts.
  case latin
}
