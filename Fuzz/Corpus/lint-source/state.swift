import Foundation

protocol SceneState {}

final class PriceCache {}

struct CartState: SceneState {
  enum Event {
    case add(Int)
    case checkout
  }
  enum Command { case pay(total: Int, done: () -> Void) }
  struct ViewModel { var total: Int }

  var items: [Int] = []
  var cache: PriceCache

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .add(let price):
      items.append(price)
      return []
    case .checkout:
      let when = Date()
      _ = when
      return []
    }
  }

  var viewModel: ViewModel { ViewModel(total: items.reduce(0, +)) }
}

public func legacy(_ json: [String: Any]) {}

/// The domain reaching into a view: a layer crossing.
func refresh(_ screen: CartViewController) {}
