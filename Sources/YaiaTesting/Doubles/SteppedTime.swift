/// Times for a `TimedState` under test: a start, then one step further at each reading,
/// the same in every run.
///
/// ```swift
/// let time = SteppedTime(from: Date(timeIntervalSince1970: 1_000), by: 60)
/// let shell = Shell(NotesState(), now: time.next) { … }   // events at 1000, 1060, 1120 …
/// ```
///
/// For a time that never moves, pass `now: { fixed }` instead.
@MainActor
public final class SteppedTime<Time: Strideable> {
  /// The time the next reading returns.
  public private(set) var upcoming: Time
  /// How far each reading moves the time on.
  public let step: Time.Stride

  /// Times from `start`, `step` apart.
  public init(from start: Time, by step: Time.Stride) {
    self.upcoming = start
    self.step = step
  }

  /// The upcoming time; the one after it is a step later.
  public func next() -> Time {
    defer { upcoming = upcoming.advanced(by: step) }
    return upcoming
  }
}
