import ArgumentParser

/// `pick --preview-window`: where the preview pane goes and how it shows, in fzf's syntax — options
/// separated by `,` or `:`, for example `right,60%`, `down:10`, `up,40%,wrap`, `hidden`.
///
/// Understood: a position (`up`/`top`, `down`/`bottom`, `left`, `right`; fzf's default is `right`),
/// a size in lines or columns (`10`) or as a share of the screen (`50%`, the default), `hidden` and
/// `nohidden`, `wrap` and `nowrap`, `+N` (start scrolled down N lines), `default`, and fzf's border
/// styles (`border-none`/`noborder` draw no separator, any other draws the line). Anything else is
/// refused with a message naming it.
struct PreviewWindow: Equatable, Sendable, ExpressibleByArgument {
  /// Which side of the list the pane is on.
  enum Position: String, Equatable, Sendable {
    case up, down, left, right
  }

  /// The pane's size along its axis.
  enum Size: Equatable, Sendable {
    /// This many rows (up, down) or columns (left, right), the separator included.
    case cells(Int)
    /// This share of the screen's rows or columns.
    case percent(Int)
  }

  /// Which side of the list the pane is on.
  var position: Position = .right
  /// The pane's size.
  var size: Size = .percent(50)
  /// Whether the pane starts hidden (`toggle-preview` shows it).
  var isHidden = false
  /// Whether long lines wrap instead of being cut.
  var wraps = false
  /// Whether a line separates the pane from the list.
  var hasBorder = true
  /// The first line shown (`+N`, counted from 1 as in fzf; 0 and 1 both start at the top).
  var scrollOffset = 0

  /// The default: `right,50%`.
  init() {}

  /// Parses fzf's syntax; `nil` (ArgumentParser's "invalid value") for anything not understood:
  /// ``parse(_:)`` says what.
  init?(argument: String) {
    guard case .success(let window) = Self.parse(argument) else { return nil }
    self = window
  }

  /// The options of `argument`, or the first one not understood.
  static func parse(_ argument: String) -> Result<PreviewWindow, PreviewWindowError> {
    var window = PreviewWindow()
    for option in argument.split(whereSeparator: { $0 == "," || $0 == ":" }).map(String.init) {
      switch option {
      case "up", "top": window.position = .up
      case "down", "bottom": window.position = .down
      case "left": window.position = .left
      case "right": window.position = .right
      case "hidden": window.isHidden = true
      case "nohidden": window.isHidden = false
      case "wrap": window.wraps = true
      case "nowrap": window.wraps = false
      case "default": window = PreviewWindow()
      case "noborder", "border-none": window.hasBorder = false
      case "border", "sharp", "rounded", "border-rounded", "border-sharp", "border-bold", "border-double",
        "border-block", "border-thinblock", "border-horizontal", "border-vertical", "border-line",
        "border-top", "border-bottom", "border-left", "border-right":
        window.hasBorder = true
      default:
        if option.hasPrefix("+"), let offset = Int(option.dropFirst()), offset >= 0 {
          window.scrollOffset = offset
        } else if option.hasSuffix("%"), let percent = Int(option.dropLast()), (0...100).contains(percent) {
          window.size = .percent(percent)
        } else if let cells = Int(option), cells >= 0 {
          window.size = .cells(cells)
        } else {
          return .failure(PreviewWindowError(option: option))
        }
      }
    }
    return .success(window)
  }

  /// The pane's extent (rows for up and down, columns for left and right) in `total` rows or
  /// columns, leaving the list at least `minimumList`.
  func extent(of total: Int, minimumList: Int) -> Int {
    let wanted =
      switch size {
      case .cells(let cells): cells
      case .percent(let percent): total * percent / 100
      }
    return max(0, min(wanted, total - minimumList))
  }
}

/// An option of `--preview-window` that is not understood.
struct PreviewWindowError: Error, Equatable, CustomStringConvertible {
  /// The option as given.
  let option: String

  var description: String {
    "--preview-window: '\(option)' is not understood (autocomplete takes up, down, left, right, a size "
      + "N or N%, hidden, wrap, +N, default and fzf's border styles)"
  }
}
