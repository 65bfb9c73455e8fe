/// Draws frames on a terminal device with a ``Renderer``, so that only what changed is written.
public final class TerminalScreen {
  /// Where the picker is drawn.
  public enum Mode: Sendable, Equatable {
    /// The whole alternate screen.
    case fullScreen
    /// Up to `maximumHeight` lines from the cursor's line down (scrolling the terminal up when there
    /// is not enough room), erased on exit, like `fzf --height`.
    case inline(maximumHeight: Int)
  }

  /// The device drawn on.
  public let device: TerminalDevice
  /// Where the picker is drawn.
  public let mode: Mode
  /// The current size of the drawing area; frames are built at this size.
  public private(set) var size: TerminalSize
  /// The renderer (remembers what the terminal shows).
  private var renderer: Renderer
  /// Whether the inline region has been reserved.
  private var isRegionReserved = false

  /// Creates a screen for `device`, sized from the device (80 × 24 when it reports no size);
  /// `usesColor: false` (for `NO_COLOR`) draws without colours.
  public init(device: TerminalDevice, mode: Mode = .fullScreen, usesColor: Bool = true) {
    self.device = device
    self.mode = mode
    renderer = Renderer(positioning: mode == .fullScreen ? .absolute : .relative, usesColor: usesColor)
    size = Self.area(for: device.size() ?? TerminalSize(columns: 80, rows: 24), mode: mode)
  }

  /// The drawing area for a window size.
  private static func area(for window: TerminalSize, mode: Mode) -> TerminalSize {
    switch mode {
    case .fullScreen: window
    case .inline(let maximumHeight):
      TerminalSize(columns: window.columns, rows: max(1, min(maximumHeight, window.rows)))
    }
  }

  /// Changes the window size; the next frame is drawn in full.
  public func resize(to window: TerminalSize) {
    size = Self.area(for: window, mode: mode)
    renderer.invalidate()
  }

  /// Forces the next frame to be drawn in full.
  public func invalidate() {
    renderer.invalidate()
  }

  /// Builds a frame of the current size with `draw` and writes what changed.
  public func draw(_ draw: (inout ScreenBuffer) -> Void) {
    var output = ""
    if case .inline = mode, !isRegionReserved {
      // Make room: new lines scroll the terminal when the cursor is near the bottom; then go back up
      // to the first line of the region.
      isRegionReserved = true
      output += "\r" + String(repeating: "\n", count: size.rows - 1)
      if size.rows > 1 { output += "\u{1B}[\(size.rows - 1)A" }
    }
    var buffer = ScreenBuffer(columns: size.columns, rows: size.rows)
    draw(&buffer)
    output += renderer.update(to: buffer)
    if !output.isEmpty { device.write(output) }
  }

  /// Before a suspension: erases the inline region (as ``finish()``), so the shell gets a clean line.
  public func suspend() {
    finish()
  }

  /// After a suspension: the window may have changed and the terminal shows something else, so the
  /// next frame is drawn in full at the window's size (an inline region is reserved again where the
  /// cursor is now).
  public func resume(window: TerminalSize?) {
    if let window { size = Self.area(for: window, mode: mode) }
    renderer = Renderer(positioning: renderer.positioning, usesColor: renderer.usesColor)
  }

  /// Erases the inline region and leaves the cursor at its start (nothing in full-screen mode, where
  /// leaving the alternate screen restores the terminal's contents).
  public func finish() {
    guard isRegionReserved else { return }
    isRegionReserved = false
    device.write(renderer.clearRegion())
  }
}
