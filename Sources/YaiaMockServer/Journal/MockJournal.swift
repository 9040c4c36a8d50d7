import Foundation

/// One request the mock server received, with what it did about it.
public struct MockJournalEntry: Sendable, Equatable {
  /// The request as received.
  public let request: MockRequest
  /// When it arrived.
  public let time: Date
  /// The route that answered, or `nil` when none did.
  public let route: String?
  /// The scenario used, if any.
  public let scenario: String?
  /// The status sent.
  public let status: Int
  /// For an unmatched request, the closest routes, best first.
  public var closest: [String] = []

  /// The request's JSON body decoded as `T`.
  public func decodedBody<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder())
    throws -> T
  {
    try decoder.decode(T.self, from: request.body)
  }
}

/// The routing decisions and the journal of one server, shared by its connections.
actor MockServerState {
  private var router: MockRouter
  private(set) var journal: [MockJournalEntry] = []
  private let onRequest: (@Sendable (MockJournalEntry) -> Void)?

  init(router: MockRouter, onRequest: (@Sendable (MockJournalEntry) -> Void)? = nil) {
    self.router = router
    self.onRequest = onRequest
  }

  func replaceRoutes(_ routes: [MockRoute]) {
    router = MockRouter(routes: routes, scenario: router.scenario)
  }

  func route(_ request: MockRequest) -> MockRouter.Outcome {
    router.route(request)
  }

  func record(_ entry: MockJournalEntry) {
    journal.append(entry)
    onRequest?(entry)
  }

  func setScenario(_ scenario: String?) {
    router.scenario = scenario
  }

  func reset() {
    router.resetAll()
    journal.removeAll()
  }

  func resetSequences(of route: String) {
    router.resetSequences(of: route)
  }

  func resetState(of machine: String) {
    router.resetState(of: machine)
  }
}
