#if RemoteLogging  // the trait; without it, TraitRequirement.swift stands in
  public import Logging
  import Yaia

  /// Logs each attempt through swift-log: one line with method, URL, status and time, and the
  /// headers as metadata with secrets redacted.
  ///
  /// The fields of `HTTPHeaderName.credentials` (`Authorization`, `Proxy-Authorization`,
  /// `Cookie`, `Set-Cookie`, in any case) are logged as `<redacted>`; add other names to
  /// ``redactedHeaders``. Bodies are not logged.
  public struct LoggingInterceptor: Interceptor {
    /// The logger lines go to.
    public var logger: Logger
    /// Header names (lower-cased) whose values are never logged.
    public var redactedHeaders: Set<String>

    /// Creates a logging interceptor.
    public init(
      logger: Logger, redactedHeaders: Set<String> = HTTPHeaderName.credentials
    ) {
      self.logger = logger
      self.redactedHeaders = redactedHeaders
    }

    /// Logs the attempt at `info` (success) or `warning` (error status or failure).
    public func observe(
      _ request: OutgoingRequest, result: Result<HTTPResponse, RemoteError>, duration: Duration
    ) async {
      var metadata: Logger.Metadata = ["request.headers": .dictionary(redacted(request.headers))]
      let milliseconds = Int64((DurationText.seconds(duration) * 1000).rounded(.down))
      switch result {
      case .success(let response):
        metadata["response.headers"] = .dictionary(redacted(response.headers))
        let level: Logger.Level = response.status < 400 ? .info : .warning
        logger.log(
          level: level, "\(request) -> \(response.status) in \(milliseconds) ms", metadata: metadata
        )
      case .failure(let error):
        logger.warning("\(request) -> \(error) after \(milliseconds) ms", metadata: metadata)
      }
    }

    func redacted(_ headers: HTTPHeaders) -> Logger.Metadata {
      var metadata: Logger.Metadata = [:]
      for (name, value) in headers {
        metadata[name] = .string(redactedHeaders.contains(name.lowercased()) ? "<redacted>" : value)
      }
      return metadata
    }
  }
#endif
