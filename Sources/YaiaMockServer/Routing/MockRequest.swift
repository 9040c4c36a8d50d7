import Foundation

/// A request as the router sees it: method, path, query, headers and body, as plain values.
public struct MockRequest: Hashable, Sendable {
  /// The method, upper-cased.
  public var method: String
  /// The path, percent-encoded as received, without the query.
  public var path: String
  /// The query items, first value per name.
  public var query: [String: String]
  /// Header fields, names lower-cased.
  public var headers: [String: String]
  /// The body.
  public var body: Data

  /// Creates a request; names of headers are lower-cased, the method upper-cased.
  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: Data = Data()
  ) {
    self.method = method.uppercased()
    self.path = path
    self.query = query
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }

  /// `GET /devices/7`.
  public var summary: String { "\(method) \(path)" }
}
