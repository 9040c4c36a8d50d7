import Foundation

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// Sends one request and returns what came back: the only piece of I/O in the remote layer.
/// A redirect comes back as it is (the client follows it, see ``Redirect``).
///
/// It is a function, so a test passes a closure (`{ request in HTTPResponse(status: 200, body:
/// fixture) }`) instead of a mock class. ``urlSession(_:maxResponseBytes:)`` is the real one.
public struct Transport: Sendable {
  /// Sends `request`; throws ``RemoteError`` for transport failures and cancellation.
  public let send: @Sendable (OutgoingRequest) async throws(RemoteError) -> HTTPResponse

  /// A transport made of a function.
  public init(
    _ send: @escaping @Sendable (OutgoingRequest) async throws(RemoteError) -> HTTPResponse
  ) {
    self.send = send
  }

  /// Sends over `URLSession` (FoundationNetworking on Linux), reading at most
  /// `maxResponseBytes` of body (32 MiB by default; a larger one is
  /// ``RemoteError/TransportFailure/oversizedResponse``). The bound counts the body as it is
  /// delivered, after decompression: a gzip body of 1 MB that inflates to 1 GB stops at the
  /// bound, and so does an endless chunked one.
  ///
  /// Cancelling the calling task returns ``RemoteError/cancelled`` at once. On Apple platforms
  /// its session task is cancelled. On Linux the request is abandoned: it runs to its end (or
  /// its timeout) and keeps nothing of what still arrives. FoundationNetworking cannot stop a
  /// transfer safely: its cancellation can deadlock with a response completing at the same
  /// moment, and stopping a transfer in the middle of a body ends the process. So on Linux an
  /// abandoned download of an endless body uses no memory, but keeps its connection reading.
  ///
  /// Redirects are not followed here: a 3xx comes back as the response, and ``RemoteClient``
  /// follows it by the rules of ``Redirect``. On Linux, where FoundationNetworking asks only a
  /// session's delegate, requests go to sessions of the transport's own made from `session`'s
  /// configuration (`session`'s delegate is not used).
  ///
  /// An abandoned request keeps its connection until it ends, and a session opens at most a
  /// few connections per host (six by default). So on Linux, once a request is abandoned,
  /// later requests go to a new session with the same configuration, and the old one closes
  /// when its last request ends: abandoned requests never hold up the next ones.
  ///
  /// A request's timeout is enforced here, to the millisecond: FoundationNetworking on Linux
  /// truncates `timeoutInterval` to whole seconds (0.3 s fires at once, 1.5 s after 1 s), so
  /// the session's own timeout is only a backstop, rounded up.
  public static func urlSession(
    _ session: URLSession = .shared, maxResponseBytes: Int = 32 << 20
  ) -> Transport {
    let engine = URLSessionEngine(session, maxResponseBytes: maxResponseBytes)
    return Transport { request throws(RemoteError) in try await engine.send(request) }
  }
}
