#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// Where the floating list lives and where VoiceOver finds it.
  ///
  /// The list is added to the view of the field's nearest view controller (so inside a sheet it is
  /// inside the sheet's modal scope), or to the window without one. While it shows, the field's
  /// container lists it in its `accessibilityElements` right after the field, so a swipe right
  /// from the field reaches the first row; the host leaves it out of its own elements (it is read
  /// once). The previous `accessibilityElements` of both come back when the list hides.
  @MainActor
  final class DropdownHost {
    private weak var container: UIView?
    private weak var host: UIView?
    private var savedContainerElements: [Any]?
    private var savedHostElements: [Any]?
    private var isInstalled = false

    /// The view the list is added to for `field`: its view controller's view, or the nearest view
    /// above that is not a scroll view (a `UITableViewController`'s view is its table, whose
    /// accessibility the list must not take over), or the window.
    static func hostView(for field: UIView) -> UIView? {
      var responder: UIResponder? = field.next
      while let current = responder {
        if let controller = current as? UIViewController, var view = controller.viewIfLoaded,
          view.window != nil
        {
          while view is UIScrollView, let parent = view.superview { view = parent }
          return view is UIScrollView ? field.window : view
        }
        responder = current.next
      }
      return field.window
    }

    /// Puts `dropdown` after `field` in VoiceOver's order (once per showing).
    func install(_ dropdown: UIView, after field: UIView, in host: UIView) {
      guard !isInstalled, let container = field.superview else { return }
      isInstalled = true
      self.container = container
      self.host = host
      savedContainerElements = container.accessibilityElements
      let isRightToLeft = container.effectiveUserInterfaceLayoutDirection == .rightToLeft
      let base = savedContainerElements ?? Self.readingOrder(container.subviews, isRightToLeft: isRightToLeft)
      container.accessibilityElements = AccessibilityOrder.inserting(
        dropdown as Any, into: base, isList: { ($0 as AnyObject) === dropdown },
        afterFirst: { ($0 as? UIView).map { field.isDescendant(of: $0) } ?? false })
      if host !== container, !(host is UIScrollView) {
        savedHostElements = host.accessibilityElements
        let hostBase = savedHostElements ?? Self.readingOrder(host.subviews, isRightToLeft: isRightToLeft)
        host.accessibilityElements = hostBase.filter { ($0 as AnyObject) !== dropdown }
      }
    }

    /// Gives the container and the host their own `accessibilityElements` back.
    func restore() {
      guard isInstalled else { return }
      isInstalled = false
      container?.accessibilityElements = savedContainerElements
      if let host, host !== container, !(host is UIScrollView) {
        host.accessibilityElements = savedHostElements
      }
      savedContainerElements = nil
      savedHostElements = nil
    }

    private static func readingOrder(_ views: [UIView], isRightToLeft: Bool) -> [Any] {
      let visible = views.filter { !$0.isHidden && $0.alpha > 0 }
      return AccessibilityOrder.readingOrder(of: visible.map(\.frame), isRightToLeft: isRightToLeft).map {
        visible[$0]
      }
    }
  }
#endif
