public import Foundation

/// A request as plain values: method, path, query, header fields and body, as a server
/// receives it or a client sends it below its base URL.
///
/// The one request value of Yaia's tools: what the mock server routes, journals and verifies,
/// what an OpenAPI description checks (the old `MockRequest` and `OpenAPIRequest`, each a copy
/// of the other), and what YaiaRemote's `Request` becomes for a contract test.
///
/// The query is kept as sent (``rawQuery``: `tags=a&tags=b`, `type=album,track`), repeated
/// names, order and delimiters intact, because an OpenAPI parameter's style decides how it
/// reads; ``query`` is its first value per name, decoded, which is what a route matches.
///
/// ```swift
/// let request = HTTPRequest(method: .get, path: "/pets?tags=a&tags=b")
/// request.path        // "/pets"
/// request.rawQuery    // "tags=a&tags=b"
/// request.query       // ["tags": "a"]
/// ```
public struct HTTPRequest: Hashable, Sendable, CustomStringConvertible {
  /// The method.
  public var method: HTTPMethod
  /// The path, percent-encoded as received, without the query.
  public var path: String
  /// The query as received, still percent-encoded, without its `?` (empty when none): what a
  /// request passed on to a real backend sends, and what a description's parameter styles
  /// read. Setting it sets ``query``.
  public var rawQuery: String {
    didSet { firstValues = Self.firstValues(of: rawQuery) }
  }
  /// The query items, first value per name, percent-decoded (a name or value that is not valid
  /// percent-encoding is kept as sent): read from ``rawQuery``. Setting it writes
  /// ``rawQuery`` anew, names in order.
  public var query: [String: String] {
    get { firstValues }
    set { rawQuery = Self.written(newValue) }
  }
  private var firstValues: [String: String]
  /// Header fields, in the order received (names compared without case).
  public var headers: HTTPHeaders
  /// The body; empty when none is sent.
  public var body: Data

  /// A request for `path`, which may carry its query (`/pets?tags=a&tags=b`) unless `rawQuery`
  /// is given. A request written by hand may give its query as the dictionary `query`
  /// instead: it is written out as `rawQuery` (names in order, percent-encoded), and used only
  /// when neither names a query.
  public init(
    method: HTTPMethod, path: String, query: [String: String] = [:], headers: HTTPHeaders = [:],
    body: Data = Data(), rawQuery: String = ""
  ) {
    var path = path
    var rawQuery = rawQuery
    if rawQuery.isEmpty, let mark = path.firstIndex(of: "?") {
      rawQuery = String(path[path.index(after: mark)...])
      path = String(path[..<mark])
    }
    if rawQuery.isEmpty, !query.isEmpty { rawQuery = Self.written(query) }
    self.method = method
    self.path = path
    self.rawQuery = rawQuery
    // Always read from the query as sent, so that the two never disagree (a `query` given
    // beside a `rawQuery` is not used).
    self.firstValues = Self.firstValues(of: rawQuery)
    self.headers = headers
    self.body = body
  }

  /// `GET /devices/7`: method and path, never the query (which may carry a credential), the
  /// header fields or the body.
  public var summary: String { "\(method) \(path)" }

  /// ``summary``.
  public var description: String { summary }

  /// The first value of each name in `rawQuery`, decoded. Read by hand: Foundation's
  /// `URLComponents.percentEncodedQuery` traps on a query it finds invalid (`?%zz`), and a
  /// client chooses the query.
  static func firstValues(of rawQuery: String) -> [String: String] {
    var query: [String: String] = [:]
    for item in rawQuery.split(separator: "&") {
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(pair[0]).removingPercentEncoding ?? String(pair[0])
      let value = pair.count > 1 ? (String(pair[1]).removingPercentEncoding ?? String(pair[1])) : ""
      if query[name] == nil { query[name] = value }
    }
    return query
  }

  /// `query` as a query string: names in order, names and values percent-encoded.
  static func written(_ query: [String: String]) -> String {
    query.sorted { $0.key < $1.key }.map { name, value in
      encoded(name) + "=" + encoded(value)
    }.joined(separator: "&")
  }

  /// Only ASCII letters and digits are left as they are (`.alphanumerics` would leave `é`).
  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  private static func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }
}
