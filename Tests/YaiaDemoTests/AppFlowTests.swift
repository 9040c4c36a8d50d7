import Foundation
import Testing
import Yaia
import YaiaFlow
import YaiaResources
import YaiaSequencer
import YaiaTesting

@testable import YaiaDemo

@Suite("The app's flow, as a value")
struct AppFlowTests {
  static let session = LoginSession(user: "ada", token: Secret("t"), refreshToken: Secret("r"))

  static func app(_ scenario: DemoScenario = .regular) throws -> DemoAppState {
    DemoAppState(scenario: scenario, plan: try DemoLaunch.plan(scenario))
  }

  static func event(_ step: DemoStep, _ kind: LaunchEvent<DemoStep>.Kind, ms: Int = 0)
    -> DemoAppState.Event
  {
    .launch(LaunchEvent(step: step, kind: kind, time: .milliseconds(ms)))
  }

  static func summary(updateRequired: String? = nil) -> LaunchReport<DemoStep> {
    LaunchReport(
      outcome: updateRequired.map { .aborted(by: .forceUpdate, reason: $0) } ?? .completed,
      spans: [
        .init(
          step: .presentSplash, outcome: .finished, start: .zero, end: .milliseconds(401),
          needsUserInput: false)
      ],
      duration: .milliseconds(412), launchTime: .milliseconds(412),
      criticalPath: [.presentSplash], budget: .seconds(3))
  }

  @Test("the launch screen shows each step's line as the launch reports it")
  func launchLines() throws {
    let state = Given(try Self.app())
      .when(
        Self.event(.presentSplash, .started), Self.event(.forceUpdate, .started),
        Self.event(.forceUpdate, .ended(.finished), ms: 9)
      )
      .then([])
    guard case .launch(let progress) = state.topScreen else {
      Issue.record("not on the launch screen: \(state.topScreen)")
      return
    }
    #expect(progress.lines.map(\.status).prefix(3) == [.running, .finished, .pending])
    #expect(progress.lines[1].duration == .milliseconds(9))
  }

  @Test(
    "a login step waiting for the user shows the login screen; logging in answers it and goes back")
  func loginPrompt() throws {
    let asking = Given(try Self.app())
      .when(Self.event(.login, .waitingForUser(DemoPrompts.login.key)))
      .then([.navigate([.push(.screen(ScreenID(0), .screenLogIn))])])
    #expect(asking.path == [.launch, .screen(ScreenID(0), .screenLogIn)])
    let loggedIn = Given(asking)
      .when(
        .onTop(LoginState.event(.typed("ada"))), .onTop(LoginState.event(.switchField)),
        .onTop(LoginState.event(.typed("swordfish"))), .onTop(LoginState.event(.submit)),
        .onTop(LoginState.event(.response(.success(Self.session))))
      )
      .then([
        .screen(ScreenID(0), LoginState.command(.logIn(user: "ada", password: "swordfish"))),
        .answer(.login(Self.session)), .navigate([.pop(count: 1)]),
      ])
    #expect(loggedIn.path == [.launch])
  }

  @Test("two steps asking at once are shown one after the other")
  func promptQueue() throws {
    let state = Given(try Self.app(.firstRun))
      .when(
        Self.event(.login, .waitingForUser(DemoPrompts.login.key)),
        Self.event(.tutorial, .waitingForUser(DemoPrompts.tutorial.key)),
        .onTop(LoginState.event(.typed("ada"))),
        .onTop(LoginState.event(.switchField)), .onTop(LoginState.event(.typed("pw"))),
        .onTop(LoginState.event(.submit)),
        .onTop(LoginState.event(.response(.success(Self.session))))
      )
      .then([
        .navigate([.push(.screen(ScreenID(0), .screenLogIn))]),
        .screen(ScreenID(0), LoginState.command(.logIn(user: "ada", password: "pw"))),
        .answer(.login(Self.session)), .navigate([.pop(count: 1)]),
        .navigate([.push(.screen(ScreenID(1), .screenTutorial))]),
      ])
    #expect(state.path == [.launch, .screen(ScreenID(1), .screenTutorial)])
  }

  @Test("the end of the launch goes home, with the push notification on top if there is one")
  func launchEnd() throws {
    Given(try Self.app())
      .when(.launchEnded(Self.summary()))
      .then([.navigate([.setStack([.home])])])
    let pushed = Given(try Self.app(.push(message: "New album")))
      .when(.note(.push(message: "New album")), .launchEnded(Self.summary()))
      .then([.navigate([.setStack([.home]), .present(.push)])])
    #expect(pushed.topScreen == .push("New album"))
    Given(pushed).when(.dismissPush).then([.navigate([.dismiss(count: 1)])])
  }

  @Test("update required: the update screen replaces everything, even a screen waiting for input")
  func updateRequired() throws {
    let state = Given(try Self.app())
      .when(
        Self.event(.login, .waitingForUser(DemoPrompts.login.key)),
        .note(.updateRequired(minimumVersion: "9.0")),
        .launchEnded(Self.summary(updateRequired: "version 9.0 or newer is required"))
      )
      .then([
        .navigate([.push(.screen(ScreenID(0), .screenLogIn))]), .navigate([.setStack([.update])]),
      ])
    guard case .update(let reason, _) = state.topScreen else {
      Issue.record("not on the update screen: \(state.topScreen)")
      return
    }
    #expect(reason == .statusUpdateRequired("1.0", "9.0"))
    #expect(Keymap.event(for: .text("q"), on: state.topScreen) == .quit)
  }

  @Test("the first run's pairing assistant answers the launch with the speaker paired")
  func pairingForLaunch() throws {
    let broadcast = Broadcast(id: "a", model: "JBL Charge 5", signal: -50)
    Given(try Self.app(.firstRun))
      .when(
        Self.event(.connectSpeaker, .waitingForUser(DemoPrompts.pairing.key)),
        .onTop(PairingState.event(.radio(.appeared(broadcast)))), .onTop(PairingState.event(.pick)),
        .onTop(PairingState.event(.typed("Den"))),
        .onTop(PairingState.event(.submit)), .onTop(PairingState.event(.saved(.success("a"))))
      )
      .then([
        .navigate([.push(.screen(ScreenID(0), .screenPairing))]),
        .screen(
          ScreenID(0),
          PairingState.command(.save(address: "a", model: "JBL Charge 5", nickname: "Den"))),
        .answer(.pairing(address: "a")), .navigate([.pop(count: 1)]),
      ])
  }

  @Test("p on home opens pairing with the radio for it; leaving it pops it (and so its radio)")
  func pairingFromHome() throws {
    let pairing = Given(try Self.app())
      .when(.launchEnded(Self.summary()), .home(.speakers(.pairNew)))
      .then([
        .navigate([.setStack([.home])]), .navigate([.push(.screen(ScreenID(0), .screenPairing))]),
      ])
    #expect(pairing.ongoingWork == [.speakerLibrary, .radioScan(for: ScreenID(0))])
    let left = Given(try Self.app())
      .when(
        .launchEnded(Self.summary()), .home(.speakers(.pairNew)),
        .onTop(PairingState.event(.cancel))
      )
      .then([
        .navigate([.setStack([.home])]), .navigate([.push(.screen(ScreenID(0), .screenPairing))]),
        .navigate([.pop(count: 1)]),
      ])
    #expect(left.path == [.home])
    #expect(left.ongoingWork == [.speakerLibrary], "the radio outlived its screen")
  }

  @Test("notes become status lines; a refused key shows its message until the next input")
  func statusAndMessages() throws {
    var state = try Self.app()
    _ = state.handle(.note(.loggedIn(user: "ada", automatically: true)))
    _ = state.handle(.note(.configurationUnavailable("HTTP 500")))
    _ = state.handle(.note(.nothingToReconnect))
    #expect(
      state.viewModel.status == [
        .statusLoggedInSaved("ada"), .statusConfigurationUnavailable("HTTP 500"),
        .statusNoSpeakerYet,
      ])
    _ = state.handle(
      .home(
        .speakers(.loaded([PairedSpeaker(id: "a", model: "m", nickname: "Den", pairedAt: .now)]))))
    #expect(state.viewModel.status.last == .statusReconnectNext)
    _ = state.handle(.launchEnded(Self.summary()))
    let refused = Keymap.event(for: .text("x"), on: state.topScreen)
    _ = state.handle(refused)
    #expect(
      state.viewModel.message == LocalizedText.keyUnknown("'x'", .homeHint))
    _ = state.handle(.home(.speakers(.moveSelection(by: 1))))
    #expect(state.viewModel.message == nil)
  }

  @Test("the keymap: text goes to fields, keys to actions, Ctrl-C quits anywhere")
  func keymap() throws {
    var app = try Self.app()
    _ = app.handle(.launchEnded(Self.summary()))
    let home = app.topScreen
    #expect(Keymap.event(for: .text("p"), on: home) == .home(.speakers(.pairNew)))
    #expect(Keymap.event(for: .down, on: home) == .home(.speakers(.moveSelection(by: 1))))
    #expect(Keymap.event(for: .interrupt, on: home) == .quit)
    let login = DemoAppState.Screen.pushed(AnyScreen(LoginState()).viewModel)
    #expect(Keymap.event(for: .text("q"), on: login) == .onTop(LoginState.event(.typed("q"))))
    #expect(Keymap.event(for: .control(7), on: login) == .onTop(LoginState.event(.typed("\u{7}"))))
    #expect(Keymap.event(for: .interrupt, on: login) == .quit)
  }

  @Test("the pairing screen shows its messages: an empty nickname, a refused character")
  func pairingMessages() throws {
    var app = try Self.app()
    _ = app.handle(.launchEnded(Self.summary()))
    _ = app.handle(.home(.speakers(.pairNew)))
    _ = app.handle(
      .onTop(
        PairingState.event(
          .radio(.appeared(Broadcast(id: "a", model: "Bose SoundLink Flex", signal: -50))))))
    _ = app.handle(.onTop(PairingState.event(.pick)))
    _ = app.handle(.onTop(PairingState.event(.submit)))
    #expect(ScreenText(ansi: false).text(for: app).contains("! Nickname is empty"))
    _ = app.handle(.onTop(PairingState.event(.typed("\u{202E}"))))
    #expect(ScreenText(ansi: false).text(for: app).contains("U+202E"))
  }

  @Test("a launch line says what its numbers are: when the step started, how long it took")
  func launchLineNumbers() throws {
    var app = try Self.app()
    for event in [
      Self.event(.forceUpdate, .started, ms: 3),
      Self.event(.forceUpdate, .ended(.finished), ms: 12),
    ] {
      _ = app.handle(event)
    }
    let text = ScreenText(ansi: false).text(for: app)
    let line = try #require(text.split(separator: "\n").first { $0.contains("version check") })
    #expect(line.contains("done, started at +3 ms, took 9 ms"), "\(line)")
  }

  @Test("the screen is drawn as plain text without ANSI codes, and styled with them")
  func drawing() throws {
    let model = try Self.app()
    let plain = ScreenText(ansi: false).text(for: model)
    #expect(plain.hasPrefix("Yaia Demo · regular launch\nLaunch\n\nLaunching\n"))
    #expect(plain.contains("· splash             not started"))
    #expect(!plain.contains("\u{1B}"))
    #expect(ScreenText(ansi: true).text(for: model).contains("\u{1B}[1m"))
  }
}
