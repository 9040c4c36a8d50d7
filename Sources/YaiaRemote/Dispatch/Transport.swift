import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one request and returns what came back: the only piece of I/O in the remote layer.
///
/// It is a function, so a test passes a closure (`{ request in HTTPResponse(status: 200, body:
/// fixture) }`) instead of a mock class. ``urlSession(_:)`` is the real one.
public struct Transport: Sendable {
  /// Sends `request`; throws ``RemoteError`` for transport failures and cancellation.
  public let send: @Sendable (OutgoingRequest) async throws(RemoteError) -> HTTPResponse

  /// A transport made of a function.
  public init(
    _ send: @escaping @Sendable (OutgoingRequest) async throws(RemoteError) -> HTTPResponse
  ) {
    self.send = send
  }

  /// Sends over `URLSession` (FoundationNetworking on Linux). Cancelling the calling task
  /// cancels the session task.
  ///
  /// A request's timeout is enforced here, to the millisecond: FoundationNetworking on Linux
  /// truncates `timeoutInterval` to whole seconds (0.3 s fires at once, 1.5 s after 1 s), so
  /// the session's own timeout is only a backstop, rounded up.
  public static func urlSession(_ session: URLSession = .shared) -> Transport {
    let session = UncheckedSession(session: session)
    return Transport { request throws(RemoteError) in
      var urlRequest = URLRequest(url: request.url)
      urlRequest.httpMethod = request.method.rawValue
      for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
      urlRequest.httpBody = request.body
      guard let timeout = request.timeout else {
        return try await Self.perform(urlRequest, on: session, for: request)
      }
      let seconds =
        Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
      urlRequest.timeoutInterval = max(1, seconds.rounded(.up)) + 1
      let sendable = UncheckedURLRequest(request: urlRequest)
      do {
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
          group.addTask { try await Self.perform(sendable.request, on: session, for: request) }
          group.addTask {
            try await Task.sleep(for: timeout)
            return nil
          }
          defer { group.cancelAll() }
          guard let first = try await group.next(), let response = first else {
            throw RemoteError.transport(
              .timeout, request: request.description, detail: "no response within \(seconds) s")
          }
          return response
        }
      } catch let error as RemoteError {
        throw error
      } catch {
        throw Self.remoteError(for: error, request: request)
      }
    }
  }

  private static func perform(
    _ urlRequest: URLRequest, on session: UncheckedSession, for request: OutgoingRequest
  ) async throws(RemoteError) -> HTTPResponse {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.session.data(for: urlRequest)
    } catch {
      throw Self.remoteError(for: error, request: request)
    }
    guard let http = response as? HTTPURLResponse else {
      throw .transport(.other, request: request.description, detail: "the response was not HTTP")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers["\(name)"] = "\(value)"
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: data)
  }

  static func remoteError(for error: any Error, request: OutgoingRequest) -> RemoteError {
    if error is CancellationError { return .cancelled }
    guard let urlError = error as? URLError else {
      return .transport(.other, request: request.description, detail: "\(error)")
    }
    let detail = urlError.localizedDescription
    switch urlError.code {
    case .cancelled:
      return .cancelled
    case .timedOut:
      return .transport(.timeout, request: request.description, detail: detail)
    case .cannotFindHost, .dnsLookupFailed:
      return .transport(.hostNotFound, request: request.description, detail: detail)
    case .notConnectedToInternet, .cannotConnectToHost, .networkConnectionLost:
      return .transport(.noConnection, request: request.description, detail: detail)
    default:
      return .transport(.other, request: request.description, detail: detail)
    }
  }
}

/// A `URLRequest` handed to a child task. proven: it is a value type copied into the task and
/// only read there; it is not `Sendable` on Linux only because of its `httpBodyStream`, which
/// is never set here.
struct UncheckedURLRequest: @unchecked Sendable {
  let request: URLRequest
}

/// `URLSession` is thread-safe (Apple documents it as such, and FoundationNetworking's
/// is built on locks); proven: this wrapper only calls its async `data(for:)`.
struct UncheckedSession: @unchecked Sendable {
  let session: URLSession
}
