#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A view whose layout comes from a nib (AirCollection's `NibLoadableView`); the register
  /// helpers register the nib instead of the class.
  @MainActor
  public protocol NibLoadableView: AnyObject {
    /// The nib.
    static var viewNib: UINib { get }
  }

  extension NibLoadableView where Self: IdentifiableView {
    /// The nib named after ``IdentifiableView/viewIdentifier`` in the class's bundle.
    public static var viewNib: UINib {
      UINib(nibName: viewIdentifier, bundle: Bundle(for: Self.self))
    }
  }
#endif
