#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation

  /// A request as the router sees it: method, path, query, headers and body, as plain values.
  public struct MockRequest: Hashable, Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The path, percent-encoded as received, without the query.
    public var path: String
    /// The query items, first value per name.
    public var query: [String: String]
    /// Header fields, in the order received (names compared without case).
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data
    /// The query as received, still percent-encoded, without its `?` (empty when none): what a
    /// request passed on to a real backend sends, repeated names and order kept.
    public var rawQuery: String

    /// Creates a request.
    public init(
      method: HTTPMethod, path: String, query: [String: String] = [:], headers: HTTPHeaders = [:],
      body: Data = Data(), rawQuery: String = ""
    ) {
      self.rawQuery = rawQuery
      self.method = method
      self.path = path
      self.query = query
      self.headers = headers
      self.body = body
    }

    /// `GET /devices/7`.
    public var summary: String { "\(method) \(path)" }
  }
#endif
