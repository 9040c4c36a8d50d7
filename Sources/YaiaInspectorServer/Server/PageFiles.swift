import FlyingFox
import Foundation
import YaiaHTTP

/// The page's three files, read once from the target's resources. They hold nothing secret, so
/// they are served without a proof: the page reads its token from the address's fragment, which
/// a browser never sends, and proves the server before it sends anything (``PageProof``).
struct PageFiles: Sendable {
  private let files: [String: Data]

  init() {
    var files: [String: Data] = [:]
    for name in ["index.html", "inspector.js", "inspector.css"] {
      let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
      guard
        let url = Bundle.module.url(
          forResource: parts[0], withExtension: parts[1], subdirectory: "Resources"),
        let data = try? Data(contentsOf: url)
      else { continue }
      files[name] = data
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
