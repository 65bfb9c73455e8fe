#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  extension UITableView {
    /// Registers a cell under its ``IdentifiableView/viewIdentifier``: its nib when it is a
    /// ``NibLoadableView``, else its class.
    public func register<Cell: UITableViewCell & IdentifiableView>(_ cellType: Cell.Type) {
      if let nibType = cellType as? any NibLoadableView.Type {
        register(nibType.viewNib, forCellReuseIdentifier: cellType.viewIdentifier)
      } else {
        register(cellType, forCellReuseIdentifier: cellType.viewIdentifier)
      }
    }

    /// Registers a header or footer view under its identifier (nib or class, as for cells).
    public func registerHeaderFooter<View: UITableViewHeaderFooterView & IdentifiableView>(
      _ viewType: View.Type
    ) {
      if let nibType = viewType as? any NibLoadableView.Type {
        register(nibType.viewNib, forHeaderFooterViewReuseIdentifier: viewType.viewIdentifier)
      } else {
        register(viewType, forHeaderFooterViewReuseIdentifier: viewType.viewIdentifier)
      }
    }

    /// Dequeues a cell registered with ``register(_:)``. Dequeuing a type that was not registered
    /// is a programming error and stops with a message naming it.
    public func dequeueReusableCell<Cell: UITableViewCell & IdentifiableView>(
      _ cellType: Cell.Type, for indexPath: IndexPath
    ) -> Cell {
      let cell = dequeueReusableCell(withIdentifier: cellType.viewIdentifier, for: indexPath)
      guard let typed = cell as? Cell else {
        preconditionFailure(
          "\(cellType.viewIdentifier) dequeued a \(type(of: cell)); register(\(cellType).self) first")
      }
      return typed
    }

    /// Dequeues a cell and configures it with `model`.
    public func dequeueReusableCell<Cell: UITableViewCell & IdentifiableView & ModelConfigurableView>(
      _ cellType: Cell.Type, for indexPath: IndexPath, model: Cell.Model
    ) -> Cell {
      let cell = dequeueReusableCell(cellType, for: indexPath)
      cell.configure(model: model)
      return cell
    }

    /// Dequeues a header or footer view registered with ``registerHeaderFooter(_:)``, or `nil`.
    public func dequeueReusableHeaderFooterView<View: UITableViewHeaderFooterView & IdentifiableView>(
      _ viewType: View.Type
    ) -> View? {
      dequeueReusableHeaderFooterView(withIdentifier: viewType.viewIdentifier) as? View
    }
  }
#endif
