#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  extension UICollectionView {
    /// Registers a cell under its ``IdentifiableView/viewIdentifier``: its nib when it is a
    /// ``NibLoadableView``, else its class.
    public func register<Cell: UICollectionViewCell & IdentifiableView>(_ cellType: Cell.Type) {
      if let nibType = cellType as? any NibLoadableView.Type {
        register(nibType.viewNib, forCellWithReuseIdentifier: cellType.viewIdentifier)
      } else {
        register(cellType, forCellWithReuseIdentifier: cellType.viewIdentifier)
      }
    }

    /// Registers a supplementary view (header, footer) of `kind` under its identifier.
    public func register<View: UICollectionReusableView & IdentifiableView>(
      _ viewType: View.Type, forSupplementaryViewOfKind kind: String
    ) {
      if let nibType = viewType as? any NibLoadableView.Type {
        register(
          nibType.viewNib, forSupplementaryViewOfKind: kind, withReuseIdentifier: viewType.viewIdentifier)
      } else {
        register(viewType, forSupplementaryViewOfKind: kind, withReuseIdentifier: viewType.viewIdentifier)
      }
    }

    /// Dequeues a cell registered with ``register(_:)``. Dequeuing a type that was not registered
    /// is a programming error and stops with a message naming it.
    public func dequeueReusableCell<Cell: UICollectionViewCell & IdentifiableView>(
      _ cellType: Cell.Type, for indexPath: IndexPath
    ) -> Cell {
      let cell = dequeueReusableCell(withReuseIdentifier: cellType.viewIdentifier, for: indexPath)
      guard let typed = cell as? Cell else {
        preconditionFailure(
          "\(cellType.viewIdentifier) dequeued a \(type(of: cell)); register(\(cellType).self) first")
      }
      return typed
    }

    /// Dequeues a cell and configures it with `model`.
    public func dequeueReusableCell<Cell: UICollectionViewCell & IdentifiableView & ModelConfigurableView>(
      _ cellType: Cell.Type, for indexPath: IndexPath, model: Cell.Model
    ) -> Cell {
      let cell = dequeueReusableCell(cellType, for: indexPath)
      cell.configure(model: model)
      return cell
    }

    /// Dequeues a supplementary view registered with ``register(_:forSupplementaryViewOfKind:)``.
    public func dequeueReusableSupplementaryView<View: UICollectionReusableView & IdentifiableView>(
      _ viewType: View.Type, ofKind kind: String, for indexPath: IndexPath
    ) -> View {
      let view = dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: viewType.viewIdentifier, for: indexPath)
      guard let typed = view as? View else {
        preconditionFailure("\(viewType.viewIdentifier) dequeued a \(type(of: view)); register it first")
      }
      return typed
    }
  }
#endif
