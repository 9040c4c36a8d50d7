public import Foundation

/// What came back: status, headers and body, before any decoding.
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
      + (body.isEmpty ? "" : ", body: \(RemoteError.preview(body))")
  }
}
