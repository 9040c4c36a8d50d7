#if Remote  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// A request whose response decodes to `Response`: the data to send, the statuses that count
  /// as success, and how to read the body.
  ///
  /// A service's request factory makes these with pure functions, and tests compare them:
  ///
  /// ```swift
  /// enum RatesRequests {
  ///   static func latest(base: String) -> Request<Rates> {
  ///     .json(RequestData(.get, Endpoint("/latest", query: [QueryItem("base", base)])))
  ///   }
  /// }
  /// #expect(RatesRequests.latest(base: "USD") == .json(RequestData(.get, Endpoint("/latest", query: [QueryItem("base", "USD")]))))
  /// ```
  public struct Request<Response: Sendable>: Sendable {
    /// What to send.
    public var data: RequestData
    /// The statuses that count as success; any other is a ``RemoteError/status(_:request:)``.
    public var acceptableStatus: Set<Int>
    /// How the body becomes a `Response`.
    public let decoding: ResponseDecoding<Response>

    /// A request with an explicit decoding.
    public init(
      _ data: RequestData, acceptableStatus: Set<Int> = Request.successStatus,
      decoding: ResponseDecoding<Response>
    ) {
      self.data = data
      self.acceptableStatus = acceptableStatus
      self.decoding = decoding
    }

    /// 200 to 299.
    public static var successStatus: Set<Int> { Set(200..<300) }
  }

  extension Request: Equatable {
    /// Same data, same acceptable statuses, same kind of decoding.
    public static func == (lhs: Request, rhs: Request) -> Bool {
      lhs.data == rhs.data && lhs.acceptableStatus == rhs.acceptableStatus
        && lhs.decoding.kind == rhs.decoding.kind
    }
  }

  extension Request where Response: Decodable {
    /// A request whose JSON body decodes to `Response` with the client's decoder.
    public static func json(_ data: RequestData, acceptableStatus: Set<Int> = successStatus)
      -> Request
    {
      Request(data, acceptableStatus: acceptableStatus, decoding: .json())
    }
  }

  extension Request where Response == EmptyResponse {
    /// A request whose response has no body worth reading (`204 No Content`, a `DELETE`).
    public static func empty(_ data: RequestData, acceptableStatus: Set<Int> = successStatus)
      -> Request
    {
      Request(data, acceptableStatus: acceptableStatus, decoding: .empty)
    }
  }

  extension Request where Response == Data {
    /// A request whose body is returned as it came (an image, a file).
    public static func raw(_ data: RequestData, acceptableStatus: Set<Int> = successStatus)
      -> Request
    {
      Request(data, acceptableStatus: acceptableStatus, decoding: .raw)
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
    let decode: @Sendable (Data, JSONDecoder) throws -> Response

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
#endif
