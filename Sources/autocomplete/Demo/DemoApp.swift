import AutocompleteTerminal

/// The demo as a ``TerminalApp``: events go to the ``DemoModel`` on the main actor; frames are drawn
/// from the model's last view model.
struct DemoApp: TerminalApp, Sendable {
  /// The model.
  let model: DemoModel
  /// The model of the next frame.
  private var viewModel: PickerViewModel
  /// The footer of the next frame for a narrow terminal.
  private var compactFooter: String
  /// The first visible row of the last frame.
  private var firstVisibleRow = 0
  /// The screen of the next frame.
  private var screen: DemoScreen?

  /// Creates the app.
  @MainActor
  init(model: DemoModel) {
    self.model = model
    self.viewModel = model.viewModel(firstVisibleRow: 0)
    self.compactFooter = model.compactFooter
    self.screen = model.screen
  }

  mutating func handle(_ event: TerminalEvent) async -> TerminalAppStep<PickerResult> {
    let model = self.model
    let first = firstVisibleRow
    let (step, viewModel, compactFooter, screen) = await MainActor.run {
      let screen = model.screen
      let step = model.handle(event)
      // A new screen starts at the top of its list.
      let viewModel = model.viewModel(firstVisibleRow: model.screen == screen ? first : 0)
      return (step, viewModel, model.compactFooter, model.screen)
    }
    self.viewModel = viewModel
    self.compactFooter = compactFooter
    self.screen = screen
    return step
  }

  mutating func draw(into buffer: inout ScreenBuffer) {
    var model = viewModel
    if let footer = model.footer, footer.displayWidth > buffer.columns {
      model.footer = compactFooter
    }
    let frame = PickerView(model: model).render(into: &buffer)
    firstVisibleRow = frame.firstVisibleRow
    // Page Up/Down move by the rows this frame showed; clicks find their rows.
    let (demo, screen) = (self.model, self.screen)
    Task { @MainActor in demo.frameDrawn(frame, on: screen) }
  }
}
