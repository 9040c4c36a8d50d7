#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// The time a request has left to arrive, as a value: the request timeout from its first
  /// byte, moved on by the useful bytes it sends, with one read allowed past it.
  ///
  /// A server starved of CPU on a busy machine wakes late to bytes that came in time, so the
  /// first read after the deadline still counts (the grace read). What that read earns is
  /// credited from the deadline, not from the late moment it was read: a client sending
  /// framing, or a byte now and then, cannot buy a fresh grace with each late byte however
  /// late the server wakes. Only credit that catches up with the clock gives another grace.
  struct RequestDeadline: Equatable {
    /// What a read at a given moment is allowed to be.
    enum Read: Equatable {
      /// Before the deadline: read and wait as usual.
      case inTime
      /// The one read past the deadline: take what has arrived, do not wait.
      case grace
      /// Past the deadline with the grace already used: answer 408.
      case expired
    }

    /// The bytes a client sends to earn one more request timeout: 16 KiB.
    static let bytesPerTimeout = 16 << 10

    /// The time a request has from its first byte, and what 16 KiB of it earns.
    let timeout: Duration
    /// When the request runs out of time; `nil` before its first byte.
    private(set) var instant: ContinuousClock.Instant?
    /// Whether the grace read was taken and the credit since has not caught up with the clock.
    private(set) var behind = false

    /// A deadline not yet started: the request has sent nothing.
    init(timeout: Duration) { self.timeout = timeout }

    /// Whether the clock runs (the request has begun).
    var isRunning: Bool { instant != nil }

    /// Starts the clock at `now`, the request's first byte; a running clock is left alone.
    mutating func start(at now: ContinuousClock.Instant) {
      guard instant == nil else { return }
      instant = now.advanced(by: timeout)
    }

    /// What a read at `now` is. A read in time clears a grace taken before, since the credit
    /// caught up with the clock.
    mutating func read(at now: ContinuousClock.Instant) -> Read {
      guard let instant, now >= instant else {
        behind = false
        return .inTime
      }
      if behind { return .expired }
      behind = true
      return .grace
    }

    /// Moves the deadline on by what `bytes` useful bytes earned: the timeout per
    /// ``bytesPerTimeout``, counted from `now` when in time and from the deadline when late.
    /// A client still sending at a reasonable rate is never cut off, while one that sends a
    /// byte now and then, or framing without a body, runs out.
    mutating func earn(_ bytes: Int, at now: ContinuousClock.Instant) {
      guard let current = instant, bytes > 0 else { return }
      let earned = timeout * (Double(bytes) / Double(Self.bytesPerTimeout))
      instant = max(current, min(now, current).advanced(by: earned))
    }
  }
#endif
