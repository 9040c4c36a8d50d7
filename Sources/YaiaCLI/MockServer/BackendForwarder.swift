import ArgumentParser
import Foundation
import Yaia
import YaiaMockServer
import YaiaRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends a mock server's requests on to a real backend through YaiaRemote's transport: the
/// `send` of a ``MockUpstream`` for `yaia mock-server record` and `--proxy`.
///
/// The request goes as the app sent it (method, path and query as received, header fields,
/// body), less the fields about one connection and the mock's own `X-Mock-…` fields. The
/// transport bounds the answer's size and time and follows no redirect, so a 3xx reaches the app
/// (and the recording) as the backend sent it.
///
/// Its session keeps nothing between requests: no cookie jar (one client's `sid` would ride on
/// every other client's requests, replacing their own `Cookie`, and the recording would show a
/// cookie no app sent) and no cache (one client would be answered what another was).
struct BackendForwarder: Sendable {
  /// The backend's base URL: a request for `/v1/cart` goes to `target` + `/v1/cart`.
  let target: URL
  /// How long the backend may take to answer one request.
  let timeout: Duration
  let transport: Transport

  /// A forwarder to `target`, which must be an http or https URL with a host.
  init(target: URL, timeout: Duration = .seconds(30), maxResponseBytes: Int = 32 << 20)
    throws(ForwardingError)
  {
    guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
      target.host?.isEmpty == false, target.query == nil, target.fragment == nil
    else {
      throw ForwardingError(
        "the target must be an http or https URL with a host and no query, such as https://api.example.com/v1"
      )
    }
    self.target = target
    self.timeout = timeout
    self.transport = .urlSession(Self.statelessSession(), maxResponseBytes: maxResponseBytes)
  }

  /// A session that stores no cookie, sends none of its own, and caches nothing: each request
  /// goes on with its client's own header fields only.
  static func statelessSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
    return URLSession(configuration: configuration)
  }

  /// A forwarder to the URL a command-line option names, or the argument error that says what
  /// is wrong with it (escaped: it reaches the terminal).
  static func option(_ name: String, _ text: String, timeout: Duration = .seconds(30))
    throws(ValidationError) -> BackendForwarder
  {
    let shown = VisibleText.escaped(text)
    guard let url = URL(string: text) else {
      throw ValidationError("--\(name) \(shown) is not a URL.")
    }
    do {
      return try BackendForwarder(target: url, timeout: timeout)
    } catch {
      throw ValidationError("--\(name) \(shown): \(error.description).")
    }
  }

  /// The backend's answer to `request`.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var outgoing = try OutgoingRequest(request, sentOnTo: target, timeout: timeout)
    outgoing.headers = MockUpstream.passedOn(request.headers)
    for field in outgoing.headers.fields where field.name.lowercased().hasPrefix("x-mock-") {
      outgoing.headers[field.name] = nil
    }
    return try await transport.send(outgoing)
  }
}

/// Why a backend cannot be forwarded to.
struct ForwardingError: Error, CustomStringConvertible {
  /// What is wrong.
  let description: String

  init(_ description: String) { self.description = description }
}
