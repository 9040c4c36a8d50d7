#if canImport(UIKit) && !os(watchOS)
  public import UIKit

  /// A ``Navigator`` over a `UINavigationController`, presenting modals over it.
  ///
  /// Only Apple platforms build this file (it cannot be compiled on Linux), so it holds no
  /// logic: every decision is made by the flow and ``NavigationState``; this only performs it.
  @MainActor
  public final class UIKitNavigator: Navigator {
    /// The navigation controller the stack lives in.
    public let navigationController: UINavigationController
    /// Whether changes animate.
    public var animated = true
    private var presented: [UIViewController] = []

    /// A navigator over `navigationController`.
    public init(_ navigationController: UINavigationController) {
      self.navigationController = navigationController
    }

    /// Pushes `screen`.
    public func push(_ screen: UIViewController) {
      navigationController.pushViewController(screen, animated: animated)
    }

    /// Pops `count` screens, never the root.
    public func pop(count: Int) {
      let stack = navigationController.viewControllers
      guard count > 0, stack.count > 1 else { return }
      let keep = Swift.max(1, stack.count - count)
      navigationController.popToViewController(stack[keep - 1], animated: animated)
    }

    /// Replaces the stack.
    public func setStack(_ screens: [UIViewController]) {
      navigationController.setViewControllers(screens, animated: animated)
    }

    /// Presents `screen` over the topmost presented screen (or the navigation controller).
    public func present(_ screen: UIViewController) {
      let presenter = presented.last ?? navigationController
      presenter.present(screen, animated: animated)
      presented.append(screen)
    }

    /// Dismisses the top `count` presented screens at once.
    public func dismiss(count: Int) {
      guard count > 0, !presented.isEmpty else { return }
      let remaining = Swift.max(0, presented.count - count)
      let presenter: UIViewController =
        remaining == 0 ? navigationController : presented[remaining - 1]
      presented.removeLast(presented.count - remaining)
      presenter.dismiss(animated: animated)
    }
  }
#endif
