#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import FlyingSocks
  import Foundation

  /// A mock server's listening socket and its accept loop: hands each connection to a
  /// ``MockConnection``, keeps their number bounded through the ``ConnectionRegistry``, and keeps
  /// listening when the process runs out of descriptors by letting the registry's choice go.
  struct MockListener: Sendable {
    let socket: Socket
    let pool: any AsyncSocketPool
    /// Admits connections up to the server's limit, closing the one that costs most and has
    /// blocked longest to make room, or refusing the newcomer (503) when none may be closed.
    let registry: ConnectionRegistry
    /// Makes the connection for an accepted socket and its place in the registry.
    let connection: @Sendable (Socket, ConnectionTicket) -> MockConnection
    /// Told, in a sentence, when the server sheds connections to keep serving.
    let warn: @Sendable (String) -> Void

    /// Binds `address` and listens, or throws the system's error (a port in use).
    static func bind(_ address: some SocketAddress) throws -> Socket {
      let socket = try Socket(domain: Int32(type(of: address).family))
      do {
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: address)
        try socket.listen()
        try socket.setFlags(.nonBlocking)
        return socket
      } catch {
        try? socket.close()
        throw error
      }
    }

    /// Accepts connections until cancelled or the socket fails for a reason other than a lack
    /// of descriptors or memory (thrown). `stopListening` is called as the accept loop ends,
    /// before the connections it started are waited for: the port is freed at once, and by the
    /// only code that accepts on the socket, so its descriptor's number is never reused while
    /// an accept may still come.
    func run(stopListening: @Sendable () -> Void) async throws {
      var lastWarning: ContinuousClock.Instant?
      try await withThrowingDiscardingTaskGroup { group in
        defer { stopListening() }
        while true {
          try Task.checkCancellation()
          let accepted: Socket
          do {
            accepted = Socket(file: try socket.accept().file)
          } catch SocketError.blocked {
            try await pool.suspendSocket(socket, untilReadyFor: .connection)
            continue
          } catch SocketError.failed(_, let code, _)
            where [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code)
          {
            // Out of descriptors: let the registry's choice go and try again shortly, rather
            // than stop listening for good.
            // Said at most every ten seconds: a flood must not flood the log too.
            if lastWarning.map({ $0.duration(to: .now) > .seconds(10) }) ?? true {
              warn(
                "Out of file descriptors (\(String(cString: strerror(code)))): closing idle and stalled connections to keep serving."
              )
              lastWarning = .now
            }
            registry.evictOne()
            try await Task.sleep(for: .milliseconds(5))
            continue
          } catch SocketError.failed(_, let code, _) where code == ECONNABORTED || code == EINTR {
            continue
          }
          try? accepted.setFlags(.nonBlocking)
          try? accepted.setValue(
            true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: Int32(TCP_NODELAY)))
          guard let ticket = registry.admit() else {
            // Every connection is busy: say so rather than queue without end.
            group.addTask { await Self.refuse(accepted) }
            continue
          }
          let connection = connection(accepted, ticket)
          group.addTask { await connection.serve() }
        }
      }
    }

    /// Answers 503 on a connection past the limit and closes it, without reading its request.
    private static func refuse(_ socket: Socket) async {
      defer { try? socket.close() }
      let response = WireResponse.failure(
        WireFailure(status: 503, reason: "the server has as many connections as it allows"))
      _ = try? socket.write(response.head(keepAlive: false) + response.body)
    }
  }
#endif
