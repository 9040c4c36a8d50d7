import Foundation
import Testing

@testable import YaiaLintTool

/// `yaia lint` runs `yaia-lint`, built apart so that `yaia demo` never builds swift-syntax.
@Suite("yaia lint runs yaia-lint")
struct LintLauncherTests {
  /// The folder the test bundle and the package's executables are built in.
  static var buildFolder: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// Runs `executable` with `arguments`; its status, output and errors. The output goes to
  /// files, not pipes, so a child that writes much never blocks on a reader.
  static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputFile = folder.appending(path: "out")
    let errorFile = folder.appending(path: "err")
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)
    // A freshly copied executable can be "busy" (ETXTBSY) for a moment: a child another test
    // forks while the copy's file was open for writing holds that descriptor until it execs.
    // Try again a few times, briefly, with a new process; any other error is thrown at once.
    var attempt = 0
    var process: Process
    while true {
      process = Process()
      process.executableURL = executable
      process.arguments = arguments
      if let environment { process.environment = environment }
      process.standardOutput = try FileHandle(forWritingTo: outputFile)
      process.standardError = try FileHandle(forWritingTo: errorFile)
      process.standardInput = FileHandle.nullDevice
      do {
        try process.run()
        break
      } catch let error as NSError
        where attempt < 50
        && (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY)
      {
        attempt += 1
        Thread.sleep(forTimeInterval: 0.1)  // short bound: a retry pause, not a wait for a result
      }
    }
    process.waitUntilExit()
    return (
      process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8),
      try String(contentsOf: errorFile, encoding: .utf8)
    )
  }

  @Test("yaia lint passes its arguments to yaia-lint and exits with its status")
  func forwards() throws {
    let yaia = Self.buildFolder.appending(path: "yaia")
    let fixture = try #require(Bundle.module.resourceURL).appending(path: "Fixtures/App")
    let linted = try Self.run(
      yaia,
      [
        "lint", fixture.appending(path: "Sources").path, "--config",
        fixture.appending(path: ".yaia-lint.yml").path, "--format", "json",
      ])
    #expect(linted.status == 1, "findings at error level: \(linted.errors)")
    #expect(linted.output.contains("\"state-purity\""))
    let help = try Self.run(yaia, ["lint", "--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("--write-baseline"), "yaia-lint's own help: \(help.output)")
  }

  @Test(
    "--package-layers reads one package folder, says it runs the manifest, shows why it failed")
  func packageLayersRefusals() throws {
    let lint = Self.buildFolder.appending(path: "yaia-lint")
    let two = try Self.run(lint, ["--package-layers", "a", "b"])
    #expect(two.status == 2, "\(two.errors)")
    #expect(two.errors.contains("reads one package"), "\(two.errors)")
    let empty = FileManager.default.temporaryDirectory.appending(
      path: "lint-no-package-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let missing = try Self.run(lint, ["--package-layers", empty.path])
    #expect(missing.status == 2, "\(missing.errors)")
    #expect(missing.errors.contains("dump-package failed in"), "\(missing.errors)")
    // dump-package's own words, not a guess in their place.
    #expect(missing.errors.contains("it said:") && missing.errors.contains("Package.swift"))
    // Its lines stay lines; what could act on a terminal is made visible.
    #expect(
      LintCommand.shownLines("error: one\nnote: two\r\n\u{1B}[2Jthree")
        == "error: one\nnote: two\n\\u{1B}[2Jthree")
    #expect(!missing.errors.contains("\\u{A}"), "\(missing.errors)")
    let help = try Self.run(lint, ["--help"])
    #expect(help.output.contains("compiles and runs"), "\(help.output)")
  }

  @Test("a manifest that never finishes is ended at --manifest-time-limit, with what it started")
  func packageLayersTimeLimit() throws {
    let folder = try scratchFolder("lint-slow-manifest")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A `swift` that starts a child (as swift-package starts the compiled manifest) and
    // never answers.
    let pidFile = folder.appending(path: "child.pid")
    let fake = folder.appending(path: "swift")
    try Data("#!/bin/sh\nsleep 1000 &\necho $! > \(pidFile.path)\nsleep 1000\n".utf8).write(
      to: fake)
    #expect(chmod(fake.path, 0o755) == 0)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let lint = Self.buildFolder.appending(path: "yaia-lint")
    let slow = try Self.run(
      lint, ["--package-layers", "--manifest-time-limit", "2"], environment: environment)
    #expect(slow.status == 2, "\(slow.errors)")
    #expect(slow.errors.contains("did not finish"), "\(slow.errors)")
    let child = try writtenPID(pidFile)
    #expect(try waitUntilGone(child), "the manifest's child \(child) still runs")
    let outOfRange = try Self.run(lint, ["--package-layers", "--manifest-time-limit", "0"])
    #expect(
      outOfRange.status == 2 && outOfRange.errors.contains("1 to 3600"), "\(outOfRange.errors)")
  }

  @Test("a path that does not exist is a usage error (2); a file that does not parse fails (1)")
  func trustedExit() throws {
    let lint = Self.buildFolder.appending(path: "yaia-lint")
    let typo = try Self.run(lint, ["Soures"])
    #expect(typo.status == 2, "\(typo.errors)")
    #expect(typo.errors.contains("no such file or directory: Soures"))

    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-trust-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("let a = 1\nfunc f( {\n".utf8).write(to: folder.appending(path: "Bad.swift"))
    let broken = try Self.run(lint, [folder.path])
    #expect(broken.status == 1, "\(broken.errors)")
    #expect(broken.errors.contains("Bad.swift does not parse (line 2: "))
    #expect(broken.errors.contains("1 Swift file was not linted"))
    try Data("unlinted-files: warning\n".utf8).write(to: folder.appending(path: "lenient.yml"))
    let lenient = try Self.run(
      lint, [folder.path, "--config", folder.appending(path: "lenient.yml").path])
    #expect(lenient.status == 0, "\(lenient.errors)")
  }

  @Test("without yaia-lint beside it, yaia lint says how to build it, and exits with 2")
  func notBuilt() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-launcher-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let lonely = folder.appending(path: "yaia")
    try FileManager.default.copyItem(at: Self.buildFolder.appending(path: "yaia"), to: lonely)
    let run = try Self.run(lonely, ["lint", "Sources"])
    #expect(run.status == 2)
    #expect(run.errors.contains("swift build --product yaia-lint"), "\(run.errors)")
  }
}

/// Whether process `pid` has ended (gone, or a zombie waiting for its reaper), waiting for it
/// up to half a minute: the kill is sent at once, but a busy machine delivers it late.
func waitUntilGone(_ pid: Int32) throws -> Bool {
  let deadline = Date().addingTimeInterval(30)
  while Date() < deadline {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
      return true
    }
    // The state follows the command's closing parenthesis: `Z` for a zombie.
    if let close = stat.lastIndex(of: ")"),
      stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    {
      return true
    }
    Thread.sleep(forTimeInterval: 0.05)  // a poll's pause; the bound is the deadline above
  }
  return false
}
