import AutocompleteCore

/// Made-up people in many languages and scripts, with ASCII handles, for the `@` trigger of the
/// message-composer demo.
public enum People {
  /// One item per person: search text is the name as written in its language, the handle (without
  /// "@") is an alternate key, the display text is "Name (@handle)", the completion is "@handle"
  /// and the payload the handle.
  public static let all: [AutocompleteItem] = directory.map { name, handle in
    AutocompleteItem(
      name,
      displayText: "\(name) (@\(handle))",
      completionText: "@\(handle)",
      alternateSearchTexts: [handle],
      payload: handle
    )
  }

  /// Names and handles. Names are fictional; any resemblance is a coincidence.
  static let directory: [(name: String, handle: String)] = [
    // Vietnamese
    ("Nguyễn Văn An", "an.nguyen"),
    ("Trần Thị Bích Ngọc", "ngoc.tran"),
    ("Phạm Đức Anh", "duc.pham"),
    ("Lê Thị Hương", "huong.le"),
    // Polish
    ("Zofia Łukasiewicz", "zofia.lukasiewicz"),
    ("Małgorzata Wójcik", "gosia.wojcik"),
    ("Grzegorz Brzęczyszczykiewicz", "grzegorz.b"),
    // Turkish
    ("Işıl Çağlar", "isil.caglar"),
    ("Gökhan Şahin", "gokhan.sahin"),
    ("Ayşe Yıldız", "ayse.yildiz"),
    // Greek
    ("Γιώργος Παπαδόπουλος", "giorgos.papadopoulos"),
    ("Ελένη Οικονόμου", "eleni.oikonomou"),
    // Russian and Ukrainian
    ("Александр Иванов", "alex.ivanov"),
    ("Наталья Смирнова", "natalia.smirnova"),
    ("Олена Шевченко", "olena.shevchenko"),
    // Japanese
    ("山田太郎", "taro.yamada"),
    ("佐藤花子", "hanako.sato"),
    ("すずき ゆい", "yui.suzuki"),
    // Arabic and Persian
    ("محمد العلي", "mohammed.alali"),
    ("فاطمة الزهراء", "fatima.zahra"),
    ("مینا رحیمی", "mina.rahimi"),
    // Hebrew
    ("דוד כהן", "david.cohen"),
    ("שרה לוי", "sarah.levi"),
    // Chinese
    ("王芳", "wang.fang"),
    ("李伟", "li.wei"),
    ("張偉", "zhang.wei"),
    // Korean, Hindi, Thai
    ("김민준", "minjun.kim"),
    ("प्रिया शर्मा", "priya.sharma"),
    ("สมชาย ใจดี", "somchai.jaidee"),
    // Spanish and Portuguese
    ("José Martínez", "jose.martinez"),
    ("María Núñez", "maria.nunez"),
    ("Íñigo Peña", "inigo.pena"),
    ("João Gonçalves", "joao.goncalves"),
    // German
    ("Jürgen Müller", "juergen.mueller"),
    ("Käthe Groß", "kaethe.gross"),
    // French
    ("François Lefèvre", "francois.lefevre"),
    ("Chloé Ménard", "chloe.menard"),
    // Czech, Hungarian, Romanian, Serbian
    ("Jiří Dvořák", "jiri.dvorak"),
    ("Erzsébet Szőke", "erzsebet.szoke"),
    ("Ștefan Popescu", "stefan.popescu"),
    ("Đorđe Petrović", "djordje.petrovic"),
    // Nordic
    ("Þórunn Guðmundsdóttir", "thorunn.gudmundsdottir"),
    ("Søren Østergaard", "soren.ostergaard"),
    ("Åsa Ängström", "asa.angstrom"),
    // English
    ("Emily O’Brien", "emily.obrien"),
  ]
}
