import AutocompleteCore

/// A whole-screen picker over one session: a ``TerminalApp`` that forwards events to a
/// ``SessionPickerController`` and draws its view model with ``PickerView``.
///
/// The event loop runs off the main actor; the app hops to the main actor (where the session lives)
/// for each event and keeps the resulting view model for ``draw(into:)``.
public struct SessionPickerApp: TerminalApp, Sendable {
  /// The controller.
  public let controller: SessionPickerController
  /// Where the picker goes on the screen.
  public var layout: PickerLayout
  /// The model of the next frame.
  private var model: PickerViewModel
  /// The first visible row of the last frame.
  private var firstVisibleRow = 0

  /// Creates an app for `controller`.
  @MainActor
  public init(controller: SessionPickerController, layout: PickerLayout = PickerLayout()) {
    self.controller = controller
    self.layout = layout
    self.model = controller.viewModel()
  }

  /// Forwards `event` to the controller on the main actor and keeps the new view model.
  public mutating func handle(_ event: TerminalEvent) async -> TerminalAppStep<SessionPickerOutcome> {
    let controller = self.controller
    let first = firstVisibleRow
    let (step, model) = await MainActor.run {
      let step = controller.handle(event)
      return (step, controller.viewModel(firstVisibleRow: first))
    }
    self.model = model
    return step
  }

  /// Draws the last view model and tells the controller what was drawn (page size, row positions).
  public mutating func draw(into buffer: inout ScreenBuffer) {
    let frame = PickerView(model: model, layout: layout).render(into: &buffer)
    firstVisibleRow = frame.firstVisibleRow
    let controller = self.controller
    Task { @MainActor in controller.frameDrawn(frame) }
  }

  /// Runs a picker for `controller` on the terminal until it finishes; `nil` when the input ended.
  ///
  /// Wires the session's asynchronous state changes to wake-ups of the loop, so that late answers and
  /// the stall spinner are drawn.
  /// - Throws: ``TerminalError`` when there is no usable terminal (nothing is written then).
  public static func run(
    _ controller: SessionPickerController, loop: TerminalEventLoop = TerminalEventLoop(),
    layout: PickerLayout = PickerLayout()
  ) async throws(TerminalError) -> SessionPickerOutcome? {
    let wake = WakeSignal()
    var app = await MainActor.run {
      controller.wakeSignal = wake
      return SessionPickerApp(controller: controller, layout: layout)
    }
    let outcome: SessionPickerOutcome?
    do {
      outcome = try await loop.run(&app) { wake.attach($0) }
    } catch {
      await MainActor.run { controller.wakeSignal = nil }
      throw error
    }
    await MainActor.run { controller.wakeSignal = nil }
    return outcome
  }
}
