#if Remote  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import Yaia

  #if canImport(FoundationNetworking)
    import FoundationNetworking
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
      let limit = max(0, maxResponseBytes)
      #if canImport(FoundationNetworking)
        let sessions = SessionRotation(session)
      #else
        let session = UncheckedSession(session: session)
      #endif
      return Transport { request throws(RemoteError) in
        #if canImport(FoundationNetworking)
          let session = sessions.start()
          do throws(RemoteError) {
            return try await send(request, on: session, limit: limit) { sessions.end(session) }
          } catch {
            // Abandoned (cancelled, or past its timeout here): it holds its connection until the
            // next part of its response arrives, or its timeout.
            switch error {
            case .cancelled, .transport(.timeout, _, _): sessions.retire(session)
            default: break
            }
            throw error
          }
        #else
          return try await send(request, on: session, limit: limit) {}
        #endif
      }
    }

    /// Sends `request` on `session` within its timeout; `ended` is called when the request really
    /// ends, even after its caller abandoned it.
    private static func send(
      _ request: OutgoingRequest, on session: UncheckedSession, limit: Int,
      ended: @escaping @Sendable () -> Void
    ) async throws(RemoteError) -> HTTPResponse {
      var urlRequest = URLRequest(url: request.url)
      urlRequest.httpMethod = request.method.rawValue
      for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
      urlRequest.httpBody = request.body
      guard let timeout = request.timeout else {
        return try await Self.perform(
          urlRequest, on: session, for: request, limit: limit, ended: ended)
      }
      let seconds = DurationText.seconds(timeout)
      urlRequest.timeoutInterval = max(1, seconds.rounded(.up)) + 1
      let sendable = UncheckedURLRequest(request: urlRequest)
      do {
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
          group.addTask {
            try await Self.perform(
              sendable.request, on: session, for: request, limit: limit, ended: ended)
          }
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

    /// Sends `urlRequest` as a data task whose response a ``ResponseCollector`` gathers, within
    /// `limit` bytes of body; `ended` is called when the task really ends, even after its caller
    /// abandoned it.
    private static func perform(
      _ urlRequest: URLRequest, on session: UncheckedSession, for request: OutgoingRequest,
      limit: Int, ended: @escaping @Sendable () -> Void
    ) async throws(RemoteError) -> HTTPResponse {
      guard !Task.isCancelled else {
        ended()
        throw .cancelled
      }
      let task = session.session.dataTask(with: urlRequest)
      let collector = ResponseCollector(limit: limit, ended: ended)
      #if canImport(FoundationNetworking)
        // FoundationNetworking consults only the session's delegate, which hands each task's
        // callbacks to its collector (and forgets it when the task completes).
        TransportDelegate.shared.register(collector, for: task)
      #else
        task.delegate = collector
      #endif
      let outcome = await collector.outcome(of: UncheckedTask(task: task))
      switch outcome {
      case .response(let data, let response):
        return try httpResponse(data, response, for: request)
      case .abandoned:
        throw .cancelled
      case .oversized:
        throw .transport(
          .oversizedResponse, request: request.description,
          detail: "the body is larger than the \(limit) bytes the transport reads")
      case .failed(let error):
        throw Self.remoteError(for: error, request: request)
      }
    }

    package static func httpResponse(
      _ data: Data, _ response: URLResponse, for request: OutgoingRequest
    ) throws(RemoteError) -> HTTPResponse {
      guard let http = response as? HTTPURLResponse else {
        throw .transport(.other, request: request.description, detail: "the response was not HTTP")
      }
      // Foundation hands the fields over as a dictionary: sorted by name, the order is stable.
      var headers = HTTPHeaders()
      for (name, value) in http.allHeaderFields.map({ ("\($0.key)", "\($0.value)") }).sorted(by: {
        $0.0 < $1.0
      }) {
        headers.add(name, value)
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
      case .unknown where detail == "Out of memory":
        // FoundationNetworking passes on libcurl's CURLE_OUT_OF_MEMORY, which libcurl (before
        // 8.6) returns for a header line or header section past its 100 KB limit: the only
        // evidence it gives is these words.
        return .transport(
          .oversizedResponse, request: request.description,
          detail: "the header fields are larger than the HTTP client accepts (about 100 KB)")
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
#endif
