public import Foundation

/// A request is checked by a contract (YaiaOpenAPI's `RequestContract`) as it goes on the wire
/// and as its model reads the answer: the bridge from the client's value to the shared one,
/// so that the OpenAPI checks need not link this client.
extension Request: ClientRequest {
  /// `GET /speakers/:id`: the method and the endpoint's path as the app writes it.
  public var summary: String { "\(method) \(endpoint.path)" }

  /// The request resolved against `baseURL` as ``RemoteClient`` resolves it, as a path below
  /// the host, its query and its fields.
  ///
  /// - Throws: ``RemoteError/invalidRequest(_:)`` when the endpoint cannot be resolved.
  public func wire(relativeTo baseURL: URL) throws -> HTTPRequest {
    let url = try endpoint.url(relativeTo: baseURL)
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    return HTTPRequest(
      method: method, path: components?.percentEncodedPath ?? url.path, headers: headers,
      body: body ?? Data(), rawQuery: components?.percentEncodedQuery ?? "")
  }

  /// Whether the decoding is one of the JSON ones (`.json()`, a custom JSON decoding).
  public var readsJSONAnswer: Bool { decoding.kind.hasPrefix("json") }

  /// Decodes `body` into `Response`, discarding it: the decoding error is what matters.
  public func readAnswer(_ body: Data, decoder: JSONDecoder) throws {
    _ = try decoding.decode(body, decoder)
  }
}
