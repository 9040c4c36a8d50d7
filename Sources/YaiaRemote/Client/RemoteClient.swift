public import Foundation

/// Sends typed requests and returns decoded responses, or a typed ``RemoteError``.
///
/// ```swift
/// let client = RemoteClient(environment: .production(URL(string: "https://api.example.com")!),
///                           interceptors: [RetryPolicy(), BearerAuthenticator(...), LoggingInterceptor(logger: log)])
/// let rates = try await client.send(RatesRequests.latest(base: "USD"))
/// ```
///
/// For each request the client resolves the URL against its environment, lets each
/// interceptor adapt it, sends it through its ``Transport``, follows redirects itself (each
/// hop adapted again, by the rules of ``Redirect``), lets each interceptor see the result and
/// ask for a retry, then checks the status against the request's acceptable ones
/// and decodes the body. Cancelling the calling task cancels the request; nothing is
/// delivered after.
public struct RemoteClient: Sendable {
  /// The URL that endpoints are relative to.
  public let baseURL: URL
  /// What sends the requests.
  public let transport: Transport
  /// The chain, in order.
  public let interceptors: [any Interceptor]
  /// A hard cap on attempts per request, whatever the interceptors ask (a guard against a
  /// retry loop).
  public var maxAttempts: Int = 10
  /// The most redirects followed for one request; one more is
  /// ``RemoteError/redirectRefused(request:location:reason:)``. Redirects are followed by the
  /// client, hop by hop through the interceptors, by the rules of ``Redirect``.
  public var maxRedirects: Int = 10
  private let decoder: UncheckedDecoder
  private let sleep: @Sendable (Duration) async throws -> Void

  /// A client for `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: What endpoints are relative to.
  ///   - transport: `URLSession` by default; tests pass a function or a loopback server.
  ///   - interceptors: The chain, in order.
  ///   - decoder: Decodes JSON bodies unless a request brings its own.
  ///   - sleep: Waits between retries; tests pass a function that records the delays.
  public init(
    baseURL: URL, transport: Transport = .urlSession(), interceptors: [any Interceptor] = [],
    decoder: JSONDecoder = JSONDecoder(),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.interceptors = interceptors
    self.decoder = UncheckedDecoder(decoder: decoder)
    self.sleep = sleep
  }

  /// A client for the base URL of `environment`.
  public init(
    environment: RemoteEnvironment, transport: Transport = .urlSession(),
    interceptors: [any Interceptor] = [], decoder: JSONDecoder = JSONDecoder(),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.init(
      baseURL: environment.baseURL, transport: transport, interceptors: interceptors,
      decoder: decoder, sleep: sleep)
  }

  /// Sends `request` and returns its decoded response.
  public func send<Response>(_ request: Request<Response>) async throws(RemoteError) -> Response {
    let (response, sent) = try await exchange(request)
    guard request.acceptableStatus.contains(response.status) else {
      throw .status(response, request: sent)
    }
    do {
      return try request.decoding.decode(response.body, decoder.decoder)
    } catch {
      let (path, problem) = DecodingProblem.describe(error, body: response.body)
      throw .decoding(
        path: path, problem: problem, body: response.body, request: sent)
    }
  }

  /// Sends `request` and returns its decoded response or the error, as a `Result`.
  public func result<Response>(_ request: Request<Response>) async -> Result<
    Response, RemoteError
  > {
    do {
      return .success(try await send(request))
    } catch {
      return .failure(error)
    }
  }

  /// Sends `request` through the chain and returns the response whatever its status (its
  /// acceptable statuses and decoding are not looked at), with the request as it was last
  /// sent.
  public func exchange<Response>(_ request: Request<Response>) async throws(RemoteError) -> (
    HTTPResponse, OutgoingRequest
  ) {
    guard !Task.isCancelled else { throw .cancelled }
    let url = try request.endpoint.url(relativeTo: baseURL)
    var original = OutgoingRequest(
      url: url, method: request.method, headers: request.headers, body: request.body,
      timeout: request.timeout)
    var retries: [String: Int] = [:]
    var number = 1
    var redirects = 0
    let clock = ContinuousClock()
    while true {
      var request = original
      for interceptor in interceptors { request = try await interceptor.adapt(request) }
      let start = clock.now
      let result: Result<HTTPResponse, RemoteError>
      do {
        result = .success(try await transport.send(request))
      } catch {
        result = .failure(error)
      }
      let duration = start.duration(to: clock.now)
      for interceptor in interceptors {
        await interceptor.observe(request, result: result, duration: duration)
      }
      if Task.isCancelled { throw .cancelled }
      if case .failure(.cancelled) = result { throw .cancelled }
      if case .success(let response) = result,
        let next = try Redirect.next(after: response, to: request, original: original)
      {
        guard redirects < maxRedirects else {
          throw .redirectRefused(
            request: request, location: response.header("Location") ?? "",
            reason: "more than \(maxRedirects) redirects")
        }
        redirects += 1
        original = next
        continue
      }

      if number < maxAttempts {
        let attempt = Attempt(number: number, retries: retries)
        var decision = RetryDecision.doNotRetry
        for interceptor in interceptors {
          decision = await interceptor.retry(request, after: result, attempt: attempt)
          if decision != .doNotRetry { break }
        }
        if case .retry(let delay, let reason) = decision {
          if delay > .zero {
            do { try await sleep(delay) } catch { throw .cancelled }
          }
          if Task.isCancelled { throw .cancelled }
          retries[reason, default: 0] += 1
          number += 1
          continue
        }
      }
      return (try result.get(), request)
    }
  }
}
