import Foundation
import Testing

// The built `yaia inspect` and `yaia demo --inspect`, as processes. They live beside the other
// command-line tests, which hold the helpers for running `yaia`.

@Suite("yaia inspect, the command: the same address after a restart, the token off argv")
struct InspectCommandTests {
  /// A state folder of its own, so the test never reads or writes the user's saved address.
  static func stateFolder() -> URL {
    FileManager.default.temporaryDirectory.appending(path: "yaia-inspect-\(UUID().uuidString)")
  }

  /// This process's environment with `state` as the state folder and no inspector given.
  static func environment(state: URL) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = state.path
    environment["YAIA_INSPECTOR"] = nil
    return environment
  }

  /// Runs `yaia inspect` with `arguments` until it prints its URL, stops it with Ctrl-C, and
  /// returns the URL; `nil` when the port it was to listen on is in use by another program.
  /// Other tests bind free ports all the time, and the kernel may hand one of them the port an
  /// inspector has just let go: the inspector then refuses, as it should, and says so.
  static func inspectorURL(_ arguments: [String] = [], state: URL) async throws -> String? {
    let child = try ChildCommand(
      try yaiaExecutable(), ["inspect"] + arguments, environment: Self.environment(state: state))
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(60))
    var found: String?
    while found == nil, clock.now < deadline {
      // short bound: one turn of a 60 s wait that also watches the child end
      found = await child.lines.waitFor("Yaia Inspector at", timeout: .seconds(1))
      if found == nil, !child.process.isRunning {
        let said = child.errors.all
        guard said.contains("the port is in use") else { break }
        return nil
      }
    }
    var line = found ?? ""
    if found == nil { line = try await child.line(containing: "Yaia Inspector at") }
    kill(child.process.processIdentifier, SIGINT)
    #expect(await child.exitStatus(within: .seconds(30)) == 0)
    return String(try #require(line.split(separator: " ").last))
  }

  @Test("a restarted inspector keeps its port and token; --new-token makes new ones")
  func keepsItsAddress() async throws {
    // Tried again from a new state folder when another program took the saved port between
    // two runs; five tries where each would need that to happen again.
    for _ in 1...5 {
      let state = Self.stateFolder()
      defer { try? FileManager.default.removeItem(at: state) }
      if try await Self.addressKept(state: state) { return }
    }
    Issue.record("in each of 5 tries another program took the saved port between two runs")
  }

  /// The checks of ``keepsItsAddress()`` in `state`; `false` if a restart found its saved
  /// port in use by another program, so nothing could be checked.
  static func addressKept(state: URL) async throws -> Bool {
    guard let first = try await Self.inspectorURL(state: state) else { return false }
    #expect(first.hasPrefix("http://127.0.0.1:"), "\(first)")
    let saved = state.appending(path: "yaia/inspector.json")
    let mode = try FileManager.default.attributesOfItem(atPath: saved.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    guard let again = try await Self.inspectorURL(state: state) else { return false }
    #expect(again == first)
    // A new token without --port takes a free port: it cannot be refused for a busy one.
    let renewed = try #require(try await Self.inspectorURL(["--new-token"], state: state))
    #expect(renewed != first)
    guard let kept = try await Self.inspectorURL(state: state) else { return false }
    #expect(kept == renewed, "the new one is saved")
    return true
  }

  @Test("yaia demo --inspect with no inspector to find says how to start one")
  func demoWithoutInspector() async throws {
    let state = Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: state) }
    let (status, text, _) = try await runYaia(
      ["demo", "--inspect"], environment: Self.environment(state: state))
    #expect(status != 0)
    #expect(text.contains("no inspector found"), "\(text)")
    #expect(text.contains("YAIA_INSPECTOR"), "\(text)")
  }
}
