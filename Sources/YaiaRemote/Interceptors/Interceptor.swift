/// A link in the client's chain: it may adapt each request before it is sent, see each
/// response, and ask for a retry.
///
/// The client calls every interceptor in order for each step. All three methods have default
/// implementations, so an interceptor implements only what it needs.
public protocol Interceptor: Sendable {
  /// Returns the request to send, changed or not (add a token, a header).
  func adapt(_ request: OutgoingRequest) async throws(RemoteError) -> OutgoingRequest

  /// Sees how one attempt went and how long it took (log it, measure it).
  func observe(
    _ request: OutgoingRequest, result: Result<HTTPResponse, RemoteError>, duration: Duration)
    async

  /// Decides whether to send the request again after `result`. The first interceptor that
  /// asks for a retry wins.
  func retry(
    _ request: OutgoingRequest, after result: Result<HTTPResponse, RemoteError>, attempt: Attempt
  ) async
    -> RetryDecision
}

extension Interceptor {
  /// Sends the request unchanged.
  public func adapt(_ request: OutgoingRequest) async throws(RemoteError) -> OutgoingRequest {
    request
  }

  /// Ignores the outcome.
  public func observe(
    _ request: OutgoingRequest, result: Result<HTTPResponse, RemoteError>, duration: Duration
  ) async {}

  /// Never retries.
  public func retry(
    _ request: OutgoingRequest, after result: Result<HTTPResponse, RemoteError>, attempt: Attempt
  ) async
    -> RetryDecision
  { .doNotRetry }
}

/// Which attempt at a request this is, and how often it was retried for each reason, so each
/// interceptor can cap its own retries.
public struct Attempt: Sendable, Equatable {
  /// 1 for the first attempt.
  public let number: Int
  /// Retries so far, by the reason given in ``RetryDecision/retry(after:reason:)``.
  public let retries: [String: Int]

  /// Creates an attempt record.
  public init(number: Int, retries: [String: Int] = [:]) {
    self.number = number
    self.retries = retries
  }

  /// How often the request was retried for `reason`.
  public func retries(for reason: String) -> Int { retries[reason] ?? 0 }
}

/// Whether to send a request again.
public enum RetryDecision: Sendable, Equatable {
  /// Deliver this result.
  case doNotRetry
  /// Send the request again after `delay`; `reason` counts toward ``Attempt/retries``.
  case retry(after: Duration, reason: String)
}
