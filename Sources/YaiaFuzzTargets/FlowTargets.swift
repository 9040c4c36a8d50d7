import Foundation
import YaiaDemo
import YaiaFlow

/// Deep links: YaiaFlow's map, and the sample app's reading of `--open` and `o`.
enum FlowTargets {
  static let all = [deepLink, demoLink]

  /// The routes a link opens: what the patterns give, or a typed error.
  static let links: DeepLinkMap<String> = {
    var links = DeepLinkMap<String>(scheme: "yaia-demo")
    links.add("/speakers/:id") { parameters in ["home", "speaker \(parameters["id"] ?? "")"] }
    links.add("/pair") { _ in ["pair"] }
    links.add("/settings/:section") { parameters throws(DeepLinkError) in
      guard let section = parameters["section"], section == "language" else {
        throw .malformed("/settings", reason: "no such section")
      }
      return ["settings", section]
    }
    return links
  }()

  /// A link as text (what `--open` and a platform hand over), parsed and routed.
  static let deepLink = FuzzTarget(
    "deep-link", summary: "deep links (URL text → routes)", maxLength: 2_048
  ) { bytes throws(FuzzViolation) in
    let text = String(decoding: bytes, as: UTF8.self)
    guard let url = URL(string: text) else { return }
    let routes: [String]
    do throws(DeepLinkError) {
      routes = try links.routes(for: url)
    } catch {
      try require(!error.description.isEmpty, "an error without words")
      return
    }
    try require(!routes.isEmpty, "a link matched and opened nothing")
  }

  /// A link as the sample app reads it from `--open` or the `o` prompt: routes, or a typed
  /// error whose text shows the link escaped and short.
  static let demoLink = FuzzTarget(
    "demo-link", summary: "the sample app's links (`--open URL`, `o` on Home)", maxLength: 4_096
  ) { bytes throws(FuzzViolation) in
    do throws(DeepLinkError) {
      _ = try DemoLinks.links(for: String(decoding: bytes, as: UTF8.self))
    } catch {
      // The text reaches the terminal: short, and with nothing a terminal would act on.
      let text = error.description
      try require(!text.isEmpty, "an error without words")
      try require(
        text.unicodeScalars.count <= 600, "an error of \(text.unicodeScalars.count) scalars")
      try require(
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F },
        "an error with control characters: \(text.debugDescription)")
    }
  }
}
