#if canImport(AppKit) && os(macOS)
  @preconcurrency import AppKit

  /// AppKit's accessibility calls, in one place: the SDK imports their constants as globals that
  /// Swift 6 only accepts through a `@preconcurrency` import.
  @MainActor
  enum AppKitAccessibility {
    /// Asks VoiceOver to read `text` (`NSAccessibility.post` with an announcement), on behalf of
    /// `element`'s window, at medium priority: queued after the typing echo, never cutting it off.
    static func announce(_ text: String, for element: NSView) {
      NSAccessibility.post(
        element: element.window ?? element, notification: .announcementRequested,
        userInfo: [.announcement: text, .priority: NSAccessibilityPriorityLevel.medium.rawValue])
    }

    /// Sets the names Voice Control accepts for `element` (macOS 14 and later; nothing before).
    static func setInputLabels(_ labels: [String], for element: NSView) {
      if #available(macOS 14, *) {
        element.setAccessibilityUserInputLabels(labels.isEmpty ? nil : labels)
      }
    }

    /// Tells assistive technologies whether `field`'s list is expanded, and links the list to it
    /// while it shows.
    static func setExpanded(_ isExpanded: Bool, field: NSView, list: NSView) {
      field.setAccessibilityExpanded(isExpanded)
      field.setAccessibilityLinkedUIElements(isExpanded ? [list] : nil)
    }
  }
#endif
