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
  /// How long the server held the answer (the route's scripted delay); the rest of its work
  /// takes microseconds.
  public var latency: Duration = .zero

  /// The request's JSON body decoded as `T`.
  public func decodedBody<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder())
    throws -> T
  {
    try decoder.decode(T.self, from: request.body)
  }
}
