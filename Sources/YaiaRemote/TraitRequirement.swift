// YaiaRemote needs no package of someone else's; only `LoggingInterceptor` builds on swift-log,
// which an app gets with the Yaia package's "RemoteLogging" trait:
// .package(url: …, from: …, traits: ["RemoteLogging"]). Without it, this stand-in says so
// where the interceptor is used, rather than "cannot find 'LoggingInterceptor' in scope".
#if !RemoteLogging
  /// Logs each attempt through swift-log: needs the Yaia package's `RemoteLogging` trait.
  @available(
    *, unavailable,
    message:
      "LoggingInterceptor needs the Yaia package's \"RemoteLogging\" trait: traits: [\"RemoteLogging\"]"
  )
  public struct LoggingInterceptor: Sendable {
    /// Needs the `RemoteLogging` trait, as the type does.
    @available(
      *, unavailable,
      message:
        "LoggingInterceptor needs the Yaia package's \"RemoteLogging\" trait: traits: [\"RemoteLogging\"]"
    )
    public init(logger: Any, redactedHeaders: Set<String> = []) {}
  }
#endif
