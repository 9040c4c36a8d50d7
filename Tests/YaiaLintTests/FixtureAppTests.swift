import ArgumentParser
import Foundation
import Testing
import YaiaLint
import YaiaTesting

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
    // Six whole runs, each reading this test binary for its cache key: seconds of work that
    // never suspends, so it runs on a thread of its own, not on one of the cooperative pool's
    // two (where stress runs saw it hold one for 20 s and starve other tests' waits). The
    // thread only runs the commands; the expectations are checked here, in the test's task.
    let statuses = try await value(
      of: onThread { try Self.exitStatuses(root: root) }, timeout: .seconds(300))
    #expect(
      statuses == [
        "findings at error level": "exit 1", "an unknown rule": "exit 2",
        "an unknown format": "exit 2", "a clean file": "exit 0",
        "writing a baseline": "exit 0", "the same run under its baseline": "exit 0",
      ])
  }

  /// How each run of `yaia lint` on the fixture app ended, by what the run was.
  static func exitStatuses(root: URL) throws -> [String: String] {
    let config = root.appending(path: ".yaia-lint.yml").path
    let sources = root.appending(path: "Sources").path
    let folder = FileManager.default.temporaryDirectory.appending(path: "lint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appending(path: "bad.yml")
    try Data("rules:\n  nope: off\n".utf8).write(to: bad)
    let clean = folder.appending(path: "Clean.swift")
    try Data("struct Clean { var count = 0 }\n".utf8).write(to: clean)
    let baseline = folder.appending(path: "baseline.json").path
    // In order: a baseline written from today's findings makes the same run pass.
    let runs: KeyValuePairs<String, [String]> = [
      "findings at error level": [sources, "--config", config, "--format", "json"],
      "an unknown rule": [sources, "--config", bad.path],
      "an unknown format": [sources, "--format", "xml"],
      "a clean file": [clean.path],
      "writing a baseline": [sources, "--config", config, "--write-baseline", baseline],
      "the same run under its baseline": [
        sources, "--config", config, "--baseline", baseline, "--format", "json",
      ],
    ]
    var statuses: [String: String] = [:]
    for (run, arguments) in runs {
      do {
        try LintCommand.parse(arguments).run()
        statuses[run] = "exit 0"
      } catch let code as ExitCode {
        statuses[run] = "exit \(code.rawValue)"
      } catch {
        statuses[run] = "\(error)"
      }
    }
    return statuses
  }
}
