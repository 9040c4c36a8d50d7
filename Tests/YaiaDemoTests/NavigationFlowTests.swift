import Foundation
import Testing
import Yaia
import YaiaFlow
import YaiaResources
import YaiaSequencer
import YaiaTesting

@testable import YaiaDemo

/// Navigation, the pairing child flow and deep links, as values: events in, commands and
/// screens out, no terminal, no server.
@Suite("The app's navigation, child flow and deep links, as values")
struct NavigationFlowTests {
  static func app(_ scenario: DemoScenario = .regular) throws -> DemoAppState {
    DemoAppState(scenario: scenario, plan: try DemoLaunch.plan(scenario))
  }

  static let den = PairedSpeaker(
    id: "A1", model: "JBL", nickname: "Den", pairedAt: Date(timeIntervalSince1970: 0))
  static let kitchen = PairedSpeaker(
    id: "B2", model: "Bose", nickname: "Kitchen", pairedAt: Date(timeIntervalSince1970: 0))
  static let broadcast = Broadcast(id: "C3", model: "Sonos Roam", signal: -50)

  static var report: LaunchReport<DemoStep> {
    LaunchReport(
      outcome: .completed, spans: [], duration: .milliseconds(5),
      launchTime: .milliseconds(5), criticalPath: [], budget: .seconds(3))
  }

  @Test("the app starts by telling the router its stack, then runs the launch")
  func start() throws {
    Given(try Self.app()).when(.started).then([.navigate([.setStack([.launch])]), .runLaunch])
  }

  @Test(
    "backing out of pairing started on Home pops its screen: late events for it do nothing")
  func pairingBackedOut() throws {
    let pairing = ScreenID(0)
    let backed = Given(try Self.app())
      .when(.launchEnded(Self.report), .home(.speakers(.pairNew)), .userNavigated(.pop(count: 1)))
      .then([
        .navigate([.setStack([.home])]), .navigate([.push(.screen(pairing, .screenPairing))]),
      ])
    #expect(backed.path == [.home])
    // The radio's late events and a late save find no screen, even after a new pairing
    // screen took the place of the old one: dropped, as the test intends.
    let again = allowingDroppedEvents {
      Given(backed)
        .when(
          .screen(pairing, PairingState.event(.radio(.appeared(Self.broadcast)))),
          .onTop(PairingState.event(.pick)),
          .screen(pairing, PairingState.event(.saved(.success("C3"))))
        )
        .then([], viewModel: backed.viewModel)
      return Given(backed)
        .when(
          .home(.speakers(.pairNew)),
          .screen(pairing, PairingState.event(.radio(.appeared(Self.broadcast))))
        )
        .then([.navigate([.push(.screen(ScreenID(1), .screenPairing))])])
    }
    guard case .pushed(let pushed) = again.topScreen, let screen = pushed.as(PairingState.self)
    else {
      Issue.record("not on the pairing screen: \(String(describing: again.topScreen))")
      return
    }
    #expect(screen.rows.isEmpty, "the popped screen's radio event reached the new screen")
  }

  @Test("backing out of the first run's pairing answers the launch: pairing skipped")
  func firstRunPairingBackedOut() throws {
    let state = Given(try Self.app(.firstRun))
      .when(
        .launch(
          LaunchEvent(
            step: .connectSpeaker, kind: .waitingForUser(DemoPrompts.pairing.key), time: .zero)),
        .userNavigated(.pop(count: 1))
      )
      .then([
        .navigate([.push(.screen(ScreenID(0), .screenPairing))]),
        .answer(.pairing(address: nil)),
      ])
    #expect(state.path == [.launch])
  }

  @Test("a link at cold start waits for the launch and the login, then selects its speaker")
  func coldStartLink() throws {
    let state = Given(try Self.app())
      .when(
        .openLink("yaia-demo://speakers/kitchen"),
        .home(.speakers(.loaded([Self.den, Self.kitchen]))),
        .note(.loggedIn(user: "ada", automatically: false)), .launchEnded(Self.report)
      )
      .then([.navigate([.setStack([.home])])])
    guard case .home(let home) = state.topScreen else {
      Issue.record("not on Home: \(String(describing: state.topScreen))")
      return
    }
    #expect(home.speakers.rows.first { $0.isSelected }?.nickname == "Kitchen")
  }

  @Test("without a login, a link after the launch goes through the login screen, then opens")
  func linkNeedsLogin() throws {
    let session = LoginSession(user: "ada", token: Secret("t"), refreshToken: Secret("r"))
    let opened = Given(try Self.app())
      .when(
        .launchEnded(Self.report), .openLink("yaia-demo://pair"),
        .onTop(LoginState.event(.typed("ada"))),
        .onTop(LoginState.event(.switchField)), .onTop(LoginState.event(.typed("pw"))),
        .onTop(LoginState.event(.submit)),
        .onTop(LoginState.event(.response(.success(session))))
      )
      .then([
        .navigate([.setStack([.home])]), .navigate([.push(.screen(ScreenID(0), .screenLogIn))]),
        .screen(ScreenID(0), LoginState.command(.logIn(user: "ada", password: "pw"))),
        .navigate([.pop(count: 1)]), .navigate([.push(.screen(ScreenID(1), .screenPairing))]),
      ])
    #expect(opened.path == [.home, .screen(ScreenID(1), .screenPairing)])
  }

  @Test("an unknown or malformed link shows its typed error, and the app carries on")
  func badLinks() throws {
    var app = try Self.app()
    _ = app.handle(.note(.loggedIn(user: "ada", automatically: true)))
    _ = app.handle(.launchEnded(Self.report))
    #expect(app.handle(.openLink("yaia-demo://nowhere")).isEmpty)
    #expect(app.viewModel.linkProblem == .unknownLink("yaia-demo://nowhere"))
    #expect(ScreenText(ansi: false).text(for: app).contains("opens nothing in this app"))
    #expect(app.handle(.openLink("not a link")).isEmpty)
    guard case .malformed = app.viewModel.linkProblem else {
      Issue.record("expected malformed, got \(String(describing: app.viewModel.linkProblem))")
      return
    }
    #expect(
      app.handle(.home(.speakers(.pairNew))) == [
        .navigate([.push(.screen(ScreenID(0), .screenPairing))])
      ])
  }

  @Test("a link typed while running: o opens the prompt, Enter opens the language setting")
  func typedLink() throws {
    let state = Given(try Self.app())
      .when(
        .note(.loggedIn(user: "ada", automatically: true)),
        .note(
          .configuration(.init(country: "CH", language: "de", supportedLanguages: ["de", "fr"]))),
        .launchEnded(Self.report), .openLinkPrompt,
        .linkPrompt(.typed("yaia-demo://settings/language")), .linkPrompt(.submit),
        .onTop(LanguageState.event(.moveSelection(by: 1))), .onTop(LanguageState.event(.confirm))
      )
      .then([
        .navigate([.setStack([.home])]), .navigate([.present(.linkPrompt)]),
        .navigate([.dismiss(count: 1)]),
        .navigate([.push(.screen(ScreenID(0), .screenLanguageSetting))]),
        .chooseLanguage("fr"), .navigate([.pop(count: 1)]),
      ])
    #expect(state.path == [.home])
    // The choice goes to the shared language; the status shows it once it is heard back.
    let after = Given(state).when(.languageChanged("fr")).then([])
    #expect(
      after.viewModel.status.contains(.statusCountryLanguage("CH", LocalizedText.verbatim("fr"))))
  }

  @Test("the language setting opened by a link starts on the language the app speaks")
  func settingStartsOnCurrentLanguage() throws {
    let state = Given(try Self.app())
      .when(
        .note(.loggedIn(user: "ada", automatically: true)),
        .note(
          .configuration(.init(country: "CH", language: "de", supportedLanguages: ["de", "fr"]))),
        .languageChanged("fr"), .launchEnded(Self.report),
        .openLink("yaia-demo://settings/language")
      )
      .then([
        .navigate([.setStack([.home])]),
        .navigate([.push(.screen(ScreenID(0), .screenLanguageSetting))]),
      ])
    guard case .pushed(let pushed) = state.topScreen, let language = pushed.as(LanguageState.self)
    else {
      Issue.record("not on the language setting: \(String(describing: state.topScreen))")
      return
    }
    #expect(language.languages[language.selected] == "fr")
  }

  @Test("a rename shows in the status line at once: it names the connected speaker by address")
  func renameShowsEverywhere() {
    var renamed = Self.kitchen
    renamed.nickname = "Pantry"
    var home = HomeState()
    for event: HomeState.Event in [
      .status(.note(.connected(address: "B2", nickname: "Kitchen"))),
      .speakers(.loaded([Self.den, Self.kitchen])),
      .speakers(.changed(saved: [renamed], deleted: [])),
    ] {
      #expect(home.handle(event) == [])
    }
    #expect(home.viewModel.status.lines.contains(.statusConnected("Pantry")))
    #expect(!home.viewModel.status.lines.contains(.statusConnected("Kitchen")))
  }

  @Test("Home follows the store's exact changes: rows saved and deleted, in the store's order")
  func exactChanges() throws {
    var home = SpeakerListState()
    _ = home.handle(.loaded([Self.den, Self.kitchen]))
    let attic = PairedSpeaker(
      id: "C3", model: "Sonos", nickname: "Attic", pairedAt: Date(timeIntervalSince1970: 0))
    var renamed = Self.kitchen
    renamed.nickname = "Bathroom"
    _ = home.handle(.changed(saved: [attic, renamed], deleted: ["A1"]))
    #expect(home.viewModel.rows.map(\.nickname) == ["Attic", "Bathroom"])
    #expect(home.viewModel.rows.map(\.mark) == [.inserted, .updated])
    _ = home.handle(.changed(saved: [], deleted: ["nobody"]))
    #expect(home.viewModel.rows.map(\.nickname) == ["Attic", "Bathroom"])
  }

  @Test("deep links resolve to what they open, or to a typed error")
  func links() throws {
    #expect(try DemoLinks.links(for: "yaia-demo://speakers/Den") == [.speaker("Den")])
    #expect(try DemoLinks.links(for: "yaia-demo://speakers/C3%3AD4") == [.speaker("C3:D4")])
    #expect(try DemoLinks.links(for: "yaia-demo:///pair") == [.pair])
    #expect(try DemoLinks.links(for: "YAIA-DEMO://settings/language") == [.languageSettings])
    #expect(throws: DeepLinkError.wrongScheme("https://example.com/pair", expected: "yaia-demo")) {
      try DemoLinks.links(for: "https://example.com/pair")
    }
    #expect(throws: DeepLinkError.unknownLink("yaia-demo://speakers")) {
      try DemoLinks.links(for: "yaia-demo://speakers")
    }
    let long = "yaia-demo://speakers/" + String(repeating: "x", count: 3_000)
    #expect(throws: DeepLinkError.self) { try DemoLinks.links(for: long) }
    #expect(throws: DeepLinkError.self) { try DemoLinks.links(for: "") }
  }

  @Test("Home is three sections; the list's commands come out lifted, the status counts its rows")
  func homeSections() throws {
    let home = Given(HomeState())
      .when(
        .status(.note(.nothingToReconnect)), .speakers(.loaded([Self.den])),
        .launch(.ended(Self.report)), .speakers(.delete), .speakers(.confirmDelete(true))
      )
      .then([.speakers(.delete(address: "A1"))])
    #expect(home.viewModel.status.lines == [.statusReconnectNext])
    #expect(home.viewModel.launch.report == Self.report)
    #expect(home.viewModel.speakers.rows.map(\.nickname) == ["Den"])
  }

  @Test(
    "the app's navigation commands, applied by a Router, keep a navigator in step with the state")
  @MainActor
  func routerFollowsTheState() throws {
    let navigator = CapturingNavigator<DemoRoute>()
    let router = Router<DemoRoute, CapturingNavigator<DemoRoute>>(navigator: navigator) { $0 }
    var app = try Self.app(.push(message: "New album"))
    let events: [DemoAppState.Event] = [
      .started, .note(.push(message: "New album")),
      .note(.loggedIn(user: "ada", automatically: true)),
      .launch(
        LaunchEvent(step: .login, kind: .waitingForUser(DemoPrompts.login.key), time: .zero)),
      .launchEnded(Self.report), .dismissPush, .home(.speakers(.pairNew)),
      .openLink("yaia-demo://settings/language"),
    ]
    for event in events {
      for case .navigate(let operations) in app.handle(event) { router.apply(operations) }
      #expect(navigator.stack == app.navigation.stack, "after \(event)")
      #expect(navigator.modals == app.navigation.modals, "after \(event)")
    }
    #expect(navigator.stack == [.home, .screen(ScreenID(2), .screenLanguageSetting)])
  }
}
