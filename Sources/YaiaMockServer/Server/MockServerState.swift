#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// The routing decisions and the journal of one server, shared by its connections.
  ///
  /// The journal is bounded: past `limit` entries or bytes (of everything an entry keeps: body,
  /// header fields, path, query), the oldest entries are dropped and counted, so a server that
  /// runs for days, or is flooded with large heads, keeps its memory.
  actor MockServerState {
    private var router: MockRouter
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
      generator: TemplateGenerator = .unseeded()
    ) {
      self.router = router
      self.limit = limit
      self.onRequest = onRequest
      self.generator = generator
      self.initialGenerator = generator
    }

    /// The entries kept, oldest first.
    var journal: [MockJournalEntry] { Array(entries[first...]) }

    func replaceRoutes(_ routes: [MockRoute], initialStates: [String: String]?) {
      router = MockRouter(
        routes: routes, scenario: router.scenario,
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
      _ request: MockRequest, pickingDelay pick: @Sendable (ClosedRange<Duration>) -> Duration,
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
      case .journal:
        return .json(
          MockAdminAnswer.Journal(
            entries: journal.map(MockAdminAnswer.Entry.init), dropped: dropped))
      case .clearJournal:
        clearJournal()
        return .done
      default:
        return router.perform(command)
      }
    }

    func resetState(of machine: String) {
      router.resetState(of: machine)
    }
  }
#endif
