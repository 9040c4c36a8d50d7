public import Foundation

/// Where a request goes: a path, relative to the environment's base URL, with parameters and
/// a query; or an absolute URL for resources that live elsewhere (images on a CDN).
///
/// ```swift
/// Endpoint("/devices/:id", parameters: ["id": device.id])      // -> /devices/a%20b
/// Endpoint("/latest", query: [QueryItem("base", "USD")])        // -> /latest?base=USD
/// ```
///
/// Parameter values are percent-encoded when the URL is made, so an id with spaces or slashes
/// stays one segment and cannot change the path. The values that would change it however they
/// are encoded (`.` and `..`, which URLs and servers resolve as "this folder" and "the parent",
/// and the empty value, which adds an empty segment) are refused. A value for every `:name` in
/// the path is required. A missing or refused value is a ``RemoteError/invalidRequest(_:)``
/// naming the parameter.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
  /// The path template (`/devices/:id`), or an absolute URL string.
  public var path: String
  /// Values for the `:name` segments of ``path``.
  public var parameters: [String: String]
  /// The query, in order.
  public var query: [QueryItem]

  /// An endpoint relative to the environment's base URL.
  public init(_ path: String, parameters: [String: String] = [:], query: [QueryItem] = []) {
    self.path = path
    self.parameters = parameters
    self.query = query
  }

  /// An endpoint at an absolute URL, whatever the environment.
  public init(url: URL, query: [QueryItem] = []) {
    self.init(url.absoluteString, query: query)
  }

  /// Whether ``path`` is an absolute URL rather than a path.
  public var isAbsolute: Bool {
    path.contains("://")
  }

  /// The full URL: ``path`` with its parameters filled in, appended to `baseURL` unless it is
  /// absolute, then the query.
  public func url(relativeTo baseURL: URL) throws(RemoteError) -> URL {
    var resolved = ""
    for (index, segment) in path.split(separator: "/", omittingEmptySubsequences: false)
      .enumerated()
    {
      if index > 0 { resolved += "/" }
      guard segment.hasPrefix(":"), !isAbsolute || index > 2 else {
        resolved += segment
        continue
      }
      let name = String(segment.dropFirst())
      guard let value = parameters[name] else {
        throw .invalidRequest(
          "Path parameter ':\(name)' of \(path) has no value. Pass it in `parameters`.")
      }
      guard !["", ".", ".."].contains(value) else {
        throw .invalidRequest(
          "Path parameter ':\(name)' of \(path) is \(value.isEmpty ? "empty" : "`\(value)`"),"
            + " which would change the path. Pass a real id.")
      }
      resolved += value.addingPercentEncoding(withAllowedCharacters: .pathSegmentAllowed) ?? value
    }
    // The base URL's own query (an API key) is kept, before the endpoint's; its fragment is
    // never sent to a server, and would swallow the path if the path were appended after it.
    var baseQuery: String?
    var base = ""
    if !isAbsolute {
      guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
        throw .invalidRequest("\(baseURL.absoluteString) is not a valid base URL.")
      }
      baseQuery = components.percentEncodedQuery
      components.percentEncodedQuery = nil
      components.percentEncodedFragment = nil
      base = (components.string ?? "").trimmingSuffix("/")
    }
    let joined = isAbsolute ? resolved : base + (resolved.hasPrefix("/") ? "" : "/") + resolved
    guard var components = URLComponents(string: joined) else {
      throw .invalidRequest(
        "\(joined) is not a valid URL. Check the base URL and the path \(path).")
    }
    // Every name and value is encoded here, `+`, `&`, `=` and `#` included: a server reads a
    // `+` in a query as a space, so `a+b` must go as `a%2Bb`.
    let items = query.map { item in
      Self.queryEncoded(item.name) + (item.value.map { "=" + Self.queryEncoded($0) } ?? "")
    }
    let parts = [
      baseQuery, components.percentEncodedQuery,
      items.isEmpty ? nil : items.joined(separator: "&"),
    ]
    .compactMap { $0 }.filter { !$0.isEmpty }
    components.percentEncodedQuery = parts.isEmpty ? nil : parts.joined(separator: "&")
    guard let url = components.url else {
      throw .invalidRequest("\(joined) with query \(query) is not a valid URL.")
    }
    return url
  }

  public var description: String {
    query.isEmpty ? path : path + "?" + query.map(\.description).joined(separator: "&")
  }
}

/// One `name=value` pair of a URL's query.
public struct QueryItem: Hashable, Sendable, CustomStringConvertible {
  /// The name.
  public var name: String
  /// The value; `nil` for a bare name (`?debug`).
  public var value: String?

  /// A query item.
  public init(_ name: String, _ value: String?) {
    self.name = name
    self.value = value
  }

  public var description: String { value.map { "\(name)=\($0)" } ?? name }
}

extension Endpoint {
  /// `text` encoded for a query name or value: only unreserved characters stay as they are.
  static func queryEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .queryValueAllowed) ?? ""
  }
}

extension CharacterSet {
  /// What may stand unescaped in a query name or value: RFC 3986's unreserved characters and
  /// the delimiters no server reads as structure inside a value (`,` `/` `:` `@` `!` `$` `'`
  /// `(` `)` `*`); never `+` (a space to servers), `&`, `=`, `;`, `#` or `?`.
  static let queryValueAllowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,/:@!$'()*")

  /// What may stand unescaped in one path segment: a value can never add a `/`.
  static let pathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(
    CharacterSet(charactersIn: "/"))
}

extension String {
  func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
