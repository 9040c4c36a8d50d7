import ArgumentParser
import Foundation
import Yaia
import YaiaDemo
import YaiaMockServer

/// `yaia mock-server [serve]`: serves a fixtures folder, an OpenAPI description, or both, as a
/// mock HTTP API.
struct MockServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a fixtures folder, an OpenAPI description, or both, as a mock HTTP API.",
    discussion: """
      The folder holds a manifest (manifest.yaml, manifest.yml or manifest.json) that lists the \
      routes, and the fixture files they answer with. With --openapi, every operation of the \
      description is served too, with its example or a value generated from its schema; the \
      manifest's routes come first, so they override single operations. Each other documented \
      status is a scenario named by its code (X-Mock-Scenario: 404). With --proxy, a request no \
      route answers goes on to a real backend, and its answer back to the app.

      A request picks a scenario with the X-Mock-Scenario header or the _scenario query item; \
      --scenario sets one for every other request. One line is logged per request. The \
      manifest is reloaded when it changes; a broken one is reported with its file and line, \
      and the previous routes stay in use. Ctrl-C stops the server.

      The server binds 127.0.0.1 unless --host names another address; --port 0 picks a free \
      port, printed at start.
      """)

  @Option(help: "The fixtures folder, with its manifest.")
  var fixtures: String?

  @Option(
    help: "An OpenAPI 3 or Swagger 2.0 description (YAML or JSON) whose operations are served.")
  var openapi: String?

  @Flag(
    help:
      "Answer a request that breaks the --openapi description (a missing or mistyped parameter or body) with a 400 saying why."
  )
  var validateRequests = false

  @Flag(
    help:
      "With --validate-requests, also refuse a query item or header the operation does not describe (naming the closest one)."
  )
  var strictRequests = false

  @Option(
    help:
      "A real backend's base URL: requests no route answers are sent on to it, and its answers passed back."
  )
  var proxy: String?

  @Option(help: "The seed of the ids and numbers templates generate; the same on every run.")
  var seed: UInt64?

  @Option(help: "The port to listen on; 0 for a free one.")
  var port: UInt16 = 8080

  @Option(help: "The address to bind. The default, 127.0.0.1, is reachable from this machine only.")
  var host = "127.0.0.1"

  @Option(help: "The scenario for requests that do not name one.")
  var scenario: String?

  @Flag(
    help:
      "Answer the admin API under /__yaia/ (stubs, journal queries, count and verify, near misses, recording, reset, scenario, states), from this machine only."
  )
  var admin = false

  func run() async throws {
    guard fixtures != nil || openapi != nil || proxy != nil else {
      throw ValidationError("Name what to serve: --fixtures DIR, --openapi FILE, --proxy URL.")
    }
    guard openapi != nil || !validateRequests else {
      throw ValidationError("--validate-requests checks requests against --openapi FILE: name one.")
    }
    guard validateRequests || !strictRequests else {
      throw ValidationError("--strict-requests is a mode of --validate-requests: add it.")
    }
    let folder = fixtures.map { URL(fileURLWithPath: $0, isDirectory: true) }
    var manifest: URL?
    var loaded = MockManifest(routes: [])
    var spec: OpenAPIDocument?
    do {
      if let folder {
        let file = try MockManifest.file(in: folder)
        manifest = file
        loaded = try MockManifest.load(from: file)
      }
      spec = try openapi.map { path throws(OpenAPIError) in
        try OpenAPIDocument.load(from: URL(fileURLWithPath: path))
      }
    } catch let error as MockServerError {
      throw ValidationError(error.description)
    } catch {
      throw ValidationError("\(error)")
    }
    // What the description holds that is not honoured (a pattern not read), once, at load.
    for note in spec?.notes ?? [] { Console.say("note: \(note)") }
    let specRoutes = spec?.routes() ?? []
    // A scenario no route has would change nothing, in silence: a typo is refused here.
    if let scenario {
      let known = Set((loaded.routes + specRoutes).flatMap(\.scenarios.keys))
      guard known.contains(scenario) else {
        throw ValidationError(
          "No route has the scenario \(VisibleText.escaped(scenario, atMost: 60)); "
            + (known.isEmpty
              ? "no route has any." : "known: \(known.sorted().joined(separator: ", ")).")
        )
      }
    }
    var configuration = Console.serverConfiguration(host: host, port: port)
    configuration.fixtures = folder
    configuration.templateSeed = seed
    if validateRequests { configuration.requestContract = spec }
    configuration.strictRequestContract = strictRequests
    configuration.admin = admin
    // The description's own key names are hidden in the admin API's journal, as tokens are.
    configuration.secretNames = spec?.credentialNames ?? []
    if let proxy {
      let forwarder = try BackendForwarder.option("proxy", proxy)
      configuration.upstream = MockUpstream(.unmatched, send: forwarder.send)
    }
    let server = MockServer(
      routes: loaded.routes + specRoutes, scenario: scenario, initialStates: loaded.initialStates,
      configuration: configuration)
    let baseURL = try await server.start()
    // Watched before the line that says the server is ready: a Ctrl-C sent on seeing it counts.
    let interrupts = InterruptWait()
    let served = [folder?.path, openapi, proxy.map { "a proxy to \($0)" }].compactMap { $0 }
      .joined(separator: " and ")
    Console.say(
      "Serving \(served) at \(baseURL.absoluteString) (\(loaded.routes.count + specRoutes.count) routes). Ctrl-C stops."
    )

    let watcher = Task {
      if let manifest { await Self.reload(manifest, into: server, after: specRoutes) }
    }
    await interrupts.wait()
    watcher.cancel()
    await server.stop()
    Console.sayAfterLog("Stopped.")
  }

  /// Reloads the manifest whenever its modification date changes, until cancelled; `after` are
  /// the routes that follow its own (a description's).
  static func reload(_ manifest: URL, into server: MockServer, after: [MockRoute]) async {
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
        await server.replaceRoutes(reloaded.routes + after, initialStates: reloaded.initialStates)
        Console.say("Reloaded \(manifest.lastPathComponent): \(reloaded.routes.count) routes.")
      } catch {
        Console.say("Not reloaded: \(error.description) The previous routes stay in use.")
      }
    }
  }
}
