import Yaia
import YaiaFlow
import YaiaSequencer

/// The sample app's flow coordinator: which screen is on top and what happens between them.
///
/// It takes the launch's events (a step waiting for the user shows that step's screen; the
/// answer goes back to the step), runs each feature's state as a child, turns their results
/// into navigation, and hands I/O to the shell as commands. Being a value, the whole app's
/// behaviour is tested by feeding it events.
public struct DemoAppState: SceneState {
  /// Everything that can happen to the app.
  public enum Event: Equatable, Sendable {
    /// The launch reported a step's progress.
    case launch(LaunchEvent<DemoStep>)
    /// A launch step told the app something.
    case note(LaunchNote)
    /// The launch ended.
    case launchEnded(LaunchReport<DemoStep>)
    /// The login screen's events.
    case login(LoginState.Event)
    /// The pairing screen's events.
    case pairing(PairingState.Event)
    /// The home screen's events.
    case home(HomeState.Event)
    /// The tutorial's events.
    case tutorial(TutorialState.Event)
    /// The language screen's events.
    case language(LanguageState.Event)
    /// Close the push notification.
    case dismissPush
    /// Input the current screen does not take; the message says what it does take.
    case refused(String)
    /// Quit the app.
    case quit
  }

  /// The I/O the app asks its shell for.
  public enum Command: Equatable, Sendable {
    /// Change the screens.
    case navigate([NavigationOperation<DemoRoute>])
    /// Answer a launch step waiting for the user.
    case answer(DemoAnswer)
    /// Send a login request.
    case logIn(user: String, password: String)
    /// Save a newly paired speaker.
    case pair(address: String, model: String, nickname: String)
    /// Rename a paired speaker.
    case rename(address: String, nickname: String)
    /// Forget a paired speaker.
    case delete(address: String)
    /// Start listening to the radio.
    case startScan
    /// Stop listening to the radio.
    case stopScan
    /// End the app.
    case quit
  }

  /// The screen on top, with what it shows.
  public enum Screen: Equatable, Sendable {
    /// The launch's steps, live, then its report.
    case launch(LaunchProgress)
    /// The update screen, with the reason and the launch it stopped.
    case update(String, launch: LaunchProgress)
    /// The language question.
    case language(LanguageState.ViewModel)
    /// The login form.
    case login(LoginState.ViewModel)
    /// The tutorial.
    case tutorial(TutorialState.ViewModel)
    /// The pairing assistant.
    case pairing(PairingState.ViewModel)
    /// Home, with the launch's report.
    case home(HomeState.ViewModel, launch: LaunchReport<DemoStep>?)
    /// The push notification.
    case push(String)
  }

  /// What the terminal draws.
  public struct ViewModel: Equatable, Sendable {
    /// `Yaia Demo · regular launch`.
    public var title: String
    /// The screens, bottom to top (modals last).
    public var path: [DemoRoute]
    /// The screen on top.
    public var screen: Screen
    /// What the app knows: user, configuration, speaker connection.
    public var status: [String]
    /// Input refused, and why.
    public var message: String?
  }

  private let scenario: DemoScenario
  private(set) var navigation = NavigationState<DemoRoute>(root: .launch)
  private var progress: LaunchProgress
  private var login: LoginState?
  private var tutorial: TutorialState?
  private var language: LanguageState?
  private var pairing: PairingState?
  private var pairingForLaunch = false
  private var home = HomeState()
  private var paired: [String: String] = [:]
  private var promptQueue: [DemoRoute] = []
  private var configuration: DemoAPI.Configuration?
  private var status: [String: String] = [:]
  private var nothingToReconnect = false
  private var pushMessage: String?
  private var report: LaunchReport<DemoStep>?
  private var message: String?

  /// The app at the start of a launch of `scenario` running `plan`.
  public init(scenario: DemoScenario, plan: LaunchPlan<DemoStep>) {
    self.scenario = scenario
    progress = LaunchProgress(plan: plan)
  }

  /// Handles one event.
  public mutating func handle(_ event: Event) -> [Command] {
    if case .refused(let problem) = event {
      message = problem
      return []
    }
    if event.isUserInput { message = nil }
    switch event {
    case .launch(let launchEvent):
      progress.apply(launchEvent)
      if case .waitingForUser(let prompt) = launchEvent.kind, let route = Self.route(asking: prompt)
      {
        return show(route)
      }
    case .note(let note):
      take(note)
    case .launchEnded(let report):
      self.report = report
      progress.finish(report)
      promptQueue = []
      var commands: [Command] = pairing != nil ? [.stopScan] : []
      pairing = nil
      login = nil
      tutorial = nil
      language = nil
      let operations = navigation.change { navigation in
        if report.updateRequired != nil {
          navigation.setRoot(.update)
        } else {
          navigation.setRoot(.home)
          if pushMessage != nil { navigation.present(.push) }
        }
      }
      commands.append(.navigate(operations))
      return commands
    case .login(let loginEvent):
      guard var child = login else { return [] }
      let commands = child.handle(loginEvent)
      login = child
      return commands.flatMap { command -> [Command] in
        switch command {
        case .logIn(let user, let password): return [.logIn(user: user, password: password)]
        case .finished(let session):
          login = nil
          return [.answer(.login(session))] + finishPrompt()
        }
      }
    case .tutorial(let tutorialEvent):
      guard var child = tutorial else { return [] }
      let commands = child.handle(tutorialEvent)
      tutorial = child
      guard commands.contains(.finished) else { return [] }
      tutorial = nil
      return [.answer(.tutorialSeen)] + finishPrompt()
    case .language(let languageEvent):
      guard var child = language else { return [] }
      let commands = child.handle(languageEvent)
      language = child
      guard case .chosen(let chosen)? = commands.first else { return [] }
      language = nil
      status["configuration"] = configurationLine(language: chosen)
      return [.answer(.language(chosen))] + finishPrompt()
    case .pairing(let pairingEvent):
      guard var child = pairing else { return [] }
      let commands = child.handle(pairingEvent)
      pairing = child
      return commands.flatMap { command -> [Command] in
        switch command {
        case .save(let address, let model, let nickname):
          return [.pair(address: address, model: model, nickname: nickname)]
        case .finished(let address):
          pairing = nil
          if pairingForLaunch {
            pairingForLaunch = false
            return [.stopScan, .answer(.pairing(address: address))] + finishPrompt()
          }
          return [.stopScan, .navigate(navigation.change { $0.pop(to: .home) })]
        }
      }
    case .home(let homeEvent):
      if case .speakers(let speakers) = homeEvent {
        paired = Dictionary(
          speakers.map { ($0.id, $0.nickname) }, uniquingKeysWith: { first, _ in first })
        _ = pairing?.handle(.paired(paired))
      }
      return home.handle(homeEvent).flatMap { command -> [Command] in
        switch command {
        case .rename(let address, let nickname):
          return [.rename(address: address, nickname: nickname)]
        case .delete(let address): return [.delete(address: address)]
        case .pairNew:
          guard navigation.top == .home else { return [] }
          startPairing(forLaunch: false)
          return [.startScan, .navigate(navigation.change { $0.push(.pairing) })]
        }
      }
    case .dismissPush:
      guard navigation.top == .push else { return [] }
      pushMessage = nil
      return [.navigate(navigation.change { $0.dismiss() })]
    case .quit:
      return [.quit]
    case .refused:
      break
    }
    return []
  }

  /// The screen that answers the question `step` asks.
  static func route(asking prompt: PromptKey<DemoStep>) -> DemoRoute? {
    switch prompt {
    case DemoPrompts.language.key: .language
    case DemoPrompts.login.key: .login
    case DemoPrompts.tutorial.key: .tutorial
    case DemoPrompts.pairing.key: .pairing
    default: nil
    }
  }

  /// Shows the screen of a waiting step now, or after the one already asking.
  private mutating func show(_ route: DemoRoute) -> [Command] {
    guard navigation.top == .launch else {
      if !promptQueue.contains(route) { promptQueue.append(route) }
      return []
    }
    var commands: [Command] = []
    switch route {
    case .login: login = LoginState()
    case .tutorial: tutorial = TutorialState()
    case .language:
      let configuration =
        configuration ?? DemoAPI.Configuration(country: "?", language: "en", supportedLanguages: [])
      language = LanguageState(
        languages: configuration.supportedLanguages, suggested: configuration.language)
    case .pairing:
      startPairing(forLaunch: true)
      commands.append(.startScan)
    case .launch, .update, .home, .push: return []
    }
    commands.append(.navigate(navigation.change { $0.push(route) }))
    return commands
  }

  /// Back to the launch screen after a question is answered, then the next question.
  private mutating func finishPrompt() -> [Command] {
    var commands: [Command] = [.navigate(navigation.change { $0.pop(to: .launch) })]
    if !promptQueue.isEmpty {
      commands += show(promptQueue.removeFirst())
    }
    return commands
  }

  private mutating func startPairing(forLaunch: Bool) {
    var state = PairingState()
    _ = state.handle(.paired(paired))
    pairing = state
    pairingForLaunch = forLaunch
  }

  private mutating func take(_ note: LaunchNote) {
    switch note {
    case .splashShown:
      break
    case .updateRequired(let minimum):
      status["update"] = "This is version \(DemoAPI.appVersion); the server requires \(minimum)."
    case .configuration(let configuration):
      self.configuration = configuration
      status["configuration"] = configurationLine(language: configuration.language)
    case .configurationUnavailable(let reason):
      status["configuration"] = "Configuration unavailable (\(reason)); using the defaults."
    case .loggedIn(let user, let automatically):
      status["user"] = "Logged in as \(user)" + (automatically ? " (saved login)." : ".")
    case .savedLoginRefused(let reason):
      status["user"] = "The saved login was refused (\(reason)); log in again."
    case .connected(let nickname):
      status["speaker"] = "Connected to \(nickname)."
    case .nothingToReconnect:
      status["speaker"] = nil
      nothingToReconnect = true
    case .pairingSkipped:
      status["speaker"] = "Pairing skipped: press p on Home to pair a speaker."
    case .push(let message):
      pushMessage = message
    }
  }

  private func configurationLine(language: String) -> String {
    guard let configuration else { return "Language \(language)." }
    return "Country \(configuration.country), language \(language)."
  }

  /// What the launch found about speakers, once it knows there was none to reconnect.
  private var speakerLine: [String] {
    guard nothingToReconnect else { return [] }
    return paired.isEmpty
      ? ["No speaker paired yet: press p on Home to pair one."]
      : ["Paired speakers are reconnected at the next launch."]
  }

  /// What the terminal draws now.
  public var viewModel: ViewModel {
    let screen: Screen
    switch navigation.top ?? .launch {
    case .launch: screen = .launch(progress)
    case .update:
      screen = .update(
        status["update"] ?? report?.updateRequired ?? "An update is required.", launch: progress)
    case .language:
      screen = .language(
        language?.viewModel ?? LanguageState(languages: [], suggested: "en").viewModel)
    case .login: screen = .login((login ?? LoginState()).viewModel)
    case .tutorial: screen = .tutorial((tutorial ?? TutorialState()).viewModel)
    case .pairing: screen = .pairing((pairing ?? PairingState()).viewModel)
    case .home: screen = .home(home.viewModel, launch: report)
    case .push: screen = .push(pushMessage ?? "")
    }
    let title: String
    switch scenario {
    case .regular: title = "Yaia Demo · regular launch"
    case .firstRun: title = "Yaia Demo · first run"
    case .push: title = "Yaia Demo · launched from a notification"
    }
    return ViewModel(
      title: title, path: navigation.stack + navigation.modals, screen: screen,
      status: ["user", "configuration", "speaker"].compactMap { status[$0] } + speakerLine,
      message: message)
  }
}

extension DemoAppState.Event {
  /// Whether the user caused the event (a refused key's message stays until the next one;
  /// the radio, the store and the launch do not clear it).
  var isUserInput: Bool {
    switch self {
    case .launch, .note, .launchEnded, .pairing(.radio), .pairing(.paired), .pairing(.saved),
      .home(.speakers), .home(.writeFailed), .login(.response):
      false
    case .login, .pairing, .home, .tutorial, .language, .dismissPush, .refused, .quit:
      true
    }
  }
}
