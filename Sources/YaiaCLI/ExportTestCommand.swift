import ArgumentParser
import Foundation
import YaiaInspector

/// `yaia inspect export-test JOURNAL`: a journal exported from the inspector's page, written
/// as a Swift Testing test that replays its events and checks what changed on screen, step by
/// step (``InspectorTestExport``).
struct ExportTestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-test",
    abstract: "Write a recorded session (a journal from the inspector's page) as a Swift test.",
    discussion: """
      The test replays the journal's events, each in the app's own Codable encoding, and \
      checks after each step what changed on screen, with YaiaTesting's Given/when/step. It \
      passes as recorded: change the expectation that is wrong to what it should be, and \
      the test fails on the bug. Put it in the app's test target, which needs the \
      YaiaInspectorTesting and YaiaTesting products. Example: yaia inspect \
      export-test session.json --state 'LoginState()' --testable MyApp --output \
      Tests/MyAppTests/LoginBugTests.swift
      """)

  @Argument(help: "The journal file (\"Export journal\" on the inspector's page).")
  var journal: String

  @Option(help: "The Swift expression of the state the shell started from, e.g. 'LoginState()'.")
  var state: String

  @Option(help: "The Swift name of the events' type (default: the state's type's Event).")
  var eventType: String?

  @Option(
    help: "A Swift expression of the app's ScreenTypes, when its events carry screen events.")
  var screenTypes: String?

  @Option(help: "A module the test imports with @testable (the app's); repeatable.")
  var testable: [String] = []

  @Option(help: "The first step whose changes are checked; earlier steps are only replayed.")
  var from = 1

  @Option(help: "The last step of the test (default: the journal's last).")
  var through: Int?

  @Option(help: "The test function's name.")
  var name = "recordedSession"

  @Option(help: "Where to write the test (default: standard output). An existing file is kept.")
  var output: String?

  func run() throws {
    let recorded: InspectorJournal
    do {
      recorded = try InspectorJournal(contentsOf: URL(fileURLWithPath: journal))
    } catch {
      throw Console.failure("yaia inspect export-test: \(error.description)")
    }
    var export = InspectorTestExport(journal: recorded, state: state)
    export.eventType = eventType
    export.screenTypes = screenTypes
    export.testableImports = testable
    export.firstAsserted = from
    export.lastStep = through
    export.testName = name
    let source: String
    do {
      source = try export.swiftSource()
    } catch {
      throw Console.failure("yaia inspect export-test: \(error.description)")
    }
    guard let output else {
      FileHandle.standardOutput.write(Data(source.utf8))
      return
    }
    // Never over another file: a test someone edited is not lost to a second export.
    guard !FileManager.default.fileExists(atPath: output) else {
      throw Console.failure(
        "yaia inspect export-test: \(output) exists; it is kept. Choose another --output.")
    }
    do {
      try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .withoutOverwriting)
    } catch {
      throw Console.failure(
        "yaia inspect export-test: cannot write \(output): \(error.localizedDescription)")
    }
    Console.say(
      "Wrote \(output): steps 1–\(through ?? recorded.steps.last?.index ?? 0), checked from step \(from)."
    )
  }
}
