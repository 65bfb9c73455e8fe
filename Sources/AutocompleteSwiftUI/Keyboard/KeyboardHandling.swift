#if canImport(SwiftUI)
  import SwiftUI

  /// Hardware keys for the field: `onKeyPress` on iOS 17 and macOS 14; on macOS 13 the move and
  /// exit commands (arrows, Escape); on iOS 16 only Return (through `onSubmit`), since SwiftUI
  /// has no key API there.
  @MainActor
  struct KeyboardHandling: ViewModifier {
    let claimedKeys: () -> [HardwareKey]
    let press: (HardwareKey) -> Bool

    func body(content: Content) -> some View {
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) {
        content.onKeyPress(keys: Self.keys, phases: .down) { keyPress in
          guard let key = Self.hardwareKey(keyPress.key), claimedKeys().contains(key) else { return .ignored }
          return press(key) ? .handled : .ignored
        }
      } else {
        #if os(macOS)
          content
            .onMoveCommand { direction in
              let key: HardwareKey? =
                switch direction {
                case .up: .upArrow
                case .down: .downArrow
                case .right: .rightArrow
                default: nil
                }
              if let key, claimedKeys().contains(key) { _ = press(key) }
            }
            .onExitCommand { if claimedKeys().contains(.escape) { _ = press(.escape) } }
        #else
          content
        #endif
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
    static var keys: Set<KeyEquivalent> {
      [.upArrow, .downArrow, .rightArrow, .pageUp, .pageDown, .escape, .tab]
    }

    /// The hardware key of a key equivalent, compared by character (key equivalents are only
    /// `Equatable` from iOS 17 and macOS 14).
    static func hardwareKey(_ key: KeyEquivalent) -> HardwareKey? {
      let pairs: [(KeyEquivalent, HardwareKey)] = [
        (.upArrow, .upArrow), (.downArrow, .downArrow), (.rightArrow, .rightArrow), (.pageUp, .pageUp),
        (.pageDown, .pageDown), (.escape, .escape), (.tab, .tab), (.return, .returnKey),
      ]
      return pairs.first { $0.0.character == key.character }?.1
    }
  }
#endif
