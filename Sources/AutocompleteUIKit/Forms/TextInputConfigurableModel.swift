#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A view model that carries a text-input configuration (AirCollection's
  /// `TextInputConfigurableModel`).
  ///
  /// ```swift
  /// struct Model: TextInputConfigurableModel {
  ///   let title: String
  ///   let textInputConfiguration: TextFieldConfiguration
  /// }
  /// ```
  public protocol TextInputConfigurableModel {
    /// The configuration type.
    associatedtype Configuration: TextInputConfiguration
    /// The configuration for the view's text input.
    var textInputConfiguration: Configuration { get }
  }
#endif
