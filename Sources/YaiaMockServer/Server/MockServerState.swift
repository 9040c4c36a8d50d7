#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// The routing decisions and the journal of one server, shared by its connections.
  ///
  /// The journal is bounded: past `limit` entries or bytes (of everything an entry keeps: body,
  /// header fields, path, query), the oldest entries are dropped and counted, so a server that
  /// runs for days, or is flooded with large heads, keeps its memory.
  ///
  /// It also holds what the admin API changed: stubs added, replaced or removed over the routes
  /// the server was given (``MockStubs``), and a recording of the backend's answers while one
  /// runs (``AdminRecording``).
  actor MockServerState {
    private var router: MockRouter
    /// The routes the server was given (its manifest's), under the admin API's stubs.
    private var base: [MockRoute]
    private var stubs = MockStubs()
    /// Whether a backend is behind the server, for a recording to record.
    private let hasBackend: Bool
    private var recording: AdminRecording?
    /// Names whose values the journal listing hides beside those ``SecretNames`` knows.
    private let secretNames: Set<String>
    /// What the journal listing hides, for the routes tried now.
    private var journalSecrets: JournalSecrets {
      JournalSecrets(names: secretNames, routes: router.routes)
    }
    private var entries: [MockJournalEntry] = []
    private var first = 0
    private var bytes = 0
    /// Entries dropped to keep the journal within its limits.
    private(set) var dropped = 0
    private let limit: MockServer.JournalLimit
    private let onRequest: (@Sendable (MockJournalEntry) -> Void)?
    private var generator: TemplateGenerator
    private let initialGenerator: TemplateGenerator

    init(
      router: MockRouter, limit: MockServer.JournalLimit = .init(),
      onRequest: (@Sendable (MockJournalEntry) -> Void)? = nil,
      generator: TemplateGenerator = .unseeded(), hasBackend: Bool = false,
      secretNames: Set<String> = []
    ) {
      self.secretNames = Set(secretNames.map { $0.lowercased() })
      self.router = router
      self.base = router.routes
      self.hasBackend = hasBackend
      self.limit = limit
      self.onRequest = onRequest
      self.generator = generator
      self.initialGenerator = generator
    }

    /// The entries kept, oldest first.
    var journal: [MockJournalEntry] { Array(entries[first...]) }

    /// Puts `routes` in the place of the ones the server was given (a manifest reloaded); the
    /// admin API's stubs stay over them.
    func replaceRoutes(_ routes: [MockRoute], initialStates: [String: String]?) {
      base = routes
      router = MockRouter(
        routes: stubs.routes(over: routes), scenario: router.scenario,
        initialStates: initialStates ?? router.initialStates)
    }

    func setState(_ state: String?, of machine: String) {
      router.setState(state, of: machine)
    }

    func states() -> [String: String] { router.allStates }

    /// What the state decided for one request: the router's outcome, the delay picked for a
    /// matched route's response, and the generator its template draws from.
    struct Answer: Sendable {
      var outcome: MockRouter.Outcome
      var delay: Duration?
      var generator: TemplateGenerator?
    }

    /// Routes `request` and records it in the journal in one visit to the actor (a request used
    /// to cost two).
    func answer(
      _ request: HTTPRequest, pickingDelay pick: @Sendable (ClosedRange<Duration>) -> Duration,
      journalingUnmatched: Bool = true
    ) -> Answer {
      let outcome = router.route(request)
      switch outcome {
      case .unmatched(let closest):
        guard journalingUnmatched else { return Answer(outcome: outcome) }
        record(
          MockJournalEntry(
            request: request, time: Date(), route: nil, scenario: nil, status: 404,
            closest: closest))
        return Answer(outcome: outcome)
      case .matched(let route, let scenario, let response, _):
        let delay = response.delay.map(pick)
        record(
          MockJournalEntry(
            request: request, time: Date(), route: route, scenario: scenario,
            status: response.status, latency: delay ?? .zero))
        return Answer(
          outcome: outcome, delay: delay,
          generator: response.isTemplate ? generator.forNextRequest() : nil)
      }
    }

    func record(_ entry: MockJournalEntry) {
      entries.append(entry)
      bytes += entry.storedBytes
      while entries.count - first > limit.entries || (bytes > limit.bytes && first < entries.count)
      {
        bytes -= entries[first].storedBytes
        first += 1
        dropped += 1
      }
      if first > 1024, first * 2 > entries.count {
        entries.removeFirst(first)
        first = 0
      }
      onRequest?(entry)
    }

    func setScenario(_ scenario: String?) {
      router.scenario = scenario
    }

    /// The entries kept and how many were dropped, read together.
    func journalAndDropped() -> ([MockJournalEntry], Int) { (journal, dropped) }

    func reset() {
      router.resetAll()
      generator = initialGenerator
      clearJournal()
    }

    func clearJournal() {
      entries.removeAll()
      first = 0
      bytes = 0
      dropped = 0
    }

    func resetSequences(of route: String) {
      router.resetSequences(of: route)
    }

    /// Carries out an admin command (see ``MockAdminCommand``).
    func perform(_ command: MockAdminCommand) -> MockAdminAnswer {
      switch command {
      case .journal(let query):
        return .json(
          MockAdminAnswer.Journal(
            entries: journal.filter(query.selects).map { [journalSecrets] in
              MockAdminAnswer.Entry($0, secrets: journalSecrets)
            },
            dropped: dropped))
      case .clearJournal:
        clearJournal()
        return .done
      case .count(let query):
        return .json(
          MockAdminAnswer.Count(
            count: journal.count(where: query.selects), received: entries.count - first,
            dropped: dropped))
      case .verify(let query, let count):
        return MockAdminAnswer.verification(
          query, count, journal: journal, dropped: dropped, secrets: journalSecrets)
      case .nearMisses:
        return .json([
          "unmatched": journal.filter { $0.route == nil && $0.status == 404 }.suffix(50).map {
            MockAdminAnswer.Unmatched(
              $0, nearMisses: router.nearMisses(to: $0.request), secrets: journalSecrets)
          }
        ])
      case .stubs:
        return MockAdminAnswer.stubs(stubs)
      case .addStub(let stub):
        return changeStubs(status: 201, naming: stub.route.name) {
          stubs throws(MockStubs.Refusal) in
          try stubs.add(stub, base: base)
        }
      case .replaceStub(let stub):
        return changeStubs(status: 200, naming: stub.route.name) {
          stubs throws(MockStubs.Refusal) in
          try stubs.replace(stub, base: base)
        }
      case .removeStub(let name):
        return changeStubs(status: 204, naming: name) { stubs throws(MockStubs.Refusal) in
          try stubs.remove(name, base: base)
        }
      case .removeStubs:
        let changed = Set(stubs.added.map(\.route.name)).union(stubs.replaced.keys).union(
          stubs.removed)
        stubs = MockStubs()
        router.setRoutes(base, restarting: changed)
        return .done
      case .recording:
        guard let recording else {
          return .error(
            "no recording was started: POST /__yaia/recording starts one", status: 404)
        }
        return .json(recording.snapshot)
      case .startRecording:
        guard hasBackend else {
          return .error(
            "the server has no backend to record: start it with --proxy URL (MockServer.Configuration.upstream)",
            status: 409)
        }
        recording = AdminRecording(source: nil, secretNames: secretNames)
        return .json(recording?.snapshot, status: 201)
      case .stopRecording:
        guard recording != nil else {
          return .error("no recording was started: POST /__yaia/recording starts one", status: 404)
        }
        recording?.stop()
        return .json(recording?.snapshot)
      case .description:
        return MockAdminAnswer(status: 200, body: Data(MockAdminDescription.json.utf8))
      default:
        return router.perform(
          command, stubNames: Set(stubs.added.map(\.route.name)).union(stubs.replaced.keys))
      }
    }

    /// Records one exchange with the backend, while a recording started over the admin API
    /// runs.
    func recordExchange(_ request: HTTPRequest, _ response: HTTPResponse) {
      recording?.add(request, response)
    }

    /// Applies one change to the stubs and the routes tried, answering `status` with the
    /// stubs, or the change's refusal.
    private func changeStubs(
      status: HTTPStatus, naming name: String,
      _ change: (inout MockStubs) throws(MockStubs.Refusal) -> Void
    ) -> MockAdminAnswer {
      var changed = stubs
      do {
        try change(&changed)
      } catch {
        return MockAdminAnswer.refusal(error)
      }
      stubs = changed
      router.setRoutes(stubs.routes(over: base), restarting: [name])
      return status == 204 ? .done : MockAdminAnswer.stubs(stubs, status: status)
    }

    func resetState(of machine: String) {
      router.resetState(of: machine)
    }
  }
#endif
