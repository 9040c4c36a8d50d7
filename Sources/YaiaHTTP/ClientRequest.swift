public import Foundation

/// A request as an app's client makes it: what goes on the wire, and how the app reads the
/// answer. What a contract test (YaiaOpenAPI's `RequestContract`) checks against an API's
/// description, without knowing the client that sends it.
///
/// YaiaRemote's `Request` conforms, so `contract.problems(with: ShopAPI.product(id: 7))`
/// checks a request exactly as the app makes it; a plain ``HTTPRequest`` conforms too, for a
/// client of another kind (its answer is not read).
public protocol ClientRequest: Sendable {
  /// The request as the app writes it, for messages: `GET /speakers/:id`.
  var summary: String { get }

  /// The request as it goes on the wire below `baseURL`: the path there (the base URL's own
  /// path first), the query, the header fields and the body.
  func wire(relativeTo baseURL: URL) throws -> HTTPRequest

  /// Whether the app reads a success answer as JSON into a model, which a contract then
  /// checks against the answers the description documents.
  var readsJSONAnswer: Bool { get }

  /// Reads `body` as the app reads a success answer, with `decoder`; throws the decoding error
  /// that says which field the model cannot read.
  func readAnswer(_ body: Data, decoder: JSONDecoder) throws
}

extension HTTPRequest: ClientRequest {
  /// The request as it is: its path is already the one on the wire, the base URL's path
  /// included, so `baseURL` is not used.
  public func wire(relativeTo baseURL: URL) -> HTTPRequest { self }

  /// `false`: a plain request has no model to read an answer into.
  public var readsJSONAnswer: Bool { false }

  /// Reads nothing (see ``readsJSONAnswer``).
  public func readAnswer(_ body: Data, decoder: JSONDecoder) {}
}
