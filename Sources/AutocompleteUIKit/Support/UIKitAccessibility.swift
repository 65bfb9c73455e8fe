#if canImport(UIKit) && (os(iOS) || os(visionOS))
  @preconcurrency import UIKit

  /// UIKit's accessibility constants, read in one place: the SDK imports them as mutable globals,
  /// which Swift 6 only accepts through a `@preconcurrency` import.
  @MainActor
  enum UIKitAccessibility {
    /// The button trait (the action row).
    static var button: UIAccessibilityTraits { .button }
    /// The static-text trait (status rows).
    static var staticText: UIAccessibilityTraits { .staticText }
    /// The selected trait (a selected chip).
    static var selected: UIAccessibilityTraits { .selected }

    /// Posts a VoiceOver announcement, queued behind what VoiceOver is saying (the typing echo)
    /// rather than interrupting it.
    static func announce(_ text: String) {
      let queued = NSAttributedString(string: text, attributes: [.accessibilitySpeechQueueAnnouncement: true])
      UIAccessibility.post(notification: .announcement, argument: queued)
    }
  }
#endif
