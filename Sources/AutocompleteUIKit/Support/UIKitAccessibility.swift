#if canImport(UIKit) && (os(iOS) || os(visionOS))
  @preconcurrency import UIKit

  /// UIKit's accessibility constants, read in one place: the SDK imports them as mutable globals,
  /// which Swift 6 only accepts through a `@preconcurrency` import.
  @MainActor
  enum UIKitAccessibility {
    /// The button trait (the action row).
    static var button: UIAccessibilityTraits { .button }
    /// The static-text trait (suggestion and status rows).
    static var staticText: UIAccessibilityTraits { .staticText }

    /// Posts a VoiceOver announcement.
    static func announce(_ text: String) {
      UIAccessibility.post(notification: .announcement, argument: text)
    }
  }
#endif
