import Yaia
import YaiaFlow
import YaiaSequencer

/// The sample app's flow coordinator: where the app is, and what happens between screens.
///
/// It takes the launch's events from one feed (a step waiting for the user shows that step's
/// screen; the answer goes back as a command), runs each feature's state as a child, turns
/// their results into navigation through its ``NavigationState``, opens deep links through a
/// ``DeepLinkGate``, and hands I/O to the shell as commands. Being a value, the whole app's
/// behaviour is tested by feeding it events.
struct DemoAppState: SceneState {
  /// Everything that can happen to the app.
  enum Event: Equatable, Sendable {
    /// The app started: run the launch.
    case started
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
    /// The language screen's events (the launch's question or the setting).
    case language(LanguageState.Event)
    /// The link prompt's events.
    case linkPrompt(LinkPromptState.Event)
    /// Open the prompt to type a link.
    case openLinkPrompt
    /// A deep link, as text (`--open`, or typed).
    case openLink(String)
    /// The user navigated on the platform (Escape, a back gesture): the navigator already did
    /// it.
    case userNavigated(NavigationOperation<DemoRoute>)
    /// Close the push notification.
    case dismissPush
    /// Input the current screen does not take; the message says what it does take.
    case refused(String)
    /// The app's language changed (it is shared: every screen that shows it hears this).
    case languageChanged(String?)
    /// Quit the app.
    case quit
  }

  /// The I/O the app asks its shell for.
  enum Command: Equatable, Sendable {
    /// Run the launch, feeding its events back.
    case runLaunch
    /// Change the screens.
    case navigate([NavigationOperation<DemoRoute>])
    /// Answer a launch step waiting for the user.
    case answer(DemoAnswer)
    /// Send a login request.
    case logIn(user: String, password: Secret)
    /// Save a newly paired speaker.
    case pair(address: String, model: String, nickname: String)
    /// Rename a paired speaker.
    case rename(address: String, nickname: String)
    /// Forget a paired speaker.
    case delete(address: String)
    /// Make `language` the app's language (shared, and kept for the next launches).
    case chooseLanguage(String)
    /// Start listening to the radio.
    case startScan
    /// Stop listening to the radio.
    case stopScan
    /// End the app.
    case quit
  }

  /// A screen, with what it shows.
  enum Screen: Equatable, Sendable {
    /// The launch's steps, live, then its report.
    case launch(LaunchProgress)
    /// The update screen, with the reason and the launch it stopped.
    case update(String, launch: LaunchProgress)
    /// The language question or setting.
    case language(LanguageState.ViewModel)
    /// The login form.
    case login(LoginState.ViewModel)
    /// The tutorial.
    case tutorial(TutorialState.ViewModel)
    /// The pairing assistant.
    case pairing(PairingState.ViewModel)
    /// Home, by section.
    case home(HomeState.ViewModel)
    /// The push notification.
    case push(String)
    /// The prompt for a link.
    case linkPrompt(LinkPromptState.ViewModel)
  }

  /// What the terminal draws: the screen of every route the app has navigated to; the
  /// navigator says which is on top.
  struct ViewModel: Equatable, Sendable {
    /// `Yaia Demo · regular launch`.
    var title: String
    /// Each route's screen.
    var screens: [DemoRoute: Screen]
    /// What the app knows: user, configuration, speaker connection.
    var status: [String]
    /// Input refused, and why.
    var message: String?
    /// The last link that opened nothing, and why.
    var linkProblem: DeepLinkError?
  }

  private let scenario: DemoScenario
  private(set) var navigation = NavigationState<DemoRoute>(root: .launch)
  private var progress: LaunchProgress
  private var login: LoginState?
  private var loginForLink = false
  private var tutorial: TutorialState?
  private var language: LanguageState?
  private var languageSetting: LanguageState?
  private var linkPrompt: LinkPromptState?
  private(set) var pairing = ChildFlow<PairingState>()
  private var pairingForLaunch = false
  private(set) var home = HomeState()
  private var gate = DeepLinkGate<DemoLink>(needsLogin: { _ in true })
  private var isLoggedIn = false
  private var promptQueue: [DemoRoute] = []
  private var pushMessage: String?
  private var report: LaunchReport<DemoStep>?
  private var message: String?
  private var linkProblem: DeepLinkError?

  /// The app at the start of a launch of `scenario` running `plan`.
  init(scenario: DemoScenario, plan: LaunchPlan<DemoStep>) {
    self.scenario = scenario
    progress = LaunchProgress(plan: plan)
  }

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Command] {
    if case .refused(let problem) = event {
      message = problem
      return []
    }
    if event.isUserInput { message = nil }
    switch event {
    case .started:
      return [.navigate([.setStack(navigation.stack)]), .runLaunch]
    case .launch(let launchEvent):
      progress.apply(launchEvent)
      if case .waitingForUser(let prompt) = launchEvent.kind, let route = Self.route(asking: prompt)
      {
        return show(route)
      }
    case .note(let note):
      return take(note)
    case .launchEnded(let report):
      return launchEnded(report)
    case .login(let event):
      return handle(event, in: \.login) { app, command in app.login(command) }
    case .tutorial(let event):
      return handle(event, in: \.tutorial) { app, command in
        app.tutorial = nil
        return [.answer(.tutorialSeen)] + app.finishPrompt()
      }
    case .language(let event) where navigation.top == .languageSetting:
      return handle(event, in: \.languageSetting) { app, command in
        guard case .chosen(let chosen) = command else { return [] }
        app.languageSetting = nil
        return [.chooseLanguage(chosen)] + app.navigated { $0.pop() }
      }
    case .language(let event):
      return handle(event, in: \.language) { app, command in
        guard case .chosen(let chosen) = command else { return [] }
        app.language = nil
        return [.answer(.language(chosen)), .chooseLanguage(chosen)] + app.finishPrompt()
      }
    case .pairing(let event):
      // An ended pairing (the user backed out) receives nothing: late radio events and saves
      // change nothing.
      return pairing.handle(event).flatMap { pairingResult($0) }
    case .home(let event):
      let commands = toHome(event)
      guard case .speakers(let listEvent) = event, listEvent.changesSpeakers else {
        return commands
      }
      return commands + pairing.handle(.paired(paired)).flatMap { pairingResult($0) }
    case .languageChanged(let language):
      return toHome(.status(.languageChanged(language)))
    case .linkPrompt(let event):
      return handle(event, in: \.linkPrompt) { app, command in
        switch command {
        case .navigate(let operations): return [.navigate(operations)]
        case .finish(let link):
          app.linkPrompt = nil
          return app.navigated { $0.dismiss() } + app.openLink(link)
        }
      }
    case .openLinkPrompt:
      guard navigation.top == .home else { return [] }
      linkPrompt = LinkPromptState()
      return navigated { $0.present(.linkPrompt) }
    case .openLink(let link):
      return openLink(link)
    case .userNavigated(let operation):
      navigation.apply(operation)
      return userNavigated()
    case .dismissPush:
      guard navigation.top == .push else { return [] }
      pushMessage = nil
      return navigated { $0.dismiss() }
    case .quit:
      return [.quit]
    case .refused:
      break
    }
    return []
  }

  /// The screen that answers the question `prompt` asks.
  static func route(asking prompt: PromptKey<DemoStep>) -> DemoRoute? {
    switch prompt {
    case DemoPrompts.language.key: .language
    case DemoPrompts.login.key: .login
    case DemoPrompts.tutorial.key: .tutorial
    case DemoPrompts.pairing.key: .pairing
    default: nil
    }
  }

  /// The paired speakers' nicknames, by address, as Home has them.
  private var paired: [String: String] {
    Dictionary(
      home.speakers.speakers.map { ($0.id, $0.nickname) }, uniquingKeysWith: { first, _ in first })
  }

  /// Hands `event` to Home and turns what Home asks into the app's commands.
  private mutating func toHome(_ event: HomeState.Event) -> [Command] {
    handle(event, in: \.home) { app, command in app.homeResult(command) }
  }

  /// Changes the navigation with `body`; the command that shows the change, if any.
  private mutating func navigated(_ body: (inout NavigationState<DemoRoute>) -> Void) -> [Command] {
    let operations = navigation.change(body)
    return operations.isEmpty ? [] : [.navigate(operations)]
  }

  // MARK: The launch

  private mutating func launchEnded(_ report: LaunchReport<DemoStep>) -> [Command] {
    self.report = report
    progress.finish(report)
    var commands = toHome(.launch(.ended(report)))
    promptQueue = []
    if pairing.isRunning { commands.append(.stopScan) }
    pairing.end()
    login = nil
    tutorial = nil
    language = nil
    if report.updateRequired != nil {
      // The app cannot be used: links stay held.
      commands += navigated { $0.setRoot(.update) }
      return commands
    }
    let showsPush = pushMessage != nil
    commands += navigated { navigation in
      navigation.setRoot(.home)
      if showsPush { navigation.present(.push) }
    }
    return commands + opened(gate.handle(.launchFinished(loggedIn: isLoggedIn)))
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
        home.status.configuration
        ?? DemoAPI.Configuration(country: "?", language: "en", supportedLanguages: [])
      language = LanguageState(
        languages: configuration.supportedLanguages, suggested: configuration.language)
    case .pairing:
      return startPairing(forLaunch: true)
    case .launch, .update, .home, .push, .languageSetting, .linkPrompt: return []
    }
    commands += navigated { $0.push(route) }
    return commands
  }

  /// Back to the launch screen after a question is answered, then the next question.
  private mutating func finishPrompt() -> [Command] {
    var commands: [Command] = navigated { $0.pop(to: .launch) }
    if !promptQueue.isEmpty {
      commands += show(promptQueue.removeFirst())
    }
    return commands
  }

  /// A step's note: the status shows it; a push is kept to show; a login lets held links go.
  private mutating func take(_ note: LaunchNote) -> [Command] {
    let commands = toHome(.status(.note(note)))
    switch note {
    case .push(let message):
      pushMessage = message
    case .splash(let frame):
      progress.show(frame)
    case .loggedIn:
      isLoggedIn = true
      return commands + opened(gate.handle(.loggedIn))
    default:
      break
    }
    return commands
  }

  // MARK: Children's results

  private mutating func login(_ command: LoginState.Command) -> [Command] {
    switch command {
    case .logIn(let user, let password):
      return [.logIn(user: user, password: password)]
    case .finished(let session):
      login = nil
      guard loginForLink else { return [.answer(.login(session))] + finishPrompt() }
      // Logged in for a held link (this run only: the launch saves logins).
      loginForLink = false
      isLoggedIn = true
      return toHome(.status(.loggedIn(user: session.user))) + navigated { $0.pop() }
        + opened(gate.handle(.loggedIn))
    }
  }

  private mutating func pairingResult(_ command: PairingState.Command) -> [Command] {
    switch command {
    case .save(let address, let model, let nickname):
      return [.pair(address: address, model: model, nickname: nickname)]
    case .finished(let address):
      pairing.end()
      if pairingForLaunch {
        pairingForLaunch = false
        return [.stopScan, .answer(.pairing(address: address))] + finishPrompt()
      }
      return [.stopScan] + navigated { $0.pop(to: .home) }
    }
  }

  private mutating func homeResult(_ command: HomeState.Command) -> [Command] {
    guard case .speakers(let command) = command else { return [] }
    switch command {
    case .rename(let address, let nickname): return [.rename(address: address, nickname: nickname)]
    case .delete(let address): return [.delete(address: address)]
    case .pairNew:
      guard navigation.top == .home else { return [] }
      return startPairing(forLaunch: false)
    }
  }

  /// Starts the pairing assistant as a child flow above the current stack.
  private mutating func startPairing(forLaunch: Bool) -> [Command] {
    pairing.start(PairingState(), above: navigation)
    pairingForLaunch = forLaunch
    let told = pairing.handle(.paired(paired)).flatMap { pairingResult($0) }
    return told + [.startScan] + navigated { $0.push(.pairing) }
  }

  /// After the user's own navigation: children whose screens are gone end.
  private mutating func userNavigated() -> [Command] {
    var commands: [Command] = []
    if pairing.stackChanged(navigation) {
      commands.append(.stopScan)
      if pairingForLaunch {
        // Backing out of the first run's pairing skips it.
        pairingForLaunch = false
        commands += [.answer(.pairing(address: nil))] + finishPrompt()
      }
    }
    let shown = Set(navigation.stack + navigation.modals)
    if !shown.contains(.languageSetting) { languageSetting = nil }
    if !shown.contains(.linkPrompt) { linkPrompt = nil }
    if report != nil, !shown.contains(.push) { pushMessage = nil }
    return commands
  }

  // MARK: Deep links

  /// Opens `link`: resolved by ``DemoLinks``, held by the gate until the launch has ended
  /// and the user is logged in; one that opens nothing shows why, and the app carries on.
  private mutating func openLink(_ link: String) -> [Command] {
    do {
      let links = try DemoLinks.links(for: link)
      linkProblem = nil
      return opened(gate.handle(.linkOpened(links)))
    } catch {
      linkProblem = error
      return []
    }
  }

  /// Carries out what the gate lets through.
  private mutating func opened(_ gateCommands: [DeepLinkGate<DemoLink>.Command]) -> [Command] {
    gateCommands.flatMap { command -> [Command] in
      switch command {
      case .show(let links): return links.flatMap { show($0) }
      case .showLogin:
        guard login == nil else { return [] }
        login = LoginState()
        loginForLink = true
        return navigated { $0.push(.login) }
      }
    }
  }

  /// Shows what one link opens, from Home: whatever was above Home closes first.
  private mutating func show(_ link: DemoLink) -> [Command] {
    var commands: [Command] = []
    commands += navigated { $0.setRoot(.home) }
    commands += userNavigated()
    switch link {
    case .speaker(let key):
      commands += toHome(.speakers(.select(key)))
    case .pair:
      commands += startPairing(forLaunch: false)
    case .languageSettings:
      let configuration = home.status.configuration
      languageSetting = LanguageState(
        languages: configuration?.supportedLanguages ?? [],
        suggested: configuration?.language ?? "en")
      commands += navigated { $0.push(.languageSetting) }
    }
    return commands
  }

  // MARK: Drawing

  /// The screen of `route`, if the app has one for it now.
  private func screen(_ route: DemoRoute) -> Screen? {
    switch route {
    case .launch: .launch(progress)
    case .update:
      .update(
        home.status.viewModel.update ?? report?.updateRequired ?? "An update is required.",
        launch: progress)
    case .language: language.map { .language($0.viewModel) }
    case .languageSetting: languageSetting.map { .language($0.viewModel) }
    case .login: login.map { .login($0.viewModel) }
    case .tutorial: tutorial.map { .tutorial($0.viewModel) }
    case .pairing: pairing.state.map { .pairing($0.viewModel) }
    case .home: .home(home.viewModel)
    case .push: pushMessage.map { .push($0) }
    case .linkPrompt: linkPrompt.map { .linkPrompt($0.viewModel) }
    }
  }

  /// What the terminal draws now.
  var viewModel: ViewModel {
    var screens: [DemoRoute: Screen] = [:]
    for route in DemoRoute.allCases {
      if let screen = screen(route) { screens[route] = screen }
    }
    let title: String
    switch scenario {
    case .regular: title = "Yaia Demo · regular launch"
    case .firstRun: title = "Yaia Demo · first run"
    case .push: title = "Yaia Demo · launched from a notification"
    }
    return ViewModel(
      title: title, screens: screens,
      status: home.status.viewModel.lines,
      message: message, linkProblem: linkProblem)
  }
}

extension DemoAppState.Event {
  /// Whether the user caused the event (a refused key's message stays until the next one;
  /// the radio, the store and the launch do not clear it).
  var isUserInput: Bool {
    switch self {
    case .started, .launch, .note, .launchEnded, .languageChanged, .pairing(.radio),
      .pairing(.paired),
      .pairing(.saved), .home(.speakers(.loaded)), .home(.speakers(.changed)),
      .home(.speakers(.writeFailed)), .home(.status), .home(.launch),
      .login(.response):
      false
    case .login, .pairing, .home, .tutorial, .language, .linkPrompt, .openLinkPrompt, .openLink,
      .userNavigated, .dismissPush, .refused, .quit:
      true
    }
  }
}

extension SpeakerListState.Event {
  /// Whether the event brings the store's speakers.
  var changesSpeakers: Bool {
    switch self {
    case .loaded, .changed: true
    default: false
    }
  }
}
