/// The platform seam of navigation: something that can push, pop, present and dismiss
/// screens. A navigation controller conforms in a few lines; so do the capturing navigator for
/// tests and the terminal navigator of the sample app.
@MainActor
public protocol Navigator: AnyObject {
  /// What this platform shows: a view controller, a text screen.
  associatedtype Screen

  /// Pushes `screen` on the stack.
  func push(_ screen: Screen)
  /// Pops `count` screens off the stack.
  func pop(count: Int)
  /// Replaces the whole stack.
  func setStack(_ screens: [Screen])
  /// Presents `screen` modally over everything.
  func present(_ screen: Screen)
  /// Dismisses `count` modal screens, top first.
  func dismiss(count: Int)
}
