import ArgumentParser
import Foundation
import Testing
import YaiaLint

@testable import YaiaLintTool

@Suite("A fixture app with one of everything")
struct FixtureAppTests {
  static var root: URL {
    get throws {
      try #require(Bundle.module.resourceURL).appending(path: "Fixtures/App")
    }
  }

  @Test("every finding is reported once, on its exact line")
  func everyFindingOnce() async throws {
    let root = try Self.root
    let (sources, problems) = LintFiles.collect([root.appending(path: "Sources").path])
    #expect(problems.isEmpty)
    let relative = sources.map {
      LintSource(path: String($0.path.dropFirst(root.path.count + 1)), text: $0.text)
    }
    let yaml = try String(contentsOf: root.appending(path: ".yaia-lint.yml"), encoding: .utf8)
    let configuration = try LintConfiguration.load(
      yaml: yaml, path: ".yaia-lint.yml", rules: LintRules.all)
    let report = Linter(rules: LintRules.all, configuration: configuration).run(relative)
    let found = report.findings.map {
      "\($0.location.path.split(separator: "/").last ?? ""):\($0.location.line) \($0.ruleID)"
    }
    #expect(
      found == [
        "CartState.swift:12 value-types",
        "CartState.swift:16 state-purity",
        "CartState.swift:24 state-purity",
        "CartState.swift:33 string-any-dictionary",
        "CartState.swift:36 layers",
        "CartViewController.swift:8 unused-private",
        "CartViewController.swift:11 notification-center",
        "CartViewController.swift:12 view-hierarchy",
        "CartViewController.swift:14 law-of-demeter",
        "CartViewController.swift:15 nested-closures",
        "CartViewController.swift:16 commented-out-code",
      ], "\(report.findings.map { "\($0.location.line) \($0.ruleID) \($0.message)" })")
  }

  @Test(
    "yaia lint exits with 1 for findings at error level, 2 for a bad configuration, 0 when clean")
  func exitStatus() async throws {
    let root = try Self.root
    let config = root.appending(path: ".yaia-lint.yml").path
    let sources = root.appending(path: "Sources").path
    expectExit(1) {
      try LintCommand.parse([sources, "--config", config, "--format", "json"]).run()
    }
    let folder = FileManager.default.temporaryDirectory.appending(path: "lint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appending(path: "bad.yml")
    try Data("rules:\n  nope: off\n".utf8).write(to: bad)
    expectExit(2) {
      try LintCommand.parse([sources, "--config", bad.path]).run()
    }
    expectExit(2) { try LintCommand.parse([sources, "--format", "xml"]).run() }
    let clean = folder.appending(path: "Clean.swift")
    try Data("struct Clean { var count = 0 }\n".utf8).write(to: clean)
    try LintCommand.parse([clean.path]).run()
    // A baseline written from today's findings makes the same run pass.
    let baseline = folder.appending(path: "baseline.json").path
    try LintCommand.parse([sources, "--config", config, "--write-baseline", baseline]).run()
    try LintCommand.parse([sources, "--config", config, "--baseline", baseline, "--format", "json"])
      .run()
  }

  /// Expects `body` to end with exit status `status`.
  func expectExit(_ status: Int32, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("expected exit status \(status), but it succeeded")
    } catch let code as ExitCode {
      #expect(code.rawValue == status)
    } catch {
      Issue.record("expected exit status \(status), got \(error)")
    }
  }
}
