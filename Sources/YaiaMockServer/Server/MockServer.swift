import FlyingFox
import FlyingSocks
import Foundation

/// An HTTP server for tests and demos that answers like the real API, embeddable in Swift
/// tests on Linux and Apple platforms.
///
/// ```swift
/// let server = MockServer(routes: [try MockRoute("GET", "/latest", responses: .single(.json(rates)))])
/// let baseURL = try await server.start()        // 127.0.0.1, a free port
/// defer { Task { await server.stop() } }
/// // … point the client at baseURL …
/// #expect(await server.journal().count == 1)
/// ```
///
/// It binds the loopback address unless a host is named, picks a free port unless one is
/// given, answers each request through a ``MockRouter``, and keeps a journal. In strict mode
/// (the default) an unmatched request gets a 404 whose JSON body lists the closest routes.
public actor MockServer {
  /// How the server listens and answers.
  public struct Configuration: Sendable {
    /// The address to bind: the loopback address unless a host is named explicitly.
    public var host: String = "127.0.0.1"
    /// The port; 0 for a free one.
    public var port: UInt16 = 0
    /// The folder fixture files are read from.
    public var fixtures: URL?
    /// Whether an unmatched request gets a 404 listing the closest routes (else a bare 404).
    public var strict = true
    /// The largest request body accepted; larger ones get 413.
    public var maxBodyBytes = 1_048_576
    /// How much of the journal is kept; past it, the oldest entries are dropped and counted.
    public var journalLimit = JournalLimit()
    /// The longest a connection may send nothing while the server waits for (the rest of) a
    /// request; then it is closed. Idle and half-sent requests cannot hold descriptors forever.
    public var idleTimeout: Duration = .seconds(15)
    /// The most connections that may wait to send their request at once; past it, the one that
    /// has waited longest is closed to make room.
    public var mostIdleConnections = 256
    /// Called with each journal entry as it is recorded: a command line logs one line each.
    public var onRequest: (@Sendable (MockJournalEntry) -> Void)?
    /// Called once if the server stops listening on its own (no descriptors left, the socket
    /// failed): a command line reports it and exits rather than keep a dead port.
    public var onListenerFailure: (@Sendable (any Error) -> Void)?

    /// The defaults: loopback, a free port, strict, bodies up to 1 MiB, a journal of 10,000
    /// requests or 64 MiB of bodies.
    public init() {}
  }

  /// How much of its journal a server keeps.
  public struct JournalLimit: Sendable, Equatable {
    /// The most entries kept.
    public var entries: Int
    /// The most bytes of request bodies kept.
    public var bytes: Int

    /// A limit of `entries` requests and `bytes` of bodies (10,000 and 64 MiB by default).
    public init(entries: Int = 10_000, bytes: Int = 64 << 20) {
      self.entries = max(1, entries)
      self.bytes = max(0, bytes)
    }
  }

  private let configuration: Configuration
  private let state: MockServerState
  private var server: HTTPServer?
  private var task: Task<Void, any Error>?
  private let stopping = SharedFlag()

  /// The URL the server answers at, once started.
  public private(set) var baseURL: URL?

  /// A server with `routes`, tried in order.
  public init(
    routes: [MockRoute], scenario: String? = nil, configuration: Configuration = Configuration()
  ) {
    self.configuration = configuration
    self.state = MockServerState(
      router: MockRouter(routes: routes, scenario: scenario), limit: configuration.journalLimit,
      onRequest: configuration.onRequest)
  }

  /// Starts listening and returns the base URL once the server accepts connections.
  public func start() async throws -> URL {
    if let baseURL { return baseURL }
    let host = configuration.host
    let port = configuration.port
    func cannotListen(_ reason: String) -> MockServerError {
      .cannotListen(host: host, port: port, reason: reason)
    }
    let address: any SocketAddress
    do {
      address =
        host.contains(":")
        ? try sockaddr_in6.inet6(ip6: host, port: port)
        : try sockaddr_in.inet(ip4: host, port: port)
    } catch {
      throw cannotListen(
        "`\(host)` is not an IPv4 or IPv6 address (use 127.0.0.1, ::1, 0.0.0.0 or ::)")
    }
    let handler = MockHTTPHandler(state: state, configuration: configuration)
    let server = HTTPServer(
      address: address, timeout: 30,
      pool: GuardedSocketPool(
        inner: NoDelaySocketPool(inner: HTTPServer.defaultPool()),
        idleTimeout: configuration.idleTimeout, mostWaiting: configuration.mostIdleConnections),
      logger: .disabled, handler: handler)
    self.server = server
    let onFailure = configuration.onListenerFailure
    let stopping = stopping
    let listening = SharedFlag()
    let (failures, failed) = AsyncStream.makeStream(of: (any Error).self)
    let task = Task {
      defer { failed.finish() }
      do {
        try await server.run()
      } catch {
        // stop() ends the listener on purpose; a failure to start is start()'s to report;
        // anything else ended it on its own.
        failed.yield(error)
        if !stopping.isSet && listening.isSet { onFailure?(error) }
        throw error
      }
    }
    self.task = task
    // Whichever comes first: listening, or the server failing to bind (a port in use).
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.waitUntilListening() }
        group.addTask {
          // Cancellable, unlike awaiting the server's task: it runs as long as the server.
          for await error in failures { throw error }
          try await Task.sleep(for: .seconds(3600))
        }
        defer { group.cancelAll() }
        try await group.next()
      }
    } catch {
      self.server = nil
      self.task = nil
      task.cancel()
      throw cannotListen(Self.reason(for: error))
    }
    listening.set()
    let url: URL?
    switch await server.listeningAddress {
    case .ip4(let host, let port): url = URL(string: "http://\(host):\(port)")
    case .ip6(let host, let port): url = URL(string: "http://[\(host)]:\(port)")
    default: url = nil
    }
    guard let url else { throw cannotListen("the server did not report its address") }
    baseURL = url
    return url
  }

  /// Why binding failed, in words: a port in use, no permission, an address not on this host.
  private static func reason(for error: any Error) -> String {
    if case .failed(_, let errno, _) = error as? SocketError {
      switch errno {
      case EADDRINUSE: return "the port is in use; pick another with --port, or 0 for a free one"
      case EACCES: return "permission denied (ports below 1024 need privileges)"
      case EADDRNOTAVAIL: return "the address is not one of this machine's"
      default: return String(cString: strerror(errno))
      }
    }
    return "\(error)"
  }

  /// Stops listening and closes every connection.
  public func stop() async {
    stopping.set()
    await server?.stop(timeout: 0)
    task?.cancel()
    server = nil
    task = nil
    baseURL = nil
  }

  /// The requests received so far, in order (the newest ones, within the journal's limit).
  public func journal() async -> [MockJournalEntry] {
    await state.journal
  }

  /// How many of the oldest journal entries were dropped to keep it within its limit.
  public func droppedJournalEntries() async -> Int {
    await state.dropped
  }

  /// The requests the route named `route` answered, in order.
  public func requests(to route: String) async -> [MockJournalEntry] {
    await state.journal.filter { $0.route == route }
  }

  /// The requests no route answered: in a test, each is a mistake to report.
  public func unmatchedRequests() async -> [MockJournalEntry] {
    await state.journal.filter { $0.route == nil }
  }

  /// Answers every request that names no scenario with `scenario` (`nil` for the defaults).
  public func setScenario(_ scenario: String?) async {
    await state.setScenario(scenario)
  }

  /// Forgets the journal and puts every sequence and state machine back at its start.
  public func reset() async {
    await state.reset()
  }

  /// Puts the sequences of one route back at their first response.
  public func resetSequences(of route: String) async {
    await state.resetSequences(of: route)
  }

  /// Replaces the routes (a reloaded manifest), keeping the journal and the server's scenario.
  public func replaceRoutes(_ routes: [MockRoute]) async {
    await state.replaceRoutes(routes)
  }

  /// Puts one state machine back at its start.
  public func resetState(of machine: String) async {
    await state.resetState(of: machine)
  }
}

/// A flag set once from one task and read from others (a server stopping, or listening).
/// proven: `value` is only touched inside `lock`.
final class SharedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}
