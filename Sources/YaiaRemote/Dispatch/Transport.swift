import Foundation
import Yaia

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one request and returns what came back: the only piece of I/O in the remote layer.
/// A redirect comes back as it is (the client follows it, see ``Redirect``).
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
  /// cancels the session task on Apple platforms; on Linux the request is abandoned instead:
  /// the caller gets ``RemoteError/cancelled`` at once, and the request runs to its end (within
  /// its timeout) with its result dropped. FoundationNetworking's own cancellation can deadlock
  /// with a response completing at the same moment (see `abandoningOnCancel`), and cancelling
  /// its session task directly can crash when the task is completing.
  ///
  /// Redirects are not followed here: a 3xx comes back as the response, and ``RemoteClient``
  /// follows it by the rules of ``Redirect``. On Linux, where FoundationNetworking asks only a
  /// session's delegate about redirects, requests go to a session of the transport's own made
  /// from `session`'s configuration (`session`'s delegate is not used).
  ///
  /// An abandoned request keeps its connection until it ends, and a session opens at most a
  /// few connections per host (six by default). So on Linux, once a request is abandoned,
  /// later requests go to a new session with the same configuration, and the old one closes
  /// when its last request ends: cancelled requests never hold up the next ones. At most 16
  /// such sessions wind down at once.
  ///
  /// A request's timeout is enforced here, to the millisecond: FoundationNetworking on Linux
  /// truncates `timeoutInterval` to whole seconds (0.3 s fires at once, 1.5 s after 1 s), so
  /// the session's own timeout is only a backstop, rounded up.
  public static func urlSession(_ session: URLSession = .shared) -> Transport {
    #if canImport(FoundationNetworking)
      let sessions = SessionRotation(session)
    #else
      let session = UncheckedSession(session: session)
    #endif
    return Transport { request throws(RemoteError) in
      #if canImport(FoundationNetworking)
        let session = sessions.start()
        do throws(RemoteError) {
          return try await send(request, on: session) { sessions.end(session) }
        } catch {
          // Abandoned (cancelled, or past its timeout here): it still holds its connection.
          switch error {
          case .cancelled, .transport(.timeout, _, _): sessions.retire(session)
          default: break
          }
          throw error
        }
      #else
        return try await send(request, on: session) {}
      #endif
    }
  }

  /// Sends `request` on `session` within its timeout; `ended` is called when the request really
  /// ends, even after its caller abandoned it.
  private static func send(
    _ request: OutgoingRequest, on session: UncheckedSession,
    ended: @escaping @Sendable () -> Void
  ) async throws(RemoteError) -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    urlRequest.httpBody = request.body
    guard let timeout = request.timeout else {
      return try await Self.perform(urlRequest, on: session, for: request, ended: ended)
    }
    let seconds = DurationText.seconds(timeout)
    urlRequest.timeoutInterval = max(1, seconds.rounded(.up)) + 1
    let sendable = UncheckedURLRequest(request: urlRequest)
    do {
      return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
        group.addTask {
          try await Self.perform(sendable.request, on: session, for: request, ended: ended)
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

  /// Sends `urlRequest`; `ended` is called when the request really ends, even after its caller
  /// abandoned it.
  private static func perform(
    _ urlRequest: URLRequest, on session: UncheckedSession, for request: OutgoingRequest,
    ended: @escaping @Sendable () -> Void
  ) async throws(RemoteError) -> HTTPResponse {
    do {
      #if canImport(FoundationNetworking)
        let sendable = UncheckedURLRequest(request: urlRequest)
        return try await abandoningOnCancel(unstarted: ended) {
          defer { ended() }
          let (data, response) = try await session.session.data(
            for: sendable.request, delegate: RedirectsReturned.shared)
          return try httpResponse(data, response, for: request)
        }
      #else
        defer { ended() }
        let (data, response) = try await session.session.data(
          for: urlRequest, delegate: RedirectsReturned.shared)
        return try httpResponse(data, response, for: request)
      #endif
    } catch let error as RemoteError {
      throw error
    } catch {
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

  #if canImport(FoundationNetworking)
    /// Runs `work` in a task of its own and returns its result, or throws `CancellationError`
    /// as soon as the caller is cancelled, leaving `work` to finish unobserved; `unstarted` is
    /// called instead of `work` when the caller was cancelled before it could start.
    ///
    /// Why not cancel it: FoundationNetworking's `data(for:)` cancels its session task from the
    /// Swift task's cancellation handler, which runs with the task's status lock held and waits
    /// (`DispatchQueue.sync`) for the session's queue; a response completing on that queue at
    /// the same moment needs the same lock to resume the task. Each waits for the other: the
    /// process hangs (seen when a launch abort cancelled requests that were just answering).
    private static func abandoningOnCancel<T: Sendable>(
      unstarted: @escaping @Sendable () -> Void,
      _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
      let outcome = FirstOutcome<T>()
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          // Already cancelled: nothing is sent.
          guard outcome.wait(with: continuation) else {
            unstarted()
            return
          }
          Task {
            do {
              outcome.resolve(.success(try await work()))
            } catch {
              outcome.resolve(.failure(error))
            }
          }
        }
      } onCancel: {
        outcome.resolve(.failure(CancellationError()))
      }
    }
  #endif

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
      return .transport(.oversizedResponse, request: request.description, detail: detail)
    default:
      return .transport(.other, request: request.description, detail: detail)
    }
  }
}

/// Makes a session return a redirect as the response instead of following it: the client
/// follows redirects itself (``Redirect``), so that credentials never reach another origin
/// and interceptors see every hop. Stateless, so one instance serves every task.
final class RedirectsReturned: NSObject, URLSessionTaskDelegate, Sendable {
  static let shared = RedirectsReturned()

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
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
/// `data(for:)`, reads its `configuration` and calls `finishTasksAndInvalidate()`, all of
/// which are documented as safe from any thread.
struct UncheckedSession: @unchecked Sendable {
  let session: URLSession
}

#if canImport(FoundationNetworking)
  /// The session requests go to, replaced by a new one once a request on it was abandoned, so
  /// that abandoned requests (which keep their connections until they end) never use up the
  /// connections the next requests need. proven: `state` is only touched inside `lock`, and
  /// `URLSession` is thread-safe.
  final class SessionRotation: @unchecked Sendable {
    private struct State {
      var current: URLSession
      var ownsCurrent = false
      /// Requests still running, by session (an abandoned one until it really ends).
      var running: [ObjectIdentifier: Int] = [:]
      /// Sessions this rotation made and retired, still running requests: each is invalidated
      /// when its last request ends (not before: a request may be about to create its task).
      var retired: [ObjectIdentifier: URLSession] = [:]
    }

    /// The most retired sessions winding down at once; past it, the current one is kept.
    static let mostRetired = 16

    private let lock = NSLock()
    private var state: State

    /// Requests go to a session of this rotation's own, made from `session`'s configuration:
    /// its delegate (``RedirectsReturned``) hands redirects back to the client, which
    /// FoundationNetworking asks only of a session's delegate, not of a task's.
    init(_ session: URLSession) {
      state = State(current: Self.session(like: session))
      state.ownsCurrent = true
    }

    /// A session with `session`'s configuration whose redirects come back as responses.
    static func session(like session: URLSession) -> URLSession {
      URLSession(
        configuration: session.configuration, delegate: RedirectsReturned.shared,
        delegateQueue: nil)
    }

    /// The session for the next request, counted as running one more.
    func start() -> UncheckedSession {
      lock.withLock {
        state.running[ObjectIdentifier(state.current), default: 0] += 1
        return UncheckedSession(session: state.current)
      }
    }

    /// A request on `session` really ended (answered, failed, or abandoned and then ended).
    func end(_ session: UncheckedSession) {
      let finished: URLSession? = lock.withLock {
        let id = ObjectIdentifier(session.session)
        let left = (state.running[id] ?? 1) - 1
        state.running[id] = left > 0 ? left : nil
        return left > 0 ? nil : state.retired.removeValue(forKey: id)
      }
      finished?.finishTasksAndInvalidate()
    }

    /// A request on `session` was abandoned: later requests go to a new session.
    func retire(_ session: UncheckedSession) {
      let idle: URLSession? = lock.withLock {
        guard state.current === session.session,  // not retired already
          state.retired.count < Self.mostRetired
        else { return nil }
        let old = state.current
        let wasOwned = state.ownsCurrent
        state.current = Self.session(like: old)
        state.ownsCurrent = true
        guard wasOwned else { return nil }
        if state.running[ObjectIdentifier(old)] == nil { return old }
        state.retired[ObjectIdentifier(old)] = old
        return nil
      }
      idle?.finishTasksAndInvalidate()
    }

    /// How many retired sessions are still winding down.
    var retiredCount: Int { lock.withLock { state.retired.count } }
  }

  /// The first of a request's result and its caller's cancellation, handed to the waiting
  /// continuation exactly once (either may come first, even before the continuation is set).
  /// proven: `state` is only read and written inside `lock`, and a continuation is resumed
  /// once, after it has been taken out of `state` under the lock.
  final class FirstOutcome<T: Sendable>: @unchecked Sendable {
    private enum State {
      case empty
      case waiting(CheckedContinuation<T, any Error>)
      case resolved(Result<T, any Error>)
      case done
    }

    private let lock = NSLock()
    private var state = State.empty

    /// Hands over the continuation; `false` if the outcome was already decided (it is resumed).
    func wait(with continuation: CheckedContinuation<T, any Error>) -> Bool {
      let early: Result<T, any Error>? = lock.withLock {
        if case .resolved(let result) = state {
          state = .done
          return result
        }
        state = .waiting(continuation)
        return nil
      }
      if let early { continuation.resume(with: early) }
      return early == nil
    }

    /// Decides the outcome, if it is not decided yet.
    func resolve(_ result: Result<T, any Error>) {
      let waiting: CheckedContinuation<T, any Error>? = lock.withLock {
        switch state {
        case .empty:
          state = .resolved(result)
          return nil
        case .waiting(let continuation):
          state = .done
          return continuation
        case .resolved, .done:
          return nil
        }
      }
      waiting?.resume(with: result)
    }
  }
#endif
