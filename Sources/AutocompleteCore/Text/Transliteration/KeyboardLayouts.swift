/// A query retyped as if typed on another keyboard layout: "vjcrdf", typed with a Russian layout in
/// mind on a US one, is "москва"; "руддщ" typed the other way round is "hello".
///
/// The layouts are fixed tables of the letter keys of the US QWERTY layout and what the same keys
/// type on the standard Russian (ЙЦУКЕН), Ukrainian, Greek and Hebrew (SI-1452) layouts, unshifted
/// (a search folds case anyway). Greek's dead accent key (`;`) types nothing. A query is retyped
/// from QWERTY into each layout when it holds ASCII letters, and from each layout into QWERTY when
/// it holds that layout's letters; characters of no key (digits, spaces) stay.
enum KeyboardLayouts {
  /// The US QWERTY keys, in the order of every layout's string below.
  static let qwerty = Array("`qwertyuiop[]asdfghjkl;'zxcvbnm,.")

  /// What the ``qwerty`` keys type on each layout; a space stands for a key that types nothing.
  static let layouts: [(name: String, keys: [Character])] = [
    ("Russian", Array("ёйцукенгшщзхъфывапролджэячсмитьбю")),
    ("Ukrainian", Array("'йцукенгшщзхїфівапролджєячсмитьбю")),
    ("Greek", Array("`;ςερτυθιοπ[]ασδφγηξκλ 'ζχψωβνμ,.")),
    ("Hebrew", Array(";/'קראטוןםפ][שדגכעיחלךף,זסבהנמצתץ")),
  ]

  /// `query` retyped through every layout where that changes it, without repeats and without the
  /// query itself; none for a query of one character (a single letter typed on another layout
  /// would match half of any list).
  static func retypings(of query: String) -> [String] {
    guard query.count >= 2 else { return [] }
    let lowered = query.lowercased()
    var results: [String] = []
    for layout in layouts {
      for (from, to) in [(qwerty, layout.keys), (layout.keys, qwerty)] {
        guard let retyped = retype(lowered, from: from, to: to), retyped != lowered,
          !results.contains(retyped)
        else { continue }
        results.append(retyped)
      }
    }
    return results
  }

  /// `text` with each character found among the letter keys of `from` replaced by the same key's
  /// character in `to`, or `nil` when no letter of `text` is on `from` (punctuation alone does not
  /// count: "," types б on a Russian layout, but a query of commas is not Russian).
  static func retype(_ text: String, from: [Character], to: [Character]) -> String? {
    var result = ""
    var changedLetter = false
    for character in text {
      guard character != " ", let position = from.firstIndex(of: character) else {
        result.append(character)
        continue
      }
      let typed = to[position]
      if character.isLetter { changedLetter = true }
      if typed != " " { result.append(typed) }
    }
    return changedLetter ? result : nil
  }
}
