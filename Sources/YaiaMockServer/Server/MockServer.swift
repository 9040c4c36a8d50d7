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
    /// Called with each journal entry as it is recorded: a command line logs one line each.
    public var onRequest: (@Sendable (MockJournalEntry) -> Void)?

    /// The defaults: loopback, a free port, strict, bodies up to 1 MiB.
    public init() {}
  }

  private let configuration: Configuration
  private let state: MockServerState
  private var server: HTTPServer?
  private var task: Task<Void, any Error>?

  /// The URL the server answers at, once started.
  public private(set) var baseURL: URL?

  /// A server with `routes`, tried in order.
  public init(
    routes: [MockRoute], scenario: String? = nil, configuration: Configuration = Configuration()
  ) {
    self.configuration = configuration
    self.state = MockServerState(
      router: MockRouter(routes: routes, scenario: scenario), onRequest: configuration.onRequest)
  }

  /// Starts listening and returns the base URL once the server accepts connections.
  public func start() async throws -> URL {
    if let baseURL { return baseURL }
    let address = try sockaddr_in.inet(ip4: configuration.host, port: configuration.port)
    let handler = MockHTTPHandler(state: state, configuration: configuration)
    let server = HTTPServer(
      address: address, timeout: 30, pool: NoDelaySocketPool(inner: HTTPServer.defaultPool()),
      logger: .disabled, handler: handler)
    self.server = server
    task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(let host, let port) = await server.listeningAddress,
      let url = URL(string: "http://\(host):\(port)")
    else {
      throw MockServerError.invalidPattern(
        "listening address", reason: "the server did not report an IPv4 address")
    }
    baseURL = url
    return url
  }

  /// Stops listening and closes every connection.
  public func stop() async {
    await server?.stop(timeout: 0)
    task?.cancel()
    server = nil
    task = nil
    baseURL = nil
  }

  /// Every request received so far, in order.
  public func journal() async -> [MockJournalEntry] {
    await state.journal
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
