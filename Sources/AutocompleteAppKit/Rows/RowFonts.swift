#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The fonts of the built-in rows, derived from one base font, and the row metrics their line
  /// heights give (``SuggestionRowMetrics``).
  @MainActor
  struct RowFonts {
    /// A row's title.
    let title: NSFont
    /// The matched characters of a title.
    let matched: NSFont
    /// The detail line.
    let detail: NSFont
    /// A section title.
    let header: NSFont
    /// The heights these fonts make.
    let metrics: SuggestionRowMetrics

    /// The fonts for `base` (the system's body font by default).
    init(base: NSFont) {
      title = base
      matched = base.bold
      let small = max(9, (base.pointSize * 11 / 13).rounded())
      detail = .systemFont(ofSize: small)
      header = .boldSystemFont(ofSize: small)
      let layout = NSLayoutManager()
      metrics = SuggestionRowMetrics(
        titleLineHeight: layout.defaultLineHeight(for: matched),
        detailLineHeight: layout.defaultLineHeight(for: detail),
        headerLineHeight: layout.defaultLineHeight(for: header))
    }

    /// The fonts for the system's body font, made once.
    static let standard = RowFonts(base: .preferredFont(forTextStyle: .body))
  }
#endif
