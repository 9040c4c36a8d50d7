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
  /// cancels the session task on Apple platforms; on Linux the request is abandoned instead:
  /// the caller gets ``RemoteError/cancelled`` at once, and the request runs to its end (within
  /// its timeout) with its result dropped. FoundationNetworking's own cancellation can deadlock
  /// with a response completing at the same moment (see `abandoningOnCancel`).
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
    do {
      #if canImport(FoundationNetworking)
        let sendable = UncheckedURLRequest(request: urlRequest)
        return try await abandoningOnCancel {
          let (data, response) = try await session.session.data(for: sendable.request)
          return try httpResponse(data, response, for: request)
        }
      #else
        let (data, response) = try await session.session.data(for: urlRequest)
        return try httpResponse(data, response, for: request)
      #endif
    } catch let error as RemoteError {
      throw error
    } catch {
      throw Self.remoteError(for: error, request: request)
    }
  }

  private static func httpResponse(
    _ data: Data, _ response: URLResponse, for request: OutgoingRequest
  ) throws(RemoteError) -> HTTPResponse {
    guard let http = response as? HTTPURLResponse else {
      throw .transport(.other, request: request.description, detail: "the response was not HTTP")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers["\(name)"] = "\(value)"
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: data)
  }

  #if canImport(FoundationNetworking)
    /// Runs `work` in a task of its own and returns its result, or throws `CancellationError`
    /// as soon as the caller is cancelled, leaving `work` to finish unobserved.
    ///
    /// Why not cancel it: FoundationNetworking's `data(for:)` cancels its session task from the
    /// Swift task's cancellation handler, which runs with the task's status lock held and waits
    /// (`DispatchQueue.sync`) for the session's queue; a response completing on that queue at
    /// the same moment needs the same lock to resume the task. Each waits for the other: the
    /// process hangs (seen when a launch abort cancelled requests that were just answering).
    private static func abandoningOnCancel<T: Sendable>(
      _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
      let outcome = FirstOutcome<T>()
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          // Already cancelled: nothing is sent.
          guard outcome.wait(with: continuation) else { return }
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

#if canImport(FoundationNetworking)
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
