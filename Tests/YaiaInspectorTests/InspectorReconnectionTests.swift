import Foundation
import Synchronization
import Testing
import Yaia
import YaiaInspector
import YaiaInspectorServer

/// What an app was told about its connection, from any thread.
final class ConnectionChanges: Sendable {
  private let changes = Mutex<[InspectorConnectionChange]>([])
  func append(_ change: InspectorConnectionChange) { changes.withLock { $0.append(change) } }
  var all: [InspectorConnectionChange] { changes.withLock { $0 } }
}

/// An app connected to an inspector of its own on a free port, reconnecting after short
/// pauses, with what it was told about its connection.
@MainActor
struct WatchedApp {
  let server: InspectorServer
  let port: UInt16
  let changes: ConnectionChanges
  let inspector: Inspector
  let shell: Shell<SignInState>

  static func connect(as name: String) async throws -> WatchedApp {
    let server = InspectorServer()
    let url = try await server.start()
    let port = try #require(url.port.flatMap(UInt16.init(exactly:)))
    let changes = ConnectionChanges()
    var options = Inspector.Options()
    options.reconnectDelay = .milliseconds(20)
    options.longestReconnectDelay = .milliseconds(200)
    options.onConnectionChange = { change in changes.append(change) }
    let inspector = try await Inspector.connect(
      to: InspectorAddress(url.absoluteString), app: name, options: options)
    let shell = Shell(SignInState()) { _, _ in }
    inspector.inspect(shell, name: "sign in")
    return WatchedApp(
      server: server, port: port, changes: changes, inspector: inspector, shell: shell)
  }

  /// Another inspector on the app's port, with `token` (by default the first one's): what a
  /// restarted `yaia inspect` is. Stop the first one before.
  func inspectorAgain(token: String? = nil) async throws -> InspectorServer {
    let next = InspectorServer(configuration: .init(port: port, token: token ?? server.token))
    _ = try await next.start()
    return next
  }

  /// The kinds of the messages `server` holds, in order.
  static func kinds(seenBy server: InspectorServer) async throws -> [String] {
    let port = try #require(await server.url?.port)
    let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
    return messageKinds(try await records(base, token: server.token))
  }
}

@Suite("An app whose inspector restarts finds it again")
struct InspectorReconnectionTests {
  /// Waits (bounded: only a hang should fail) until `condition` holds.
  @MainActor
  static func until(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  @Test("lost and regained are each said once; the new inspector hears the shell, then its steps")
  @MainActor
  func reconnects() async throws {
    let app = try await WatchedApp.connect(as: "restarts")
    let (first, changes, inspector, shell) = (app.server, app.changes, app.inspector, app.shell)
    shell.send(.typedName("ada"))
    #expect(await inspector.flush(timeout: .seconds(30)))

    await first.stop()
    shell.send(.typedName("ada l"))  // its batch finds no one
    #expect(await Self.until { !changes.all.isEmpty }, "the loss was never told")
    #expect(!inspector.isConnected)
    #expect(inspector.problem != nil)

    let second = try await app.inspectorAgain()
    #expect(await Self.until { changes.all.count == 2 }, "the return was never told")
    #expect(inspector.isConnected)
    shell.send(.typedName("ada lovelace"))
    #expect(await inspector.flush(timeout: .seconds(30)))

    let kinds = try await WatchedApp.kinds(seenBy: second)
    #expect(kinds.first == "shell", "the new inspector first hears of the shell")
    #expect(kinds.contains("step"))
    let told = changes.all
    guard case .lost = told.first else {
      Issue.record("first change: \(String(describing: told.first))")
      return
    }
    #expect(told.last == .regained(session: "\(inspector.session)r2"))
    await inspector.disconnect()
    await second.stop()
  }

  @Test("an inspector restarted between two batches sends the app back to start again")
  @MainActor
  func restartedBetweenBatches() async throws {
    let app = try await WatchedApp.connect(as: "quick")
    let (first, changes, inspector, shell) = (app.server, app.changes, app.inspector, app.shell)
    #expect(await inspector.flush(timeout: .seconds(30)))
    await first.stop()
    let second = try await app.inspectorAgain()
    shell.send(.typedName("ada"))  // reaches the new inspector, which never saw batch 1
    #expect(await Self.until { changes.all.count == 2 }, "\(changes.all)")
    #expect(await inspector.flush(timeout: .seconds(30)))
    let kinds = try await WatchedApp.kinds(seenBy: second)
    #expect(kinds.first == "shell", "\(kinds)")
    await inspector.disconnect()
    await second.stop()
  }

  @Test("an inspector back with a new token cannot prove itself: told once, nothing sent to it")
  @MainActor
  func newToken() async throws {
    let app = try await WatchedApp.connect(as: "renewed")
    let (first, changes, inspector, shell) = (app.server, app.changes, app.inspector, app.shell)
    await first.stop()
    let second = try await app.inspectorAgain(token: "0ther0ne")
    shell.send(.submit)
    // Lost at the next batch (or its reconnection), then told once that what answers is not
    // its inspector; it keeps trying quietly.
    func notItsOwn() -> [String] {
      changes.all.compactMap { if case .notItsOwn(let reason) = $0 { reason } else { nil } }
    }
    #expect(await Self.until { !notItsOwn().isEmpty }, "\(changes.all)")
    // A few more attempts, counted by the new inspector: none is told.
    let before = await second.handshakesAnswered
    let deadline = ContinuousClock.now + .seconds(30)
    while await second.handshakesAnswered < before + 3, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(await second.handshakesAnswered >= before + 3, "the app stopped trying")
    #expect(notItsOwn().count == 1, "\(changes.all)")
    #expect(notItsOwn().first?.contains("new token") == true)
    #expect(!inspector.isConnected)
    let kinds = try await WatchedApp.kinds(seenBy: second)
    #expect(kinds.isEmpty, "the new inspector received \(kinds)")
    await inspector.disconnect()
    await second.stop()
  }

  @Test("without reconnecting, a lost inspector ends the connection, as before")
  @MainActor
  func noReconnection() async throws {
    let server = InspectorServer()
    let url = try await server.start()
    var options = Inspector.Options()
    options.reconnects = false
    let inspector = try await Inspector.connect(
      to: InspectorAddress(url.absoluteString), app: "once", options: options)
    let shell = Shell(SignInState()) { _, _ in }
    inspector.inspect(shell, name: "sign in")
    await server.stop()
    shell.send(.submit)
    #expect(await Self.until { !inspector.isConnected }, "still connected to a stopped inspector")
    #expect(inspector.problem != nil)
    await inspector.disconnect()
  }

  @Test(
    "an app that found its inspector in the saved file finds it again on the port it moved to"
  )
  @MainActor
  func movedPort() async throws {
    let folder = try InspectorHistoryTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = InspectorStateFile(url: folder.appending(path: "state/yaia/inspector.json"))
    let first = InspectorServer()
    let url = try await first.start()
    try file.write(.init(port: try #require(url.port), token: first.token))
    let changes = ConnectionChanges()
    var options = Inspector.Options()
    options.reconnectDelay = .milliseconds(20)
    options.longestReconnectDelay = .milliseconds(200)
    options.onConnectionChange = { change in changes.append(change) }
    let address = try #require(try InspectorAddress.find(environment: [:], stateFile: file))
    let inspector = try await Inspector.connect(to: address, app: "moves", options: options)
    let shell = Shell(SignInState()) { _, _ in }
    inspector.inspect(shell, name: "sign in")
    #expect(await inspector.flush(timeout: .seconds(30)))

    // The inspector comes back on another port (its old one taken: started while the first
    // still listens, so the ports differ) and saves it, as `yaia inspect` does; the running app
    // reads the file again as it reconnects.
    let second = InspectorServer(configuration: .init(token: first.token))
    let moved = try await second.start()
    #expect(moved.port != url.port)
    await first.stop()
    shell.send(.typedName("ada"))
    #expect(await Self.until { !changes.all.isEmpty }, "the loss was never told")
    try file.write(.init(port: try #require(moved.port), token: first.token))
    #expect(
      await Self.until { changes.all.contains(.regained(session: "\(inspector.session)r2")) },
      "the app never found the inspector on its new port: \(changes.all)")
    shell.send(.typedName("ada lovelace"))
    #expect(await inspector.flush(timeout: .seconds(30)))
    let kinds = try await WatchedApp.kinds(seenBy: second)
    #expect(kinds.first == "shell" && kinds.contains("step"), "\(kinds)")
    await inspector.disconnect()
    await second.stop()
  }
}
