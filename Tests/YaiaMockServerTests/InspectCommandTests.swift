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
  /// returns the URL.
  static func inspectorURL(_ arguments: [String] = [], state: URL) async throws -> String {
    let child = try ChildCommand(
      try yaiaExecutable(), ["inspect"] + arguments, environment: Self.environment(state: state))
    let line = try await child.line(containing: "Yaia Inspector at")
    kill(child.process.processIdentifier, SIGINT)
    #expect(await child.exitStatus(within: .seconds(30)) == 0)
    return String(try #require(line.split(separator: " ").last))
  }

  @Test("a restarted inspector keeps its port and token; --new-token makes new ones")
  func keepsItsAddress() async throws {
    let state = Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: state) }
    let first = try await Self.inspectorURL(state: state)
    #expect(first.hasPrefix("http://127.0.0.1:"), "\(first)")
    let saved = state.appending(path: "yaia/inspector.json")
    let mode = try FileManager.default.attributesOfItem(atPath: saved.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    #expect(try await Self.inspectorURL(state: state) == first)
    let renewed = try await Self.inspectorURL(["--new-token"], state: state)
    #expect(renewed != first)
    #expect(try await Self.inspectorURL(state: state) == renewed, "the new one is saved")
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
