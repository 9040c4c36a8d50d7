import ArgumentParser
import Foundation
import Testing

@testable import YaiaCLI
@testable import YaiaDemo

@Suite("yaia demo's options")
struct DemoCommandTests {
  @Test("options become the app's options")
  func options() throws {
    let command = try DemoCommand.parse([
      "--push", "New album", "--seed", "9", "--data-dir", "/tmp/yaia-x", "--server-scenario",
      "slow",
    ])
    let options = try command.makeOptions()
    #expect(options.scenario == .push(message: "New album"))
    #expect(options.seed == 9)
    #expect(options.dataFolder.url.path == "/tmp/yaia-x")
    #expect(options.serverScenario == "slow")
    #expect(options.server == nil)
    #expect(try DemoCommand.parse(["--first-run"]).makeOptions().scenario == .firstRun)
    #expect(try DemoCommand.parse([]).makeOptions().scenario == .regular)
  }

  @Test("contradictory or malformed options are refused with what to do")
  func refused() {
    #expect(throws: (any Error).self) { try DemoCommand.parse(["--first-run", "--push", "x"]) }
    #expect(throws: (any Error).self) { try DemoCommand.parse(["--server", "not a url"]) }
    #expect(throws: (any Error).self) { try DemoCommand.parse(["--seed", "-1"]) }
    let message = DemoCommand.message(for: ["--first-run", "--push", "x"])
    #expect(message.contains("--first-run and --push are different launches"))
  }

  @Test("a script that does not parse is refused before the app starts, naming file and line")
  func badScript() throws {
    let file = FileManager.default.temporaryDirectory.appending(
      path: "bad-\(UUID().uuidString).txt")
    try Data("wait Home\nkee enter\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let command = try DemoCommand.parse(["--script", file.path])
    #expect {
      try command.makeOptions()
    } throws: { error in
      "\(error)".contains("script line 2 (`kee enter`): unknown instruction `kee`")
    }
    let missing = try DemoCommand.parse(["--script", "/nonexistent/script.txt"])
    #expect {
      try missing.makeOptions()
    } throws: { error in
      "\(error)".contains("Cannot read the script /nonexistent/script.txt")
    }
    // A FIFO is refused by its type, not opened to wait for a writer forever.
    let fifo = FileManager.default.temporaryDirectory.appending(path: "fifo-\(UUID().uuidString)")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    defer { try? FileManager.default.removeItem(at: fifo) }
    let piped = try DemoCommand.parse(["--script", fifo.path])
    #expect {
      try piped.makeOptions()
    } throws: { error in
      "\(error)".contains("a FIFO, not a regular file")
    }
  }
}

extension DemoCommand {
  /// The message ArgumentParser prints for `arguments`, or "" if they parse.
  static func message(for arguments: [String]) -> String {
    do {
      _ = try parse(arguments)
      return ""
    } catch {
      return fullMessage(for: error)
    }
  }
}
