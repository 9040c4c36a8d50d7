#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import Yaia

  /// The shell around a server's ``ConnectionLedger``: admits connections, hears what each is
  /// doing, and closes the one the ledger picks when room is needed.
  ///
  /// Closing is a signal (`Signal`) the connection's task races against everything it
  /// waits on (its socket, a route's pause), so a connection can be closed in any state. A closed
  /// connection leaves the ledger at once, so no other decision counts it or picks it twice.
  /// Signals are fired after the lock is released.
  final class ConnectionRegistry: Sendable {
    private struct State {
      var ledger: ConnectionLedger
      var signals: [UInt64: Signal] = [:]
      var lastID: UInt64 = 0

      /// Removes `id` from the ledger and returns its signal, to fire once the lock is released.
      mutating func forget(_ id: UInt64) -> [Signal] {
        ledger.remove(id)
        return signals.removeValue(forKey: id).map { [$0] } ?? []
      }
    }
    private let state: Locked<State>
    /// The most connections served at once.
    let mostConnections: Int
    /// The most connections waiting for a request at once.
    let mostAwaitingRequest: Int

    init(mostConnections: Int, mostAwaitingRequest: Int, stalledAfter: Duration) {
      self.mostConnections = max(1, mostConnections)
      self.mostAwaitingRequest = max(1, mostAwaitingRequest)
      self.state = Locked(State(ledger: ConnectionLedger(stalledAfter: stalledAfter)))
    }

    /// A place for a newly accepted connection, closing another to make room if the server is
    /// full; `nil` when every connection is doing something that must not be cut (answer 503).
    func admit() -> ConnectionTicket? {
      let now = ContinuousClock.now
      let (mostConnections, mostAwaitingRequest) = (mostConnections, mostAwaitingRequest)
      let (id, signal, closed) = state.withLock { state -> (UInt64?, Signal?, [Signal]) in
        var closed: [Signal] = []
        if state.ledger.count >= mostConnections {
          guard let victim = state.ledger.victim(at: now) else { return (nil, nil, []) }
          closed.append(contentsOf: state.forget(victim))
        }
        state.lastID &+= 1
        let signal = Signal()
        state.signals[state.lastID] = signal
        state.ledger.set(state.lastID, .silent(since: now))
        if let idle = state.ledger.idleVictim(limit: mostAwaitingRequest, at: now) {
          closed.append(contentsOf: state.forget(idle))
        }
        return (state.lastID, signal, closed)
      }
      let ticket = id.flatMap { id in
        signal.map { ConnectionTicket(id: id, signal: $0, registry: self) }
      }
      for signal in closed { signal.fire() }
      return ticket
    }

    /// Records what connection `id` does now; when it starts waiting for a request and too many
    /// already wait, the ledger's choice among them is closed.
    func set(_ id: UInt64, _ activity: ConnectionActivity) {
      let now = ContinuousClock.now
      let mostAwaitingRequest = mostAwaitingRequest
      let closed = state.withLock { state -> [Signal] in
        guard state.signals[id] != nil else { return [] }
        state.ledger.set(id, activity)
        guard activity.awaitsRequest,
          let idle = state.ledger.idleVictim(limit: mostAwaitingRequest, at: now)
        else { return [] }
        return state.forget(idle)
      }
      for signal in closed { signal.fire() }
    }

    /// Connection `id` closed.
    func remove(_ id: UInt64) {
      _ = state.withLock { $0.forget(id) }
    }

    /// Closes the connection the ledger picks, if any: room when the process is out of
    /// descriptors. Whether one was closed.
    @discardableResult
    func evictOne() -> Bool {
      let now = ContinuousClock.now
      let closed = state.withLock { state -> [Signal] in
        guard let victim = state.ledger.victim(at: now) else { return [] }
        return state.forget(victim)
      }
      for signal in closed { signal.fire() }
      return !closed.isEmpty
    }

    /// What every open connection is doing (for tests waiting on the server's own state).
    var activities: [ConnectionActivity] {
      state.withLock { Array($0.ledger.activities.values) }
    }
  }

  /// One admitted connection's place in its server's ``ConnectionRegistry``.
  struct ConnectionTicket: Sendable {
    let id: UInt64
    /// Fired when the registry closes this connection to make room.
    let signal: Signal
    let registry: ConnectionRegistry

    /// Tells the registry what the connection does now.
    func set(_ activity: ConnectionActivity) {
      registry.set(id, activity)
    }

    /// The connection closed.
    func leave() {
      registry.remove(id)
    }
  }

#endif
