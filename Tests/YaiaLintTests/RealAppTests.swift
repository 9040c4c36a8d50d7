import Foundation
import Synchronization
import Testing
import YaiaLint
import YaiaTesting

/// What running `yaia lint` on four open-source apps taught (Tests/YaiaLintTests/Corpus): each
/// test is a shape that fooled a rule there, written here in our own small example.
@Suite("Shapes from real apps that the rules must not misread")
struct RealAppTests {
  @Test("SwiftUI content, modifiers' content and DSL builders are not nested callbacks")
  func builderClosures() async throws {
    let view = """
      struct Row: View {
        var body: some View {
          NavigationStack {
            List {
              ForEach(items) { item in
                HStack {
                  VStack(alignment: .leading) {
                    if item.isNew { Text("new").bold() } else { EmptyView() }
                    Text(item.title).font(.headline)
                  }
                  .sheet(isPresented: $open) { Detail(item: item).padding() }
                }
              }
            }
            .toolbar { ToolbarItem { Button("Add") { store.send(.add) } } }
          }
        }
      }
      """
    #expect(try await lines(of: "nested-closures", in: view) == [])
  }

  @Test("builder content that holds a let is still content; a callback that starts with one is not")
  func builderClosuresWithLet() async throws {
    let view = """
      struct Row: View {
        var body: some View {
          NavigationStack {
            let header = model.header
            VStack {
              let title = model.title
              HStack {
                let count = model.items.count
                ForEach(model.items) { item in
                  let shown = item.name.uppercased()
                  if count > 1 { let note = "of \\(count)"; Text(note) }
                  Text(shown)
                }
              }
              Text(title)
            }
            Text(header)
          }
        }
      }
      """
    #expect(try await lines(of: "nested-closures", in: view) == [])
    let callbacks = """
      func load() {
        api.load { result in
          let value = result.value
          queue.async {
            let saved = value
            cache.save(saved) { error in
              let shown = error
              log.write(shown) { written in
                let done = written
                finish(done)
              }
            }
          }
        }
      }
      """
    #expect(try await lines(of: "nested-closures", in: callbacks) == [8])
  }

  @Test("callbacks still count inside builder content, and past the limit are reported")
  func callbacksInsideBuilders() async throws {
    let view = """
      struct Row: View {
        var body: some View {
          VStack {
            Button("Load") {
              api.load { result in
                queue.async {
                  cache.save(result) { error in
                    log(error)
                  }
                }
              }
            }
          }
        }
      }
      """
    #expect(try await lines(of: "nested-closures", in: view) == [7])
  }

  @Test("closures run in place (map, filter) or as structured tasks are not callbacks")
  func inPlaceClosures() async throws {
    let code = """
      func load() async {
        await withTaskGroup(of: Int.self) { group in
          for id in ids {
            group.addTask {
              await Task { rows.map { $0.values.filter { $0 > 0 }.count } }.value.reduce(0, +)
            }
          }
        }
      }
      """
    #expect(try await lines(of: "nested-closures", in: code) == [])
  }

  @Test("async code and closures called in place are not callbacks; a pyramid is reported once")
  func asyncAndPyramids() async throws {
    let code = """
      func f() {
        reduce { state, action in
          effect.run { send in
            let value = await client.fetch()
            await send(.loaded(value))
          }
        }
        let formatter = { DateFormatter() }()
        a { b { c {
          d { one() }
          e { two() }
        } } }
      }
      """
    #expect(try await lines(of: "nested-closures", in: code) == [10])
  }

  @Test("a tuple's elements and a value's own facts are not reaches through objects")
  func demeterValues() async throws {
    let code = """
      func f() {
        let letter = puzzle.cubes.2.2.1.right.letter
        let empty = settings.account.profile.name.isEmpty
        let far = controller.browser.history.current.item
      }
      """
    #expect(
      try await lines(of: "law-of-demeter", in: code, yaml: "rules: { law-of-demeter: on }")
        == [4])
  }

  @Test("a wrapper's projected value and storage, private(set) and backticked names are uses")
  func unusedPrivateUses() async throws {
    let code = """
      struct Form: View {
        @State private var isOn = false
        @FocusState private var focused: Bool
        @Published private var storage = 0
        public private(set) var count = 0
        private var `default` = 1
        private var neverRead = 2
        var body: some View { Toggle("On", isOn: $isOn).focused($focused) }
        func reset() { _storage = Published(initialValue: `default`) }
      }
      """
    #expect(try await lines(of: "unused-private", in: code) == [7])
  }

  @Test("a view controller's extensions in its file count toward its length")
  func massiveWithExtensions() async throws {
    let body = String(repeating: "  func f() {}\n", count: 200)
    let code = """
      class ListViewController: UIViewController {
      \(body)}
      extension ListViewController: UITableViewDataSource {
      \(body)}
      class SmallViewController: UIViewController {
      \(body)}
      """
    let found = try await findings(in: ["Sources/App/File.swift": code]).filter {
      $0.ruleID == "massive-type"
    }
    #expect(found.map(\.location.line) == [1])
    #expect(
      found.first?.message.contains("404 lines long with its extensions in this file") == true)
  }

  @Test("typed notifications (Swift 6.2): the app's own messages posted and observed are found")
  func typedNotifications() async throws {
    // CotEditor's shape: message types of the app's own, posted with a subject, observed by
    // type or by identifier; the system's own messages and a literal inside a message's
    // arguments are not the app's notification names.
    let messages = """
      import Foundation
      struct DocumentDidSave: NotificationCenter.MainActorMessage {
        typealias Subject = Document
        var title: String
      }
      struct SyntaxChanged {
        var name: String
      }
      extension SyntaxChanged: NotificationCenter.AsyncMessage {
        typealias Subject = Document
      }
      extension NotificationCenter.MessageIdentifier
      where Self == NotificationCenter.BaseMessageIdentifier<DocumentDidSave> {
        static var documentDidSave: Self { .init() }
      }
      """
    let use = """
      func save(_ document: Document) {
        NotificationCenter.default.post(DocumentDidSave(title: "Untitled"), subject: document)
        NotificationCenter.default.post(SyntaxChanged.init(name: "swift"), subject: document)
        let a = NotificationCenter.default.addObserver(of: document, for: DocumentDidSave.self) { _ in }
        let b = NotificationCenter.default.addObserver(of: document, for: .documentDidSave) { _ in }
        let c = NotificationCenter.default.addObserver(
          of: UIApplication.shared, for: .didBecomeActive) { _ in }
        NotificationCenter.default.post(SystemMessage(text: "hello"), subject: document)
        _ = (a, b, c)
      }
      """
    let found = try await findings(
      in: ["Sources/App/Messages.swift": messages, "Sources/App/Save.swift": use]
    ).filter { $0.ruleID == "notification-center" }
    #expect(found.map(\.location.line) == [2, 3, 4, 5], "\(found.map(\.message))")
    #expect(found.first?.message.contains("message DocumentDidSave") == true)
    #expect(
      !found.contains { $0.message.contains("\"hello\"") || $0.message.contains("\"Untitled\"") })
  }

  @Test("a system notification named by its string is the platform's, not the app's")
  func systemNotificationByString() async throws {
    let code = """
      func observe() {
        NotificationCenter.default.addObserver(
          self, selector: #selector(active), name: .init("NSApplicationDidBecomeActiveNotification"),
          object: nil)
        NotificationCenter.default.post(name: .init("refreshTimeline"), object: nil)
      }
      """
    #expect(try await lines(of: "notification-center", in: code) == [5])
    let observing = """
      func observe() {
        _ = NotificationCenter.default.publisher(for: .refreshTimeline)
        NotificationCenter.default.removeObserver(self, name: .refreshTimeline, object: nil)
      }
      extension Notification.Name { static let refreshTimeline = Notification.Name("r") }
      """
    let found = try await findings(in: ["Sources/App/File.swift": observing]).filter {
      $0.ruleID == "notification-center"
    }
    // Removing an observer is the end of observing, already reported where it began.
    #expect(found.map(\.location.line) == [2])
    #expect(
      found.first?.message.hasPrefix("observes (publisher) the app's own notification") == true)
  }

  @Test("rules over 5% wrong on real apps are off by default, and on when named")
  func offByDefault() async throws {
    let code = "func f() { let data: [String: Any] = [:] }\npublic func g(_ a: [String: Any]) {}\n"
    #expect(try await lines(of: "string-any-dictionary", in: code) == [])
    #expect(
      try await lines(
        of: "string-any-dictionary", in: code, yaml: "rules: { string-any-dictionary: on }")
        == [2])
    let off = LintRules.all.filter { !$0.isEnabledByDefault }.map(\.id).sorted()
    #expect(off == ["commented-out-code", "law-of-demeter", "string-any-dictionary"])
  }
}

@Suite("A result CI can trust")
struct TrustedResultTests {
  @Test("a file that does not parse fails the run, naming the line of its first error")
  func unparsedFails() throws {
    let text = (1...21).map { "let a\($0) = \($0)" }.joined(separator: "\n") + "\nfunc f( {\n"
    let report = Linter(rules: LintRules.all).run([LintSource(path: "Bad.swift", text: text)])
    let problem = try #require(report.problems.first)
    #expect(problem.isUnparsed)
    #expect(problem.message.hasPrefix("does not parse (line 22: "), "\(problem.message)")
    #expect(report.fails(under: LintConfiguration()))
    var lenient = LintConfiguration()
    lenient.failsOnUnlintedFiles = false
    #expect(!report.fails(under: lenient))
    let yaml = try LintConfiguration.load(
      yaml: "unlinted-files: warning", path: ".yaia-lint.yml", rules: LintRules.all)
    #expect(!yaml.failsOnUnlintedFiles)
    #expect(throws: LintConfigurationError.self) {
      try LintConfiguration.load(
        yaml: "unlinted-files: maybe", path: ".yaia-lint.yml", rules: LintRules.all)
    }
  }

  @Test(
    "nesting past the parser's safe depth is refused before parsing, at once, whatever brackets",
    arguments: ["[1, ", "(", "{ _ = ", "f(["])
  func deepNesting(opening: String) {
    let closing = String(
      opening.reversed().compactMap { ["[": "]", "(": ")", "{": "}"][$0] as Character? })
    let deep =
      "let a = " + String(repeating: opening, count: 3_000) + "1"
      + String(repeating: closing, count: 3_000)
    let report = Linter(rules: LintRules.all).run([
      LintSource(path: "Deep.swift", text: deep),
      LintSource(path: "Fine.swift", text: "let a = 1\n"),
    ])
    #expect(report.problems.map(\.path) == ["Deep.swift"])
    #expect(report.problems.first?.isUnparsed == true)
    #expect(report.fileCount == 1)
  }

  @Test(
    "20,000 nested generics or #if blocks are refused before parsing; the run goes on",
    arguments: [
      "let x: " + String(repeating: "A<", count: 20_000) + "B"
        + String(repeating: ">", count: 20_000)
        + "\n",
      String(repeating: "#if A\n", count: 20_000) + "let x = 1\n"
        + String(repeating: "#endif\n", count: 20_000),
    ])
  func deepGenericsAndConditions(text: String) {
    let report = Linter(rules: LintRules.all).run([
      LintSource(path: "Deep.swift", text: text),
      LintSource(path: "Fine.swift", text: "let a = 1\n"),
    ])
    #expect(report.problems.map(\.path) == ["Deep.swift"])
    #expect(report.problems.first?.message.contains("generic arguments or #if blocks") == true)
    #expect(report.fileCount == 1)
  }

  @Test("comparisons without spaces and many generics side by side are never refused")
  func manyAnglesSideBySide() {
    let comparisons = String(repeating: "let ok = i<n && j<m || a<b\n", count: 500)
    let generics =
      "let x: "
      + Array(repeating: "Array<Set<Int>>", count: 200).joined(
        separator: ", ") + "\n"
    #expect(ParseGuard.refusal(comparisons) == nil)
    #expect(ParseGuard.refusal(generics) == nil)
  }

  @Test("generics and #if nested at the limit parse and are linted, in a debug build too")
  func genericsAtTheLimit() {
    let depth = ParseGuard.maxNesting - 2
    let generics =
      "let x: " + String(repeating: "A<", count: depth) + "B" + String(repeating: ">", count: depth)
      + "\n"
    let conditions =
      String(repeating: "#if A\n", count: depth) + "let y = 1\n"
      + String(repeating: "#endif\n", count: depth)
    let report = Linter(rules: LintRules.all).run([
      LintSource(path: "Generics.swift", text: generics),
      LintSource(path: "Conditions.swift", text: conditions),
    ])
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.fileCount == 2)
  }

  @Test("nesting at the limit parses and is linted, in a debug build too")
  func nestingAtTheLimit() {
    let depth = ParseGuard.maxNesting - 2
    let text =
      "let a = " + String(repeating: "[1, ", count: depth) + "1"
      + String(repeating: "]", count: depth) + "\n"
    let report = Linter(rules: LintRules.all).run([LintSource(path: "Wide.swift", text: text)])
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.fileCount == 1)
  }
}

@Suite("Globs")
struct GlobTests {
  @Test(
    "** matches any number of folders, at the start, in the middle, at the end, twice",
    arguments: [
      ("a/**/*.swift", "a/x.swift", true),
      ("a/**/*.swift", "a/b/x.swift", true),
      ("a/**/*.swift", "a/b/c/x.swift", true),
      ("a/**/*.swift", "b/a/x.swift", false),
      ("**/Generated/**", "Generated/x.swift", true),
      ("**/Generated/**", "Sources/App/Generated/deep/x.swift", true),
      ("**/Generated/**", "Sources/App/NotGenerated/x.swift", false),
      ("Sources/**", "Sources/App/Views/x.swift", true),
      ("Sources/**/Views/**/*.swift", "Sources/App/Views/Rows/Row.swift", true),
      ("Sources/**/Views/**/*.swift", "Sources/App/Models/Row.swift", false),
      ("Sources/*/Views/*.swift", "Sources/App/Views/Row.swift", true),
      ("Sources/*/Views/*.swift", "Sources/App/Sub/Views/Row.swift", false),
      ("*.generated.swift", "Sources/App/Model.generated.swift", true),
      ("*.generated.swift", "Sources/App/Model.swift", false),
      ("Tests/YaiaLintTests/**", "./Tests/YaiaLintTests/Fixtures/App/a.swift", true),
      ("a/b?.swift", "a/b1.swift", true),
      ("a/b?.swift", "a/b/.swift", false),
      ("**", "anything/at/all.swift", true),
      // A folder is taken as that folder and everything in it, as other linters read it.
      ("Generated", "Sources/App/Generated/deep/x.swift", true),
      ("Generated", "Sources/App/GeneratedMore/x.swift", false),
      ("Generated/", "Generated/x.swift", true),
      ("Sources/Generated", "Sources/Generated/deep/x.swift", true),
      ("Sources/Generated", "Sources/GeneratedMore/x.swift", false),
      ("Sources/Generated", "Other/Sources/Generated/x.swift", false),
      ("/Generated", "Generated/x.swift", true),
      ("/Generated", "Sources/Generated/x.swift", false),
      ("./a/**", "a/x.swift", true),
      ("./a/**", "b/a/x.swift", false),
      ("./a", "./a/b/x.swift", true),
      ("*.*", "../Shared/x", false),
      ("Shared", "../Shared/x.swift", true),
    ])
  func patterns(pattern: String, path: String, matches: Bool) {
    var configuration = LintConfiguration()
    configuration.excluded = [pattern]
    #expect(configuration.isExcluded(path) == matches, "\(pattern) ~ \(path)")
  }

  @Test("a pattern of many stars against a long path is answered at once")
  func noBlowUp() {
    var configuration = LintConfiguration()
    configuration.excluded = [String(repeating: "**/*a*/", count: 30) + "b"]
    let path = String(repeating: "aaaa/", count: 200) + "c"
    #expect(!configuration.isExcluded(path))
  }
}

@Suite("Paths in baselines and SARIF")
struct ReportedPathTests {
  @Test("paths are relative to the configuration's folder, from whatever folder the run starts")
  func relativeToRoot() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-root-\(UUID().uuidString)/My App")
    let sources = folder.appending(path: "Sources/Feature Views")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    try Data("private let unused = 1\n".utf8).write(to: sources.appending(path: "Row View.swift"))

    let (found, problems) = LintFiles.collect([sources.path], relativeTo: folder.path)
    #expect(problems.isEmpty)
    #expect(found.map(\.path) == ["Sources/Feature Views/Row View.swift"])
    // Outside the configuration's folder: relative to it too, the same from any folder.
    let ups = folder.standardizedFileURL.pathComponents.count - 1
    #expect(
      LintFiles.shown("/elsewhere/A.swift", root: folder.path)
        == Array(repeating: "..", count: ups).joined(separator: "/") + "/elsewhere/A.swift")
    #expect(
      LintFiles.shown(folder.path + "/../Shared/C.swift", root: folder.path) == "../Shared/C.swift")
    #expect(LintFiles.shown(folder.path + "/./Sources/../B.swift", root: folder.path) == "B.swift")

    var report = Linter(rules: LintRules.all).run(found)
    report.root = folder.path
    let sarif = LintFormat.sarif.render(report, rules: LintRules.all, under: LintConfiguration())
    #expect(sarif.contains(#""uri" : "Sources/Feature%20Views/Row%20View.swift""#), "\(sarif)")
    #expect(sarif.contains(#""uriBaseId" : "SRCROOT""#))
    #expect(sarif.contains("My%20App"))
    let baseline = String(decoding: LintBaseline(report).data(), as: UTF8.self)
    #expect(baseline.contains("Sources/Feature Views/Row View.swift"))
  }
}

@Suite("A file that takes too long")
struct FileTimeLimitTests {
  /// A rule that never ends on one file: what a pathological input does to the parser.
  struct StuckRule: LintRule {
    let id = "stuck"
    let defaultSeverity = LintSeverity.warning
    let reason = "A test's rule."
    let fix = "None."
    let readsOtherFiles = false
    /// Open while the rule is stuck: the run must have returned before it is released.
    static let stuck = Mutex(false)
    static let released = Mutex(false)

    func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      if file.path.hasSuffix("Stuck.swift") {
        // Stuck far past the limit below, until the test releases it (at most 120 s).
        Self.stuck.withLock { $0 = true }
        for _ in 0..<12_000 where !Self.released.withLock({ $0 }) {
          Thread.sleep(forTimeInterval: 0.01)
        }
        Self.stuck.withLock { $0 = false }
      }
      return []
    }
  }

  @Test("a file past the time limit is reported as not linted, and the run ends without it")
  func timeLimit() async throws {
    var linter = Linter(rules: [StuckRule()] + LintRules.all)
    linter.fileTimeLimit = .milliseconds(500)
    let sources = [
      LintSource(path: "Sources/App/Stuck.swift", text: "let a = 1\n"),
      LintSource(path: "Sources/App/Fine.swift", text: "private let unused = 1\n"),
    ]
    let configured = linter
    defer { StuckRule.released.withLock { $0 = true } }
    let report = try await onThread { configured.run(sources) }.value
    // The rule is still stuck (released only now): the run did not wait for it.
    #expect(StuckRule.stuck.withLock { $0 }, "the run waited for the stuck rule")
    StuckRule.released.withLock { $0 = true }
    #expect(report.problems.map(\.path) == ["Sources/App/Stuck.swift"])
    #expect(report.problems.first?.message.hasPrefix("took longer than") == true)
    #expect(report.problems.first?.isUnparsed == true)
    #expect(report.findings.map(\.location.path) == ["Sources/App/Fine.swift"])
  }
}
