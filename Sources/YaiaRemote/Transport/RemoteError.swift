public import Foundation
import Yaia

/// Everything that can go wrong with a remote call, typed, with the evidence kept and a
/// description that says what to do.
public enum RemoteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Why a request never got a response.
  public enum TransportFailure: String, Sendable, Equatable {
    /// No connection: the network is down, or nothing listens at that address.
    case noConnection
    /// The server did not answer in time.
    case timeout
    /// The host name did not resolve.
    case hostNotFound
    /// The response is larger than the client reads: its body passed the transport's bound
    /// (``Transport/urlSession(_:maxResponseBytes:)``), or its header fields passed the HTTP
    /// client's (libcurl, under FoundationNetworking, stops at 100 KB and calls it "out of
    /// memory").
    case oversizedResponse
    /// The connection broke in another way (TLS, a reset).
    case other
  }

  /// The request never got a response.
  case transport(TransportFailure, request: OutgoingRequest, detail: String)
  /// The server answered with a status the request does not accept; the response is kept
  /// whole (status, headers, body).
  case status(HTTPResponse, request: OutgoingRequest)
  /// The body did not decode: where (`rates.EUR`), why (`expected Double, found String`), and
  /// the body itself.
  case decoding(path: String, problem: String, body: Data, request: OutgoingRequest)
  /// The request could not be made (a missing path parameter, a body that would not encode).
  case invalidRequest(String)
  /// The server redirected the request where it must not follow (from https to http, to a
  /// URL that is not http(s), or past the client's ``RemoteClient/maxRedirects``).
  case redirectRefused(request: OutgoingRequest, location: String, reason: String)
  /// The calling task was cancelled; nothing was delivered.
  case cancelled

  public var description: String {
    switch self {
    case .transport(.noConnection, let request, let detail):
      return
        "\(request): no connection (\(detail)). Check the network and that the server is running at that address."
    case .transport(.timeout, let request, _):
      return
        "\(request): the server did not answer in time. Try again, or raise the request's timeout."
    case .transport(.hostNotFound, let request, let detail):
      return "\(request): host not found (\(detail)). Check the environment's base URL."
    case .transport(.oversizedResponse, let request, let detail):
      return "\(request): the response is too large: \(detail). Check what the server sends."
    case .transport(.other, let request, let detail):
      return "\(request): the connection failed (\(detail))."
    case .status(let response, let request):
      return "\(request) failed with \(response)."
    case .decoding(let path, let problem, let body, let request):
      let location = path.isEmpty ? "the top level" : path
      return
        "\(request): the response did not decode at \(location): \(problem). Body: \(HTTPResponse.preview(body)). Check the model against the server's JSON."
    case .invalidRequest(let message):
      return "Invalid request: \(message)"
    case .redirectRefused(let request, let location, let reason):
      return
        "\(request): the redirect to \(VisibleText.escaped(location, atMost: 200)) was not followed: \(reason)."
    case .cancelled:
      return "The request was cancelled; nothing was delivered."
    }
  }

  /// The request as it was last sent (after the interceptors adapted it), for the errors that
  /// have one: a value, so a test or an interceptor compares its URL, method or headers.
  public var request: OutgoingRequest? {
    switch self {
    case .transport(_, let request, _), .status(_, let request),
      .decoding(_, _, _, let request), .redirectRefused(let request, _, _):
      return request
    case .invalidRequest, .cancelled:
      return nil
    }
  }

  /// The HTTP status, for a status error.
  public var status: HTTPStatus? {
    if case .status(let response, _) = self { return response.status }
    return nil
  }
}
