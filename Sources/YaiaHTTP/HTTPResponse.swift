public import Foundation

/// An answer as plain values: status, header fields and body, before any decoding.
///
/// The one response value of Yaia: what YaiaRemote's transports return, what a real backend
/// behind the mock server answers (the old `UpstreamResponse`), and what a test's transport
/// hands back.
///
/// ```swift
/// let answer = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
/// answer.header("content-type")   // "application/json"
/// ```
public struct HTTPResponse: Hashable, Sendable, CustomStringConvertible {
  /// The status.
  public var status: HTTPStatus
  /// Header fields as received.
  public var headers: HTTPHeaders
  /// The body.
  public var body: Data

  /// Creates a response.
  public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of header `name`, compared without regard to case.
  public func header(_ name: String) -> String? {
    headers[name]
  }

  /// `HTTP 404 (Not Found)`, then the start of the body.
  public var description: String {
    let phrase = status.reasonPhrase
    let reason = phrase == "Status" ? "" : " (\(phrase))"
    return "HTTP \(status.code)\(reason)"
      + (body.isEmpty ? "" : ", body: \(Self.preview(body))")
  }

  /// The first 200 bytes of `body` as text, and its size when it is longer: what an error
  /// message quotes of a body.
  package static func preview(_ body: Data) -> String {
    let text = String(decoding: body.prefix(200), as: UTF8.self)
    return body.count > 200 ? "\(text)… (\(body.count) bytes)" : text
  }
}
