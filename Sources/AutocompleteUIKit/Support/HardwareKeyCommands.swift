#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import ObjectiveC
  import UIKit

  /// Hardware-keyboard commands for a text field or text view the library does not subclass (a
  /// field attached with ``AutocompleteModel/attach()``, a view of ``AutocompleteTriggerManager``).
  ///
  /// The commands are added to the view's nearest view controller while keys are claimed and
  /// removed when they are not, so the arrows move the caret as usual otherwise; their action is a
  /// method every `UITextField` and `UITextView` answers (the first responder), which hands the key
  /// to the handler installed for that view.
  @MainActor
  final class HardwareKeyCommands {
    private weak var view: UIView?
    private weak var controller: UIViewController?
    private var installed: [UIKeyCommand] = []
    private var keys: [HardwareKey] = []

    /// Creates the commands for `view`; `handle` receives the keys.
    init(view: UIView, handle: @escaping @MainActor (HardwareKey) -> Void) {
      self.view = view
      objc_setAssociatedObject(
        view, &keyHandlerKey, KeyHandler(handle), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// Claims `keys` now (none removes every command).
    func claim(_ keys: [HardwareKey]) {
      guard keys != self.keys || (controller == nil && !keys.isEmpty) else { return }
      self.keys = keys
      for command in installed { controller?.removeKeyCommand(command) }
      installed = []
      guard !keys.isEmpty, let view, let owner = Self.viewController(of: view) else { return }
      controller = owner
      installed = keys.map { key in
        let command = UIKeyCommand(
          input: key.keyCommandInput, modifierFlags: [],
          action: #selector(UIResponder.autocompleteKitHardwareKey(_:)))
        command.wantsPriorityOverSystemBehavior = true
        return command
      }
      for command in installed { owner.addKeyCommand(command) }
    }

    /// Removes the commands and the handler.
    func remove() {
      claim([])
      if let view { objc_setAssociatedObject(view, &keyHandlerKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }

    private static func viewController(of view: UIView) -> UIViewController? {
      var responder: UIResponder? = view.next
      while let current = responder {
        if let controller = current as? UIViewController { return controller }
        responder = current.next
      }
      return nil
    }
  }

  @MainActor private var keyHandlerKey: UInt8 = 0

  /// The handler a view's key commands call.
  @MainActor
  private final class KeyHandler: NSObject {
    let handle: @MainActor (HardwareKey) -> Void
    init(_ handle: @escaping @MainActor (HardwareKey) -> Void) { self.handle = handle }
  }

  extension UIResponder {
    /// The action of ``HardwareKeyCommands``: the first responder (the field) hands the key to its
    /// handler.
    @objc func autocompleteKitHardwareKey(_ command: UIKeyCommand) {
      guard let input = command.input, let key = HardwareKey(keyCommandInput: input),
        let handler = objc_getAssociatedObject(self, &keyHandlerKey) as? KeyHandler
      else { return }
      handler.handle(key)
    }
  }
#endif
