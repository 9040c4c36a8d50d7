/// An HTTP method, such as `GET` or `POST`.
///
/// A struct rather than an enum so that any method a server needs can be spelled, while the
/// common ones read as cases: `.get`, `.post`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The method as sent on the wire, in upper case.
  public let rawValue: String

  /// A method by name; it is upper-cased.
  public init(rawValue: String) {
    self.rawValue = rawValue.uppercased()
  }

  /// A method from a literal: `"GET"`.
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// `GET`: read a resource.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `HEAD`: read a resource's headers.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `POST`: create, or run an action.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`: replace a resource.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`: change part of a resource.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`: remove a resource.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `OPTIONS`: ask what the server allows.
  public static let options = HTTPMethod(rawValue: "OPTIONS")

  /// Whether sending the request twice has the same effect as sending it once (RFC 9110), and
  /// so whether it is safe to retry: `GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`.
  public var isIdempotent: Bool {
    ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue)
  }

  /// The method as sent: `GET`.
  public var description: String { rawValue }
}
