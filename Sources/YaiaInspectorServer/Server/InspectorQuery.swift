import Yaia

/// A request's query items as the routes read them: the first value of each name, and every
/// number checked once, at the door, before any arithmetic is done with it.
///
/// Why at the door: the numbers (`after`, `page`, `index`, `reuse`) come from whoever holds the
/// token, and one past the range a route adds to (`after=9223372036854775807`, then
/// `sequence + 1`) would trap and take the inspector down. The page reads them as JavaScript
/// numbers, so the range is JavaScript's whole numbers: 0 to 2^53 − 1.
struct InspectorQuery {
  /// The names whose values are whole numbers.
  static let numberNames: Set = ["after", "page", "index", "reuse", "from", "through", "apply"]
  /// The largest number any of them may be.
  static let largestNumber = (1 << 53) - 1

  /// Why a query cannot be read: the item, and what it must be.
  struct Problem: Error, Equatable, CustomStringConvertible {
    /// The item's name.
    var name: String
    /// What it held (shortened).
    var value: String
    var description: String {
      "`\(name)` must be a whole number from 0 to \(InspectorQuery.largestNumber), not \"\(value)\""
    }
  }

  private let items: [String: String]

  /// The items of `pairs`, the first value of a name winning.
  init(_ pairs: [(name: String, value: String)]) {
    var items: [String: String] = [:]
    for (name, value) in pairs where items[name] == nil { items[name] = value }
    self.items = items
  }

  /// The first number item that is not a whole number in range, if any: the request is then
  /// refused (400) with it, after the gate has let it in.
  var problem: Problem? {
    for name in Self.numberNames.sorted() {
      // Empty is absent: the page sends `page=` before it has a page.
      guard let value = items[name], !value.isEmpty else { continue }
      guard let number = Int(value), (0...Self.largestNumber).contains(number) else {
        return Problem(name: name, value: String(value.prefix(40)))
      }
    }
    return nil
  }

  /// A cursor that arrives elsewhere than the query (a browser's `Last-Event-ID` when it
  /// resumes a stream), checked as the query's numbers are: `nil` when absent or empty, the
  /// whole number when it is one in 0…2^53 − 1, else a ``Problem`` naming it.
  static func cursor(_ text: String?, named name: String) -> Result<Int?, Problem> {
    guard let text, !text.isEmpty else { return .success(nil) }
    guard let number = Int(text), (0...largestNumber).contains(number) else {
      return .failure(Problem(name: name, value: String(text.prefix(40))))
    }
    return .success(number)
  }

  /// The text of `name`, if the query has it.
  subscript(name: String) -> String? { items[name] }

  /// The text of `name`, if the query has it and it is not empty or only spaces.
  func text(_ name: String) -> String? {
    guard let text = items[name], text.contains(where: { !$0.isWhitespace }) else { return nil }
    return text
  }

  /// The whole number `name` holds, in 0…2^53 − 1 once ``problem`` is `nil`.
  func number(_ name: String) -> Int? { items[name].flatMap { Int($0) } }

  /// Why a route cannot take a request's items: the one missing or malformed, said as such.
  struct Missing: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// The whole number `name` holds; `Missing` naming it when it is absent. (A number out of
  /// range was refused with ``problem`` before any route reads it.)
  func required(_ name: String, for what: String) throws(Missing) -> Int {
    guard let number = number(name) else {
      throw Missing(description: "\(what) needs `\(name)`, a whole number from 0")
    }
    return number
  }

  /// The shell named by `shell` (`session:id`, as the page writes it); `Missing` saying what
  /// is wrong with it.
  func shell(for what: String) throws(Missing) -> InspectorLog.ShellKey {
    guard let text = items["shell"], !text.isEmpty else {
      throw Missing(description: "\(what) needs `shell`, written session:id")
    }
    guard let key = InspectorLog.ShellKey(text) else {
      let shown = VisibleText.escaped(text.prefix(60))
      throw Missing(
        description:
          "`shell` must be session:id (letters and digits, a colon, a number from 1), not \"\(shown)\""
      )
    }
    return key
  }
}
