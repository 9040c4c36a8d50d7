import ArgumentParser
import Foundation
import Yaia
import YaiaMockServer

/// `yaia mock-server record`: stands between the app and a real backend, passes every request
/// on, and writes what the backend answered as a fixtures folder the mock server serves.
struct MockRecordCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record a real backend's answers as a fixtures folder.",
    discussion: """
      Point the app at the printed address: every request goes on to --target, its answer goes \
      back to the app, and the answer is written into --fixtures as a manifest route and a \
      fixture file (JSON pretty-printed, one file per distinct body, routes grouped by path). \
      Header fields that change on every answer (Date, request ids, cookies) are dropped; \
      credentials and the body values at the secret paths read REDACTED. A route answered \
      differently over time keeps its answers as a sequence. Serve the folder afterwards with \
      yaia mock-server --fixtures DIR.

      The folder must be empty or new, so that no fixture written by hand is overwritten. \
      Ctrl-C stops and writes the manifest.
      """)

  @Option(help: "The real backend's base URL (http or https).")
  var target: String

  @Option(help: "The folder to write the fixtures and manifest into (empty or new).")
  var fixtures: String

  @Option(
    name: .customLong("secret-path"),
    help:
      "One more JSON path whose values are redacted in recorded bodies (data.token, items.*.key, **.session); repeatable."
  )
  var secretPaths: [String] = []

  @Option(help: "How long the backend may take to answer, in seconds.")
  var timeout: Int = 30

  @Option(help: "The port to listen on; 0 for a free one.")
  var port: UInt16 = 8080

  @Option(help: "The address to bind. The default, 127.0.0.1, is reachable from this machine only.")
  var host = "127.0.0.1"

  func validate() throws {
    guard (1...600).contains(timeout) else {
      throw ValidationError("--timeout is a number of seconds from 1 to 600.")
    }
    for path in secretPaths where path.isEmpty || path.utf8.count > 200 {
      throw ValidationError("A --secret-path is a dotted JSON path of at most 200 characters.")
    }
  }

  func run() async throws {
    let forwarder = try BackendForwarder.option("target", target, timeout: .seconds(timeout))
    let url = forwarder.target
    var policy = RecordingPolicy()
    policy.secretPaths += secretPaths
    let folder = URL(fileURLWithPath: fixtures, isDirectory: true)
    let recorder: MockRecorder
    do {
      recorder = try MockRecorder(
        folder: folder, source: url.absoluteString, policy: policy,
        onProblem: { Console.log($0.description) })
    } catch {
      throw ValidationError(error.description)
    }
    var configuration = Console.serverConfiguration(host: host, port: port)
    // The backend's answers pass through whole, up to what the recording keeps.
    configuration.maxBodyBytes = policy.largestBody
    configuration.upstream = MockUpstream(
      .everything, send: forwarder.send, onExchange: { await recorder.record($0, $1) })
    let server = MockServer(routes: [], configuration: configuration)
    let baseURL = try await server.start()
    let interrupts = InterruptWait()
    Console.say(
      "Recording \(url.absoluteString) into \(folder.path) at \(baseURL.absoluteString). Ctrl-C stops and writes the manifest."
    )
    await interrupts.wait()
    await server.stop()
    do {
      let problems = try await recorder.finish()
      let routes = await recorder.current().routeCount
      Console.sayAfterLog(
        "Recorded \(routes) route(s) into \(folder.appending(path: "manifest.yaml").path)"
          + (problems.isEmpty ? "." : "; \(problems.count) answer(s) not recorded (above)."))
    } catch {
      Console.sayAfterLog(error.description)
      throw ExitCode(1)
    }
  }
}
