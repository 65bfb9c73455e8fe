/// Draws frames on a terminal device with a ``Renderer``, so that only what changed is written.
public final class TerminalScreen: @unchecked Sendable {
  /// The device drawn on.
  public let device: TerminalDevice
  /// The current size; frames are built at this size.
  public private(set) var size: TerminalSize
  /// The renderer (remembers what the terminal shows).
  private var renderer = Renderer()

  /// Creates a screen for `device`, sized from the device (80 × 24 when it reports no size).
  public init(device: TerminalDevice) {
    self.device = device
    size = device.size() ?? TerminalSize(columns: 80, rows: 24)
  }

  /// Changes the size; the next frame is drawn in full.
  public func resize(to size: TerminalSize) {
    self.size = size
    renderer.invalidate()
  }

  /// Forces the next frame to be drawn in full.
  public func invalidate() {
    renderer.invalidate()
  }

  /// Builds a frame of the current size with `draw` and writes what changed.
  public func draw(_ draw: (inout ScreenBuffer) -> Void) {
    var buffer = ScreenBuffer(columns: size.columns, rows: size.rows)
    draw(&buffer)
    let output = renderer.update(to: buffer)
    if !output.isEmpty { device.write(output) }
  }
}
