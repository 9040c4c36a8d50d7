import Yaia

/// What the main actor and the sender share about a connection: whether it is still open, why
/// it closed, the ids handed out, and the counts the app can read.
struct InspectorStatus: Sendable {
  private struct State {
    var connected = true
    var reachable = true
    var why: String?
    var shells = 0
    var launches = 0
    var dropped = 0
    var delivered = 0
    var sending = false
    var timeTravel = false
    /// Fired at the next change of what ``Inspector/flush(timeout:)`` waits on, then replaced.
    var change = Signal()

    /// Replaces the change signal; the old one is fired once the lock is released.
    mutating func changed() -> Signal {
      defer { change = Signal() }
      return change
    }
  }

  private let state = Locked(State())

  /// Whether shells still record: until the app disconnects or the inspector refuses it.
  var isOpen: Bool { state.withLock { $0.connected } }
  /// Whether the inspector is answering now: open, and not between a lost connection and its
  /// return.
  var isConnected: Bool { state.withLock { $0.connected && $0.reachable } }
  var problem: String? { state.withLock { $0.why } }
  var dropped: Int { state.withLock { $0.dropped } }
  var delivered: Int { state.withLock { $0.delivered } }
  var isSending: Bool { state.withLock { $0.sending } }
  /// Whether a shell travels in time: the sender then asks for news more often.
  var travelsInTime: Bool { state.withLock { $0.timeTravel } }

  func setTravelsInTime() { state.withLock { $0.timeTravel = true } }

  /// The signal fired at the next change of the connection, the sending or the counts: take
  /// it before checking them, then wait on it, and no change in between is missed.
  var nextChange: Signal { state.withLock { $0.change } }

  func nextShell() -> Int {
    state.withLock { state in
      state.shells += 1
      return state.shells
    }
  }

  func nextLaunch() -> Int {
    state.withLock { state in
      state.launches += 1
      return state.launches
    }
  }

  func setSending(_ value: Bool) {
    state.withLock { state -> Signal? in
      guard state.sending != value else { return nil }
      state.sending = value
      return state.changed()
    }?.fire()
  }

  func sent(delivered: Int, dropped: Int) {
    state.withLock { state in
      state.delivered += delivered
      state.dropped += dropped
      return state.changed()
    }.fire()
  }

  /// Notes that the inspector stopped answering; `true` if it was answering until now.
  func lose(problem: String) -> Bool {
    let change = state.withLock { state -> Signal? in
      guard state.reachable else { return nil }
      state.reachable = false
      state.why = problem
      return state.changed()
    }
    change?.fire()
    return change != nil
  }

  /// Notes that the inspector answers again; `true` if it was lost until now.
  func regain() -> Bool {
    let change = state.withLock { state -> Signal? in
      guard !state.reachable else { return nil }
      state.reachable = true
      state.why = nil
      return state.changed()
    }
    change?.fire()
    return change != nil
  }

  /// Closes the connection, keeping the first reason given.
  func end(problem: String?) {
    state.withLock { state in
      if state.connected, state.why == nil { state.why = problem }
      state.connected = false
      return state.changed()
    }.fire()
  }
}
