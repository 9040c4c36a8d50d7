#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation

  /// One request the mock server received, with what it did about it.
  public struct MockJournalEntry: Sendable, Equatable {
    /// The request as received.
    public let request: HTTPRequest
    /// When it arrived.
    public let time: Date
    /// The route that answered, or `nil` when none did.
    public let route: String?
    /// The scenario used, if any.
    public let scenario: String?
    /// The status sent.
    public let status: HTTPStatus
    /// For an unmatched request, the closest routes, best first.
    public var closest: [String] = []
    /// How long the server held the answer (the route's scripted delay); the rest of its work
    /// takes microseconds.
    public var latency: Duration = .zero

    /// An entry for `request`: what a server records, and what a test builds to check a
    /// ``RequestVerification`` or a log of its own.
    public init(
      request: HTTPRequest, time: Date, route: String?, scenario: String?, status: HTTPStatus,
      closest: [String] = [], latency: Duration = .zero
    ) {
      self.request = request
      self.time = time
      self.route = route
      self.scenario = scenario
      self.status = status
      self.closest = closest
      self.latency = latency
    }

    /// The request's JSON body decoded as `T`.
    public func decodedBody<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder())
      throws -> T
    {
      try decoder.decode(T.self, from: request.body)
    }
  }

  extension MockJournalEntry {
    /// About how many bytes the entry holds, for the journal's byte limit: the body, every
    /// header field, the path, the query, the closest routes, and a fixed cost for the rest.
    /// Counting the body alone let heads of 58 KB each grow a server to gigabytes.
    var storedBytes: Int {
      var total = 256 + request.body.count + request.path.utf8.count
      for field in request.headers { total += field.name.utf8.count + field.value.utf8.count + 32 }
      for (name, value) in request.query { total += name.utf8.count + value.utf8.count + 32 }
      for route in closest { total += route.utf8.count + 16 }
      return total
    }
  }
#endif
