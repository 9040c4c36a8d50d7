import Foundation

/// How the client follows a redirect, as a pure function from the response and the request
/// to the next request: the client follows redirects itself, so that every hop goes through
/// the interceptors (which see the final origin) and through these rules, on every platform.
///
/// - 301, 302, 303, 307 and 308 with a `Location` are followed; 303 (and 301 or 302 after a
///   `POST`) continue as a `GET` without the body, as browsers and curl do; 307 and 308 keep
///   the method and the body.
/// - A hop to another origin (scheme, host or port) drops `Authorization`, `Cookie` and
///   `Proxy-Authorization`: credentials stay with the origin they were given for.
/// - A hop from `https` to `http`, or to a URL that is not `http(s)`, is refused with
///   ``RemoteError/redirectRefused(request:location:reason:)``.
public enum Redirect {
  /// The statuses that redirect.
  public static let statuses: Set<HTTPStatus> = [301, 302, 303, 307, 308]

  /// The fields that carry credentials, dropped on a hop to another origin.
  public static let credentialFields = ["Authorization", "Cookie", "Proxy-Authorization"]

  /// The request to send after `response` answered `sent`, or `nil` when the response is not
  /// a redirect to follow. `original` is the request as the app made it, before interceptors:
  /// the next hop starts from it, with the new URL, and the interceptors adapt it again.
  ///
  /// - Throws: ``RemoteError/redirectRefused(request:location:reason:)`` for a redirect that
  ///   must not be followed.
  public static func next(
    after response: HTTPResponse, to sent: OutgoingRequest, original: OutgoingRequest
  ) throws(RemoteError) -> OutgoingRequest? {
    guard statuses.contains(response.status), let location = response.header("Location") else {
      return nil
    }
    func refuse(_ reason: String) -> RemoteError {
      .redirectRefused(request: sent, location: location, reason: reason)
    }
    guard let target = URL(string: location, relativeTo: sent.url)?.absoluteURL,
      let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
      target.host != nil
    else {
      throw refuse("the Location is not an http or https URL")
    }
    if sent.url.scheme?.lowercased() == "https", scheme == "http" {
      throw refuse("it leads from https to http, where the request could be read on the way")
    }
    var next = original
    next.url = target
    next.redirectedFrom = original.redirectedFrom ?? original.url
    let becomesGet =
      (response.status == 303 && original.method != .head)
      || ((response.status == 301 || response.status == 302) && original.method == .post)
    if becomesGet {
      next.method = .get
      next.body = nil
      next.headers["Content-Type"] = nil
      next.headers["Content-Length"] = nil
    }
    if Origin(sent.url) != Origin(target) {
      for field in credentialFields { next.headers[field] = nil }
    }
    return next
  }
}

/// The scheme, host and port of a URL, with the scheme's default port filled in: two URLs
/// share credentials only when all three are equal.
struct Origin: Equatable {
  var scheme: String
  var host: String
  var port: Int?

  init(_ url: URL) {
    scheme = url.scheme?.lowercased() ?? ""
    host = url.host?.lowercased() ?? ""
    port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
  }
}
