#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit
  import AutocompleteCities

  /// Seed 003 on the Mac: an `AutocompleteNSTextField` over the 34,006 embedded cities (through the
  /// core index), with RVS's options as live checkboxes and a stepper, and an "Add …" action row.
  public final class CityFieldExampleViewController: NSViewController, AutocompleteFieldDelegate {
    private let field = AutocompleteNSTextField(frame: .zero)
    private let picked = NSTextField(labelWithString: "")
    private let countLabel = NSTextField(labelWithString: "")
    /// The checkboxes' targets (a button holds its target weakly).
    private var checkboxes: [CheckboxAction] = []

    public override func loadView() {
      view = NSView(frame: NSRect(x: 0, y: 0, width: 520, height: 360))
      field.placeholderString = "City"
      field.sources = [IndexSource(SearchIndex(Cities.all.map { $0.autocompleteItem }))]
      field.autocompleteDelegate = self
      field.actionRow = ActionRowConfiguration(
        showsWhenEmpty: true, onSelection: { [weak self] query in self?.picked.stringValue = "Add \(query)" })
      field.widthAnchor.constraint(equalToConstant: 320).isActive = true
      picked.textColor = .secondaryLabelColor
      let stack = exampleStack(in: view, [field, picked])
      stack.addArrangedSubview(checkbox("isAutoFillOn", field.isAutoFillOn) { $0.isAutoFillOn = $1 })
      stack.addArrangedSubview(checkbox("isCaseSensitive", field.isCaseSensitive) { $0.isCaseSensitive = $1 })
      stack.addArrangedSubview(
        checkbox("isWildcardBefore", field.isWildcardBefore) { $0.isWildcardBefore = $1 })
      stack.addArrangedSubview(checkbox("isWildcardAfter", field.isWildcardAfter) { $0.isWildcardAfter = $1 })
      stack.addArrangedSubview(countStepper())
    }

    private func checkbox(
      _ title: String, _ isOn: Bool, _ set: @escaping (AutocompleteNSTextField, Bool) -> Void
    ) -> NSButton {
      let box = CheckboxAction(title: title, isOn: isOn) { [weak self] isOn in
        guard let self else { return }
        set(self.field, isOn)
      }
      checkboxes.append(box)
      return box.button
    }

    private func countStepper() -> NSView {
      countLabel.stringValue = "maximumAutofillCount: \(field.maximumAutofillCount)"
      let stepper = NSStepper()
      stepper.minValue = -1
      stepper.maxValue = 50
      stepper.integerValue = field.maximumAutofillCount
      stepper.target = self
      stepper.action = #selector(countChanged(_:))
      return NSStackView(views: [countLabel, stepper])
    }

    @objc private func countChanged(_ stepper: NSStepper) {
      field.maximumAutofillCount = stepper.integerValue
      countLabel.stringValue = "maximumAutofillCount: \(stepper.integerValue)"
    }

    /// Shows the pick and its payload (RVS's `refCon`).
    public func autocompleteField(_ field: NSTextField, didReceive event: AutocompleteFieldEvent) {
      guard case .picked(let suggestion) = event else { return }
      let item = suggestion.payload(as: AutocompleteItem.self)
      picked.stringValue = "Picked \(suggestion.displayText) (\(String(describing: item?.payload)))"
    }
  }

  /// A checkbox that calls a closure with its state (`NSButton` takes a target and a selector).
  @MainActor
  final class CheckboxAction: NSObject {
    let button: NSButton
    private let changed: (Bool) -> Void

    init(title: String, isOn: Bool, changed: @escaping (Bool) -> Void) {
      self.changed = changed
      button = NSButton(checkboxWithTitle: title, target: nil, action: nil)
      super.init()
      button.state = isOn ? .on : .off
      button.target = self
      button.action = #selector(toggled(_:))
    }

    @objc private func toggled(_ sender: NSButton) {
      changed(sender.state == .on)
    }
  }
#endif
