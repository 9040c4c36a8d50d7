/// Finds a timed state that stamped something with a time nobody told it: the sign of an event
/// handed to a ``TimedState`` child by hand (`recording.handle(event)`) instead of through the
/// forwarding helpers, which tell a timed child the time first. Its `now` stays as it was (often
/// `Date.distantPast`), so what it stamps is dated `0000-12-30` and nothing else goes wrong.
///
/// Run by YaiaTesting after each event a test hands a state (`Given`, `ShellHarness`,
/// `explore`), never by the app's shell: it walks the state's values through their mirrors,
/// which an event in the app must not pay for.
///
/// The check looks at every timed state in the tree whose `now` is not the event's time. If that
/// state holds more copies of its stale time after the event than it held before (`now` fields
/// aside; the same state is the one at the same place in the tree), it stamped something with
/// it during the event: a ``WiringIssue`` names the state and the state that holds it. A stamp
/// copied from elsewhere (a note duplicated with its date) and a child made during the event
/// with its initial time are not reported. When no time was told for the event at all, nothing is checked (a timed child
/// reached through the helpers is reported then already, as untold).
package enum UntoldStamp {
  /// How far into a state the search goes, in levels and values looked at: a huge state is not
  /// searched to its end (a stale stamp may then go unreported, the test never hangs).
  static let depthLimit = 24
  static let countLimit = 20_000

  /// Reports a timed state in `after` that stamped a time it was not told during the event that
  /// turned `before` into `after`.
  package static func check<State: ShellState>(before: State, after: State) {
    guard let told = eventTime(of: after) else { return }
    var budget = countLimit
    var stale: [StaleTime] = []
    findStale(
      after, parent: "\(State.self)", path: "", told: told, depth: 0, budget: &budget,
      into: &stale)
    guard !stale.isEmpty else { return }
    var beforeBudget = countLimit
    var previous: [String: any TimedState] = [:]
    timedStates(in: before, path: "", depth: 0, budget: &beforeBudget, into: &previous)
    for candidate in stale {
      // A child made during this event (with its initial time) was handed no event yet.
      guard let earlier = previous[candidate.path] else { continue }
      var afterBudget = countLimit
      var earlierBudget = countLimit
      let afterCount = copies(
        of: candidate.now, in: candidate.state, depth: 0, budget: &afterBudget)
      guard afterCount > 0 else { continue }
      let beforeCount = copies(of: candidate.now, in: earlier, depth: 0, budget: &earlierBudget)
      guard afterCount > beforeCount else { continue }
      WiringIssue.report(
        .untoldTimeStamped(
          child: "\(type(of: candidate.state))", parent: candidate.parent,
          stale: VisibleText.escaped(String(describing: candidate.now), atMost: 80)))
      return
    }
  }

  /// The time of the event just handled: the root's own `now` when it is timed, else the time
  /// the shell or a test told for it.
  static func eventTime<State>(of state: State) -> (any Sendable)? {
    if let timed = state as? any TimedState { return now(of: timed) }
    return EventTime.current
  }

  private static func now<Timed: TimedState>(of state: Timed) -> any Sendable { state.now }

  /// A timed state whose `now` is not the event's, and the state of the app's that holds it.
  struct StaleTime {
    var parent: String
    /// Where it sits: the labels (or indexes) of the mirrors down to it.
    var path: String
    var state: any TimedState
    var now: any Sendable
  }

  /// Collects the timed states below the root whose `now` is not `told`, each with the nearest
  /// state of the app's that holds it (the library's holders, such as `AnyScreen`, passed by).
  private static func findStale(
    _ value: Any, parent: String, path: String, told: any Sendable, depth: Int,
    budget: inout Int, into stale: inout [StaleTime]
  ) {
    budget -= 1
    guard budget >= 0, depth < depthLimit, !(value is any SharedReading) else { return }
    if depth > 0, let timed = value as? any TimedState {
      let now = now(of: timed)
      // A time of another type than the one told is reported where it is told (the helpers).
      if type(of: now) == type(of: told), !same(now, told) {
        stale.append(StaleTime(parent: parent, path: path, state: timed, now: now))
      }
    }
    let holder = value is any ShellState && !(value is AnyScreen) ? "\(type(of: value))" : parent
    for (index, child) in Mirror(reflecting: value).children.enumerated() {
      findStale(
        child.value, parent: holder, path: path + "/" + (child.label ?? String(index)),
        told: told, depth: depth + 1, budget: &budget, into: &stale)
    }
  }

  /// Every timed state below the root of `value`, by its path (as ``findStale`` names paths).
  private static func timedStates(
    in value: Any, path: String, depth: Int, budget: inout Int,
    into found: inout [String: any TimedState]
  ) {
    budget -= 1
    guard budget >= 0, depth < depthLimit, !(value is any SharedReading) else { return }
    if depth > 0, let timed = value as? any TimedState { found[path] = timed }
    for (index, child) in Mirror(reflecting: value).children.enumerated() {
      timedStates(
        in: child.value, path: path + "/" + (child.label ?? String(index)), depth: depth + 1,
        budget: &budget, into: &found)
    }
  }

  /// How many values in `value` equal `time`, the `now` of every timed state aside.
  private static func copies(of time: any Sendable, in value: Any, depth: Int, budget: inout Int)
    -> Int
  {
    budget -= 1
    guard budget >= 0, depth < depthLimit, !(value is any SharedReading) else { return 0 }
    if type(of: value) == type(of: time as Any) { return same(value, time) ? 1 : 0 }
    let timed = value is any TimedState
    var count = 0
    for child in Mirror(reflecting: value).children where !(timed && child.label == "now") {
      count += copies(of: time, in: child.value, depth: depth + 1, budget: &budget)
    }
    return count
  }

  /// Whether two values are equal: both of one `Equatable` type, and `==`.
  static func same(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
  }
}

extension Equatable {
  /// Whether `other` is of this type and equal to it.
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
