#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// What one mock-server connection is doing, as far as deciding which one to close goes.
  ///
  /// A connection moves through these as it serves: silent until its first byte, reading a
  /// request, responding, pausing where its route asks for a delay or a trickle, writing, then
  /// idle until the next request. Each case keeps the instant it began, so the ``ConnectionLedger``
  /// can tell how long a connection has held its place without doing anything for anyone.
  package enum ConnectionActivity: Equatable, Sendable {
    /// Accepted, and not a byte received yet.
    case silent(since: ContinuousClock.Instant)
    /// Between requests on a kept-alive connection that was served before.
    case idle(since: ContinuousClock.Instant)
    /// A request has begun arriving (head or body) and the rest is awaited.
    case reading(since: ContinuousClock.Instant)
    /// The server is working out the answer: never a reason to close.
    case responding
    /// A pause its route asked for (a `delay`, or between trickled pieces): the client chose it,
    /// by route or by scenario, so it is no claim on the server's room.
    case pausing(since: ContinuousClock.Instant)
    /// Writing a response. `blocked` is how long this response has waited so far on a client
    /// that does not read; `since` is when the current wait began, or `nil` while bytes flow.
    case writing(blocked: Duration, since: ContinuousClock.Instant?)

    /// Whether the connection waits for a request to begin: what
    /// ``MockServer/Configuration/mostIdleConnections`` bounds.
    var awaitsRequest: Bool {
      switch self {
      case .silent, .idle: true
      default: false
      }
    }
  }
#endif
