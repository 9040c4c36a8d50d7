import FlyingFox
import Foundation
import YaiaHTTP

/// The page's three files, read once from the target's resources, the token written into the
/// page's links to its script and style (the token is hexadecimal, so it needs no escaping).
struct PageFiles: Sendable {
  private let files: [String: Data]

  init(token: String) {
    var files: [String: Data] = [:]
    for name in ["index.html", "inspector.js", "inspector.css"] {
      let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
      guard
        let url = Bundle.module.url(
          forResource: parts[0], withExtension: parts[1], subdirectory: "Resources"),
        let data = try? Data(contentsOf: url)
      else { continue }
      files[name] =
        name == "index.html"
        ? Data(
          String(decoding: data, as: UTF8.self).replacingOccurrences(of: "{{TOKEN}}", with: token)
            .utf8)
        : data
    }
    self.files = files
  }

  /// The file, with headers that keep the page to its own files.
  func response(for name: String) -> HTTPResponse {
    guard let data = files[name] else {
      return InspectorRoutes.error(500, "the page's file \(name) is missing from the build")
    }
    let type =
      name.hasSuffix(".html")
      ? "text/html; charset=utf-8"
      : name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8"
    return HTTPResponse(
      statusCode: .ok,
      headers: [
        .contentType: type,
        HTTPHeader("Content-Security-Policy"):
          "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
        HTTPHeader("Referrer-Policy"): "no-referrer",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
        HTTPHeader("Cache-Control"): "no-store",
      ], body: data)
  }
}
