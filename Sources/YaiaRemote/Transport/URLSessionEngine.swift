package import Foundation
import Yaia

#if canImport(FoundationNetworking)
  package import FoundationNetworking
#endif

/// The engine behind ``Transport/urlSession(_:maxResponseBytes:)``: turns an
/// ``OutgoingRequest`` into a `URLRequest`, runs it as a data task that a
/// ``ResponseCollector`` gathers within the byte bound and the request's timeout, and turns
/// what came back (or why nothing did) into an ``HTTPResponse`` or a ``RemoteError``.
///
/// A request costs the calling task, one continuation and one timer on a dispatch queue: no
/// child tasks. On Linux, requests go to the sessions of a ``SessionRotation``, so that
/// abandoned requests never hold up the next ones.
package struct URLSessionEngine: Sendable {
  private let limit: Int
  #if canImport(FoundationNetworking)
    private let sessions: SessionRotation
  #else
    private let session: UncheckedSession
  #endif

  /// An engine sending on `session` (on Linux, on sessions made from its configuration),
  /// reading at most `maxResponseBytes` of body.
  init(_ session: URLSession, maxResponseBytes: Int) {
    limit = max(0, maxResponseBytes)
    #if canImport(FoundationNetworking)
      sessions = SessionRotation(session)
    #else
      self.session = UncheckedSession(session: session)
    #endif
  }

  /// Sends `request` and returns its response, or the typed reason it has none.
  func send(_ request: OutgoingRequest) async throws(RemoteError) -> HTTPResponse {
    #if canImport(FoundationNetworking)
      let session = sessions.start()
      do throws(RemoteError) {
        return try await perform(request, on: session) { sessions.end(session) }
      } catch {
        // Abandoned (cancelled, past its timeout here, or past the byte bound): it holds its
        // connection, and keeps its session's queue reading, until its response ends or its
        // timeout; later requests go to a fresh session, never behind it.
        switch error {
        case .cancelled, .transport(.timeout, _, _), .transport(.oversizedResponse, _, _):
          sessions.retire(session)
        default: break
        }
        throw error
      }
    #else
      return try await perform(request, on: session) {}
    #endif
  }

  /// Sets every field of `headers` on `urlRequest`, repeated ones included: a name given twice
  /// is sent once with its values joined as HTTP joins them (`, `; `; ` for `Cookie`), where
  /// setting each in turn would keep only the last (a proxy forwarding two `Accept` or
  /// `X-Forwarded-For` fields sent one).
  package static func setFields(_ headers: HTTPHeaders, on urlRequest: inout URLRequest) {
    var seen: Set<String> = []
    for (name, value) in headers {
      let lower = name.lowercased()
      if seen.insert(lower).inserted {
        urlRequest.setValue(value, forHTTPHeaderField: name)
      } else if lower == "cookie" {
        let earlier = urlRequest.value(forHTTPHeaderField: name) ?? ""
        urlRequest.setValue(earlier + "; " + value, forHTTPHeaderField: name)
      } else {
        urlRequest.addValue(value, forHTTPHeaderField: name)
      }
    }
  }

  /// Sends `request` on `session` as a data task whose response a ``ResponseCollector``
  /// gathers; `ended` is called when the task really ends, even after its caller abandoned it.
  private func perform(
    _ request: OutgoingRequest, on session: UncheckedSession,
    ended: @escaping @Sendable () -> Void
  ) async throws(RemoteError) -> HTTPResponse {
    guard !Task.isCancelled else {
      ended()
      throw .cancelled
    }
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    Self.setFields(request.headers, on: &urlRequest)
    urlRequest.httpBody = request.body
    if let timeout = request.timeout {
      // FoundationNetworking truncates `timeoutInterval` to whole seconds; the collector
      // keeps the real one, so the session's is only a backstop, rounded up.
      urlRequest.timeoutInterval = max(1, DurationText.seconds(timeout).rounded(.up)) + 1
    }
    #if canImport(FoundationNetworking)
      // FoundationNetworking consults only the session's delegate, which hands each task's
      // callbacks to its collector (and forgets it when the task completes). The task is made,
      // registered and resumed in one go: on the calling thread when no other transfer of ours
      // is in flight (nothing to wait behind, and no hop to pay: 3 % of a loopback request),
      // else off the cooperative pool (see ``BlockingCallExecutor``).
      let othersInFlight = Self.transfersInFlight.withLock { count in
        defer { count += 1 }
        return count
      }
      let collector = ResponseCollector(limit: limit, timeout: request.timeout) {
        Self.transfersInFlight.withLock { $0 -= 1 }
        ended()
      }
      let sent = urlRequest
      let begin: @Sendable () -> Void = {
        let task = session.session.dataTask(with: sent)
        TransportDelegate.shared.register(collector, for: task)
        task.resume()
      }
      let outcome = await collector.outcome(
        start: {
          if othersInFlight == 0 { begin() } else { BlockingCallExecutor.shared.run(begin) }
        }, cancel: {})
    #else
      let collector = ResponseCollector(limit: limit, timeout: request.timeout, ended: ended)
      let task = UncheckedTask(task: session.session.dataTask(with: urlRequest))
      task.task.delegate = collector
      let outcome = await collector.outcome(
        start: { task.task.resume() }, cancel: { task.task.cancel() })
    #endif
    switch outcome {
    case .response(let data, let response):
      return try Self.httpResponse(data, response, for: request)
    case .abandoned:
      throw .cancelled
    case .timedOut:
      let seconds = request.timeout.map(DurationText.seconds) ?? 0
      throw .transport(.timeout, request: request, detail: "no response within \(seconds) s")
    case .oversized:
      throw .transport(
        .oversizedResponse, request: request,
        detail: "the body is larger than the \(limit) bytes the transport reads")
    case .failed(let error):
      throw Self.remoteError(for: error, request: request)
    }
  }

  #if canImport(FoundationNetworking)
    /// Transfers this process's engines started and that have not yet ended.
    private static let transfersInFlight = Locked(0)
  #endif

  /// The response Foundation delivered, as a value; header fields sorted by name, since
  /// Foundation hands them over as a dictionary.
  package static func httpResponse(
    _ data: Data, _ response: URLResponse, for request: OutgoingRequest
  ) throws(RemoteError) -> HTTPResponse {
    guard let http = response as? HTTPURLResponse else {
      throw .transport(.other, request: request, detail: "the response was not HTTP")
    }
    var headers = HTTPHeaders()
    for (name, value) in http.allHeaderFields.map({ ("\($0.key)", "\($0.value)") }).sorted(by: {
      $0.0 < $1.0
    }) {
      headers.add(name, value)
    }
    return HTTPResponse(status: HTTPStatus(http.statusCode), headers: headers, body: data)
  }

  /// Why a task failed, as a ``RemoteError``.
  static func remoteError(for error: any Error, request: OutgoingRequest) -> RemoteError {
    if error is CancellationError { return .cancelled }
    guard let urlError = error as? URLError else {
      return .transport(.other, request: request, detail: "\(error)")
    }
    let detail = urlError.localizedDescription
    switch urlError.code {
    case .cancelled:
      return .cancelled
    case .timedOut:
      return .transport(.timeout, request: request, detail: detail)
    case .cannotFindHost, .dnsLookupFailed:
      return .transport(.hostNotFound, request: request, detail: detail)
    case .notConnectedToInternet, .cannotConnectToHost, .networkConnectionLost:
      return .transport(.noConnection, request: request, detail: detail)
    case .unknown where detail == "Out of memory":
      // FoundationNetworking passes on libcurl's CURLE_OUT_OF_MEMORY, which libcurl (before
      // 8.6) returns for a header line or header section past its 100 KB limit: the only
      // evidence it gives is these words.
      return .transport(
        .oversizedResponse, request: request,
        detail: "the header fields are larger than the HTTP client accepts (about 100 KB)")
    default:
      return .transport(.other, request: request, detail: detail)
    }
  }
}

/// A `URLSession` shared by requests. proven: `URLSession` is thread-safe (Apple documents it
/// as such, and FoundationNetworking's is built on locks), and this wrapper only hands it to
/// `dataTask(with:)`, reads its `configuration` and calls `finishTasksAndInvalidate()`, all of
/// which are documented as safe from any thread.
struct UncheckedSession: @unchecked Sendable {
  let session: URLSession
}

/// A session task handed between the caller's task and the session's delegate queue. proven:
/// `URLSessionTask` is thread-safe (its `resume()` and `cancel()` are documented as callable
/// from any thread, and FoundationNetworking's run on its work queue).
struct UncheckedTask: @unchecked Sendable {
  let task: URLSessionTask
}
