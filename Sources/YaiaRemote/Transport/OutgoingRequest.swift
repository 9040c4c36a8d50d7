public import Foundation

/// A request as it goes on the wire: resolved URL, method, headers, body and timeout.
///
/// Interceptors adapt it (add a token) and a transport sends it. Being a value, a test's
/// transport can compare it with what it expects, and a ``RemoteError`` keeps it as evidence.
///
/// Its description is `GET https://host/path?query`: no header or body reaches a log line
/// through it. Its mirror (what `dump`, test diffs and the inspector read) shows the header
/// fields with the values of `HTTPHeaderName.credentials` as `<redacted>`, and the body's size.
public struct OutgoingRequest: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
  /// The full URL.
  public var url: URL
  /// The method.
  public var method: HTTPMethod
  /// Header fields.
  public var headers: HTTPHeaders
  /// The body, if any.
  public var body: Data?
  /// How long to wait for the response; `nil` for the transport's default.
  public var timeout: Duration?
  /// The URL of the request the app made, when this one follows a redirect from it (`nil` for
  /// the app's own request). An interceptor that adds credentials compares origins with it,
  /// so that a token given for one server is not sent to the server it redirects to.
  public var redirectedFrom: URL?

  /// Creates an outgoing request.
  public init(
    url: URL, method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: Data? = nil,
    timeout: Duration? = nil
  ) {
    self.url = url
    self.method = method
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  /// `request` (one a server received) sent on to the server at `origin`: its path and query
  /// appended to `origin` (whose trailing `/` is dropped), its method, fields and body kept.
  /// What a proxy in front of a real backend sends, as the mock server's `--proxy` does.
  ///
  /// - Throws: ``RemoteError/invalidRequest(_:)`` when the two do not make a URL.
  public init(_ request: HTTPRequest, sentOnTo origin: URL, timeout: Duration? = nil)
    throws(RemoteError)
  {
    var base = origin.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    let text = base + request.path + (request.rawQuery.isEmpty ? "" : "?" + request.rawQuery)
    guard let url = URL(string: text) else {
      // Named by its summary: the query may carry a credential, and errors reach logs.
      throw .invalidRequest(
        "\(request.summary) cannot be sent on to \(origin.host ?? "the backend"): not a URL")
    }
    self.init(
      url: url, method: request.method, headers: request.headers,
      body: request.body.isEmpty ? nil : request.body, timeout: timeout)
  }

  /// The value of header `name`, compared without regard to case.
  public func header(_ name: String) -> String? {
    headers[name]
  }

  /// Whether this request follows a redirect to another origin (scheme, host or port) than
  /// the request the app made: where credentials must not be added.
  public var isRedirectToAnotherOrigin: Bool {
    redirectedFrom.map { Origin($0) != Origin(url) } ?? false
  }

  /// `GET http://host/path?query`.
  public var description: String { "\(method) \(url.absoluteString)" }

  /// Method, URL, header fields with credentials redacted, body size, timeout and redirect.
  public var customMirror: Mirror {
    let shown = headers.map { name, value in
      "\(name): "
        + (HTTPHeaderName.credentials.contains(name.lowercased()) ? "<redacted>" : value)
    }
    return Mirror(
      self,
      children: [
        "method": method, "url": url, "headers": shown,
        "body": body.map { "\($0.count) bytes" } as Any, "timeout": timeout as Any,
        "redirectedFrom": redirectedFrom as Any,
      ], displayStyle: .struct)
  }
}
