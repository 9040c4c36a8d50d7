/// Adds `Authorization: Bearer <token>` to every request (but not to a redirect to another
/// origin) and, when the server answers 401,
/// refreshes the token once for everyone, then replays each request once.
///
/// Twenty requests that all get 401 at the same time cause exactly one refresh: the first
/// starts it, the others wait for the same refresh, and a 401 for a token that has already
/// been replaced is simply replayed with the new one. If the refresh fails, or the replay gets
/// 401 again, the 401 is delivered as a ``RemoteError/status(_:request:)``.
///
/// ```swift
/// let auth = BearerAuthenticator(token: storedToken) { expired in
///   try await tokenService.refresh(expired)     // returns the new token
/// }
/// ```
public actor BearerAuthenticator: Interceptor {
  private var token: String?
  private var refreshing: Task<String, any Error>?
  private let refresh: @Sendable (_ expired: String?) async throws -> String
  private(set) var refreshCount = 0

  /// Creates an authenticator starting with `token` (or none), renewing it with `refresh`.
  public init(
    token: String?, refresh: @escaping @Sendable (_ expired: String?) async throws -> String
  ) {
    self.token = token
    self.refresh = refresh
  }

  /// How many refreshes ran: a number for tests and diagnostics.
  public var refreshes: Int { refreshCount }

  /// The reason this interceptor gives its replays.
  public static let reason = "auth"

  /// Adds the current token, unless the request follows a redirect to another origin than
  /// the app's request: the token is for the server it was issued by.
  public func adapt(_ request: OutgoingRequest) async throws(RemoteError) -> OutgoingRequest {
    guard let token, !request.isRedirectToAnotherOrigin else { return request }
    var request = request
    request.headers[HTTPHeaderName.authorization] = "Bearer \(token)"
    return request
  }

  /// On a 401, refreshes (once for all concurrent callers) and replays the request once.
  public func retry(
    _ request: OutgoingRequest, after result: Result<HTTPResponse, RemoteError>, attempt: Attempt
  ) async
    -> RetryDecision
  {
    guard case .success(let response) = result, response.status == 401,
      attempt.retries(for: Self.reason) == 0
    else { return .doNotRetry }
    let used = request.header("Authorization").map { String($0.dropFirst("Bearer ".count)) }
    if used != token, token != nil {
      return .retry(after: .zero, reason: Self.reason)  // someone refreshed meanwhile
    }
    let flight: Task<String, any Error>
    if let refreshing {
      flight = refreshing
    } else {
      refreshCount += 1
      let refresh = self.refresh
      flight = Task { try await refresh(used) }
      refreshing = flight
    }
    do {
      let fresh = try await flight.value
      token = fresh
      if refreshing == flight { refreshing = nil }
      return .retry(after: .zero, reason: Self.reason)
    } catch {
      if refreshing == flight { refreshing = nil }
      return .doNotRetry
    }
  }
}
