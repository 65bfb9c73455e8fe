#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import ObjectiveC
  import UIKit

  /// An ``AutocompleteModel`` attached to its text field: the controller doing the work and the
  /// model, whose ``AutocompleteModel/items`` follow the list. The field keeps it alive.
  @MainActor
  public final class AutocompleteAttachment: NSObject, AutocompleteFieldDelegate {
    /// The model; change it and call ``update(_:)`` to apply.
    public private(set) var model: AutocompleteModel
    /// The controller (session, dropdown) behind the field.
    public let controller: AutocompleteFieldController

    init?(model: AutocompleteModel) {
      guard let field = model.textFieldView as? UITextField else { return nil }
      self.model = model
      self.controller = AutocompleteFieldController(textField: field)
      super.init()
      controller.delegate = self
      controller.installsKeyCommands = true  // a plain UITextField declares no key commands
      update(model)
    }

    /// Applies a changed model (items, cells, the extra row, options).
    public func update(_ model: AutocompleteModel) {
      self.model = model
      let setup = model.setupCell
      controller.cellProvider = .custom(
        cellType: model.cellType, estimatedHeight: model.heightForCells,
        setupCell: { tableView, indexPath, suggestion in
          setup(tableView, indexPath, suggestion.payload(as: (any AutocompleteSearchableItemProtocol).self))
        })
      controller.actionRow = model.actionRowConfiguration
      controller.declaredFieldFrame = model.textFieldFrame
      controller.options = model.options
      controller.sources = model.sources.isEmpty ? [SearchableItemSource(model.allItems)] : model.sources
    }

    /// Keeps ``AutocompleteModel/items`` equal to the rows shown, and calls
    /// ``AutocompleteModel/onItemSelection`` on a pick.
    public func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
      switch event {
      case .suggestionsChanged(let suggestions):
        model.items = suggestions.compactMap { $0.payload(as: (any AutocompleteSearchableItemProtocol).self) }
      case .picked(let suggestion):
        guard let item = suggestion.payload(as: (any AutocompleteSearchableItemProtocol).self) else { return }
        model.onItemSelection?(item)
      default:
        break
      }
    }
  }

  @MainActor private var attachmentKey: UInt8 = 0

  extension AutocompleteModel {
    /// Attaches this model to ``textFieldView`` (a `UITextField`) and returns the attachment,
    /// which the field keeps alive; attaching again replaces the previous one. Returns `nil` when
    /// ``textFieldView`` is not a `UITextField`.
    @discardableResult
    public func attach() -> AutocompleteAttachment? {
      (textFieldView as? UITextField)?.autocompleteAttachment?.controller.detach()
      guard let attachment = AutocompleteAttachment(model: self) else { return nil }
      objc_setAssociatedObject(textFieldView, &attachmentKey, attachment, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      return attachment
    }
  }

  extension UITextField {
    /// The ``AutocompleteModel`` attached to this field, if any.
    public var autocompleteAttachment: AutocompleteAttachment? {
      objc_getAssociatedObject(self, &attachmentKey) as? AutocompleteAttachment
    }
  }
#endif
