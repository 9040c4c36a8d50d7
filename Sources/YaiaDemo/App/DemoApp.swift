import Foundation
import Yaia
import YaiaFlow
import YaiaInspector
import YaiaMockServer
import YaiaRemote
import YaiaResources
import YaiaSequencer
import YaiaStore

/// The sample app's composition root: builds the parts (store, backend, client, radio,
/// launch, shell), connects them, runs until the user quits, and takes everything down
/// cleanly. This is the only place that knows every part.
@MainActor
package enum DemoApp {
  /// Runs the app with `options` on `terminal`; returns when the user quits (or the script
  /// ends).
  ///
  /// - Throws: ``DemoError`` when the data folder, the backend or the app's texts cannot be
  ///   used, or when a script's `wait` times out.
  package static func run(_ options: DemoOptions, terminal: TerminalIO) async throws(DemoError) {
    // A catalog that does not read would show every text as its key: refused before anything.
    if case .failure(let problem) = DemoTexts.loaded { throw .texts(problem.description) }
    let folder = options.dataFolder
    let library: SpeakerLibrary
    do {
      if options.reset { try folder.reset() }
      try folder.create()
      library = try SpeakerLibrary.open(in: folder)
    } catch let error as DataFolderError {
      throw .data(error.description)
    } catch {
      throw .data("\(error)")
    }

    // Connected first, so that it sees the backend's first request and the whole launch.
    var inspector: Inspector?
    if let address = options.inspector {
      do {
        var inspectorOptions = Inspector.Options()
        // Said once each way, on its own line: the next frame redraws the screen below it.
        inspectorOptions.onConnectionChange = { change in
          terminal.write("\r\nyaia demo: \(change.description)\r\n")
        }
        inspector = try await Inspector.connect(
          to: address, app: "yaia demo", options: inspectorOptions)
      } catch {
        throw .inspector(error.description)
      }
    }

    var mockServer: MockServer?
    let baseURL: URL
    if let server = options.server {
      baseURL = server
    } else {
      let journal = inspector.map(Self.requestJournal(to:))
      do {
        let (server, url) = try await DemoBackend.start(onRequest: journal)
        mockServer = server
        baseURL = url
      } catch {
        throw .backend(error.description)
      }
    }
    let client = RemoteClient(
      baseURL: baseURL, interceptors: options.serverScenario.map { [MockScenarioHeader($0)] } ?? [])
    let radio = SimulatedRadio(seed: options.seed)

    // Everything the launch says reaches the app on one feed, followed by the shell.
    let feed = LaunchFeed(inspector: inspector)
    var steps = LiveLaunchSteps(
      client: client, library: library, loginFile: LoginFile(folder.loginFile), radio: radio,
      notify: feed.note)
    // A terminal sees the splash move; a pipe or a log gets its last frame only.
    let ansi = options.ansi ?? terminal.outputIsTerminal
    steps.animatesSplash = ansi
    let plan: LaunchPlan<DemoStep>
    do {
      plan = try DemoLaunch.plan(options.scenario, steps: steps.steps(for: options.scenario))
    } catch {
      throw .plan(error.description)
    }
    let launch = Launch(plan)

    let (quitRequests, requestQuit) = AsyncStream.makeStream(of: Void.self)
    // Watched before the first screen is drawn: a signal from then on is a clean quit.
    let interrupts = InterruptWatch { requestQuit.yield() }
    let display = DemoDisplay(text: ScreenText(ansi: ansi), write: terminal.write)
    let router = Router<DemoRoute, TerminalNavigator<DemoRoute>>(navigator: display.navigator) {
      $0
    }
    // The language every screen shows: one value, kept in the app's memory between launches.
    let language: Shared<String?>
    do throws(SharedSaveError) {
      let memory = SharedRow.field(
        \.language, of: DemoSchema.Memory.self, id: "app", in: library.store,
        newRow: AppMemory.init)
      language = try await Shared.load(from: memory, default: nil)
    } catch {
      throw .data(error.description)
    }
    let services = DemoShell(
      client: client, library: library, radio: radio, launch: launch, feed: feed, router: router,
      language: language, quit: { requestQuit.yield() })
    let shell = Shell(
      DemoAppState(scenario: options.scenario, plan: plan),
      sources: [
        EventSource(feed.messages) { message in
          switch message {
          case .event(let event): .launch(event)
          case .note(let note): .note(note)
          case .ended(let report): .launchEnded(report)
          }
        }
      ]
    ) { command, effects in
      services.run(command, effects)
    }
    // The radio for a pairing screen and Home's speakers run as long as the state says.
    shell.runOngoingWork { work, send in await services.runOngoing(work, send) }
    // The user's own navigation (Escape) comes back as an event, like a back gesture.
    router.onUserNavigation = { [weak shell] operation in shell?.send(.userNavigated(operation)) }
    shell.follow(language, as: DemoAppState.Event.languageChanged)
    shell.onRender { display.show($0) }
    // Time travel: the inspector's page can put the running demo back in an earlier state. The
    // router's stack follows commands, not the state: after a jump it is put in line with the
    // state the app went back to.
    // Its events are Codable, so the page may also send it one (an event it handled, edited).
    inspector?.inspect(
      shell, name: "app", timeTravel: .keepLast(1_000),
      dispatch: .on(userInfo: [ScreenTypes.userInfoKey: DemoAppState.screenTypes]),
      afterJump: { left, back in router.apply(back.navigation.operations(from: left.navigation)) },
      cannotJump: \.cannotJump)
    shell.start()
    shell.send(.started)
    if let link = options.link { shell.send(.openLink(link)) }

    let input: Task<DemoError?, Never>
    if let script = options.script {
      input = Task {
        // The script is the user: when it ends (or fails), the app quits.
        let failure = await play(script, on: shell, display: display, router: router)
        requestQuit.yield()
        return failure
      }
    } else {
      if terminal.inputIsTerminal { terminal.startRawMode() }
      input = Task {
        await readKeyboard(terminal, into: shell, display: display, router: router)
        // The input ended (a pipe, /dev/null): show the launch until it ends or waits for
        // input nobody can give any more, then quit.
        while !Task.isCancelled, display.navigator.top == .launch {
          let change = display.nextChange
          if case .launch(let progress) = display.topScreen, progress.report != nil { break }
          await change.wait()
        }
        if display.navigator.top != .home {
          terminal.write(display.render(.appInputEnded) + "\n")
        }
        requestQuit.yield()
        return nil
      }
    }
    for await _ in quitRequests { break }
    interrupts.stop()
    input.cancel()
    let scriptFailure = await input.value
    // Let writes already on their way (a save just confirmed, whose work may not have reached
    // the store yet) commit before work is cancelled; bounded, so a stuck write cannot hold
    // the quit.
    await DemoShell.writesSettled(in: shell, timeout: .seconds(5))
    _ = await language.saved(within: .seconds(5))
    try? await library.flush()
    shell.end()
    terminal.restore()
    await mockServer?.stop()
    await inspector?.disconnect()
    let count = (try? await library.speakers().count) ?? 0
    terminal.write((ansi ? "\r\n" : "") + display.render(.appBye(count, folder.url.path)) + "\n")
    if let scriptFailure { throw scriptFailure }
  }

  /// Passes each request the mock server answers on to the inspector's request journal.
  private static func requestJournal(to inspector: Inspector)
    -> @Sendable (MockJournalEntry)
    -> Void
  {
    { entry in
      inspector.record(
        request: entry.request.method.rawValue, path: entry.request.path,
        scenario: entry.scenario, route: entry.route, status: entry.status,
        latency: entry.latency)
    }
  }

  /// Turns keyboard bytes into keys, and keys into events for the screen on top.
  private static func readKeyboard(
    _ terminal: TerminalIO, into shell: Shell<DemoAppState>, display: DemoDisplay,
    router: Router<DemoRoute, TerminalNavigator<DemoRoute>>
  ) async {
    var decoder = KeyDecoder()
    for await bytes in terminal.keyboard() {
      for key in decoder.keys(from: bytes) {
        if key == .endOfInput, !terminal.inputIsTerminal { return }
        press(key, on: shell, display: display, router: router)
      }
    }
  }

  /// One key: the terminal's back button goes back on the navigator, which tells the router
  /// (and so the app); any other key becomes the event the screen on top gives it.
  static func press(
    _ key: Key, on shell: Shell<DemoAppState>, display: DemoDisplay,
    router: Router<DemoRoute, TerminalNavigator<DemoRoute>>
  ) {
    if Keymap.goesBack(key, on: display.navigator.top, showing: display.topScreen),
      let operation: NavigationOperation<DemoRoute> = display.navigator.goBack()
    {
      router.userNavigated(operation)
    } else {
      shell.send(Keymap.event(for: key, on: display.topScreen))
    }
  }

  /// Plays `script`; returns the failure of a `wait` that timed out, if any.
  static func play(
    _ script: DemoScript, on shell: Shell<DemoAppState>, display: DemoDisplay,
    router: Router<DemoRoute, TerminalNavigator<DemoRoute>>
  ) async -> DemoError? {
    let clock = ContinuousClock()
    for step in script.steps {
      switch step.action {
      case .keys(let keys):
        for key in keys {
          press(key, on: shell, display: display, router: router)
          await Task.yield()
        }
      case .wait(let text, let timeout):
        let deadline = clock.now.advanced(by: timeout)
        while true {
          let change = display.nextChange  // before reading the screen: no change missed
          if display.plainText().contains(text) { break }
          // Quitting (Ctrl-C, SIGTERM) cancels the script: that is no failed wait.
          if Task.isCancelled { return nil }
          guard clock.now < deadline else {
            return .waitTimedOut(
              line: step.line, text: text, timeout: timeout, screen: display.plainText())
          }
          await Signal.wait(forAnyOf: [change], until: deadline)
        }
      case .sleep(let duration):
        try? await Task.sleep(for: duration)
      }
    }
    return nil
  }
}

/// Calls `quit` on SIGINT (Ctrl-C when the keyboard is not in raw mode) and SIGTERM.
private final class InterruptWatch {
  private var sources: [any DispatchSourceSignal] = []

  init(_ quit: @escaping @Sendable () -> Void) {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler(handler: quit)
      source.resume()
      sources.append(source)
    }
  }

  func stop() {
    for source in sources { source.cancel() }
    sources = []
  }
}
