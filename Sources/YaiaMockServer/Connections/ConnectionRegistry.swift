#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// The shell around a server's ``ConnectionLedger``: admits connections, hears what each is
  /// doing, and closes the one the ledger picks when room is needed.
  ///
  /// Closing is a signal (``EvictionSignal``) the connection's task races against everything it
  /// waits on (its socket, a route's pause), so a connection can be closed in any state. A closed
  /// connection leaves the ledger at once, so no other decision counts it or picks it twice.
  /// proven: `ledger`, `signals` and `lastID` are only touched inside `lock`, and signals are
  /// fired after it is released.
  final class ConnectionRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var ledger: ConnectionLedger
    private var signals: [UInt64: EvictionSignal] = [:]
    private var lastID: UInt64 = 0
    /// The most connections served at once.
    let mostConnections: Int
    /// The most connections waiting for a request at once.
    let mostAwaitingRequest: Int

    init(mostConnections: Int, mostAwaitingRequest: Int, stalledAfter: Duration) {
      self.mostConnections = max(1, mostConnections)
      self.mostAwaitingRequest = max(1, mostAwaitingRequest)
      self.ledger = ConnectionLedger(stalledAfter: stalledAfter)
    }

    /// A place for a newly accepted connection, closing another to make room if the server is
    /// full; `nil` when every connection is doing something that must not be cut (answer 503).
    func admit() -> ConnectionTicket? {
      let now = ContinuousClock.now
      let (ticket, closed) = lock.withLock { () -> (ConnectionTicket?, [EvictionSignal]) in
        var closed: [EvictionSignal] = []
        if ledger.count >= mostConnections {
          guard let victim = ledger.victim(at: now) else { return (nil, []) }
          closed.append(contentsOf: forget(victim))
        }
        lastID &+= 1
        let signal = EvictionSignal()
        signals[lastID] = signal
        ledger.set(lastID, .silent(since: now))
        if let idle = ledger.idleVictim(limit: mostAwaitingRequest, at: now) {
          closed.append(contentsOf: forget(idle))
        }
        return (ConnectionTicket(id: lastID, signal: signal, registry: self), closed)
      }
      for signal in closed { signal.evict() }
      return ticket
    }

    /// Records what connection `id` does now; when it starts waiting for a request and too many
    /// already wait, the ledger's choice among them is closed.
    func set(_ id: UInt64, _ activity: ConnectionActivity) {
      let now = ContinuousClock.now
      let closed = lock.withLock { () -> [EvictionSignal] in
        guard signals[id] != nil else { return [] }
        ledger.set(id, activity)
        guard activity.awaitsRequest,
          let idle = ledger.idleVictim(limit: mostAwaitingRequest, at: now)
        else { return [] }
        return forget(idle)
      }
      for signal in closed { signal.evict() }
    }

    /// Connection `id` closed.
    func remove(_ id: UInt64) {
      _ = lock.withLock { forget(id) }
    }

    /// Closes the connection the ledger picks, if any: room when the process is out of
    /// descriptors. Whether one was closed.
    @discardableResult
    func evictOne() -> Bool {
      let now = ContinuousClock.now
      let closed = lock.withLock { () -> [EvictionSignal] in
        ledger.victim(at: now).map(forget) ?? []
      }
      for signal in closed { signal.evict() }
      return !closed.isEmpty
    }

    /// What every open connection is doing (for tests waiting on the server's own state).
    var activities: [ConnectionActivity] {
      lock.withLock { Array(ledger.activities.values) }
    }

    /// Removes `id` from the ledger and returns its signal, to fire once the lock is released.
    private func forget(_ id: UInt64) -> [EvictionSignal] {
      ledger.remove(id)
      return signals.removeValue(forKey: id).map { [$0] } ?? []
    }
  }

  /// One admitted connection's place in its server's ``ConnectionRegistry``.
  struct ConnectionTicket: Sendable {
    let id: UInt64
    /// Fired when the registry closes this connection to make room.
    let signal: EvictionSignal
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

  /// The signal that closes one connection, fired at most once. proven: `state` is only touched
  /// inside `lock`, and the continuation is resumed once, after it left `state`.
  final class EvictionSignal: @unchecked Sendable {
    private enum State {
      case waiting
      case parked(CheckedContinuation<Void, Never>)
      case done
    }
    private let lock = NSLock()
    private var state = State.waiting

    /// Returns once the connection is evicted, or the task is cancelled.
    func evicted() async {
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let now: Bool = lock.withLock {
            if case .done = state { return true }
            state = .parked(continuation)
            return false
          }
          if now { continuation.resume() }
        }
      } onCancel: {
        evict()
      }
    }

    /// Closes the connection.
    func evict() {
      let parked: CheckedContinuation<Void, Never>? = lock.withLock {
        defer { state = .done }
        if case .parked(let continuation) = state { return continuation }
        return nil
      }
      parked?.resume()
    }
  }
#endif
