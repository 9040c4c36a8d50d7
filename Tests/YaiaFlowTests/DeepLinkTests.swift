import Foundation
import Testing
import YaiaFlow
import YaiaTesting

enum AppRoute: Hashable, Sendable {
  case home, login, speakers
  case speaker(id: String)

  var needsLogin: Bool {
    switch self {
    case .speaker, .speakers: return true
    case .home, .login: return false
    }
  }
}

let links: DeepLinkMap<AppRoute> = {
  var links = DeepLinkMap<AppRoute>(scheme: "yaia")
  links.add("/speakers") { _ in [.home, .speakers] }
  links.add("/speakers/:id") { parameters throws(DeepLinkError) in
    guard let id = parameters["id"], !id.isEmpty else {
      throw .malformed("/speakers/:id", reason: "no speaker id")
    }
    return [.home, .speakers, .speaker(id: id)]
  }
  return links
}()

@Suite("Deep links")
struct DeepLinkTests {
  @Test("a link resolves to routes; parameters are percent-decoded")
  func resolve() throws {
    #expect(
      try links.routes(for: URL(string: "yaia://app/speakers/living%20room")!) == [
        .home, .speakers, .speaker(id: "living room"),
      ])
    #expect(try links.routes(for: URL(string: "YAIA:///speakers")!) == [.home, .speakers])
  }

  @Test("an unknown link gives its typed error")
  func unknownLink() {
    #expect(throws: DeepLinkError.unknownLink("yaia://app/nowhere")) {
      try links.routes(for: URL(string: "yaia://app/nowhere")!)
    }
    #expect(throws: DeepLinkError.wrongScheme("https://example.com/speakers", expected: "yaia")) {
      try links.routes(for: URL(string: "https://example.com/speakers")!)
    }
    #expect(DeepLinkError.unknownLink("yaia://app/nowhere").description.contains("opens nothing"))
  }

  @Test(
    "a link at cold start waits for launch, passes through the login guard, and lands on its target"
  )
  func coldStart() throws {
    let routes = try links.routes(for: URL(string: "yaia://app/speakers/kitchen")!)
    Given(DeepLinkGate<AppRoute>(needsLogin: { $0.needsLogin }))
      .when(.linkOpened(routes), .launchFinished(loggedIn: false), .loggedIn)
      .then(
        [.showLogin, .show([.home, .speakers, .speaker(id: "kitchen")])],
        viewModel: .init(pending: nil, isLaunched: true, isLoggedIn: true))
  }

  @Test(
    "after launch, a link that needs no login is shown at once; a logged-in user goes straight through"
  )
  func afterLaunch() {
    Given(DeepLinkGate<AppRoute>(needsLogin: { $0.needsLogin }))
      .when(.launchFinished(loggedIn: true), .linkOpened([.home]), .linkOpened([.home, .speakers]))
      .then([.show([.home]), .show([.home, .speakers])])
  }

  @Test("a link waiting for login is kept while logged out, and only the latest link counts")
  func latestWins() {
    Given(DeepLinkGate<AppRoute>(needsLogin: { $0.needsLogin }))
      .when(.linkOpened([.speakers]), .linkOpened([.home]), .launchFinished(loggedIn: false))
      .then([.show([.home])])
  }
}

@Suite("Deep link errors shown safely")
struct DeepLinkErrorTextTests {
  @Test("a link of one letter and a million combining marks is shown in at most 120 scalars")
  func combiningMarks() {
    let link = "yaia://x/" + "e" + String(repeating: "\u{301}", count: 1_000_000)
    let text = DeepLinkError.unknownLink(link).description
    #expect(text.unicodeScalars.count < 200)
    #expect(text.contains("…"))
  }

  @Test("control and format characters in a link are shown escaped, escapes counted")
  func escaped() {
    let link = "yaia://x/" + String(repeating: "\u{1B}[2J\u{202E}", count: 100)
    let text = DeepLinkError.malformed(link, reason: "no\u{7}bell").description
    #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control })
    #expect(!text.contains("\u{202E}"))
    #expect(text.contains("\\u{1B}"))
    #expect(text.unicodeScalars.count < 300)
  }
}
