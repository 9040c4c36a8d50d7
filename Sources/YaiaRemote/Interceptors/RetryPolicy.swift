public import Foundation

/// Retries idempotent requests after transport errors and 5xx responses, with exponential
/// backoff and jitter, honouring `Retry-After`.
///
/// The n-th retry waits `baseDelay × 2ⁿ⁻¹`, capped at `maxDelay`, scaled by a random factor
/// between ½ and 1 so that many clients do not retry in step. A `Retry-After` header (seconds
/// or an HTTP date) on the response replaces the computed delay, capped at `maxDelay`. A `POST`
/// is never retried (it may have taken effect), nor a cancelled request, nor a 4xx.
public struct RetryPolicy: Interceptor {
  /// The most retries per request (so at most `maxRetries + 1` attempts).
  public var maxRetries: Int
  /// The delay before the first retry, before jitter.
  public var baseDelay: Duration
  /// The longest delay, whatever the backoff or `Retry-After` says.
  public var maxDelay: Duration
  /// A random number in 0...1 for the jitter; tests pass a constant.
  public var random: @Sendable () -> Double
  /// The current date, to read a `Retry-After` given as a date; tests pass a constant.
  public var now: @Sendable () -> Date

  /// Creates a retry policy.
  public init(
    maxRetries: Int = 3, baseDelay: Duration = .milliseconds(500),
    maxDelay: Duration = .seconds(30),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.maxRetries = maxRetries
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.random = random
    self.now = now
  }

  /// The reason this policy gives its retries.
  public static let reason = "backoff"

  /// Retries transport failures and 5xx of idempotent requests, up to ``maxRetries``.
  public func retry(
    _ request: OutgoingRequest, after result: Result<HTTPResponse, RemoteError>, attempt: Attempt
  ) async
    -> RetryDecision
  {
    guard request.method.isIdempotent, attempt.retries(for: Self.reason) < maxRetries else {
      return .doNotRetry
    }
    var retryAfter: Duration?
    switch result {
    case .failure(.transport):
      break
    case .success(let response) where response.status >= 500:
      retryAfter = response.header("Retry-After").flatMap(parseRetryAfter)
    default:
      return .doNotRetry
    }
    let exponent = attempt.retries(for: Self.reason)
    let backoff = baseDelay * Double(1 << min(exponent, 30)) * (0.5 + 0.5 * random())
    return .retry(after: min(maxDelay, retryAfter ?? backoff), reason: Self.reason)
  }

  /// `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2026 07:28:00 GMT`.
  func parseRetryAfter(_ value: String) -> Duration? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: trimmed) else { return nil }
    return .milliseconds(max(0, Int(date.timeIntervalSince(now()) * 1000)))
  }
}
