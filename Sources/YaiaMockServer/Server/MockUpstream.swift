#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  public import YaiaHTTP

  /// What a real backend answered: now YaiaHTTP's ``HTTPResponse``, the one response value of
  /// the remote layer and the mock server.
  @available(*, deprecated, renamed: "HTTPResponse")
  public typealias UpstreamResponse = HTTPResponse

  /// A real backend behind the mock server: it answers every request while a recording is made,
  /// or the requests no route answers when the mock serves what it knows and passes on the rest
  /// (a proxy).
  ///
  /// The mock server knows no HTTP client: the app (the composition root) passes the function
  /// that sends, so the same server forwards through `URLSession`, YaiaRemote's transport, or a
  /// test's closure. `yaia mock-server record` and `--proxy` pass YaiaRemote's.
  ///
  /// ```swift
  /// let recorder = try MockRecorder(folder: fixtures, source: "https://api.example.com")
  /// configuration.upstream = MockUpstream(.everything, send: forward, onExchange: { await recorder.record($0, $1) })
  /// ```
  public struct MockUpstream: Sendable {
    /// Which requests go to the backend.
    public enum Mode: Sendable, Equatable {
      /// Every request: the routes are not tried (recording).
      case everything
      /// The requests no route answers (a proxy in front of a backend).
      case unmatched
    }

    /// The journal's route name for a request the backend answered.
    public static let routeName = "upstream"

    /// Which requests go to the backend.
    public var mode: Mode
    /// Sends a request to the backend and returns its answer; an error is answered with 502
    /// Bad Gateway, its description in the body.
    public var send: @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// Told of every answer the backend gave, before it is passed on (a ``MockRecorder``).
    public var onExchange: (@Sendable (HTTPRequest, HTTPResponse) async -> Void)?

    /// A backend reached by `send`, for the requests `mode` names.
    public init(
      _ mode: Mode, send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse,
      onExchange: (@Sendable (HTTPRequest, HTTPResponse) async -> Void)? = nil
    ) {
      self.mode = mode
      self.send = send
      self.onExchange = onExchange
    }

    /// The header fields not passed on, either way (lower-cased): those about one connection
    /// (RFC 9110 §7.6.1), `Host` (the backend's own is set by the client), and the framing and
    /// encoding of a body the client has already decoded.
    public static let hopByHopHeaders: Set<String> = [
      "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization",
      "te", "trailer", "transfer-encoding", "upgrade", "host", "content-length",
      "content-encoding", "accept-encoding",
    ]

    /// `headers` without the hop-by-hop fields: the ones above, and those the `Connection`
    /// field names (`Connection: close, X-Trace`).
    public static func passedOn(_ headers: HTTPHeaders) -> HTTPHeaders {
      let named = Set(
        (headers["Connection"] ?? "").split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces).lowercased()
        })
      var kept = HTTPHeaders()
      for field in headers.fields {
        let name = field.name.lowercased()
        guard !hopByHopHeaders.contains(name), !named.contains(name) else { continue }
        kept.add(field.name, field.value)
      }
      return kept
    }
  }
#endif
