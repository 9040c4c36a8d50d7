import ArgumentParser
import Foundation
import Yaia
import YaiaDemo
import YaiaInspector

/// `yaia demo`: the sample app, on its embedded mock server and SQLite.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Run the sample app: a music app that plays on Bluetooth speakers.",
    discussion: """
      The app launches (steps in parallel, one line each), logs in (the demo's account is \
      ada / swordfish), pairs speakers from a simulated Bluetooth radio, and keeps them in \
      SQLite. Its backend is the mock server, started on a free loopback port.

      Keys are shown at the bottom of each screen; Ctrl-C quits from anywhere. With --script, \
      inputs come from a file instead of the keyboard (see `yaia demo --help-script`).
      """)

  @Flag(help: "Run the first-run launch: language, login, tutorial and pairing, one after another.")
  var firstRun = false

  @Option(
    help: ArgumentHelp(
      "Run the launch of a push notification with this message.", valueName: "message"))
  var push: String?

  @Option(
    help: ArgumentHelp(
      "Use the server at this URL instead of the embedded mock server.", valueName: "url"))
  var server: String?

  @Option(
    help: ArgumentHelp(
      "The mock server scenario for every request: update-required, wrong-password, server-error, business-error, slow.",
      valueName: "name"))
  var serverScenario: String?

  @Option(help: ArgumentHelp("The folder for the database and the saved login.", valueName: "dir"))
  var dataDir: String?

  @Flag(help: "Delete the saved speakers, memory and login before starting.")
  var reset = false

  @Option(help: "The simulated radio's seed: the same seed, the same speakers at the same times.")
  var seed: UInt64 = 1

  @Option(
    help: ArgumentHelp("Read inputs from this file instead of the keyboard.", valueName: "file"))
  var script: String?

  @Flag(help: "Print the script format and exit.")
  var helpScript = false

  @Option(
    help: ArgumentHelp(
      "Open this deep link once the launch has ended (and you are logged in): yaia-demo://speakers/<nickname or address>, yaia-demo://pair, yaia-demo://settings/language.",
      valueName: "url"))
  var open: String?

  @Flag(
    help: ArgumentHelp(
      "Stream the app's events, launch and requests to the running yaia inspect (its address is read from YAIA_INSPECTOR, else from the file yaia inspect saves for you: never from the command line, where other users could read its token)."
    ))
  var inspect = false

  func validate() throws {
    if firstRun, push != nil {
      throw ValidationError("--first-run and --push are different launches: pick one.")
    }
    if let server, URL(string: server)?.host == nil {
      throw ValidationError(
        "--server needs a URL with a host, such as http://127.0.0.1:8080 (got '\(server)').")
    }
  }

  func run() async throws {
    if helpScript {
      print(Self.scriptHelp)
      return
    }
    let options = try makeOptions()
    do {
      try await DemoApp.run(options, terminal: TerminalIO())
    } catch {
      // Line by line: a failed wait shows the screen it saw as the lines it had, each escaped.
      let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
      let shown = lines.map { VisibleText.escaped($0) }.joined(separator: "\n")
      FileHandle.standardError.write(Data("yaia demo: \(shown)\n".utf8))
      throw ExitCode.failure
    }
  }

  /// The options these arguments ask for.
  func makeOptions() throws -> DemoOptions {
    var options = DemoOptions()
    options.scenario = firstRun ? .firstRun : push.map { .push(message: $0) } ?? .regular
    options.server = server.flatMap(URL.init(string:))
    options.serverScenario = serverScenario
    if let dataDir {
      options.dataFolder = DataFolder(URL(fileURLWithPath: dataDir, isDirectory: true))
    }
    options.reset = reset
    options.seed = seed
    options.link = open
    if inspect {
      let found: InspectorAddress?
      do {
        found = try InspectorAddress.find()
      } catch {
        throw ValidationError("--inspect: \(error)")
      }
      guard let found else {
        throw ValidationError(
          "--inspect: no inspector found. Start one with `yaia inspect` (it saves its address for you), or set \(InspectorAddress.environmentVariable) to the URL it printed."
        )
      }
      options.inspector = found
    }
    if let script {
      // Type and size checked on the open file: a FIFO named as the script would hang the
      // demo, and a huge file would be read whole.
      let shown = VisibleText.escaped(script)
      let bytes: [UInt8]?
      do {
        bytes = try OutsideFile.read(script, atMost: Self.largestScript)
      } catch {
        throw ValidationError(
          "Cannot read the script \(shown): \(VisibleText.escaped(error.description)).")
      }
      guard let bytes else {
        throw ValidationError("Cannot read the script \(shown): it does not exist.")
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw ValidationError("Cannot read the script \(shown): it is not UTF-8 text.")
      }
      do {
        options.script = try DemoScript(parsing: text)
      } catch {
        throw ValidationError("\(shown): \(error.description)")
      }
    }
    return options
  }

  /// The largest script `--script` reads: 1 MiB, far more than any demo types.
  static let largestScript = 1 << 20

  static let scriptHelp = """
    A script has one instruction per line; blank lines and lines starting with # are ignored.
      type TEXT           type the rest of the line (escapes: \\n \\t \\e \\\\ \\u{7})
      paste COUNT TEXT    type TEXT repeated COUNT times at once
      key NAME [COUNT]    enter, tab, esc, backspace, up, down, left, right, ctrl-c, ctrl-A…Z
      wait TEXT           wait until the screen shows TEXT (fails after the timeout)
      timeout DURATION    the timeout of the following waits (default 10s)
      sleep DURATION      wait, e.g. 500ms or 2s
    On list screens each key is one `type` line: `type p` pairs, `type q` quits.
    """
}
