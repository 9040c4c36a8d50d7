import ArgumentParser
import Foundation
import Yaia
import YaiaDemo
import YaiaMockServer

/// `yaia mock-server`: serves a fixtures folder as a mock HTTP API.
struct MockServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mock-server",
    abstract: "Serve a fixtures folder as a mock HTTP API.",
    discussion: """
      The folder holds a manifest (manifest.yaml, manifest.yml or manifest.json) that lists the \
      routes, and the fixture files they answer with. A request picks a scenario with the \
      X-Mock-Scenario header or the _scenario query item; --scenario sets one for every other \
      request. One line is logged per request. The manifest is reloaded when it changes; a \
      broken one is reported with its file and line, and the previous routes stay in use. \
      Ctrl-C stops the server.

      The server binds 127.0.0.1 unless --host names another address; --port 0 picks a free \
      port, printed at start.
      """)

  @Option(help: "The fixtures folder, with its manifest.")
  var fixtures: String

  @Option(help: "The port to listen on; 0 for a free one.")
  var port: UInt16 = 8080

  @Option(help: "The address to bind. The default, 127.0.0.1, is reachable from this machine only.")
  var host = "127.0.0.1"

  @Option(help: "The scenario for requests that do not name one.")
  var scenario: String?

  func run() async throws {
    let folder = URL(fileURLWithPath: fixtures, isDirectory: true)
    let manifest: URL
    let loaded: MockManifest
    do {
      manifest = try MockManifest.file(in: folder)
      loaded = try MockManifest.load(from: manifest)
    } catch {
      throw ValidationError(error.description)
    }
    var configuration = MockServer.Configuration()
    configuration.host = host
    configuration.port = port
    configuration.fixtures = folder
    configuration.onListenerFailure = { error in
      // A dead port must not look like a server: say so and exit non-zero.
      Self.say("The server stopped listening: \(error). Exiting.")
      Foundation.exit(1)
    }
    configuration.onWarning = { Self.say($0) }
    configuration.onRequest = { entry in
      let route =
        entry.route.map { " (\($0)\(entry.scenario.map { ", scenario \($0)" } ?? ""))" }
        ?? " (no route)"
      let path = entry.request.path.removingPercentEncoding ?? entry.request.path
      Self.say("\(entry.request.method) \(path) -> \(entry.status)\(route)")
    }
    let server = MockServer(manifest: loaded, scenario: scenario, configuration: configuration)
    let baseURL = try await server.start()
    // Watched before the line that says the server is ready: a Ctrl-C sent on seeing it counts.
    let interrupts = InterruptWait()
    Self.say(
      "Serving \(folder.path) at \(baseURL.absoluteString) (\(loaded.routes.count) routes). Ctrl-C stops."
    )

    let watcher = Task { await Self.reload(manifest, into: server) }
    await interrupts.wait()
    watcher.cancel()
    await server.stop()
    Self.say("Stopped.")
  }

  /// Reloads the manifest whenever its modification date changes, until cancelled.
  static func reload(_ manifest: URL, into server: MockServer) async {
    func modified() -> Date? {
      (try? FileManager.default.attributesOfItem(atPath: manifest.path))?[.modificationDate]
        as? Date
    }
    var last = modified()
    while !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(500))
      let now = modified()
      guard now != last else { continue }
      last = now
      do {
        let reloaded = try MockManifest.load(from: manifest)
        await server.replaceRoutes(reloaded.routes, initialStates: reloaded.initialStates)
        say("Reloaded \(manifest.lastPathComponent): \(reloaded.routes.count) routes.")
      } catch {
        say("Not reloaded: \(error.description) The previous routes stay in use.")
      }
    }
  }

  /// Writes a line to standard output at once (logs are read live, and by tests). Request
  /// paths come from anyone who can reach the port (a web page can make a browser send one), so
  /// the line goes through the terminal rule: control characters are shown, not acted on.
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((VisibleText.escaped(line) + "\n").utf8))
  }
}
