#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// Configures a text input view (AirCollection's `TextInputConfiguration`): keyboard traits,
  /// delegate, input view. Configuring the same (reused) view again replaces everything the last
  /// configuration set: traits, delegate, targets and input view.
  @MainActor
  public protocol TextInputConfiguration {
    /// The view type it configures.
    associatedtype TextInputView: UIView
    /// Configures `textInputView`.
    func configure(textInputView: TextInputView)
  }
#endif
