import Foundation
import SwiftParser
import Testing
import YaiaTesting

@testable import YaiaLint

/// The linter keeps between its passes only the trees a rule that reads other files will
/// probably need, and parses again the ones it guessed wrong (FileSelectingRule): these
/// tests hold that this changes memory and speed, never a finding.
@Suite("The second pass reads only the trees its rules need")
struct TreeSelectionTests {
  /// A rule that reads other files and cannot say which: with it, the linter keeps every tree,
  /// as it did before rules could say.
  struct EveryFileRule: LintRule {
    let id = "every-file"
    let defaultSeverity = LintSeverity.warning
    let reason = "Reads every file."
    let fix = "Nothing."
    func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] { [] }
  }

  /// The fixture app (states, a layer crossing, notifications) and its configuration.
  static func fixtureApp() throws -> ([LintSource], LintConfiguration) {
    let root = try #require(Bundle.module.resourceURL).appending(path: "Fixtures/App")
    let (sources, _) = LintFiles.collect([root.appending(path: "Sources").path])
    let relative = sources.map {
      LintSource(path: String($0.path.dropFirst(root.path.count + 1)), text: $0.text)
    }
    let yaml = try String(contentsOf: root.appending(path: ".yaia-lint.yml"), encoding: .utf8)
    let configuration = try LintConfiguration.load(
      yaml: yaml, path: ".yaia-lint.yml", rules: LintRules.all)
    return (relative, configuration)
  }

  /// States whose conformance the file itself does not show: through a refining protocol
  /// without `State` in its name, and by an extension in another file.
  static let hiddenStates = [
    "Sources/App/Protocols.swift": "protocol ShellState {}\nprotocol Screen: ShellState {}\n",
    "Sources/App/A.swift": """
    struct A: Screen {
      func handle(_ e: Int) -> [Int] { _ = UUID(); return [] }
      struct Command { var run: () -> Void }
    }
    """,
    "Sources/App/B.swift": """
    import Foundation
    struct B {
      func handle(_ e: Int) -> [Int] { _ = Date.now; return [] }
      func post() { NotificationCenter.default.post(name: .refreshed, object: nil) }
    }
    """,
    "Sources/App/Conformances.swift": """
    import Foundation
    extension B: ShellState {}
    extension Notification.Name { static let refreshed = Notification.Name("refreshed") }
    """,
  ]

  static func lint(
    _ sources: [LintSource], _ configuration: LintConfiguration, keepingEveryTree: Bool
  ) -> [String] {
    let rules: [any LintRule] = LintRules.all + (keepingEveryTree ? [EveryFileRule()] : [])
    let report = Linter(rules: rules, configuration: configuration).run(sources)
    return report.findings.map {
      "\($0.location.path):\($0.location.line):\($0.location.column) \($0.ruleID) \($0.severity) \($0.message) (\($0.fix))"
    } + report.problems.map { "\($0.path): \($0.message)" }
  }

  /// States, notifications and a layer crossing with what changes a finding on the way: a
  /// suppression on a candidate's line, a severity set, a class allowed, a rule turned off,
  /// and files that do not parse or that the guard refuses, beside them.
  static let tricky: ([LintSource], String) = (
    [
      LintSource(
        path: "Sources/App/Domain/Cart.swift",
        text: """
          import Foundation
          protocol ShellState {}
          final class Cache {}
          final class Logger {}
          struct Cart: ShellState {
            var cache = Cache()
            var logger: Logger
            mutating func handle(_ event: Int) -> [Int] {
              // yaia-lint:disable:next state-purity because the clock is read once, on purpose
              _ = Date()
              _ = UUID()
              NotificationCenter.default.post(name: .refreshed, object: nil)
              return []
            }
            enum Command { case log(Logger) }
          }
          extension Notification.Name { static let refreshed = Notification.Name("refreshed") }
          """),
      LintSource(
        path: "Sources/App/Views/CartView.swift",
        text: "struct CartView { var cart: Cart; var logger: Logger }\n"),
      LintSource(path: "Sources/App/Broken.swift", text: "struct Broken: ShellState { func (\n"),
      LintSource(
        path: "Sources/App/Deep.swift",
        text: "let x = " + String(repeating: "[", count: 13) + "\nstruct D: ShellState {}\n"),
    ],
    """
    rules:
      state-purity: { severity: warning, allowed-classes: [Cache] }
      value-types: off
      notification-center: error
    layers:
      - { name: views, paths: ["Sources/App/Views/**"], may-use: [] }
      - { name: domain, paths: ["Sources/App/Domain/**"] }
    """
  )

  @Test("the findings are the same whether every tree is kept or only the ones rules will need")
  func sameFindings() async throws {
    let (app, configuration) = try Self.fixtureApp()
    let hidden = Self.hiddenStates.sorted { $0.key < $1.key }.map {
      LintSource(path: $0.key, text: $0.value)
    }
    let tricky = try LintConfiguration.load(
      yaml: Self.tricky.1, path: ".yaia-lint.yml", rules: LintRules.all)
    for (sources, configuration) in [
      (app, configuration), (hidden, LintConfiguration()), (Self.tricky.0, tricky),
    ] {
      let (selected, everyTree) = try await onThread {
        (
          Self.lint(sources, configuration, keepingEveryTree: false),
          Self.lint(sources, configuration, keepingEveryTree: true)
        )
      }.value
      #expect(!selected.isEmpty)
      #expect(selected == everyTree)
    }
  }

  @Test("suppressions, severities, allowed classes and rules turned off apply to candidates")
  func candidatesFollowTheConfiguration() async throws {
    let configuration = try LintConfiguration.load(
      yaml: Self.tricky.1, path: ".yaia-lint.yml", rules: LintRules.all)
    let report = try await onThread {
      Linter(rules: LintRules.all, configuration: configuration).run(Self.tricky.0)
    }.value
    let found = Set(
      report.findings.map {
        "\($0.location.path.split(separator: "/").last ?? ""):\($0.location.line) \($0.ruleID) \($0.severity)"
      })
    #expect(
      found.isSuperset(of: [
        "Cart.swift:7 state-purity warning",  // a class held, not allowed
        "Cart.swift:11 state-purity warning",  // UUID()
        "Cart.swift:12 notification-center error",
        "CartView.swift:1 layers error",
      ]), "\(found.sorted())")
    #expect(!found.contains("Cart.swift:10 state-purity warning"), "suppressed")
    #expect(!found.contains("Cart.swift:6 state-purity warning"), "Cache is allowed")
    #expect(!report.findings.contains { $0.ruleID == "value-types" }, "turned off")
    #expect(report.problems.filter(\.isUnparsed).count == 2)
  }

  @Test("a call's first name the app declares is the one reported, whichever other files decide")
  func firstOwnNameOfACall() async throws {
    let call = """
      import Foundation
      func tell(_ center: NotificationCenter) {
        NotificationCenter.default.addObserver(forName: .first, object: nil, queue: nil) { _ in }
        NotificationCenter.default.post(.first, name: .second)
      }
      """
    func reported(declaring names: [String]) async throws -> [String] {
      let declared =
        "import Foundation\nextension Notification.Name {\n"
        + names.map { "  static let \($0) = Notification.Name(\"\($0)\")\n" }.joined() + "}\n"
      return try await findings(in: [
        "Sources/App/Call.swift": call, "Sources/App/Names.swift": declared,
      ]).filter { $0.ruleID == "notification-center" }.map(\.message)
    }
    #expect(try await reported(declaring: []).isEmpty)
    #expect(
      try await reported(declaring: ["second"]) == [
        "posts the app's own notification second through NotificationCenter"
      ])
    #expect(
      try await reported(declaring: ["first", "second"]) == [
        "observes (addObserver) the app's own notification first through NotificationCenter",
        "posts the app's own notification first through NotificationCenter",
      ])
  }

  @Test("a state whose conformance is in another file is checked: its tree is parsed again")
  func hiddenStatesAreChecked() async throws {
    let found = try await findings(in: Self.hiddenStates).map {
      "\($0.location.path.split(separator: "/").last ?? ""):\($0.location.line) \($0.ruleID)"
    }
    #expect(
      found == [
        "A.swift:2 state-purity", "A.swift:3 value-types", "B.swift:3 state-purity",
        "B.swift:4 notification-center",
      ])
  }

  @Test("a rule that says it does not read a file finds nothing in it")
  func selectionIsExact() throws {
    let (app, configuration) = try Self.fixtureApp()
    let hidden = Self.hiddenStates.map { LintSource(path: $0.key, text: $0.value) }
    for (sources, configuration) in [(app, configuration), (hidden, LintConfiguration())] {
      let files = sources.map { source in
        let tree = Parser.parse(source: source.text)
        let file = LintedFile(
          path: source.path, module: source.module, tree: tree, text: source.text,
          lines: LineTable(source.text), nodes: FileNodes(tree))
        return (file, FileFacts(path: source.path, module: source.module, tree: tree))
      }
      let index = LintIndex(files.map(\.1))
      var skipped = 0
      for (file, facts) in files {
        let states = StateScope.all(in: file, index: index)
        for case let rule as any FileSelectingRule in LintRules.all {
          guard !rule.reads(facts, text: file.text, index: index, configuration: configuration)
          else { continue }
          skipped += 1
          let context = LintContext(index: index, configuration: configuration, ruleID: rule.id)
          #expect(rule.check(file, context).isEmpty, "\(rule.id) skipped \(file.path)")
        }
        if !StateFiles.declaresState(facts, index: index) {
          #expect(states.isEmpty, "\(file.path) has states its facts do not show")
        }
      }
      #expect(skipped > 0)
    }
  }
}
