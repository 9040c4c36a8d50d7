#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import YaiaHTTP

  /// What a test expects the app to have sent: a method, a path or pattern, and any query items,
  /// header fields and JSON body fields it must carry. Anything not named may be anything.
  ///
  /// ```swift
  /// let login = try ExpectedRequest(.post, "/login", body: ["user": "ada"])
  /// try await server.verify(login, .exactly(1))
  /// try await server.verify(try ExpectedRequest(.get, "/speakers/:id"), .never)
  /// ```
  ///
  /// The path is a ``PathTemplate``, so `/speakers/:id` and `/images/*` match as in a route, and a
  /// plain path matches itself. Body fields are named by key path (`user.name`, `items.0.id`)
  /// and compared as text, as a route compares them (`ada`, `42`, `true`, `null`).
  public struct ExpectedRequest: Hashable, Sendable, CustomStringConvertible {
    /// The method; `nil` for any.
    public var method: HTTPMethod?
    /// The path pattern.
    public var path: PathTemplate
    /// Query items that must be present with these values.
    public var query: [String: String]
    /// Header fields that must be present with these values (names compared without case).
    public var headers: HTTPHeaders
    /// Fields of the JSON body that must have these values, by key path.
    public var body: [String: String]

    /// A request to `path` (a plain path, or a pattern such as `/speakers/:id`).
    ///
    /// - Throws: ``MockServerError/invalidPattern(_:reason:)`` when `path` is not a pattern.
    public init(
      _ method: HTTPMethod? = nil, _ path: String, query: [String: String] = [:],
      headers: HTTPHeaders = [:], body: [String: String] = [:]
    ) throws(MockServerError) {
      self.method = method
      self.path = try PathTemplate.route(path)
      self.query = query
      self.headers = headers
      self.body = body
    }

    /// `POST /login with body user = ada`: how failures name it.
    public var description: String {
      var parts = ["\(method?.rawValue ?? "any method") \(path.text)"]
      if !query.isEmpty {
        parts.append(
          "with query "
            + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            .joined(separator: "&"))
      }
      if !headers.isEmpty {
        parts.append(
          "with header " + headers.map { "\($0.name): \($0.value)" }.joined(separator: ", "))
      }
      if !body.isEmpty {
        parts.append(
          "with body "
            + body.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
            .joined(separator: ", "))
      }
      return parts.joined(separator: " ")
    }

    /// How `request` differs from this expectation, one phrase per difference; empty when it
    /// matches.
    public func differences(from request: HTTPRequest) -> [String] {
      var found: [String] = []
      if let method, method != request.method {
        found.append("method was \(request.method), expected \(method)")
      }
      if path.match(request.path) == nil {
        found.append("path was \(request.path), expected \(path.text)")
      }
      for (name, value) in query.sorted(by: { $0.key < $1.key }) {
        switch request.query[name] {
        case nil: found.append("query had no \(name), expected \(name)=\(value)")
        case let got? where got != value:
          found.append("query \(name) was \(got), expected \(value)")
        default: break
        }
      }
      for field in headers {
        switch request.headers[field.name] {
        case nil: found.append("header \(field.name) was missing, expected \(field.value)")
        case let got? where got != field.value:
          found.append("header \(field.name) was \(got), expected \(field.value)")
        default: break
        }
      }
      if !body.isEmpty {
        let reading = RequestBody.reading(request.body)
        var json: JSONValue?
        if case .json(let value) = reading { json = value }
        for (path, value) in body.sorted(by: { $0.key < $1.key }) {
          switch json.flatMap({ MockRouter.value(at: path, in: $0) }) {
          case nil:
            if case .pastLimits(let refusal) = reading {
              found.append(
                "body was JSON past the reader's limits (\(refusal.reason)), expected \(path) = \(value)"
              )
            } else {
              found.append(
                json == nil
                  ? "body was not JSON, expected \(path) = \(value)"
                  : "body had no \(path), expected \(value)")
            }
          case let got? where got != value:
            found.append("body \(path) was \(got), expected \(value)")
          default: break
          }
        }
      }
      return found
    }

    /// Whether `request` is one of these.
    public func matches(_ request: HTTPRequest) -> Bool { differences(from: request).isEmpty }
  }

  /// How many requests a test expects.
  public enum ExpectedCount: Hashable, Sendable, CustomStringConvertible {
    /// Exactly this many.
    case exactly(Int)
    /// This many or more.
    case atLeast(Int)
    /// None at all.
    case never

    /// Exactly one.
    public static let once = ExpectedCount.exactly(1)

    /// Whether `count` requests satisfy it.
    public func allows(_ count: Int) -> Bool {
      switch self {
      case .exactly(let wanted): count == wanted
      case .atLeast(let wanted): count >= wanted
      case .never: count == 0
      }
    }

    /// Whether `count` requests are more than it allows (rather than too few).
    public func isExceeded(by count: Int) -> Bool {
      switch self {
      case .exactly(let wanted): count > wanted
      case .atLeast: false
      case .never: count > 0
      }
    }

    /// `exactly 2`, `at least 1`, `no`.
    public var description: String {
      switch self {
      case .exactly(let count): "exactly \(count)"
      case .atLeast(let count): "at least \(count)"
      case .never: "no"
      }
    }
  }
#endif
