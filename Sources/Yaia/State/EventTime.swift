#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The time of the event being handled, for every ``TimedState`` in a tree of states: the shell
/// (or a test) sets it once, and the forwarding helpers (`handle(_:in:…)`, `handle(_:for:in:…)`)
/// stamp it on each timed child before handing it an event, however deep it sits. No parent
/// forwards the time by hand, and a screen on a stack reads the same `now` as the root.
///
/// Where the time comes from, for a child the helpers forward to: its parent's own ``TimedState/now``
/// when the parent is timed too (so a value test that sets the root's `now` fixes it for the
/// whole tree), else the time the shell was told for this event (a shell made with `now:`), else
/// the time a test set with ``withEventTime(_:_:)``. When none is there, the child's time is
/// left as it was and a ``WiringIssue`` names the two states: a timed screen that is never told
/// the time fails the test that drives it, instead of dating its items `0000-12-30`.
@usableFromInline
enum EventTime {
  /// What one thread knows of the time of the event it handles: `handle` runs on the caller's
  /// thread, synchronously.
  struct Times {
    /// The time a shell told for the event it handles, valid while that shell handles events:
    /// clearing it after each event would put a call in the shell's hottest path, which made
    /// every event five times slower (scene.ns_per_event 25 → 130), so it is checked instead.
    var told: (any Sendable)?
    /// The shell that told it.
    weak var teller: (any TimeTeller)?
    /// Times set for a part of the tree (a timed parent's own, a test's `withEventTime`),
    /// innermost last.
    var scoped: [any Sendable] = []
  }

  /// Per thread. A lock, not a task-local value: the shell sets and clears the time without
  /// wrapping `handle` in a closure, which cost every event several times the rest of a send.
  private static let byThread = Locked<[UInt: Times]>([:])

  /// The time of the event this thread is handling, if anyone told one.
  static var current: (any Sendable)? {
    let times = byThread.withLock { $0[threadKey] }
    if let scoped = times?.scoped.last { return scoped }
    guard let told = times?.told, let teller = times?.teller else { return nil }
    // Only shells tell times, on the main actor's thread, and the slot is this thread's own: a
    // reader that finds a teller here is on the main thread, which the runtime's isolation
    // check accepts as the main actor's.
    let handling = MainActor.assumeIsolated { teller.isHandlingEvent }
    return handling ? told : nil
  }

  /// The time `teller`, a shell, tells for the event this thread is about to handle.
  static func tell(_ time: any Sendable, by teller: any TimeTeller) {
    let key = threadKey
    byThread.withLock { threads in
      threads[key, default: Times()].told = time
      threads[key]?.teller = teller
    }
  }

  /// Runs `body` with `time` as the event's time for everything it handles.
  @usableFromInline
  static func during<Result>(_ time: any Sendable, _ body: () throws -> Result) rethrows
    -> Result
  {
    let key = threadKey
    byThread.withLock { $0[key, default: Times()].scoped.append(time) }
    defer {
      byThread.withLock { threads in
        threads[key]?.scoped.removeLast()
        if threads[key]?.scoped.isEmpty == true, threads[key]?.teller == nil { threads[key] = nil }
      }
    }
    return try body()
  }

  /// This thread, as a key.
  private static var threadKey: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}

/// A shell that tells the time of its events (``EventTime``).
@MainActor
protocol TimeTeller: AnyObject, Sendable {
  /// Whether it is handling events now, so that the time it told is current.
  var isHandlingEvent: Bool { get }
}

/// Runs `body` with `time` as the time of every event handled in it: for a value test of a
/// state whose timed children sit below a parent that is not timed (a screen on a stack, a
/// destination), where the test has no root `now` to set.
///
/// ```swift
/// withEventTime(Date(timeIntervalSince1970: 60)) {
///   Given(Meetings()).when(.meetingTapped("Standup"), .path(ScreenID(0), .record(.started)))
///     .then(…)
/// }
/// ```
@discardableResult
public func withEventTime<Time: Sendable, Result>(_ time: Time, _ body: () throws -> Result)
  rethrows -> Result
{
  try EventTime.during(time) { try body() }
}

extension ShellState {
  /// Hands `event` to the child at `child`, telling it the time first when it is a
  /// ``TimedState``, and, when this state is timed, handing its own time down as the event's
  /// time for everything below the child: what every forwarding helper does. Free where
  /// neither is timed (two type checks, folded away where the helper is specialized).
  @inlinable
  mutating func handleChild<Child: ShellState>(
    _ event: Child.Event, at child: WritableKeyPath<Self, Child>
  ) -> [Child.Command] {
    let timedParent = Self.self is any TimedState.Type
    let timedChild = Child.self is any TimedState.Type
    guard timedParent || timedChild else { return self[keyPath: child].handle(event) }
    let time = timeForChildren
    if timedChild { Self.stampTime(on: &self[keyPath: child], from: time) }
    guard timedParent, let time else { return self[keyPath: child].handle(event) }
    return EventTime.during(time) { self[keyPath: child].handle(event) }
  }

  /// Hands `event` to the optional child at `child`, which the caller checked is there, as
  /// ``handleChild(_:at:)`` does.
  @inlinable
  mutating func handleChild<Child: ShellState>(
    _ event: Child.Event, at child: WritableKeyPath<Self, Child?>
  ) -> [Child.Command] {
    let timedParent = Self.self is any TimedState.Type
    let timedChild = Child.self is any TimedState.Type
    guard timedParent || timedChild else { return self[keyPath: child]!.handle(event) }
    let time = timeForChildren
    if timedChild { Self.stampTime(on: &self[keyPath: child]!, from: time) }
    guard timedParent, let time else { return self[keyPath: child]!.handle(event) }
    return EventTime.during(time) { self[keyPath: child]!.handle(event) }
  }

  /// Hands `event` to `child`, a copy the caller stores back, as ``handleChild(_:at:)`` does.
  @inlinable
  func handleChild<Child: ShellState>(_ event: Child.Event, copy child: inout Child)
    -> [Child.Command]
  {
    let timedParent = Self.self is any TimedState.Type
    let timedChild = Child.self is any TimedState.Type
    guard timedParent || timedChild else { return child.handle(event) }
    let time = timeForChildren
    if timedChild { Self.stampTime(on: &child, from: time) }
    guard timedParent, let time else { return child.handle(event) }
    return EventTime.during(time) { child.handle(event) }
  }

  /// The time this state's timed children are told: its own `now` when it is timed, else the
  /// time of the event being handled, if anyone set one.
  @usableFromInline
  var timeForChildren: (any Sendable)? {
    guard let timed = Self.self as? any TimedState.Type else { return EventTime.current }
    func own<Timed: TimedState>(_: Timed.Type) -> any Sendable {
      withUnsafePointer(to: self) {
        $0.withMemoryRebound(to: Timed.self, capacity: 1) { $0.pointee.now }
      }
    }
    return own(timed)
  }

  /// Sets `child.now` to `time`; reports a ``WiringIssue`` when there is no time or it is of
  /// another type than the child's.
  @usableFromInline
  static func stampTime<Child>(on child: inout Child, from time: (any Sendable)?) {
    guard let timed = Child.self as? any TimedState.Type else { return }
    func stamp<Timed: TimedState>(_: Timed.Type) {
      guard let time else {
        WiringIssue.report(
          .timeNotTold(child: "\(Timed.self)", parent: "\(Self.self)"))
        return
      }
      guard let now = time as? Timed.Time else {
        WiringIssue.report(
          .timeOfAnotherType(
            child: "\(Timed.self)", expected: "\(Timed.Time.self)", told: "\(type(of: time))"))
        return
      }
      withUnsafeMutablePointer(to: &child) {
        $0.withMemoryRebound(to: Timed.self, capacity: 1) { $0.pointee.now = now }
      }
    }
    stamp(timed)
  }
}
