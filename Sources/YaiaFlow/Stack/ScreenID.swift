/// The identity of one screen pushed on a ``ScreenStack``: given when the screen is pushed,
/// never given again by that stack.
///
/// Because an id is never reused, a late event addressed to a popped screen cannot reach a new
/// screen that happens to sit at the same depth: it finds no screen and is dropped.
public struct ScreenID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The number of the push that made this screen, counted from 0 per stack.
  public let number: Int

  /// The id of the `number`th screen pushed on a stack: for tests that build ids by hand.
  public init(_ number: Int) {
    self.number = number
  }

  /// Earlier pushes first.
  public static func < (lhs: ScreenID, rhs: ScreenID) -> Bool {
    lhs.number < rhs.number
  }

  /// `#3` for the fourth screen pushed.
  public var description: String { "#\(number)" }
}

/// A screen id is written as its number's object, `{"number": 3}`, so that events that carry
/// one can be `Codable` (an inspector's exported session, an event sent from its page).
extension ScreenID: Codable {}
