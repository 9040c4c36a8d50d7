import Foundation
import YaiaChoreography
import YaiaRemote
import YaiaSequencer

/// The launch steps' real work: calls to the server, reads and writes of the store and the
/// login file, questions to the user. Each body is a few lines of I/O; what the app does with
/// the results is decided by ``DemoAppState``, which hears of them as ``LaunchNote``s.
struct LiveLaunchSteps: Sendable {
  /// The server.
  var client: RemoteClient
  /// The store.
  var library: SpeakerLibrary
  /// The saved login.
  var loginFile: LoginFile
  /// The radio, to reconnect the last speaker.
  var radio: SimulatedRadio
  /// Tells the app something; returns once the app has taken it in.
  var notify: @Sendable (LaunchNote) -> Void
  /// How long the splash animation runs.
  var splashDuration: Duration = .milliseconds(400)
  /// Whether the splash is animated (a terminal) or shows only its last frame (plain text).
  var animatesSplash = false

  /// Steps over these services.
  init(
    client: RemoteClient, library: SpeakerLibrary, loginFile: LoginFile, radio: SimulatedRadio,
    notify: @escaping @Sendable (LaunchNote) -> Void
  ) {
    self.client = client
    self.library = library
    self.loginFile = loginFile
    self.radio = radio
    self.notify = notify
  }

  /// The bodies for `scenario`.
  func steps(for scenario: DemoScenario) -> DemoLaunchSteps {
    let firstRun = scenario == .firstRun
    return DemoLaunchSteps([
      .presentSplash: { _ in try await presentSplash() },
      .forceUpdate: { _ in try await checkVersion() },
      .fetchConfiguration: { context in try await fetchConfiguration(context, ask: firstRun) },
      .login: { context in try await logIn(context, useSavedLogin: !firstRun) },
      .tutorial: { context in try await tutorial(context, always: firstRun) },
      .connectSpeaker: { context in try await connectSpeaker(context, assist: firstRun) },
      .presentPush: { _ in
        if case .push(let message) = scenario { notify(.push(message: message)) }
      },
    ])
  }

  /// Plays the splash within its step's time: every frame on a terminal; otherwise only the
  /// last one, at once, so that a log shows one splash, and the step still takes its time.
  private func presentSplash() async throws {
    notify(.splashShown)
    let splash = try DemoSplash.choreography(over: splashDuration)
    if animatesSplash {
      let player = ChoreographyPlayer(framesPerSecond: 30, clock: ContinuousClock())
      try await player.play(splash) { notify(.splash($0)) }
    } else {
      // The last frame at once, while the launch screen is up; then the step's time.
      notify(.splash(splash.frame(at: splash.total)))
      try await Task.sleep(for: splashDuration)
    }
  }

  private func checkVersion() async throws {
    let check = try await client.send(DemoAPI.versionCheck())
    guard !check.updateRequired else {
      notify(.updateRequired(minimumVersion: check.minimumVersion))
      throw LaunchAbortError("version \(check.minimumVersion) or newer is required")
    }
  }

  private func fetchConfiguration(_ context: StepContext<DemoStep>, ask: Bool) async throws {
    let configuration: DemoAPI.Configuration
    do {
      configuration = try await client.send(DemoAPI.configuration())
    } catch {
      // Cancelled (the launch was aborted): nothing to tell.
      if error != .cancelled { notify(.configurationUnavailable(error.shortDescription)) }
      throw error
    }
    notify(.configuration(configuration))
    // The first run asks; the answer becomes the app's shared language (the state's
    // chooseLanguage command), which keeps it for the next launches. The server's language
    // never replaces the user's choice.
    if ask { _ = try await context.ask(DemoPrompts.language) }
    try await library.remember { memory in memory.country = configuration.country }
  }

  private func logIn(_ context: StepContext<DemoStep>, useSavedLogin: Bool) async throws {
    if useSavedLogin {
      var refreshed: LoginSession?
      do {
        if let saved = try loginFile.load() {
          let tokens = try await client.send(try DemoAPI.refresh(saved.refreshToken))
          refreshed = LoginSession(
            user: saved.user, token: tokens.token, refreshToken: tokens.refreshToken)
        }
      } catch let error as LoginFileError {
        notify(.savedLoginRefused(error.description))
      } catch let error as RemoteError where error.status == 401 {
        notify(.savedLoginRefused("the server answered 401"))
      }
      if let refreshed {
        // A session that cannot be saved fails the step: the app does not go on half logged in.
        try loginFile.save(refreshed)
        notify(.loggedIn(user: refreshed.user, automatically: true))
        return
      }
    }
    let session = try await context.ask(DemoPrompts.login)
    try loginFile.save(session)
    notify(.loggedIn(user: session.user, automatically: false))
  }

  private func tutorial(_ context: StepContext<DemoStep>, always: Bool) async throws {
    if !always, try await library.memory().tutorialSeenVersion == DemoAPI.appVersion { return }
    _ = try await context.ask(DemoPrompts.tutorial)
    try await library.remember { $0.tutorialSeenVersion = DemoAPI.appVersion }
  }

  private func connectSpeaker(_ context: StepContext<DemoStep>, assist: Bool) async throws {
    let speaker: PairedSpeaker?
    if assist {
      let address = try await context.ask(DemoPrompts.pairing)
      speaker = if let address { try await library.speaker(id: address) } else { nil }
    } else {
      speaker = try await library.speakerToReconnect()
    }
    guard let speaker else {
      notify(assist ? .pairingSkipped : .nothingToReconnect)
      return
    }
    try await radio.connect(to: speaker.id)
    notify(.connected(address: speaker.id, nickname: speaker.nickname))
  }
}
