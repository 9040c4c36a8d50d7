import Foundation
import Yaia

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Gathers one data task's response within a byte bound, and stops keeping it when its caller
/// abandons it or the body passes the bound.
///
/// It is the task's delegate (on Linux, reached through ``TransportDelegate``): every part of
/// the response passes through it, so an abandoned request keeps nothing of an endless body,
/// and a small compressed body cannot inflate past the bound in memory. Redirects
/// come back as responses (the client follows them itself, see ``Redirect``).
///
/// `@unchecked Sendable`, proven: its state is only reached through its lock (`Locked` is not
/// `Sendable` here because `URLResponse` is not on Linux); the continuation is resumed once,
/// after it was taken out under the lock; `ended` is called once.
final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// How the task ended, as the caller sees it. proven: it is made once by the delegate and
  /// handed, through one continuation, to the one task that waits; nobody keeps or changes the
  /// `URLResponse` after that (it is not `Sendable` on Linux only because it is a class that
  /// Foundation never mutates once delivered), and `Data` and errors are `Sendable`.
  enum Outcome: @unchecked Sendable {
    /// The whole response, within the bound.
    case response(Data, URLResponse)
    /// The caller stopped waiting: its task was cancelled.
    case abandoned
    /// No whole response came within the request's timeout; the task is abandoned.
    case timedOut
    /// The body passed the bound (declared or delivered).
    case oversized
    /// The task failed: the session's error.
    case failed(any Error)
  }

  private enum Phase {
    case running, abandoned, oversized, finished
  }

  private struct State {
    var phase = Phase.running
    var body = Data()
    var response: URLResponse?
    var waiting: CheckedContinuation<Outcome, Never>?
    /// An outcome decided before the caller waited (abandoned before sending).
    var decided: Outcome?
    var hasEnded = false
  }

  private let state = Locked(State())
  private let limit: Int
  private let timeout: Duration?
  private let ended: @Sendable () -> Void

  /// A collector for a body of at most `limit` bytes, waited for at most `timeout` (`nil`:
  /// the session's own); `ended` is called once when the task really ends (or is never
  /// started), even after its caller abandoned it.
  init(limit: Int, timeout: Duration?, ended: @escaping @Sendable () -> Void) {
    self.limit = limit
    self.timeout = timeout
    self.ended = ended
  }

  /// Calls `start` (which starts the task this collector hears) and returns how it ended:
  /// ``Outcome/abandoned`` as soon as the calling task is cancelled, ``Outcome/timedOut`` once
  /// the timeout passes, calling `cancel` in both cases. The timeout is a timer on a dispatch
  /// queue, not a task, and is cancelled when the outcome is known.
  func outcome(
    start: @escaping @Sendable () -> Void, cancel: @escaping @Sendable () -> Void
  ) async -> Outcome {
    let timer = timeout.map { timeout in
      DispatchWorkItem { [weak self] in self?.abandon(as: .timedOut, cancel: cancel) }
    }
    defer { timer?.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let early: Outcome? = state.withLock { state in
          if let decided = state.decided { return decided }
          state.waiting = continuation
          return nil
        }
        guard let early else {
          if let timer, let timeout {
            let nanoseconds = Self.nanoseconds(timeout)
            DispatchQueue.global().asyncAfter(
              deadline: .now() + .nanoseconds(nanoseconds), execute: timer)
          }
          start()
          return
        }
        // Abandoned before it was sent: nothing was started, so nothing will end it.
        continuation.resume(returning: early)
        end()
      }
    } onCancel: {
      abandon(as: .abandoned, cancel: cancel)
    }
  }

  /// `duration` in whole nanoseconds, within what a dispatch deadline holds (a timeout of
  /// years is a timeout of about 290 years).
  private static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 0 }
    guard seconds < Int64(Int.max / 1_000_000_000) - 1 else { return Int.max }
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  }

  /// The caller stops waiting: it gets `outcome` (abandoned or timed out) at once, and
  /// `cancel` stops the task (on Apple platforms; on Linux it is a no-op and the task keeps
  /// nothing more, see ``stop(_:)``).
  private func abandon(as outcome: Outcome, cancel: @Sendable () -> Void) {
    let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
      guard state.phase == .running else { return nil }
      state.phase = .abandoned
      defer { state.waiting = nil }
      if state.waiting == nil { state.decided = outcome }
      return state.waiting
    }
    waiter?.resume(returning: outcome)
    cancel()
  }

  /// Decides the outcome, if the caller still waits for one.
  private func decide(_ outcome: Outcome) {
    let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
      defer { state.waiting = nil }
      return state.waiting
    }
    waiter?.resume(returning: outcome)
  }

  private func end() {
    let first: Bool = state.withLock { state in
      defer { state.hasEnded = true }
      return !state.hasEnded
    }
    if first { ended() }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let limit = self.limit
    let (stop, oversized): (Bool, Bool) = state.withLock { state in
      switch state.phase {
      case .abandoned, .oversized, .finished: return (true, false)
      case .running:
        if response.expectedContentLength > Int64(limit) {
          state.phase = .oversized
          return (true, true)
        }
        state.response = response
        return (false, false)
      }
    }
    if oversized { decide(.oversized) }
    #if canImport(FoundationNetworking)
      // Refusing the response is a cancellation too (see stop(_:)): the rest is dropped.
      completionHandler(.allow)
    #else
      completionHandler(stop ? .cancel : .allow)
    #endif
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let limit = self.limit
    let (stop, oversized): (Bool, Bool) = state.withLock { state in
      switch state.phase {
      case .abandoned, .oversized, .finished: return (true, false)
      case .running:
        guard state.body.count + data.count <= limit else {
          state.phase = .oversized
          state.body = Data()
          return (true, true)
        }
        state.body.append(data)
        return (false, false)
      }
    }
    if oversized { decide(.oversized) }
    if stop { Self.stop(dataTask) }
  }

  /// Stops a task no one reads any more. On Apple platforms it is cancelled. On Linux it runs
  /// to its end with every further byte dropped: FoundationNetworking (6.3) cannot stop a
  /// transfer in the middle of a body. Its cancellation is a no-op while a URL cache holds the
  /// task's protocol, and otherwise stops loading while libcurl still delivers data, which
  /// ends the process (`Received body data, but no transfer in progress`). So memory stays
  /// within the bound, but the connection keeps reading until the server stops sending.
  private static func stop(_ task: URLSessionDataTask) {
    #if !canImport(FoundationNetworking)
      task.cancel()
    #endif
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let outcome: Outcome? = state.withLock { state in
      defer { state.phase = .finished }
      guard state.phase == .running else { return nil }
      if let error { return .failed(error) }
      guard let response = state.response else {
        return .failed(URLError(.badServerResponse))
      }
      return .response(state.body, response)
    }
    if let outcome { decide(outcome) }
    end()
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}

#if canImport(FoundationNetworking)
  /// The delegate of the transport's sessions on Linux, where FoundationNetworking consults only
  /// a session's delegate: hands each task's callbacks to the ``ResponseCollector`` registered
  /// for it, and returns redirects as responses.
  final class TransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    static let shared = TransportDelegate()

    private let collectors = Locked<[ObjectIdentifier: ResponseCollector]>([:])

    /// `collector` receives `task`'s callbacks until the task completes.
    func register(_ collector: ResponseCollector, for task: URLSessionTask) {
      collectors.withLock { $0[ObjectIdentifier(task)] = collector }
    }

    private func collector(for task: URLSessionTask, removing: Bool = false) -> ResponseCollector? {
      collectors.withLock { collectors in
        removing
          ? collectors.removeValue(forKey: ObjectIdentifier(task))
          : collectors[ObjectIdentifier(task)]
      }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      guard let collector = collector(for: dataTask) else { return completionHandler(.cancel) }
      collector.urlSession(
        session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      guard let collector = collector(for: dataTask) else { return dataTask.cancel() }
      collector.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      collector(for: task, removing: true)?.urlSession(
        session, task: task, didCompleteWithError: error)
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }
  }
#endif
