public import Foundation

/// A request whose response decodes to `Response`, as a value: where it goes, what it sends,
/// the statuses that count as success, and how to read the body.
///
/// A service's request factory makes these with pure functions, and tests compare them with
/// `==`, with no network:
///
/// ```swift
/// enum RatesRequests {
///   static func latest(base: String) -> Request<Rates> {
///     .json(.get, Endpoint("/latest", query: [QueryItem("base", base)]))
///   }
/// }
/// #expect(RatesRequests.latest(base: "USD") == .json(.get, Endpoint("/latest", query: [QueryItem("base", "USD")])))
/// ```
///
/// On its way out, ``RemoteClient`` resolves it against its base URL into an
/// ``OutgoingRequest``, the form interceptors adapt and a ``Transport`` sends.
public struct Request<Response: Sendable>: Sendable {
  /// The method.
  public var method: HTTPMethod
  /// Where the request goes, relative to the client's base URL.
  public var endpoint: Endpoint
  /// Header fields. Names are compared as given; use the canonical spelling (`Content-Type`).
  public var headers: HTTPHeaders
  /// The body, if any.
  public var body: Data?
  /// How long to wait for the response; `nil` for the transport's default.
  public var timeout: Duration?
  /// The statuses that count as success; any other is a ``RemoteError/status(_:request:)``.
  public var acceptableStatus: Set<HTTPStatus>
  /// How the body becomes a `Response`.
  public let decoding: ResponseDecoding<Response>

  /// A request with an explicit decoding.
  public init(
    _ method: HTTPMethod = .get, _ endpoint: Endpoint, headers: HTTPHeaders = [:],
    body: Data? = nil, timeout: Duration? = nil,
    acceptableStatus: Set<HTTPStatus> = Request.successStatus,
    decoding: ResponseDecoding<Response>
  ) {
    self.method = method
    self.endpoint = endpoint
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.acceptableStatus = acceptableStatus
    self.decoding = decoding
  }

  /// 200 to 299.
  public static var successStatus: Set<HTTPStatus> { Set((200..<300).map { HTTPStatus($0) }) }

  /// This request with `value` encoded as its JSON body and the matching `Content-Type`:
  /// `try .json(.post, Endpoint("/login")).withJSONBody(credentials)`.
  ///
  /// - Throws: ``RemoteError/invalidRequest(_:)`` when `value` cannot be encoded.
  public func withJSONBody(_ value: some Encodable, encoder: JSONEncoder = JSONEncoder())
    throws(RemoteError) -> Request
  {
    var request = self
    do {
      request.body = try encoder.encode(value)
    } catch {
      throw .invalidRequest(
        "The body of \(method) \(endpoint) could not be encoded as JSON: \(error)")
    }
    request.headers[HTTPHeaderName.contentType] = "application/json"
    return request
  }
}

extension Request: Equatable {
  /// Same method, endpoint, headers, body, timeout and acceptable statuses, and the same kind
  /// of decoding.
  public static func == (lhs: Request, rhs: Request) -> Bool {
    lhs.method == rhs.method && lhs.endpoint == rhs.endpoint && lhs.headers == rhs.headers
      && lhs.body == rhs.body && lhs.timeout == rhs.timeout
      && lhs.acceptableStatus == rhs.acceptableStatus && lhs.decoding.kind == rhs.decoding.kind
  }
}

extension Request where Response: Decodable {
  /// A request whose JSON body decodes to `Response` with the client's decoder.
  public static func json(
    _ method: HTTPMethod = .get, _ endpoint: Endpoint, headers: HTTPHeaders = [:],
    body: Data? = nil, timeout: Duration? = nil, acceptableStatus: Set<HTTPStatus> = successStatus
  ) -> Request {
    Request(
      method, endpoint, headers: headers, body: body, timeout: timeout,
      acceptableStatus: acceptableStatus, decoding: .json())
  }
}

extension Request where Response == EmptyResponse {
  /// A request whose response has no body worth reading (`204 No Content`, a `DELETE`).
  public static func empty(
    _ method: HTTPMethod = .get, _ endpoint: Endpoint, headers: HTTPHeaders = [:],
    body: Data? = nil, timeout: Duration? = nil, acceptableStatus: Set<HTTPStatus> = successStatus
  ) -> Request {
    Request(
      method, endpoint, headers: headers, body: body, timeout: timeout,
      acceptableStatus: acceptableStatus, decoding: .empty)
  }
}

extension Request where Response == Data {
  /// A request whose body is returned as it came (an image, a file).
  public static func raw(
    _ method: HTTPMethod = .get, _ endpoint: Endpoint, headers: HTTPHeaders = [:],
    body: Data? = nil, timeout: Duration? = nil, acceptableStatus: Set<HTTPStatus> = successStatus
  ) -> Request {
    Request(
      method, endpoint, headers: headers, body: body, timeout: timeout,
      acceptableStatus: acceptableStatus, decoding: .raw)
  }
}

/// The response of a request that returns nothing to read.
public struct EmptyResponse: Hashable, Sendable {
  /// The empty response.
  public init() {}
}

/// How a response body becomes a value: decoded JSON, nothing, or the raw bytes.
public struct ResponseDecoding<Response: Sendable>: Sendable {
  /// A name for the kind of decoding, compared by ``Request``'s `==`.
  public let kind: String
  package let decode: @Sendable (Data, JSONDecoder) throws -> Response

  /// A custom decoding; `kind` names it for comparisons.
  public init(kind: String, decode: @escaping @Sendable (Data, JSONDecoder) throws -> Response) {
    self.kind = kind
    self.decode = decode
  }
}

extension ResponseDecoding where Response: Decodable {
  /// JSON, with the client's decoder unless `decoder` is given.
  public static func json(decoder: JSONDecoder? = nil) -> ResponseDecoding {
    let own = decoder.map(UncheckedDecoder.init)
    return ResponseDecoding(kind: decoder == nil ? "json" : "json(custom decoder)") {
      body, clientDecoder in
      try (own?.decoder ?? clientDecoder).decode(Response.self, from: body)
    }
  }
}

extension ResponseDecoding where Response == EmptyResponse {
  /// Ignores the body.
  public static var empty: ResponseDecoding {
    ResponseDecoding(kind: "empty") { _, _ in EmptyResponse() }
  }
}

extension ResponseDecoding where Response == Data {
  /// Returns the body as it came.
  public static var raw: ResponseDecoding { ResponseDecoding(kind: "raw") { body, _ in body } }
}

/// A decoder captured by a request's decoding. proven: a `JSONDecoder` is only read here
/// (decode is documented as safe to call concurrently once configured), never mutated after
/// the request is made.
struct UncheckedDecoder: @unchecked Sendable {
  let decoder: JSONDecoder
}
