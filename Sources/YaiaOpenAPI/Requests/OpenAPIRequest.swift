#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  public import Foundation

  /// A request as a description checks it: method, path, query as sent, headers and body.
  ///
  /// The query is kept as sent (`tags=a&tags=b`, `type=album,track`), repeated names and
  /// delimiters intact, because a parameter's ``ParameterStyle`` decides how it reads.
  public struct OpenAPIRequest: Hashable, Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The path, percent-encoded as sent, without the query.
    public var path: String
    /// The query as sent, percent-encoded, without its `?`.
    public var rawQuery: String
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body; empty when none is sent.
    public var body: Data

    /// A request for `path` (which may carry its query: `/pets?tags=a&tags=b`).
    public init(
      method: HTTPMethod, path: String, rawQuery: String = "", headers: HTTPHeaders = [:],
      body: Data = Data()
    ) {
      if rawQuery.isEmpty, let mark = path.firstIndex(of: "?") {
        self.path = String(path[..<mark])
        self.rawQuery = String(path[path.index(after: mark)...])
      } else {
        self.path = path
        self.rawQuery = rawQuery
      }
      self.method = method
      self.headers = headers
      self.body = body
    }
  }
#endif
