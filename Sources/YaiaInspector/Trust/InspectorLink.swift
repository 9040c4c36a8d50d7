/// The sender's connection to its inspector as a value: what each answer (or its absence) does
/// to it, what the app is told, and how long to wait before trying again. The sender only
/// carries out what this decides, so "told once", "back-off" and "refused for good" are tested
/// here with plain values.
package struct InspectorLink: Equatable, Sendable {
  /// Where the connection stands.
  package enum Phase: Equatable, Sendable {
    /// Batches go to an inspector that proved it holds the token.
    case connected
    /// The inspector stopped answering, or something that is not it answers at its address:
    /// the sender tries again after ``InspectorLink/delay``.
    case reconnecting
    /// The inspector refused the app (or the app does not reconnect): nothing more is sent.
    case ended
  }

  /// What became of one attempt: a handshake or a batch.
  package enum Outcome: Equatable, Sendable {
    /// Accepted, by an inspector that proved itself.
    case accepted
    /// Nothing answered (refused, reset, timed out), or the inspector was restarted.
    case lost(reason: String)
    /// Something answered at the address without proving it holds the token: another
    /// program took the port, or `yaia inspect --new-token` made a new one. Nothing was sent.
    case notItsOwn(reason: String)
    /// The inspector that proved itself then refused a batch.
    case refused(reason: String)
  }

  /// Where the connection stands.
  package private(set) var phase: Phase = .connected
  /// The pause before the next attempt while reconnecting.
  package private(set) var delay: Duration
  private let firstDelay: Duration
  private let longestDelay: Duration
  private let reconnects: Bool
  /// Whether the app was told, in this loss, that what answers is not its inspector.
  private var toldNotItsOwn = false

  /// A connection just made (its first handshake accepted).
  package init(reconnects: Bool, firstDelay: Duration, longestDelay: Duration) {
    self.reconnects = reconnects
    self.firstDelay = firstDelay
    self.longestDelay = max(firstDelay, longestDelay)
    delay = firstDelay
  }

  /// Takes an attempt's outcome; returns what to tell the app (each change once).
  package mutating func take(_ outcome: Outcome, session: String) -> InspectorConnectionChange? {
    switch (phase, outcome) {
    case (.ended, _):
      return nil
    case (.connected, .accepted):
      return nil
    case (.connected, .lost(let reason)), (.connected, .notItsOwn(let reason)):
      guard reconnects else {
        phase = .ended
        if case .notItsOwn = outcome { return .notItsOwn(reason: reason) }
        return nil
      }
      phase = .reconnecting
      delay = firstDelay
      toldNotItsOwn = false
      if case .notItsOwn = outcome {
        toldNotItsOwn = true
        return .notItsOwn(reason: reason)
      }
      return .lost(reason: reason)
    case (.reconnecting, .accepted):
      phase = .connected
      delay = firstDelay
      return .regained(session: session)
    case (.reconnecting, .lost):
      delay = min(delay * 2, longestDelay)
      return nil
    case (.reconnecting, .notItsOwn(let reason)):
      delay = min(delay * 2, longestDelay)
      guard !toldNotItsOwn else { return nil }
      toldNotItsOwn = true
      return .notItsOwn(reason: reason)
    case (_, .refused(let reason)):
      phase = .ended
      return .refused(reason: reason)
    }
  }

  /// The app disconnected: nothing more is tried or told.
  package mutating func end() { phase = .ended }
}
