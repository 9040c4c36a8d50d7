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
    return Linter(rules: rules, configuration: configuration).run(sources).findings.map {
      "\($0.location.path):\($0.location.line):\($0.location.column) \($0.ruleID) \($0.message)"
    }
  }

  @Test("the findings are the same whether every tree is kept or only the ones rules will need")
  func sameFindings() async throws {
    let (app, configuration) = try Self.fixtureApp()
    let hidden = Self.hiddenStates.sorted { $0.key < $1.key }.map {
      LintSource(path: $0.key, text: $0.value)
    }
    for (sources, configuration) in [(app, configuration), (hidden, LintConfiguration())] {
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
