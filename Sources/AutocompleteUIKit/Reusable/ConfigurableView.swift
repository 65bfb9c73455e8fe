#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A view configured with an untyped model (AirCollection's `ConfigurableView`). Adopt
  /// ``ModelConfigurableView`` instead; it implements this method safely.
  @MainActor
  public protocol ConfigurableView: AnyObject {
    /// Configures the view with `model`.
    func configure(_ model: Any)
  }
#endif
