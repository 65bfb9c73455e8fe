#if canImport(SwiftUI)
  #if canImport(UIKit)
    @preconcurrency import UIKit
  #elseif canImport(AppKit)
    @preconcurrency import AppKit
  #endif

  /// Posts VoiceOver announcements with the platform's API (SwiftUI's own is iOS 17+ only).
  @MainActor
  enum Announcer {
    static func announce(_ text: String) {
      #if canImport(UIKit) && !os(watchOS)
        UIAccessibility.post(notification: .announcement, argument: text)
      #elseif canImport(AppKit)
        guard let window = NSApp?.keyWindow else { return }
        NSAccessibility.post(
          element: window, notification: .announcementRequested,
          userInfo: [.announcement: text, .priority: NSAccessibilityPriorityLevel.high.rawValue])
      #endif
    }
  }
#endif
