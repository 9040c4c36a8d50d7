#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// What a recording keeps of a backend's answers, and how much of them: which headers are
  /// dropped as noise or as secrets, which body values are redacted, and the limits that keep a
  /// recording of a misbehaving backend from filling the disk.
  ///
  /// ```swift
  /// var policy = RecordingPolicy()
  /// policy.secretPaths.append("**.sessionKey")     // at any depth
  /// policy.secretPaths.append("data.user.email")  // this one place
  /// ```
  public struct RecordingPolicy: Sendable, Equatable {
    /// Response header fields not written to the manifest (lower-cased): those that change on
    /// every answer (`Date`, `Age`, request ids), those about the connection or the encoding on
    /// the wire (the mock server frames its own answers), and the backend's cookies.
    public var droppedHeaders: Set<String> = [
      "date", "age", "server", "via", "connection", "keep-alive", "transfer-encoding",
      "content-length", "content-encoding", "etag", "last-modified", "expires", "x-request-id",
      "x-correlation-id", "x-amzn-requestid", "x-amz-cf-id", "x-amz-cf-pop", "cf-ray",
      "x-runtime", "x-served-by", "x-cache", "x-cache-hits", "x-timer", "report-to", "nel",
      "alt-svc", "strict-transport-security", "set-cookie", "proxy-connection", "trailer",
      "upgrade", "te",
    ]
    /// Header fields whose values are written as `REDACTED` (lower-cased): credentials. (The
    /// manifest keeps no request headers, so `Authorization` never reaches it; a backend that
    /// echoes one in its answer is redacted here.)
    public var secretHeaders: Set<String> = [
      "authorization", "proxy-authorization", "cookie", "x-api-key", "x-auth-token",
    ]
    /// The JSON values written as `"REDACTED"` in recorded bodies, and left out of the request
    /// body fields a route matches on: dotted paths (`data.token`), `*` for any one key or index
    /// (`items.*.token`), a leading `**` for any depth (`**.password`).
    public var secretPaths: [String] = [
      "**.token", "**.accessToken", "**.access_token", "**.refreshToken", "**.refresh_token",
      "**.idToken", "**.id_token", "**.password", "**.secret", "**.clientSecret",
      "**.client_secret", "**.apiKey", "**.api_key",
    ]
    /// The largest body recorded, in bytes (8 MiB); a larger answer is served but not recorded.
    public var largestBody = 8 << 20
    /// The most routes one recording holds (2,000).
    public var mostRoutes = 2_000
    /// The most responses one route's sequence holds (50): a backend that answers a poll
    /// differently each time does not grow the manifest without end.
    public var mostResponsesPerRoute = 50
    /// The most fixture files one recording writes (10,000).
    public var mostFiles = 10_000
    /// The most bytes of fixture files one recording writes (256 MiB).
    public var mostBytes = 256 << 20
    /// The longest header value recorded (1 KiB); a longer one is left out. A backend whose
    /// answers carry a large value that changes each time (a trace, a signed blob) would
    /// otherwise add it to the manifest once per answer.
    public var longestHeaderValue = 1 << 10
    /// The most bytes of header fields one recording's manifest holds (4 MiB): the manifest is
    /// rewritten whole as the recording grows, so it stays small.
    public var mostHeaderBytes = 4 << 20
    /// The most request body fields a route matches on (10): more would tie a route to one
    /// request.
    public var mostBodyFields = 10

    /// The defaults above.
    public init() {}
  }
#endif
