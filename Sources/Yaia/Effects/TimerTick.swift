/// One tick of a timer started with `ShellEffects.timer(id:every:clock:_:)` whose event takes
/// the tick: which tick it is and when it was due, handed to the event so that the state never reads a clock.
public struct TimerTick<C: Clock>: Equatable, Sendable {
  /// The tick's number: 1 for the first.
  public let count: Int
  /// The instant on the timer's clock the tick was due (ticks do not drift: each is one
  /// interval after the previous one's due instant).
  public let due: C.Instant
  /// The timer's interval.
  public let interval: C.Duration

  /// The time since the timer started, as the ticks count it: `interval × count`.
  public var elapsed: C.Duration { interval * count }
}

/// One tick of a timer on a clock kept as `any Clock<Duration>` (the clock an app hands its
/// shell, so that a test can hand a `TestClock` instead): which tick it is, the interval, and
/// the time the ticks count. It is ``TimerTick`` without the instant it was due, whose type
/// such a clock does not name.
public struct DurationTick: Equatable, Sendable {
  /// The tick's number: 1 for the first.
  public let count: Int
  /// The timer's interval.
  public let interval: Duration

  /// The tick numbered `count` of a timer every `interval`: for tests that write ticks down.
  public init(count: Int, interval: Duration) {
    self.count = count
    self.interval = interval
  }

  /// The time since the timer started, as the ticks count it: `interval × count`.
  public var elapsed: Duration { interval * count }
}
