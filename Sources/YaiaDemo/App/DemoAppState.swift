import Yaia
import YaiaFlow
import YaiaResources
import YaiaSequencer

/// The sample app's flow coordinator: where the app is, and what happens between screens.
///
/// Where the app is lives in three values: the root (the launch, "update required" or Home),
/// a ``ScreenStack`` of the screens pushed over it, each holding its own state (any
/// ``DemoScreen``, which brings its own drawing and keys: each is named where it is pushed and in
/// ``screens``), and at most one modal
/// (``Destination``). Why a screen was pushed follows from the root: a screen pushed while the
/// launch shows is the launch's question, one pushed over Home is the user's own. Navigation is derived from
/// them, never kept beside them: each change returns the router's operations, and the user's
/// own Back is applied to the same stack. The app takes the launch's events from one feed (a
/// step waiting for the user pushes that step's screen; the answer goes back as a command),
/// opens deep links through a ``DeepLinkGate``, and hands I/O to the shell as commands. Being
/// a value, the whole app's behaviour is tested by feeding it events.
struct DemoAppState: ShellState {
  /// Everything that can happen to the app.
  enum Event: Codable, Equatable, Sendable {
    /// The app started: run the launch.
    case started
    /// The launch reported a step's progress.
    case launch(LaunchEvent<DemoStep>)
    /// A launch step told the app something.
    case note(LaunchNote)
    /// The launch ended.
    case launchEnded(LaunchReport<DemoStep>)
    /// The user's input, for the screen on top of the stack (the only one the user sees):
    /// `.onTop(LoginState.event(.submit))`; dropped if the top screen is of another type.
    case onTop(ScreenEvent)
    /// What a screen's own work brought back (a login's response, the radio, a save), for
    /// that screen by its id: dropped once the screen is popped, even if another screen of
    /// its kind took its place.
    case screen(ScreenID, ScreenEvent)
    /// The home screen's events.
    case home(HomeState.Event)
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
    case refused(LocalizedText)
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
    /// A screen's own work (a login request, saving a paired speaker), as the screen wrote
    /// it; what comes back goes to that screen by its id.
    case screen(ScreenID, ScreenCommand)
    /// Home's work (a rename, a deletion), as Home's speaker list wrote it.
    case home(HomeState.Command)
    /// Make `language` the app's language (shared, and kept for the next launches).
    case chooseLanguage(String)
    /// End the app.
    case quit
  }

  /// A screen, with what it shows.
  enum Screen: Equatable, Sendable {
    /// The launch's steps, live, then its report.
    case launch(LaunchProgress)
    /// The update screen, with the reason and the launch it stopped.
    case update(LocalizedText, launch: LaunchProgress)
    /// A screen pushed on the stack: the terminal draws it by its type.
    case pushed(ScreenViewModel)
    /// Home, by section.
    case home(HomeState.ViewModel)
    /// The push notification.
    case push(String)
    /// The prompt for a link.
    case linkPrompt(LinkPromptState.ViewModel)
  }

  /// The modal over everything, if any: a destination is an optional value, so it is shown or
  /// it is not, and there is no state for a modal that is gone.
  enum Destination: Sendable {
    /// The push notification the app was launched from.
    case push(String)
    /// The prompt to type a link.
    case linkPrompt(LinkPromptState)

    /// The modal's route.
    var route: DemoRoute {
      switch self {
      case .push: .push
      case .linkPrompt: .linkPrompt
      }
    }
  }

  /// What the terminal draws: the screen of every route the app shows; the navigator says
  /// which is on top.
  struct ViewModel: Equatable, Sendable {
    /// `Yaia Demo · regular launch`.
    var title: LocalizedText
    /// Each route's screen.
    var screens: [DemoRoute: Screen]
    /// What the app knows: user, configuration, speaker connection.
    var status: [LocalizedText]
    /// Input refused, and why.
    var message: LocalizedText?
    /// The last link that opened nothing, and why.
    var linkProblem: DeepLinkError?
    /// The language the texts are shown in: the one the user chose, else English.
    var language: String
  }

  private let scenario: DemoScenario
  /// What is below every screen: `.launch`, `.update` or `.home`.
  private var root = DemoRoute.launch
  /// The screens pushed over the root, each with its state.
  private(set) var path = ScreenStack<AnyScreen>()
  /// The modal shown, if any.
  private var destination: Destination?
  private var progress: LaunchProgress
  private(set) var home = HomeState()
  private var gate = DeepLinkGate<DemoLink>(needsLogin: { _ in true })
  /// The launch's questions waiting for the one on screen to be answered.
  private var questions: [PromptKey<DemoStep>] = []
  /// The notification the app was launched from, shown when the launch ends.
  private var notification: String?
  private var report: LaunchReport<DemoStep>?
  private var message: LocalizedText?
  private var linkProblem: DeepLinkError?

  /// The app at the start of a launch of `scenario` running `plan`.
  init(scenario: DemoScenario, plan: LaunchPlan<DemoStep>) {
    self.scenario = scenario
    progress = LaunchProgress(plan: plan)
  }

  /// Where the app is, as a navigator shows it: derived from the root, the stack and the
  /// modal, so it cannot disagree with them.
  var navigation: NavigationState<DemoRoute> {
    NavigationState(
      stack: [root] + path.map { DemoRoute.screen($0.id, $0.state.title) },
      modals: destination.map { [$0.route] } ?? [])
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
      if case .waitingForUser(let prompt) = launchEvent.kind { return ask(prompt) }
    case .note(let note):
      return take(note)
    case .launchEnded(let report):
      return launchEnded(report)
    case .onTop(let event):
      guard destination == nil, let id = path.topID else { return [] }
      return toScreen(event, id)
    case .screen(let id, let event):
      return toScreen(event, id)
    case .home(let event):
      let commands = toHome(event)
      guard case .speakers(let listEvent) = event, listEvent.changesSpeakers else {
        return commands
      }
      // Every pairing screen on the stack shows which speakers are paired: it hears the change.
      return commands
        + path.ids(of: PairingState.self).flatMap {
          toScreen(PairingState.event(.paired(paired)), $0)
        }
    case .languageChanged(let language):
      return toHome(.status(.languageChanged(language)))
    case .linkPrompt(let event):
      return handle(event, in: \.linkPrompt) { app, command in
        switch command {
        case .navigate(let operations): return [.navigate(operations)]
        case .finish(let link): return app.navigated { $0.destination = nil } + app.openLink(link)
        }
      }
    case .openLinkPrompt:
      guard navigation.top == .home else { return [] }
      return navigated { $0.destination = .linkPrompt(LinkPromptState()) }
    case .openLink(let link):
      return openLink(link)
    case .userNavigated(let operation):
      return userNavigated(operation)
    case .dismissPush:
      guard case .push = destination else { return [] }
      return navigated { $0.destination = nil }
    case .quit:
      return [.quit]
    case .refused:
      break
    }
    return []
  }

  /// The link prompt, when it is the modal shown: its events find it here, and setting `nil`
  /// closes it.
  private var linkPrompt: LinkPromptState? {
    get {
      guard case .linkPrompt(let prompt) = destination else { return nil }
      return prompt
    }
    set {
      guard case .linkPrompt = destination else { return }
      destination = newValue.map(Destination.linkPrompt)
    }
  }

  /// The paired speakers' nicknames, by address, as Home has them.
  private var paired: [String: String] {
    Dictionary(
      home.speakers.speakers.map { ($0.id, $0.nickname) }, uniquingKeysWith: { first, _ in first })
  }

  /// Changes where the app is with `body`; the command that shows the change, if any.
  private mutating func navigated(_ body: (inout Self) -> Void) -> [Command] {
    let before = navigation
    body(&self)
    let operations = navigation.operations(from: before)
    return operations.isEmpty ? [] : [.navigate(operations)]
  }

  /// Pushes `screen`; the commands that show it, and its id.
  private mutating func push(_ screen: some DemoScreen) -> (commands: [Command], id: ScreenID) {
    var id = ScreenID(0)
    let commands = navigated { id = $0.path.push(screen) }
    return (commands, id)
  }

  // MARK: The launch

  private mutating func launchEnded(_ report: LaunchReport<DemoStep>) -> [Command] {
    self.report = report
    progress.finish(report)
    var commands = toHome(.launch(.ended(report)))
    questions = []
    let updateRequired = report.updateRequired != nil
    // The launch's screens go with it; their work (a scan) is swept with them.
    commands += navigated { app in
      app.path.popAll()
      if updateRequired {
        app.root = .update
      } else {
        app.root = .home
        app.destination = app.notification.map(Destination.push)
        app.notification = nil
      }
    }
    // An app that needs an update cannot be used: links stay held.
    if updateRequired { return commands }
    return commands + opened(gate.handle(.launchFinished(loggedIn: gate.viewModel.isLoggedIn)))
  }

  /// Pushes the screen that answers a waiting step's question now, or after the one already
  /// asking.
  private mutating func ask(_ prompt: PromptKey<DemoStep>) -> [Command] {
    guard navigation.top == .launch else {
      if !questions.contains(prompt) { questions.append(prompt) }
      return []
    }
    switch prompt {
    case DemoPrompts.login.key: return push(LoginState()).commands
    case DemoPrompts.tutorial.key: return push(TutorialState()).commands
    case DemoPrompts.language.key:
      let configuration =
        home.status.configuration
        ?? DemoAPI.Configuration(country: "?", language: "en", supportedLanguages: [])
      return push(
        LanguageState(
          languages: configuration.supportedLanguages, suggested: configuration.language)
      ).commands
    case DemoPrompts.pairing.key: return startPairing()
    default: return []
    }
  }

  /// Back to the launch screen after a question is answered, then the next question.
  private mutating func finishQuestion() -> [Command] {
    var commands = navigated { $0.path.popAll() }
    if !questions.isEmpty {
      commands += ask(questions.removeFirst())
    }
    return commands
  }

  /// A step's note: the status shows it; a push is kept to show; a login lets held links go.
  private mutating func take(_ note: LaunchNote) -> [Command] {
    let commands = toHome(.status(.note(note)))
    switch note {
    case .push(let message):
      notification = message
    case .splash(let frame):
      progress.show(frame)
    case .loggedIn:
      return commands + opened(gate.handle(.loggedIn))
    default:
      break
    }
    return commands
  }

  // MARK: Children's results

  /// Hands `event` to the screen under `id` (dropped if it was popped) and takes its results.
  private mutating func toScreen(_ event: ScreenEvent, _ id: ScreenID) -> [Command] {
    handle(event, for: id, in: \.path) { app, command in app.result(command, of: id) }
  }

  /// Hands `event` to Home and takes what Home asks.
  private mutating func toHome(_ event: HomeState.Event) -> [Command] {
    handle(event, in: \.home) { app, command in
      guard command == .speakers(.pairNew) else { return [.home(command)] }
      guard app.navigation.top == .home else { return [] }
      return app.startPairing()
    }
  }

  /// What the app does with a command of the screen under `id`: work goes to the shell as the
  /// screen wrote it; a result ends the screen and answers whoever pushed it: the launch, for a
  /// screen pushed while the launch shows, else the user.
  private mutating func result(_ command: ScreenCommand, of id: ScreenID) -> [Command] {
    let forLaunch = root == .launch
    if case .chosen(let chosen)? = command.as(LanguageState.self) {
      guard forLaunch else {
        return [.chooseLanguage(chosen)] + navigated { $0.path.pop(from: id) }
      }
      return [.answer(.language(chosen)), .chooseLanguage(chosen)] + finishQuestion()
    }
    if case .finished(let session)? = command.as(LoginState.self) {
      guard forLaunch else {
        // Logged in for a held link (this run only: the launch saves logins).
        return toHome(.status(.loggedIn(user: session.user)))
          + navigated { $0.path.pop(from: id) } + opened(gate.handle(.loggedIn))
      }
      return [.answer(.login(session))] + finishQuestion()
    }
    if command.as(TutorialState.self) == .finished {
      return [.answer(.tutorialSeen)] + finishQuestion()
    }
    if case .finished(let address)? = command.as(PairingState.self) {
      guard forLaunch else { return navigated { $0.path.pop(from: id) } }
      return [.answer(.pairing(address: address))] + finishQuestion()
    }
    return [.screen(id, command)]
  }

  /// Pushes the pairing assistant and tells it which speakers are paired; its radio runs for
  /// as long as the screen is on the stack (``ongoingWork``).
  private mutating func startPairing() -> [Command] {
    let (shown, id) = push(PairingState())
    return toScreen(PairingState.event(.paired(paired)), id) + shown
  }

  /// The user navigated on the platform: the same stack records it. A launch's pairing the
  /// user backed out of answers the launch (pairing skipped).
  private mutating func userNavigated(_ operation: NavigationOperation<DemoRoute>) -> [Command] {
    let before = path
    switch operation {
    case .pop(let count):
      path.apply(.pop(count: count))
    case .setStack(let routes):
      path.apply(.setStack(routes.compactMap(\.screenID)))
    case .dismiss:
      destination = nil
    case .push, .present:
      break
    }
    let left = before.filter { path[id: $0.id] == nil }
    // Only the launch's pairing can be left this way while the launch shows.
    guard root == .launch, left.contains(where: { $0.state.is(PairingState.self) }) else {
      return []
    }
    return [.answer(.pairing(address: nil))] + finishQuestion()
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
        guard path.ids(of: LoginState.self).isEmpty else { return [] }
        return push(LoginState()).commands
      }
    }
  }

  /// Shows what one link opens, from Home: whatever was above Home closes first (and the work
  /// of the screens that close is swept with them).
  private mutating func show(_ link: DemoLink) -> [Command] {
    var commands = navigated { app in
      app.path.popAll()
      app.destination = nil
      app.root = .home
    }
    switch link {
    case .speaker(let key):
      commands += toHome(.speakers(.select(key)))
    case .pair:
      commands += startPairing()
    case .languageSettings:
      let configuration = home.status.configuration
      commands +=
        push(
          LanguageState(
            languages: configuration?.supportedLanguages ?? [],
            suggested: home.status.currentLanguage ?? "en", isSetting: true)
        ).commands
    }
    return commands
  }

  // MARK: Drawing

  /// What the terminal draws now.
  var viewModel: ViewModel {
    var screens: [DemoRoute: Screen] = [
      .launch: .launch(progress),
      .update: .update(
        home.status.viewModel.update ?? .updateRequired,
        launch: progress),
      .home: .home(home.viewModel),
    ]
    for (id, screen) in path { screens[.screen(id, screen.title)] = .pushed(screen.viewModel) }
    switch destination {
    case .push(let message): screens[.push] = .push(message)
    case .linkPrompt(let prompt): screens[.linkPrompt] = .linkPrompt(prompt.viewModel)
    case nil: break
    }
    let title: LocalizedText
    switch scenario {
    case .regular: title = .appTitleRegular
    case .firstRun: title = .appTitleFirstRun
    case .push: title = .appTitlePush
    }
    return ViewModel(
      title: title, screens: screens,
      status: home.status.viewModel.lines,
      message: message, linkProblem: linkProblem,
      language: home.status.chosenLanguage ?? "en")
  }
}

extension DemoRoute {
  /// The id of the pushed screen this route shows, if it is one.
  var screenID: ScreenID? {
    guard case .screen(let id, _) = self else { return nil }
    return id
  }
}

extension DemoAppState: OngoingWorkState {
  /// The work the app's state implies, kept running by its shell: after every event, and after
  /// a jump back in time from the inspector, what runs is what the state says.
  enum OngoingWork: Hashable, Sendable {
    /// The radio, for the pairing screen `id`: it listens while that screen is on the stack.
    case radioScan(for: ScreenID)
    /// The paired speakers, then every change to them: Home's list follows the store for the
    /// whole run (a jump back to before they were read reads them again).
    case speakerLibrary
  }

  var ongoingWork: Set<OngoingWork> {
    var work: Set<OngoingWork> = [.speakerLibrary]
    for id in path.ids(of: PairingState.self) { work.insert(.radioScan(for: id)) }
    return work
  }
}

extension DemoAppState {
  /// Why the app cannot run on from this state, when it cannot: the inspector's page offers no
  /// jump back to it and says why. Work the state declares starts again after a jump
  /// (``ongoingWork``); what lives outside the state cannot: the launch (its steps wait in the
  /// shell for answers the state gave long ago) and a request whose answer a screen awaits
  /// (the jump cancels it, and the screen would wait for ever).
  var cannotJump: String? {
    if root == .launch {
      return "the launch runs in the app's shell, not in its state: a jump cannot start it again"
    }
    for screen in path {
      if screen.state.as(LoginState.self)?.viewModel.isLoading == true {
        return "the login screen awaits the server's answer, which a jump cancels"
      }
      if screen.state.as(PairingState.self)?.viewModel.isSaving == true {
        return "the pairing screen awaits the store's answer, which a jump cancels"
      }
    }
    return nil
  }
}

extension DemoAppState.Event {
  /// Whether the user caused the event (a refused key's message stays until the next one;
  /// the radio, the store and the launch do not clear it).
  var isUserInput: Bool {
    switch self {
    case .started, .launch, .note, .launchEnded, .languageChanged, .screen,
      .home(.speakers(.loaded)), .home(.speakers(.changed)),
      .home(.speakers(.writeFailed)), .home(.status), .home(.launch):
      false
    case .onTop, .home, .linkPrompt, .openLinkPrompt, .openLink, .userNavigated, .dismissPush,
      .refused, .quit:
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
