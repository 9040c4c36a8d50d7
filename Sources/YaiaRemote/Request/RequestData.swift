#if Remote  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// Everything needed to send a request, as a value: endpoint, method, headers, body, timeout.
  ///
  /// Request factories build these with no network, so a test compares them with `==`.
  public struct RequestData: Hashable, Sendable {
    /// Where the request goes.
    public var endpoint: Endpoint
    /// The method.
    public var method: HTTPMethod
    /// Header fields. Names are compared as given; use the canonical spelling (`Content-Type`).
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?
    /// How long to wait for the response; `nil` for the transport's default.
    public var timeout: Duration?

    /// Creates request data.
    public init(
      _ method: HTTPMethod = .get, _ endpoint: Endpoint, headers: HTTPHeaders = [:],
      body: Data? = nil, timeout: Duration? = nil
    ) {
      self.method = method
      self.endpoint = endpoint
      self.headers = headers
      self.body = body
      self.timeout = timeout
    }

    /// Request data with `value` encoded as its JSON body and the matching `Content-Type`.
    ///
    /// - Throws: ``RemoteError/invalidRequest(_:)`` when `value` cannot be encoded.
    public static func json(
      _ method: HTTPMethod, _ endpoint: Endpoint, body value: some Encodable,
      headers: HTTPHeaders = [:], timeout: Duration? = nil,
      encoder: JSONEncoder = JSONEncoder()
    ) throws(RemoteError) -> RequestData {
      let body: Data
      do {
        body = try encoder.encode(value)
      } catch {
        throw .invalidRequest(
          "The body of \(method) \(endpoint) could not be encoded as JSON: \(error)")
      }
      var headers = headers
      headers[HTTPHeaderName.contentType] = "application/json"
      return RequestData(method, endpoint, headers: headers, body: body, timeout: timeout)
    }
  }
#endif
