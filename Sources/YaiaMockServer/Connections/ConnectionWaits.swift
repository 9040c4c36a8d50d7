#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import FlyingSocks
  import Foundation

  /// Where a mock server's connections wait for their sockets, so that no client can hold one
  /// forever: every wait ends after `idleTimeout`, or at the deadline of what is being read or
  /// written, whichever comes first.
  ///
  /// Which connection to close when room is needed is the ``ConnectionRegistry``'s decision;
  /// this only bounds each wait.
  struct ConnectionWaits: Sendable {
    /// Why a wait ended without the socket being ready.
    enum Ended: Error, Equatable {
      /// Nothing happened for the idle timeout.
      case idle
      /// The deadline for the request being read, or the response being written, passed.
      case deadline
    }

    let pool: any AsyncSocketPool
    /// The longest a connection may wait on its socket.
    let idleTimeout: Duration

    /// Waits until `socket` can be read, at most the idle timeout and never past `deadline`.
    func read(_ socket: Socket, deadline: ContinuousClock.Instant?) async throws {
      try await wait(socket, for: .read, deadline: deadline)
    }

    /// Waits until `socket` can be written, at most the idle timeout and never past `deadline`
    /// (a client that reads nothing, or too slowly, cannot hold the connection).
    func write(_ socket: Socket, deadline: ContinuousClock.Instant?) async throws {
      try await wait(socket, for: .write, deadline: deadline)
    }

    private func wait(
      _ socket: Socket, for events: Socket.Events, deadline: ContinuousClock.Instant?
    ) async throws {
      let pool = self.pool
      let idle = ContinuousClock.now.advanced(by: idleTimeout)
      let limit = deadline.map { min($0, idle) } ?? idle
      let byDeadline = deadline.map { $0 < idle } ?? false
      let outcome = try await withThrowingTaskGroup(of: Ended?.self) { group in
        group.addTask {
          try await pool.suspendSocket(socket, untilReadyFor: events)
          return nil
        }
        group.addTask {
          try await Task.sleep(until: limit, clock: .continuous)
          return byDeadline ? .deadline : .idle
        }
        defer { group.cancelAll() }
        return try await group.next() ?? .idle
      }
      if let outcome { throw outcome }
    }
  }
#endif
