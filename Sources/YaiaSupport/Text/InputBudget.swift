/// What one document from outside may cost the code that reads it: how deep it nests, how many
/// bytes and elements it expands to, and how long reading it may take, counted across the
/// whole document (a manifest, a journal, a request, a connection), never per value.
///
/// Why one type: every reader of outside input needs the same four limits, and the attacks
/// that get past them are the ones that reset a count (a budget per body, repeated by many
/// bodies) or check it after the work (recursion that overflows the stack before a depth test
/// runs). A reader makes one budget per document, calls ``enter()`` *before* it recurses and
/// ``leave()`` after, and ``spend(bytes:elements:)`` as it expands values; each throws
/// ``InputBudget/Exceeded`` as soon as a limit is passed, so a reader stops without having
/// done the work. Package-internal: it is the house rule of Yaia's own readers (mock
/// server, inspector, remote, lint), not API for apps.
package struct InputBudget: Sendable {
  /// The limits of one document.
  package struct Limits: Equatable, Sendable {
    /// The deepest nesting (containers inside containers, aliases followed).
    package var depth: Int
    /// The most bytes of text the document may expand to.
    package var bytes: Int
    /// The most values (scalars, containers, fields) the document may expand to.
    package var elements: Int
    /// The longest the reading may take, if bounded.
    package var time: Duration?

    /// Limits of `depth`, `bytes`, `elements` and `time`.
    package init(depth: Int, bytes: Int, elements: Int, time: Duration? = nil) {
      self.depth = depth
      self.bytes = bytes
      self.elements = elements
      self.time = time
    }
  }

  /// Which limit a document passed, with the limit: the text of a reader's error.
  package enum Exceeded: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nested deeper than this.
    case depth(Int)
    /// Expands to more bytes than this.
    case bytes(Int)
    /// Expands to more values than this.
    case elements(Int)
    /// Took longer than this to read.
    case time(Duration)

    package var description: String {
      switch self {
      case .depth(let limit): "nested deeper than \(limit) levels"
      case .bytes(let limit): "expands to more than \(limit) bytes"
      case .elements(let limit): "expands to more than \(limit) values"
      case .time(let limit): "took longer than \(DurationText.format(limit)) to read"
      }
    }
  }

  /// The limits this budget spends against.
  package let limits: Limits
  /// The current nesting depth.
  package private(set) var depth = 0
  /// Bytes spent so far.
  package private(set) var bytes = 0
  /// Values spent so far.
  package private(set) var elements = 0
  /// When reading must have ended, if it is timed. Boxed: a clock's instant has no fixed
  /// layout outside the standard library, and holding one inline made every reader that holds
  /// a budget copy and test it through the runtime on each value (a quarter of JSON's read time).
  private let deadline: Deadline?
  private var spendsSinceClock = 0

  /// The instant a timed budget runs out.
  private final class Deadline: Sendable {
    let instant: ContinuousClock.Instant
    init(_ instant: ContinuousClock.Instant) { self.instant = instant }
  }

  /// A fresh budget of `limits` for one document; its time (if any) starts now.
  package init(_ limits: Limits) {
    self.limits = limits
    deadline = limits.time.map { Deadline(ContinuousClock.now.advanced(by: $0)) }
  }

  /// Goes one level deeper; call it before recursing, and ``leave()`` after.
  package mutating func enter() throws(Exceeded) {
    guard depth < limits.depth else { throw .depth(limits.depth) }
    depth += 1
  }

  /// Comes back up one level.
  package mutating func leave() {
    depth = max(0, depth - 1)
  }

  /// Spends `bytes` bytes and `elements` values of the document.
  package mutating func spend(bytes: Int = 0, elements: Int = 1) throws(Exceeded) {
    self.bytes += max(0, bytes)
    self.elements += max(0, elements)
    guard self.bytes <= limits.bytes else { throw .bytes(limits.bytes) }
    guard self.elements <= limits.elements else { throw .elements(limits.elements) }
    // The clock is read once every 1,024 spends: cheap, and often enough to stop in time.
    guard let deadline, let time = limits.time else { return }
    spendsSinceClock += 1
    guard spendsSinceClock >= 1_024 else { return }
    spendsSinceClock = 0
    if ContinuousClock.now > deadline.instant { throw .time(time) }
  }
}
