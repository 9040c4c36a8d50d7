import Foundation
import Yaia
import YaiaMockServer
import YaiaRemote
import YaiaSequencer

/// The sample app's composition root: builds the parts (store, backend, client, radio,
/// launch, shell), connects them, runs until the user quits, and takes everything down
/// cleanly. This is the only place that knows every part.
@MainActor
public enum DemoApp {
  /// Runs the app with `options` on `terminal`; returns when the user quits (or the script
  /// ends).
  ///
  /// - Throws: ``DemoError`` when the data folder or the backend cannot be used, or when a
  ///   script's `wait` times out.
  public static func run(_ options: DemoOptions, terminal: TerminalIO) async throws(DemoError) {
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

    var mockServer: MockServer?
    let baseURL: URL
    if let server = options.server {
      baseURL = server
    } else {
      do {
        let (server, url) = try await DemoBackend.start()
        mockServer = server
        baseURL = url
      } catch {
        throw .backend(error.description)
      }
    }
    let client = RemoteClient(
      baseURL: baseURL, interceptors: options.serverScenario.map { [MockScenarioHeader($0)] } ?? [])
    let radio = SimulatedRadio(seed: options.seed)

    // The launch steps tell the shell what they learn; the shell exists only later.
    let box = ShellBox()
    let steps = LiveLaunchSteps(
      client: client, library: library, loginFile: LoginFile(folder.loginFile), radio: radio,
      notify: { note in await MainActor.run { box.shell?.send(.note(note)) } })
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
    let services = DemoShell(
      client: client, library: library, radio: radio, launch: launch,
      quit: { requestQuit.yield() })
    let shell = Shell(DemoAppState(scenario: options.scenario, plan: plan)) { command, effects in
      services.run(command, effects)
    }
    shell.start()
    box.shell = shell

    let ansi = options.ansi ?? terminal.outputIsTerminal
    let styled = ScreenText(ansi: ansi)
    shell.onRender { model in
      if ansi {
        terminal.write("\u{1B}[H\u{1B}[2J" + styled.lines(for: model).joined(separator: "\r\n"))
      } else {
        terminal.write(styled.text(for: model) + "\n")
      }
    }

    let feed = Task { await feedSpeakers(from: library, to: shell) }
    let launchEnded = Task {
      let events = Task { for await event in launch.events { shell.send(.launch(event)) } }
      let report = await launch.run()
      await events.value
      shell.send(.launchEnded(report))
    }

    let input: Task<DemoError?, Never>
    if let script = options.script {
      input = Task {
        // The script is the user: when it ends (or fails), the app quits.
        let failure = await play(script, on: shell)
        requestQuit.yield()
        return failure
      }
    } else {
      if terminal.inputIsTerminal { terminal.startRawMode() }
      input = Task {
        await readKeyboard(terminal, into: shell)
        // The input ended (a pipe, /dev/null): show the launch until it ends or waits for
        // input nobody can give any more, then quit.
        while !Task.isCancelled, shell.viewModel.path == [.launch] {
          if case .launch(let progress) = shell.viewModel.screen, progress.report != nil { break }
          try? await Task.sleep(for: .milliseconds(50))
        }
        if shell.viewModel.path != [.home] {
          terminal.write("The input ended while the app waited for it; quitting.\n")
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
    try? await library.flush()
    launchEnded.cancel()
    feed.cancel()
    shell.end()
    terminal.restore()
    await mockServer?.stop()
    let count = (try? await library.speakers().count) ?? 0
    terminal.write(
      "\(ansi ? "\r\n" : "")Bye. \(count) paired speaker\(count == 1 ? "" : "s") saved in \(VisibleText.escaped(folder.url.path)).\n"
    )
    if let scriptFailure { throw scriptFailure }
  }

  /// Sends the speakers to the shell at start and after every committed change.
  private static func feedSpeakers(from library: SpeakerLibrary, to shell: Shell<DemoAppState>)
    async
  {
    let changes = library.changes()  // subscribed before the first read: nothing is missed
    func reload() async {
      do {
        shell.send(.home(.speakers(try await library.speakers())))
      } catch {
        shell.send(.home(.writeFailed("Could not read the speakers: \(error.description)")))
      }
    }
    await reload()
    for await _ in changes { await reload() }
  }

  /// Turns keyboard bytes into keys, and keys into events for the screen on top.
  private static func readKeyboard(_ terminal: TerminalIO, into shell: Shell<DemoAppState>) async {
    var decoder = KeyDecoder()
    for await bytes in terminal.keyboard() {
      for key in decoder.keys(from: bytes) {
        if key == .endOfInput, !terminal.inputIsTerminal { return }
        shell.send(Keymap.event(for: key, on: shell.viewModel.screen))
      }
    }
  }

  /// Plays `script`; returns the failure of a `wait` that timed out, if any.
  static func play(_ script: DemoScript, on shell: Shell<DemoAppState>) async -> DemoError? {
    let plain = ScreenText(ansi: false)
    let clock = ContinuousClock()
    for step in script.steps {
      switch step.action {
      case .keys(let keys):
        for key in keys {
          shell.send(Keymap.event(for: key, on: shell.viewModel.screen))
          await Task.yield()
        }
      case .wait(let text, let timeout):
        let deadline = clock.now.advanced(by: timeout)
        while !plain.text(for: shell.viewModel).contains(text) {
          // Quitting (Ctrl-C, SIGTERM) cancels the script: that is no failed wait.
          if Task.isCancelled { return nil }
          guard clock.now < deadline else {
            return .waitTimedOut(
              line: step.line, text: text, timeout: timeout,
              screen: plain.text(for: shell.viewModel))
          }
          try? await Task.sleep(for: .milliseconds(20))
        }
      case .sleep(let duration):
        try? await Task.sleep(for: duration)
      }
    }
    return nil
  }
}

/// Holds the shell for the closures created before it.
@MainActor
private final class ShellBox {
  weak var shell: Shell<DemoAppState>?
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
