import Foundation
import Synchronization
import Testing
import YaiaMockServer

@testable import YaiaDemo

/// The whole app, as a user runs it: the built `yaia demo` in a child process, fed by
/// `--script`, on its embedded mock server and a SQLite file in a temporary folder.
@Suite("yaia demo, end to end", .serialized)
struct EndToEndTests {
  struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  /// Logs in as the demo's user.
  static let logIn = logIn(on: "Log in")

  /// Logs in as the demo's account once the login screen, titled `title`, shows.
  static func logIn(on title: String) -> String {
    """
    wait \(title)
    type ada
    key tab
    type swordfish
    key enter

    """
  }

  /// Pages through the first run's tutorial.
  static let throughTutorial = """
    wait Tutorial (1 of 3)
    key enter 3

    """

  /// From the tutorial to Home, then pairs the first speaker offered as `nickname`.
  static func pair(_ nickname: String) -> String {
    throughTutorial + """
      wait Your speakers
      type p
      wait dBm
      key enter
      type \(nickname)
      key enter

      """
  }

  /// Runs `yaia demo` with `arguments` and `script`, its data in `folder` (by default a
  /// temporary one, deleted afterwards); kills it after `limit`. With `interruptOn`, sends it
  /// SIGINT (Ctrl-C) once its output shows that text.
  static func demo(
    _ arguments: [String], script: String, in folder: URL? = nil, limit: Duration = .seconds(60),
    interruptOn: String? = nil, signal: Int32 = SIGINT
  ) async throws -> Run {
    guard let folder else {
      let temporary = try temporaryFolder()
      defer { try? FileManager.default.removeItem(at: temporary) }
      return try await demo(
        arguments, script: script, in: temporary, limit: limit, interruptOn: interruptOn,
        signal: signal)
    }
    let scriptFile = folder.appending(path: "script-\(UUID().uuidString).txt")
    try Data(script.utf8).write(to: scriptFile)
    return try await yaia(
      ["demo", "--script", scriptFile.path, "--data-dir", folder.appending(path: "data").path]
        + arguments, limit: limit, interruptOn: interruptOn, signal: signal)
  }

  /// Runs the built `yaia` with `arguments`; kills it after `limit`. With `interruptOn`, sends
  /// it `signal` once its output shows that text.
  static func yaia(
    _ arguments: [String], environment: [String: String] = [:], limit: Duration = .seconds(60),
    interruptOn: String? = nil, signal: Int32 = SIGINT
  ) async throws -> Run {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = ["yaia", "YaiaCLI"].map { directory.appending(path: $0) }
    let binary = try #require(
      candidates.first { FileManager.default.fileExists(atPath: $0.path) },
      "the yaia executable is not built next to the tests in \(directory.path)")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    let exited = AsyncStream<Void> { continuation in
      process.terminationHandler = { _ in continuation.finish() }
    }
    try process.run()
    // Blocking reads on threads of their own: the cooperative pool (two threads here) must stay
    // free for the servers and tests running meanwhile.
    let text = Collected(output.fileHandleForReading)
    let problems = Collected(errors.fileHandleForReading)
    let watchdog = Task.detached {
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: limit)
      if let interruptOn {
        while clock.now < deadline, !text.value.contains(interruptOn) {
          try await Task.sleep(for: .milliseconds(20))
        }
        kill(process.processIdentifier, signal)
      }
      try await Task.sleep(until: deadline)
      process.terminate()
      // The app quits on SIGTERM; if it is stuck, SIGKILL after a grace period.
      try await Task.sleep(for: .seconds(5))
      kill(process.processIdentifier, SIGKILL)
    }
    for await _ in exited {}
    watchdog.cancel()
    let (outputText, errorText) = await (text.all(), problems.all())
    return Run(status: process.terminationStatus, output: outputText, errors: errorText)
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("a command that cannot do its work says why on standard error, with no usage line, exit 2")
  func commandFailures() async throws {
    let missing = try await Self.yaia([
      "inspect", "export-test", "/nonexistent/session.yaiajournal.json", "--state", "X()",
    ])
    #expect(missing.status == 2)
    #expect(missing.errors.contains("Cannot read journal"), "\(missing.errors)")
    #expect(!missing.errors.contains("Usage"), "\(missing.errors)")
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let nothingSaved = try await Self.yaia(
      ["inspect", "url"], environment: ["XDG_STATE_HOME": folder.path])
    #expect(nothingSaved.status == 2)
    #expect(nothingSaved.errors.contains("no saved address"), "\(nothingSaved.errors)")
  }

  @Test(
    "first launch with a server error, login, pairing; a restart finds the speaker and handles bad input"
  )
  func firstLaunchAndRestart() async throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let first = try await Self.demo(
      ["--server-scenario", "server-error", "--seed", "7"],
      script: """
        wait Log in
        type ada
        key tab
        type wrong
        key enter
        wait Wrong user name or password
        type swordfish
        key enter

        """ + Self.pair("Kitchen") + "type q", in: folder)
    #expect(first.status == 0, "\(first.errors)\n\(first.output.suffix(2000))")
    #expect(first.output.contains("Configuration unavailable (HTTP 500); using the defaults."))
    #expect(first.output.contains("✗ configuration"))
    #expect(first.output.contains("Launch completed with failures: configuration"))
    // `q` right after Enter: quitting waits for the save already sent to the store.
    #expect(first.output.contains("Bye. 1 paired speaker saved in"))
    #expect(!first.output.contains("t-ada") && !first.output.contains("r-ada"))

    let login = folder.appending(path: "data/login.json")
    let attributes = try FileManager.default.attributesOfItem(atPath: login.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

    let second = try await Self.demo(
      ["--seed", "7"],
      script: """
        wait Connected to Kitchen.
        wait Your speakers
        type x
        wait Unknown key 'x' here
        type r
        wait New nickname for
        key backspace 7
        key enter
        wait Nickname is empty
        paste 10000 a
        wait would be 10,000 characters long
        type \\u{7}
        wait control character U+0007
        type Den
        key enter
        wait ›~ Den
        wait ~1 updated
        wait Connected to Den.
        type q
        """, in: folder)
    #expect(second.status == 0, "\(second.errors)\n\(second.output.suffix(2000))")
    #expect(second.output.contains("Logged in as ada (saved login)."))
    // The rename shows in the list and in the status line at once, from the one store change.
    let renamed = try #require(second.output.components(separatedBy: "~1 updated").last)
    #expect(!renamed.contains("Connected to Kitchen."), "\(renamed)")
    // With a saved login the launch completes and reports against its 3 s budget. Whether it
    // stays within it depends on how busy the machine is, so that is not asserted here.
    #expect(second.output.contains("Launch completed in"))
    #expect(second.output.contains("(budget 3 s"))
    #expect(second.output.contains("Bye. 1 paired speaker saved in"))
  }

  @Test("a language chosen on the first run is the language at the next start")
  func languageKept() async throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The configuration suggests "de" (offered first); the user picks the next one, "en".
    let first = try await Self.demo(
      ["--first-run"],
      script: """
        wait Which language?
        key down
        key enter

        """ + Self.logIn + Self.throughTutorial
          + "wait Speakers nearby\nkey esc\nwait Your speakers\ntype q",
      in: folder)
    #expect(first.status == 0, "\(first.errors)\n\(first.output.suffix(2000))")
    #expect(
      first.output.contains("Country DE, language English (en)."), "\(first.output.suffix(2000))")
    let second = try await Self.demo(
      [], script: "wait Your speakers\ntype q", in: folder)
    #expect(second.status == 0, "\(second.errors)\n\(second.output.suffix(2000))")
    #expect(
      second.output.contains("Country DE, language English (en)."), "\(second.output.suffix(2000))")
    #expect(!second.output.contains("Sprache"), "the server's default replaced the choice")
  }

  @Test(
    "the first run in German: choosing de shows every screen after it in German, kept at the next start"
  )
  func german() async throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The configuration suggests "de", offered first: Enter chooses it.
    let first = try await Self.demo(
      ["--first-run"],
      script: """
        wait Which language?
        wait German (de)
        key enter

        """ + Self.logIn(on: "Anmelden") + """
          wait Einführung (1 von 3)
          key enter 3
          wait Lautsprecher in der Nähe
          key esc
          wait Deine Lautsprecher
          type q
          """,
      in: folder)
    #expect(first.status == 0, "\(first.errors)\n\(first.output.suffix(2000))")
    let home = try #require(first.output.components(separatedBy: "Deine Lautsprecher").last)
    #expect(home.contains("Noch keiner: Drücke p, um einen zu koppeln."), "\(home)")
    #expect(home.contains("↑/↓ auswählen · r umbenennen"), "\(home)")
    #expect(first.output.contains("Land DE, Sprache Deutsch (de)."))
    #expect(first.output.contains("Startseite"), "the breadcrumb is German too")
    #expect(first.output.contains("Tschüss. 0 gekoppelte Lautsprecher gespeichert in"))
    let second = try await Self.demo(
      [], script: "wait Deine Lautsprecher\ntype q", in: folder)
    #expect(second.status == 0, "\(second.errors)\n\(second.output.suffix(2000))")
    #expect(second.output.contains("Yaia Demo · normaler Start"))
  }

  @Test("a deep link at cold start, with no saved login, lands after login on its speaker")
  func coldStartLink() async throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Two paired speakers and the tutorial seen, but no saved login.
    let data = DataFolder(folder.appending(path: "data", directoryHint: .isDirectory))
    try data.create()
    let library = try SpeakerLibrary.open(in: data)
    for (id, nickname) in [("A1", "Den"), ("B2", "Kitchen")] {
      try await library.save(
        PairedSpeaker(id: id, model: "JBL Flip 6", nickname: nickname, pairedAt: Date()))
    }
    try await library.remember { $0.tutorialSeenVersion = DemoAPI.appVersion }
    try await library.flush()

    let run = try await Self.demo(
      ["--open", "yaia-demo://speakers/kitchen"],
      script: Self.logIn + "wait Your speakers\ntype q", in: folder)
    #expect(run.status == 0, "\(run.errors)\n\(run.output.suffix(2000))")
    let home = try #require(run.output.components(separatedBy: "Your speakers").last)
    #expect(home.contains(/›[ +~↕] Kitchen/), "\(home)")
    #expect(!home.contains(/›[ +~↕] Den/), "\(home)")
  }

  @Test("a deep link to pairing, backed out with Escape, returns to Home with nothing paired")
  func pairingLinkBackedOut() async throws {
    let run = try await Self.demo(
      ["--open", "yaia-demo://pair"],
      script: Self.logIn + Self.throughTutorial + """
        wait Speakers nearby
        wait dBm
        key esc
        wait Your speakers
        sleep 300ms
        type q
        """)
    #expect(run.status == 0, "\(run.errors)\n\(run.output.suffix(2000))")
    #expect(run.output.contains("Home › Pair a speaker"))
    #expect(run.output.contains("Bye. 0 paired speakers saved in "))
    // Not a terminal: the splash is drawn from its last frame only, never a half-filled bar.
    #expect(run.output.contains("  [" + String(repeating: "█", count: 24) + "]\n  music on"))
    #expect(!run.output.contains("█░"))
  }

  @Test("an unknown link shows its error and the app keeps working: a typed link opens")
  func unknownLinkThenTypedOne() async throws {
    let run = try await Self.demo(
      ["--open", "yaia-demo://nowhere"],
      script: Self.logIn + Self.throughTutorial + """
        wait Your speakers
        wait opens nothing in this app
        type o
        wait Open a link
        type yaia-demo://settings/language
        key enter
        wait Home › Language setting
        key esc
        wait Your speakers
        type q
        """)
    #expect(run.status == 0, "\(run.errors)\n\(run.output.suffix(2000))")
    #expect(
      run.output.contains(
        "✗ yaia-demo://nowhere opens nothing in this app: no deep link pattern matches it."))
  }

  @Test("update required: the update screen appears and the other steps are cancelled")
  func updateRequired() async throws {
    let run = try await Self.demo(
      ["--server-scenario", "update-required"],
      script: """
        wait Update required
        wait the server requires 9.0
        type q
        """)
    #expect(run.status == 0, "\(run.errors)\n\(run.output.suffix(2000))")
    #expect(
      run.output.contains("Launch aborted by version check: version 9.0 or newer is required"))
    #expect(run.output.contains("✗ splash             cancelled"))
  }

  @Test("Ctrl-C (SIGINT) quits cleanly: the terminal line says goodbye and the store is whole")
  func interrupt() async throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await Self.demo(
      ["--seed", "4"],
      script: Self.logIn + Self.pair("Den") + "wait ›+ Den\nsleep 60s", in: folder,
      interruptOn: "›+ Den")
    #expect(run.status == 0, "\(run.errors)\n\(run.output.suffix(2000))")
    #expect(run.output.hasSuffix("Bye. 1 paired speaker saved in \(folder.path)/data.\n"))
  }

  @Test("SIGTERM during a script's wait quits cleanly; it is not reported as a failed wait")
  func terminateDuringWait() async throws {
    let run = try await Self.demo(
      [], script: "timeout 30s\nwait This never appears", limit: .seconds(25),
      interruptOn: "Launching", signal: SIGTERM)
    #expect(run.status == 0, "\(run.errors)\n\(run.output.suffix(2000))")
    #expect(!run.errors.contains("waited"), "\(run.errors)")
    #expect(run.output.contains("Bye."))
  }

  @Test("--server points the app at another server: the requests reach it")
  func otherServer() async throws {
    let (server, url) = try await DemoBackend.start()
    let run = try await Self.demo(
      ["--server", url.absoluteString], script: Self.logIn + "wait Tutorial")
    let paths = await server.journal().map(\.request.path)
    await server.stop()
    #expect(run.status == 0, "\(run.errors)\n\(run.output.suffix(2000))")
    #expect(paths.contains("/app/version-check"))
    #expect(paths.contains("/configuration"))
    #expect(paths.contains("/auth/login"))
  }

  @Test("a script that waits in vain fails with its line and the screen it saw")
  func failingScript() async throws {
    let run = try await Self.demo([], script: "timeout 500ms\nwait Something that never appears")
    #expect(run.status == 1)
    #expect(
      run.errors.contains("script line 2: waited 500 ms for \"Something that never appears\""))
    // The screen it saw, as lines: not one line of escaped newlines.
    #expect(run.errors.contains("\nYaia Demo · regular launch\n"), "\(run.errors)")
    #expect(!run.errors.contains("\\u{A}"), "\(run.errors)")
  }
}

/// What a pipe yields, collected on a thread of its own as it comes (blocking reads stay off
/// the cooperative pool, which has two threads here and must serve the tests meanwhile).
final class Collected: Sendable {
  private let text = Mutex("")
  private let finished = Mutex<[CheckedContinuation<String, Never>]?>([])

  init(_ handle: FileHandle) {
    Thread { [self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        text.withLock { $0 += String(decoding: data, as: UTF8.self) }
      }
      let waiting = finished.withLock { waiting in
        defer { waiting = nil }
        return waiting ?? []
      }
      let all = value
      for continuation in waiting { continuation.resume(returning: all) }
    }.start()
  }

  /// What has come so far.
  var value: String { text.withLock { $0 } }

  /// Everything, once the pipe has ended.
  func all() async -> String {
    await withCheckedContinuation { continuation in
      let ended = finished.withLock { waiting in
        guard waiting != nil else { return true }
        waiting?.append(continuation)
        return false
      }
      if ended { continuation.resume(returning: value) }
    }
  }
}
