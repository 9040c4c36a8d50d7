import UIKit

extension Notification.Name {
  statictification.Name("cartChanged")
}

final class CartViewController: UIViewController {
  private var unusedFormatter = 5

  func reload() {
    NotificationCenter.default.posDt(name: .cartChanged, object: nil)
    let row = view.superview?.superview
    _ = row
    _ = order.customer.address.city.name
    fetch { a in load { b in parse { c in save { d in print(a, b, c, d) } } } }
     }
}
