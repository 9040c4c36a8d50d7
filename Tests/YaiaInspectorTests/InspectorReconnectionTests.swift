import Foundation
import Synchronization
import Testing
import Yaia
import YaiaInspector
import YaiaInspectorServer

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
    let first = InspectorServer()
    let url = try await first.start()
    let port = try #require(url.port.flatMap(UInt16.init(exactly:)))
    let changes = Mutex<[InspectorConnectionChange]>([])
    var options = Inspector.Options()
    options.reconnectDelay = .milliseconds(20)
    options.longestReconnectDelay = .milliseconds(200)
    options.onConnectionChange = { change in changes.withLock { $0.append(change) } }
    let inspector = try await Inspector.connect(
      to: InspectorAddress(url.absoluteString), app: "restarts", options: options)
    let shell = Shell(SignInState()) { _, _ in }
    inspector.inspect(shell, name: "sign in")
    shell.send(.typedName("ada"))
    #expect(await inspector.flush(timeout: .seconds(30)))

    await first.stop()
    shell.send(.typedName("ada l"))  // its batch finds no one
    #expect(await Self.until { !changes.withLock(\.isEmpty) }, "the loss was never told")
    #expect(!inspector.isConnected)
    #expect(inspector.problem != nil)

    let second = InspectorServer(configuration: .init(port: port, token: first.token))
    let secondURL = try await second.start()
    #expect(await Self.until { changes.withLock(\.count) == 2 }, "the return was never told")
    #expect(inspector.isConnected)
    shell.send(.typedName("ada lovelace"))
    #expect(await inspector.flush(timeout: .seconds(30)))

    var base = try #require(URLComponents(url: secondURL, resolvingAgainstBaseURL: false))
    base.query = nil
    base.path = ""
    let seen = try await records(try #require(base.url), token: second.token)
    #expect(messageKinds(seen).first == "shell", "the new inspector first hears of the shell")
    #expect(messageKinds(seen).contains("step"))
    let told = changes.withLock { $0 }
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
    let first = InspectorServer()
    let url = try await first.start()
    let port = try #require(url.port.flatMap(UInt16.init(exactly:)))
    let changes = Mutex<[InspectorConnectionChange]>([])
    var options = Inspector.Options()
    options.reconnectDelay = .milliseconds(20)
    options.onConnectionChange = { change in changes.withLock { $0.append(change) } }
    let inspector = try await Inspector.connect(
      to: InspectorAddress(url.absoluteString), app: "quick", options: options)
    let shell = Shell(SignInState()) { _, _ in }
    inspector.inspect(shell, name: "sign in")
    #expect(await inspector.flush(timeout: .seconds(30)))
    await first.stop()
    let second = InspectorServer(configuration: .init(port: port, token: first.token))
    let secondURL = try await second.start()
    shell.send(.typedName("ada"))  // reaches the new inspector, which never saw batch 1
    #expect(await Self.until { changes.withLock(\.count) == 2 }, "\(changes.withLock { $0 })")
    #expect(await inspector.flush(timeout: .seconds(30)))
    var base = try #require(URLComponents(url: secondURL, resolvingAgainstBaseURL: false))
    base.query = nil
    base.path = ""
    let kinds = messageKinds(try await records(try #require(base.url), token: second.token))
    #expect(kinds.first == "shell", "\(kinds)")
    await inspector.disconnect()
    await second.stop()
  }

  @Test("an inspector back with a new token refuses the app: told once, and it stops for good")
  @MainActor
  func newToken() async throws {
    let first = InspectorServer()
    let url = try await first.start()
    let port = try #require(url.port.flatMap(UInt16.init(exactly:)))
    let changes = Mutex<[InspectorConnectionChange]>([])
    var options = Inspector.Options()
    options.reconnectDelay = .milliseconds(20)
    options.onConnectionChange = { change in changes.withLock { $0.append(change) } }
    let inspector = try await Inspector.connect(
      to: InspectorAddress(url.absoluteString), app: "renewed", options: options)
    let shell = Shell(SignInState()) { _, _ in }
    inspector.inspect(shell, name: "sign in")
    await first.stop()
    let second = InspectorServer(configuration: .init(port: port, token: "0ther0ne"))
    _ = try await second.start()
    shell.send(.submit)
    // Refused at the next batch, or (if that batch found no one yet) lost first, then refused
    // when the reconnection reached the new inspector.
    func refusal() -> String? {
      guard case .refused(let reason) = changes.withLock(\.last) else { return nil }
      return reason
    }
    #expect(await Self.until { refusal() != nil }, "\(changes.withLock { $0 })")
    let told = changes.withLock { $0 }
    guard let reason = refusal(), told.count <= 2 else {
      Issue.record("told: \(told)")
      return
    }
    if told.count == 2, case .lost = told[0] {
    } else if told.count == 2 {
      Issue.record("told: \(told)")
    }
    #expect(reason.contains("401") || reason.contains("403"), "\(reason)")
    #expect(!inspector.isConnected)
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
}
