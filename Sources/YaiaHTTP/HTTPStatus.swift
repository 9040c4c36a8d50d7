/// An HTTP status code with its standard reason phrase: the one table of phrases in Yaia.
///
/// ```swift
/// HTTPStatus(404).description      // "404 Not Found"
/// HTTPStatus(404).isSuccess        // false
/// ```
public struct HTTPStatus: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible, Codable
{
  /// The code (100 to 599 for a valid response).
  public var code: Int

  /// A status with this code.
  public init(_ code: Int) {
    self.code = code
  }

  /// A status from a literal: `404`.
  public init(integerLiteral code: Int) {
    self.code = code
  }

  /// Whether the status is in the 2xx range.
  public var isSuccess: Bool { (200..<300).contains(code) }

  /// The standard reason phrase (RFC 9110 §15), or `Status` for a code without one.
  public var reasonPhrase: String {
    switch code {
    case 100: "Continue"
    case 101: "Switching Protocols"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 206: "Partial Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 406: "Not Acceptable"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 412: "Precondition Failed"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 426: "Upgrade Required"
    case 428: "Precondition Required"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    default: "Status"
    }
  }

  /// `404 Not Found`.
  public var description: String { "\(code) \(reasonPhrase)" }

  /// Reads a status written as its code (`404`).
  public init(from decoder: any Decoder) throws {
    code = try decoder.singleValueContainer().decode(Int.self)
  }

  /// Writes the status as its code (`404`), as HTTP and JSON APIs spell it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
  }

  /// Orders by code.
  public static func < (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.code < rhs.code }
}
