import UIKit

extension Notification.Name {
  static let cartChanged = Notification.Name("cartChanged")
}

final class CartViewController: UIViewController {
  private var unusedFormatter = 0

  func reload() {
    NotificationCenter.default.post(name: .cartChanged, object: nil)
    let row = view.superview?.superview
    _ = row
    _ = order.customer.address.city.name
    fetch { a in load { b in parse { c in save { d in print(a, b, c, d) } } } }
    // let total = cart.total()
    // label.text = "\(total)"
    _ = CartState.self
  }
}
