/// How a ``MentionedText`` is stored as one string and read back: the package's default form,
/// Slack's `<@id>` form, a Markdown link (`[@Name](mention:id)`), or a form of your own.
///
/// Every built-in form escapes user text that looks like its markup, so decoding never invents a
/// mention, and `decode(encode(text)) == text` (payloads are not stored). A string that is not
/// well-formed throws a ``MentionMarkupError`` that carries the string as plain text.
///
/// | Form | A mention of `@morgan` with id `u42` | Escapes in plain text |
/// | --- | --- | --- |
/// | ``default`` | `<mention\|@\|u42\|@morgan>` | `&` `<` `>` as `&amp;` `&lt;` `&gt;` |
/// | ``slack`` | `<@u42\|@morgan>` (`<@u42>` when read) | `&` `<` `>` as `&amp;` `&lt;` `&gt;` |
/// | ``markdownLink`` | `[@morgan](mention:u42)` | `\` `[` `]` with a backslash |
public struct MentionMarkup: Sendable {
  private let encoder: @Sendable (MentionedText) -> String
  private let decoder: @Sendable (String) throws -> MentionedText

  /// A form of your own: `encode` writes a text, `decode` reads one back and throws on a string it
  /// cannot read (any error; it reaches the caller as a ``MentionMarkupError``).
  public init(
    encode: @escaping @Sendable (MentionedText) -> String,
    decode: @escaping @Sendable (String) throws -> MentionedText
  ) {
    self.encoder = encode
    self.decoder = decode
  }

  /// The stored form of `text`.
  public func encode(_ text: MentionedText) -> String {
    encoder(text)
  }

  /// The text and mentions of a stored string.
  /// - Throws: ``MentionMarkupError`` when the string is not well-formed; its
  ///   ``MentionMarkupError/plainText`` is the string as plain text.
  public func decode(_ stored: String) throws(MentionMarkupError) -> MentionedText {
    do {
      return try decoder(stored)
    } catch let error as MentionMarkupError {
      throw error
    } catch {
      throw MentionMarkupError(reason: String(describing: error), utf8Offset: nil, stored: stored)
    }
  }

  /// The decoded text, or the stored string as plain text with the error: never fails.
  public func decodeOrPlainText(_ stored: String) -> (text: MentionedText, error: MentionMarkupError?) {
    do {
      return (try decode(stored), nil)
    } catch {
      return (error.plainText, error)
    }
  }

  /// The package's form, which keeps everything but the payload: `<mention|TRIGGER|ID|TEXT>`, with
  /// `&`, `<`, `>` (and `|` inside a mention) written as `&amp;`, `&lt;`, `&gt;`, `&#124;`.
  public static let `default` = MentionMarkup(
    encode: { AngleBracketMarkup.standard.encode($0) },
    decode: { try AngleBracketMarkup.standard.decode($0) })

  /// Slack's form for `@` and `#`: `<@ID|TEXT>`; see ``slack(triggers:writesDisplayText:displayText:)``.
  public static let slack = MentionMarkup.slack()

  /// Slack's form: `<TRIGGER ID|TEXT>` (`<@U024BE7LH|@morgan>`, `<#C123|#general>`), or `<@ID>`
  /// without the display text; `&`, `<`, `>` are written `&amp;`, `&lt;`, `&gt;` as Slack does.
  /// - Parameters:
  ///   - triggers: The delimiters that open a mention after `<`.
  ///   - writesDisplayText: Whether `|TEXT` is written (needed to read the same text back).
  ///   - displayText: For `<@ID>` without a text: the display text of a trigger and id (for
  ///     example from your user directory); `nil` gives the trigger followed by the id.
  public static func slack(
    triggers: [String] = ["@", "#"], writesDisplayText: Bool = true,
    displayText: (@Sendable (_ trigger: String, _ id: String) -> String?)? = nil
  ) -> MentionMarkup {
    let form = AngleBracketMarkup(
      style: .slack(triggers: triggers, writesDisplayText: writesDisplayText, displayText: displayText))
    return MentionMarkup(encode: { form.encode($0) }, decode: { try form.decode($0) })
  }

  /// A Markdown link with the `mention:` scheme: `[@morgan](mention:u42)`; see
  /// ``markdownLink(scheme:triggers:)``.
  public static let markdownLink = MentionMarkup.markdownLink()

  /// A Markdown link: `[TEXT](SCHEME:ID)`, the id percent-encoded. The trigger is the start of the
  /// text (the longest of `triggers` it starts with); when the text does not start with its
  /// trigger, it follows as `?trigger=…`. In plain text and in link text, `\`, `[` and `]` are
  /// escaped with a backslash.
  public static func markdownLink(scheme: String = "mention", triggers: [String] = ["@", "#"])
    -> MentionMarkup
  {
    let form = MarkdownLinkMarkup(scheme: scheme, triggers: triggers)
    return MentionMarkup(encode: { form.encode($0) }, decode: { try form.decode($0) })
  }
}
