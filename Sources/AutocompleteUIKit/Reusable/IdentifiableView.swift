#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A view with a unique identifier, used as its reuse identifier and nib name (AirCollection's
  /// `IdentificableView`).
  @MainActor
  public protocol IdentifiableView: AnyObject {
    /// The identifier; by default the type's name, `String(describing: self)`.
    static var viewIdentifier: String { get }
  }

  extension IdentifiableView {
    /// The type's name.
    public static var viewIdentifier: String { String(describing: self) }
  }

  /// AirCollection's spelling of ``IdentifiableView``.
  public typealias IdentificableView = IdentifiableView
#endif
