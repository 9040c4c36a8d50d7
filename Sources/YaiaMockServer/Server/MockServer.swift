#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import FlyingSocks
  public import Foundation
  import Yaia

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
      /// Whether the admin API under `/__yaia/` answers (<doc:SteeringARunningServer>): reset, set the
      /// scenario and states, read and clear the journal, list the routes, from this machine
      /// only. Off by default: while off, every request there is refused with a 403.
      public var admin = false
      /// The largest request body accepted; larger ones get 413.
      public var maxBodyBytes = 1_048_576
      /// How much of the journal is kept; past it, the oldest entries are dropped and counted.
      public var journalLimit = JournalLimit()
      /// The longest request line, in bytes; a longer one gets 414. Requests are read in time
      /// linear in their size, and a line is refused as soon as it passes the limit.
      public var maxRequestLineBytes = 8_192
      /// The most bytes of header fields in one request; more get 431.
      public var maxHeaderBytes = 65_536
      /// The most header fields in one request; more get 431.
      public var maxHeaderCount = 100
      /// The longest a request may take to arrive, from its first byte to its last (head and
      /// body); then it gets 408 and the connection closes. A client sending one byte at a time
      /// cannot hold a connection for longer.
      public var requestTimeout: Duration = .seconds(10)
      /// The longest a response may take to be written, not counting the pauses its route asks
      /// for (a delay, a trickle's intervals); then the connection is closed. A client that reads
      /// a few bytes every few seconds cannot hold a connection, or the server's memory, for
      /// longer.
      public var responseTimeout: Duration = .seconds(30)
      /// The longest a connection may wait on its socket, to read (the next request) or to write
      /// (a client that reads nothing); then it is closed. Idle and half-sent requests cannot hold
      /// descriptors forever.
      public var idleTimeout: Duration = .seconds(15)
      /// The most connections that may wait for a request to begin at once (new and silent, or
      /// kept alive between requests); past it, one of them is closed: the oldest silent one
      /// first, then the longest idle. A connection in the middle of a request is not one of them.
      public var mostIdleConnections = 256
      /// The most connections served at once. Past it, one is closed to make room, chosen by what
      /// it costs and how long it has held its place without progress: a response blocked on a
      /// client that does not read, then a silent connection, an idle one, a route's pause (the
      /// `slow` scenario), a request arriving for longer than ``stalledAfter``. When every
      /// connection is doing something that must not be cut, the newcomer gets 503. Lowered at
      /// start to what the process's file descriptor limit allows, keeping some for the runtime.
      public var mostConnections = 1_024
      /// How long a response may block on its client, or a request take to arrive, before its
      /// connection may be closed to make room for another (1 s by default). Below it, the
      /// connection is making progress and keeps its place.
      public var stalledAfter: Duration = .seconds(1)
      /// An OpenAPI description requests must conform to: a request for one of its operations
      /// that lacks a required parameter or body, or sends one of the wrong type, gets a 400
      /// whose JSON body lists why, before any route is tried (and is journaled). `nil` (the
      /// default) checks nothing.
      public var requestContract: OpenAPIDocument?
      /// Whether the request contract also refuses a query item or header its operation does
      /// not describe (with the closest described name); off by default, since real servers
      /// take undescribed items and a mock that refused them would refuse working apps.
      public var strictRequestContract = false
      /// Names of query items, headers and form fields that hold credentials, beyond those
      /// every name check knows (``SecretNames``): an API's own key names (`appid`). The admin
      /// API's journal hides their values, as it hides a token; a route parameter of one of
      /// these names (`/keys/:appid`) is hidden in the path. The request contract's `apiKey`
      /// names are added on their own.
      public var secretNames: Set<String> = []
      /// A real backend behind the mock: for every request (recording), or for those no route
      /// answers (a proxy). `nil` (the default) forwards nothing.
      public var upstream: MockUpstream?
      /// The seed of the values templates generate (`{{uuid}}`, `{{int 1 9}}`): with one, the
      /// same requests in the same order get the same values on every run; without one, they
      /// differ.
      public var templateSeed: UInt64?
      /// The instant `{{now}}` stands at; real time when `nil`.
      public var templateNow: Date?
      /// Called with each journal entry as it is recorded: a command line logs one line each.
      public var onRequest: (@Sendable (MockJournalEntry) -> Void)?
      /// Called once if the server stops listening on its own (the socket failed): a command line
      /// reports it and exits rather than keep a dead port. Running out of descriptors does not
      /// stop it: it closes idle and stalled connections and says so through ``onWarning``.
      public var onListenerFailure: (@Sendable (any Error) -> Void)?
      /// Called with a sentence when the server sheds connections to keep serving (out of
      /// descriptors): a command line logs it.
      public var onWarning: (@Sendable (String) -> Void)?

      /// The defaults: loopback, a free port, strict, bodies up to 1 MiB, a journal of 10,000
      /// requests or 64 MiB of what they hold.
      public init() {}
    }

    /// How much of its journal a server keeps.
    public struct JournalLimit: Sendable, Equatable {
      /// The most entries kept.
      public var entries: Int
      /// The most bytes of requests kept: bodies, header fields, paths and queries together.
      public var bytes: Int

      /// A limit of `entries` requests and `bytes` of what they hold (10,000 and 64 MiB by
      /// default).
      public init(entries: Int = 10_000, bytes: Int = 64 << 20) {
        self.entries = max(1, entries)
        self.bytes = max(0, bytes)
      }
    }

    private let configuration: Configuration
    private let state: MockServerState
    private var task: Task<Void, Never>?
    private var listening: ListeningSocket?
    /// Set once when the server stops, read by its listener.
    private let stopping = Locked(false)
    private var registry: ConnectionRegistry?

    /// The URL the server answers at, once started.
    public private(set) var baseURL: URL?

    /// A server with `routes`, tried in order, its state machines starting in `initialStates`.
    public init(
      routes: [MockRoute], scenario: String? = nil, initialStates: [String: String] = [:],
      configuration: Configuration = Configuration()
    ) {
      self.configuration = configuration
      self.state = MockServerState(
        router: MockRouter(routes: routes, scenario: scenario, initialStates: initialStates),
        limit: configuration.journalLimit, onRequest: configuration.onRequest,
        generator: configuration.templateSeed.map {
          TemplateGenerator(seed: $0, now: configuration.templateNow)
        }
          ?? TemplateGenerator(
            seed: UInt64.random(in: .min ... .max), now: configuration.templateNow),
        hasBackend: configuration.upstream != nil,
        secretNames: configuration.secretNames.union(
          configuration.requestContract?.credentialNames ?? []))
    }

    /// A server with a manifest's routes and initial states.
    public init(
      manifest: MockManifest, scenario: String? = nil,
      configuration: Configuration = Configuration()
    ) {
      self.init(
        routes: manifest.routes, scenario: scenario, initialStates: manifest.initialStates,
        configuration: configuration)
    }

    /// Starts listening and returns the base URL once the server accepts connections.
    public func start() async throws -> URL {
      if let baseURL { return baseURL }
      await Self.makeTimersReady()
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
      let listening: Socket
      do {
        listening = try MockListener.bind(address)
      } catch {
        throw cannotListen(Self.reason(for: error))
      }
      let closer = ListeningSocket(listening)
      self.listening = closer
      let configuration = self.configuration
      // Never more connections than the process has descriptors for (see DescriptorBudget).
      let mostConnections = DescriptorBudget.connections(
        atMost: max(1, configuration.mostConnections))
      if mostConnections < configuration.mostConnections {
        configuration.onWarning?(
          "This process may open few files: the server holds at most \(mostConnections) connections at once (raise the limit with ulimit -n)."
        )
      }
      let waits = ConnectionWaits(
        pool: SocketPool<Poll>.make(), idleTimeout: configuration.idleTimeout)
      let registry = ConnectionRegistry(
        mostConnections: mostConnections,
        mostAwaitingRequest: min(configuration.mostIdleConnections, mostConnections),
        stalledAfter: configuration.stalledAfter)
      self.registry = registry
      let responder = MockResponder(state: state, configuration: configuration)
      let limits = RequestHeadLimits(
        requestLine: configuration.maxRequestLineBytes, headerBytes: configuration.maxHeaderBytes,
        headerCount: configuration.maxHeaderCount)
      let listener = MockListener(
        socket: listening, pool: waits.pool, registry: registry,
        connection: { socket, ticket in
          MockConnection(
            socket: socket, ticket: ticket, waits: waits, responder: responder, limits: limits,
            maxBodyBytes: configuration.maxBodyBytes,
            requestTimeout: configuration.requestTimeout,
            responseTimeout: configuration.responseTimeout)
        },
        warn: { configuration.onWarning?($0) })
      let onFailure = configuration.onListenerFailure
      let stopping = stopping
      let pool = waits.pool
      do {
        try await pool.prepare()
      } catch {
        closer.close()
        self.listening = nil
        throw cannotListen(Self.reason(for: error))
      }
      task = Task {
        defer { closer.close() }
        do {
          try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await pool.run() }
            group.addTask { try await listener.run(stopListening: { closer.close() }) }
            defer { group.cancelAll() }
            try await group.next()
          }
        } catch {
          // stop() ends the listener on purpose; anything else ended it on its own.
          if !stopping.value { onFailure?(error) }
        }
      }
      let url: URL?
      switch try? listening.sockname() {
      case .ip4(let host, let port): url = URL(string: "http://\(host):\(port)")
      case .ip6(let host, let port): url = URL(string: "http://[\(host)]:\(port)")
      default: url = nil
      }
      guard let url else {
        await stop()
        throw cannotListen("the server did not report its address")
      }
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
      if let task {
        // Cancelling ends every wait of the listener and its connections at once. The wait for
        // it is bounded, and waits on a stream rather than on `task.value`: a task group waits
        // for all its children, and awaiting another task's value cannot be cancelled, so a
        // listener slow to end would hold stop() forever.
        task.cancel()
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        Task {
          await task.value
          end.finish()
        }
        await withTaskGroup(of: Void.self) { group in
          group.addTask { for await _ in ended {} }
          group.addTask { try? await Task.sleep(for: .seconds(2)) }
          await group.next()
          group.cancelAll()
        }
      }
      // The accept loop closed the socket as it ended (at once on cancellation; the wait
      // above is for the connections). It is not closed here: that would free the
      // descriptor's number while an accept may still come, and a socket opened meanwhile
      // (a blocking one, in a test beside) would be accepted on, or block a thread of the
      // cooperative pool for good. If the loop has not ended, shutting the socket down stops
      // it taking connections and, on Linux, wakes the loop with an error.
      listening?.shutDown()
      listening = nil
      task = nil
      registry = nil
      baseURL = nil
    }

    /// Has libdispatch make the descriptors behind its timers now. It makes them the first time
    /// a clock is waited on; a first wait while the process is out of descriptors (a server
    /// holding as many connections as it may) fails inside libdispatch and ends the process.
    /// So each clock a connection waits on is waited on once, for a millisecond, before the
    /// server listens.
    private static func makeTimersReady() async {
      try? await Task.sleep(until: .now + .milliseconds(1), clock: ContinuousClock())
      try? await Task.sleep(until: .now + .milliseconds(1), clock: SuspendingClock())
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { done.resume() }
      }
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(wallDeadline: .now() + .milliseconds(1)) {
          done.resume()
        }
      }
    }

    /// What each open connection is doing: for tests that wait on the server's own state (a
    /// response blocked on its client) rather than on a guess at how long it takes.
    package func connectionActivities() -> [ConnectionActivity] {
      registry?.activities ?? []
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

    /// Checks that the server received `count` requests like `expected`, and throws a
    /// ``VerificationFailure`` listing the closest requests and how each differs when it did not.
    ///
    /// ```swift
    /// try await server.verify(try ExpectedRequest(.post, "/login", body: ["user": "ada"]), .once)
    /// ```
    public func verify(_ expected: ExpectedRequest, _ count: ExpectedCount = .atLeast(1))
      async throws(VerificationFailure)
    {
      let (entries, dropped) = await state.journalAndDropped()
      if let failure = RequestVerification(expected, count).failure(in: entries, dropped: dropped) {
        throw failure
      }
    }

    /// The requests received that are like `expected`, oldest first.
    public func received(_ expected: ExpectedRequest) async -> [MockJournalEntry] {
      await state.journal.filter { expected.matches($0.request) }
    }

    /// Forgets the journal, and only the journal: sequences, states and the scenario stay where
    /// they are. ``reset()`` puts them back too.
    public func clearJournal() async {
      await state.clearJournal()
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

    /// Replaces the routes (a reloaded manifest), keeping the journal and the server's scenario;
    /// `initialStates`, when given, replace the machines' starting states (not their current
    /// ones).
    public func replaceRoutes(_ routes: [MockRoute], initialStates: [String: String]? = nil) async {
      await state.replaceRoutes(routes, initialStates: initialStates)
    }

    /// Puts state machine `machine` in `state` (`nil` for none), as a route that sets it would:
    /// a test starts a scenario half-way (a cart with an item) without the requests that lead
    /// there.
    public func setState(_ state: String?, of machine: String) async {
      await self.state.setState(state, of: machine)
    }

    /// The state `machine` is in; `nil` when it has none.
    public func state(of machine: String) async -> String? {
      await state.states()[machine]
    }

    /// Every state machine's state.
    public func states() async -> [String: String] {
      await state.states()
    }

    /// Puts one state machine back at its start.
    public func resetState(of machine: String) async {
      await state.resetState(of: machine)
    }
  }

  /// The listening socket, closed exactly once whoever closes it first (the listener ending, or
  /// a start that failed): a second close could close an unrelated descriptor that reused the
  /// number. stop() only shuts it down (``shutDown()``).
  struct ListeningSocket: Sendable {
    private let socket: Locked<Socket?>

    init(_ socket: Socket) { self.socket = Locked(socket) }

    /// Stops it taking connections and (on Linux) wakes an accept waiting on it with an error,
    /// without freeing its descriptor: the listener still holds the number, and closes it as
    /// it ends. Nothing once it is closed.
    func shutDown() {
      socket.withLock { socket in
        if let file = socket?.file.rawValue { _ = shutdown(file, Int32(SHUT_RDWR)) }
      }
    }

    func close() {
      let open = socket.withLock { socket in
        defer { socket = nil }
        return socket
      }
      try? open?.close()
    }
  }
#endif
