import Foundation
import YaiaMockServer

/// The sample app's backend: the mock server, in-process on a free loopback port, serving the
/// fixtures bundled with the app (`Backend/demo-api`).
enum DemoBackend {
  /// The bundled fixtures folder.
  static var fixtures: URL? {
    Bundle.module.url(forResource: "demo-api", withExtension: nil)
  }

  /// Starts the mock server on 127.0.0.1 and a free port; `stop()` it when the app quits.
  ///
  /// - Throws: ``DemoBackendError`` if the fixtures are missing or broken (the message names
  ///   the manifest's file and line), or if no port could be bound.
  ///
  /// - Parameter onRequest: Told of each request the server answered (the inspector's journal).
  static func start(
    onRequest: (@Sendable (MockJournalEntry) -> Void)? = nil
  ) async throws(DemoBackendError) -> (MockServer, URL) {
    guard let folder = fixtures else { throw .fixturesMissing }
    let manifest: MockManifest
    do {
      manifest = try MockManifest.load(folder: folder)
    } catch {
      throw .brokenFixtures("\(error)")
    }
    var configuration = MockServer.Configuration()
    configuration.fixtures = folder
    configuration.onRequest = onRequest
    let server = MockServer(manifest: manifest, configuration: configuration)
    do {
      return (server, try await server.start())
    } catch {
      throw .cannotStart("\(error)")
    }
  }
}

/// Why the embedded backend could not start.
enum DemoBackendError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The fixtures are not next to the executable.
  case fixturesMissing
  /// The manifest did not load.
  case brokenFixtures(String)
  /// The server did not start.
  case cannotStart(String)

  /// What went wrong and what to do.
  var description: String {
    switch self {
    case .fixturesMissing:
      return
        "The demo's fixtures (demo-api) are missing from its bundle; rebuild with `swift build`, or pass --server URL."
    case .brokenFixtures(let problem):
      return "The demo's fixtures do not load: \(problem)"
    case .cannotStart(let problem):
      return "The embedded mock server did not start: \(problem). Pass --server URL to use another."
    }
  }
}
