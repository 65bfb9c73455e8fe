#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A view configured with a model of its own type (AirCollection's `ModelConfigurableView`).
  ///
  /// ```swift
  /// final class PersonCell: UITableViewCell, IdentifiableView, ModelConfigurableView {
  ///   struct Model { let name: String }
  ///   func configure(model: Model) { textLabel?.text = model.name }
  /// }
  /// ```
  /// ``ConfigurableView/configure(_:)`` forwards to ``configure(model:)`` when the model has the
  /// right type. A wrong type stops a debug build with a message naming both types
  /// (`assertionFailure`) and leaves the view unchanged in a release build;
  /// ``configureChecked(_:)`` returns the mismatch.
  @MainActor
  public protocol ModelConfigurableView: ConfigurableView {
    /// The model type.
    associatedtype Model
    /// Configures the view with `model`.
    func configure(model: Model)
  }

  extension ModelConfigurableView {
    /// Forwards to ``configure(model:)``; a model of another type is an assertion failure in
    /// debug builds and is ignored in release builds.
    public func configure(_ model: Any) {
      if case .failure(let mismatch) = configureChecked(model) {
        assertionFailure(mismatch.description)
      }
    }

    /// Forwards to ``configure(model:)`` when `model` is a ``Model``; otherwise returns the mismatch
    /// and leaves the view unchanged.
    @discardableResult
    public func configureChecked(_ model: Any) -> Result<Void, ModelTypeMismatch> {
      ModelDispatch.model(model, as: Model.self, for: Self.self).map { configure(model: $0) }
    }
  }
#endif
