import Foundation
package import YaiaFlow
import YaiaResources

/// What a deep link into the sample app opens.
package enum DemoLink: Hashable, Sendable {
  /// Home, with this speaker (a nickname or an address) selected.
  case speaker(String)
  /// The pairing assistant.
  case pair
  /// The language setting.
  case languageSettings
}

/// The sample app's deep links, `yaia-demo://…`, as a ``DeepLinkMap``: a pure function from
/// the text of a link to what it opens, or the typed reason it opens nothing.
package enum DemoLinks {
  /// The scheme of the app's links.
  static let scheme = "yaia-demo"
  /// The longest link taken (a link is typed or passed on the command line; anything longer
  /// is refused before it is parsed).
  static let maxLength = 2_048

  /// The patterns: `speakers/<nickname or address>`, `pair`, `settings/language`. The host
  /// is part of the path here (`yaia-demo://pair` has the host `pair`), so each pattern is
  /// matched against host and path together.
  static let map: DeepLinkMap<DemoLink> = {
    var map = DeepLinkMap<DemoLink>(scheme: scheme)
    map.add("/speakers/:speaker") { parameters throws(DeepLinkError) in
      guard let speaker = parameters["speaker"], !speaker.isEmpty else {
        throw .malformed("speakers", reason: Reason.noSpeakerNamed)
      }
      return [.speaker(speaker)]
    }
    map.add("/pair") { _ in [.pair] }
    map.add("/settings/language") { _ in [.languageSettings] }
    return map
  }()

  /// The reasons a link is malformed, as the error carries them (`DeepLinkError` is
  /// YaiaFlow's, in English): ``reason(_:)`` turns each back into its catalog text.
  enum Reason {
    static let noSpeakerNamed = "no speaker named"
    static let tooLong = "longer than \(maxLength) bytes"
    static let notURL = "not a URL (links look like \(scheme)://pair)"
  }

  /// The catalog text of a malformed link's `reason`; one the demo did not write is shown as
  /// it is.
  static func reason(_ reason: String) -> LocalizedText {
    switch reason {
    case Reason.noSpeakerNamed: .linkNoSpeakerNamed
    case Reason.tooLong: .linkTooLong(maxLength)
    case Reason.notURL: .linkNotURL(scheme)
    default: .verbatim(DeepLinkError.shown(reason))
    }
  }

  /// What `text` opens.
  ///
  /// - Throws: ``DeepLinkError``: `malformed` for text that is too long or no URL,
  ///   `wrongScheme` for another app's link, `unknownLink` when no pattern matches.
  package static func links(for text: String) throws(DeepLinkError) -> [DemoLink] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.utf8.count <= maxLength else {
      throw .malformed(
        String(String.UnicodeScalarView(trimmed.unicodeScalars.prefix(DeepLinkError.shownLength))),
        reason: Reason.tooLong)
    }
    guard let url = URL(string: trimmed), url.scheme != nil else {
      throw .malformed(trimmed, reason: Reason.notURL)
    }
    // `yaia-demo://speakers/Den`: the host is the first segment of the route.
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      throw .malformed(trimmed, reason: Reason.notURL)
    }
    if let host = components.percentEncodedHost, !host.isEmpty {
      let path = components.percentEncodedPath
      components.percentEncodedPath = "/" + host + path
      components.percentEncodedHost = ""
    }
    guard let routed = components.url else {
      throw .malformed(trimmed, reason: Reason.notURL)
    }
    do {
      return try map.routes(for: routed)
    } catch .unknownLink {
      throw .unknownLink(trimmed)
    } catch .wrongScheme(_, let expected) {
      throw .wrongScheme(trimmed, expected: expected)
    }
  }
}
