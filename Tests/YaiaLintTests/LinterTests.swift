import Foundation
import Testing
import YaiaLint
import YaiaTesting

@Suite("The linter: configuration, suppressions, baseline, output, bad input")
struct LinterTests {
  static func configError(_ yaml: String) -> LintConfigurationError? {
    do {
      _ = try LintConfiguration.load(yaml: yaml, path: ".yaia-lint.yml", rules: LintRules.all)
      return nil
    } catch {
      return error
    }
  }

  @Test("unknown keys and bad values are errors naming the file and line")
  func configurationErrors() {
    #expect(
      Self.configError("rules:\n  nested-closures:\n    max-dept: 4\n")?.description
        == ".yaia-lint.yml:3: unknown key 'max-dept' for rule nested-closures (known: enabled, severity, max-depth)"
    )
    #expect(Self.configError("rules:\n  nested-closures: { max-depth: 0 }\n")?.line == 2)
    #expect(
      Self.configError("rules:\n  no-such-rule: off\n")?.message.hasPrefix(
        "unknown rule 'no-such-rule'") == true)
    #expect(Self.configError("rules:\n  layers: loud\n")?.line == 2)
    #expect(
      Self.configError("colour: red\n")?.description.hasPrefix(
        ".yaia-lint.yml:1: unknown key 'colour'") == true)
    #expect(
      Self.configError("layers:\n  - { name: v, may-use: [d] }\n")?.message
        == "layer v needs paths or modules")
    #expect(
      Self.configError("layers:\n  - { name: v, paths: [a], may-use: [d] }\n")?.message
        == "layer v may use 'd', which is not a layer")
    #expect(Self.configError("a: &x [1]\nb: *x\n") != nil)
    #expect(Self.configError("rules: [\n") != nil)
  }

  @Test("rules off, severities and excluded paths apply")
  func settings() async throws {
    let source = "func f() { a { b { c { d { } } } } }\n"
    let files = ["Sources/App/A.swift": source, "Sources/Generated/B.swift": source]
    #expect(try await lines(of: "nested-closures", in: files) == [1, 1])
    let yaml = """
      rules:
        nested-closures: error
      exclude: ["Sources/Generated/**"]
      """
    let found = try await findings(in: files, yaml: yaml)
    #expect(found.map(\.severity) == [.error])
    #expect(try await findings(in: files, yaml: "rules:\n  nested-closures: off\n").isEmpty)
  }

  @Test("a suppression with a reason silences the next line; one without a reason is reported")
  func suppressions() async throws {
    let source = """
      func f() {
        // yaia-lint:disable:next nested-closures because the test needs four levels
        a { b { c { d { } } } }
        // yaia-lint:disable:next nested-closures
        a { b { c { d { } } } }
      }
      """
    let found = try await findings(in: ["Sources/App/A.swift": source])
    #expect(
      found.map { "\($0.location.line) \($0.ruleID)" } == ["4 suppression", "5 nested-closures"])
  }

  @Test("a baseline accepts the findings it lists, one each, whatever their line")
  func baseline() async throws {
    let before = "func f() { a { b { c { d { } } } } }\n"
    let linter = Linter(rules: LintRules.all)
    let baseline = LintBaseline(linter.run([LintSource(path: "A.swift", text: before)]))
    let stored = try LintBaseline.read(baseline.data(), path: "baseline.json")
    let after = "\n\nfunc f() { a { b { c { d { } } } } }\nfunc g() { a { b { c { d { } } } } }\n"
    let remaining = stored.filter(linter.run([LintSource(path: "A.swift", text: after)]))
    #expect(remaining.findings.map(\.location.line) == [4])
    #expect(throws: LintBaselineError.self) {
      try LintBaseline.read(Data("[]".utf8), path: "b.json")
    }
  }

  @Test("text, JSON, SARIF 2.1.0 and GitHub output; control characters never reach a terminal")
  func formats() async throws {
    let source =
      "func f() { NotificationCenter.default.post(name: Notification.Name(\"a\\u{1B}[2J\"), object: nil) }\n"
    let linter = Linter(rules: LintRules.all)
    let report = linter.run([LintSource(path: "Sources/App/A.swift", text: source)])
    let text = LintFormat.text.render(report, rules: LintRules.all, under: LintConfiguration())
    #expect(text.hasPrefix("Sources/App/A.swift:1:12: warning: posts the app's own notification"))
    #expect(text.contains("[notification-center]") && !text.contains("\u{1B}"))
    let github = LintFormat.github.render(report, rules: LintRules.all, under: LintConfiguration())
    #expect(
      github.hasPrefix(
        "::warning file=Sources/App/A.swift,line=1,col=12,title=notification-center::"))
    let sarif =
      try JSONSerialization.jsonObject(
        with: Data(
          LintFormat.sarif.render(report, rules: LintRules.all, under: LintConfiguration()).utf8))
      as? [String: Any]
    #expect(sarif?["version"] as? String == "2.1.0")
    let run = (sarif?["runs"] as? [[String: Any]])?.first
    let results = run?["results"] as? [[String: Any]]
    #expect(results?.first?["ruleId"] as? String == "notification-center")
    let driver = (run?["tool"] as? [String: Any])?["driver"] as? [String: Any]
    #expect((driver?["rules"] as? [Any])?.count == LintRules.all.count)
    let json =
      try JSONSerialization.jsonObject(
        with: Data(
          LintFormat.json.render(report, rules: LintRules.all, under: LintConfiguration()).utf8))
      as? [String: Any]
    #expect((json?["findings"] as? [Any])?.count == 1)
  }

  @Test("SARIF's executionSuccessful follows the exit status: an error, or a file not linted")
  func sarifSuccess() throws {
    func successful(_ report: LintReport, _ configuration: LintConfiguration) throws -> Bool? {
      let sarif =
        try JSONSerialization.jsonObject(
          with: Data(
            LintFormat.sarif.render(report, rules: LintRules.all, under: configuration).utf8))
        as? [String: Any]
      let run = (sarif?["runs"] as? [[String: Any]])?.first
      let invocation = (run?["invocations"] as? [[String: Any]])?.first
      return invocation?["executionSuccessful"] as? Bool
    }
    let linter = Linter(rules: LintRules.all)
    let clean = linter.run([LintSource(path: "A.swift", text: "struct A {}\n")])
    #expect(try successful(clean, LintConfiguration()) == true)
    let unparsed = linter.run([LintSource(path: "Bad.swift", text: "func f( {\n")])
    #expect(try successful(unparsed, LintConfiguration()) == false, "the run exits 1")
    var accepting = LintConfiguration()
    accepting.failsOnUnlintedFiles = false
    #expect(try successful(unparsed, accepting) == true, "unlinted-files: warning")
  }

  @Test("a file that does not parse is reported and the others are still linted")
  func unparsable() {
    let report = Linter(rules: LintRules.all).run([
      LintSource(path: "Bad.swift", text: "func f( {\n"),
      LintSource(path: "Good.swift", text: "func g() { a { b { c { d { } } } } }\n"),
    ])
    #expect(report.problems.map(\.path) == ["Bad.swift"])
    #expect(report.problems.first?.message.hasPrefix("does not parse") == true)
    #expect(report.findings.map(\.location.path) == ["Good.swift"])
  }

  @Test("binary, non-UTF-8, huge, unreadable files and link loops are clear messages, not crashes")
  func badFiles() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-lint-\(UUID().uuidString)")
    let manager = FileManager.default
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: folder) }
    try Data([0x66, 0x00, 0x01]).write(to: folder.appending(path: "binary.swift"))
    try Data([0xC3, 0x28]).write(to: folder.appending(path: "latin.swift"))
    // 50,000 lines, mostly comments: debug builds of swift-syntax parse code slowly, and the
    // point here is that size alone breaks nothing (the release figure is in the benchmark).
    let long =
      String(repeating: "let value = f(1, 2) + g(3)\n", count: 500)
      + String(repeating: "// a note about the values above\n", count: 49_500)
    try Data(long.utf8).write(to: folder.appending(path: "long.swift"))
    try manager.createSymbolicLink(
      atPath: folder.appending(path: "loop").path, withDestinationPath: folder.path)
    try manager.createSymbolicLink(
      atPath: folder.appending(path: "a.swift").path,
      withDestinationPath: folder.appending(path: "b.swift").path)
    try manager.createSymbolicLink(
      atPath: folder.appending(path: "b.swift").path,
      withDestinationPath: folder.appending(path: "a.swift").path)
    let locked = folder.appending(path: "locked")
    try manager.createDirectory(at: locked, withIntermediateDirectories: true)
    try manager.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
    defer { try? manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }

    // Off the cooperative pool: reading and linting 50,000 lines blocks while it works.
    let path = folder.path
    let (sources, problems) = try await onThread { LintFiles.collect([path]) }.value
    let messages = Dictionary(
      problems.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.message) },
      uniquingKeysWith: { first, _ in first })
    #expect(messages["binary.swift"]?.contains("binary") == true)
    #expect(messages["latin.swift"]?.contains("not UTF-8") == true)
    #expect(messages["a.swift"] != nil && messages["b.swift"] != nil)
    #expect(sources.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["long.swift"])
    // Root reads any directory; otherwise the locked one is reported.
    if getuid() != 0 { #expect(messages["locked"]?.contains("cannot be read") == true) }
    let report = try await onThread { Linter(rules: LintRules.all).run(sources) }.value
    #expect(report.lineCount == 50_000 && report.problems.isEmpty)
  }

  @Test("lines are counted as a file has them, and a lone CR ends a line as the compiler reads it")
  func lineEnds() {
    let linter = Linter(rules: LintRules.all)
    // Three lines each, whatever the line end, with or without a final one; none when empty.
    for text in ["a\nb\nc\n", "a\nb\nc", "a\r\nb\r\nc\r\n", "a\rb\rc\r", "a\rb\rc"] {
      #expect(
        linter.run([LintSource(path: "A.swift", text: text)]).lineCount == 3,
        "\(text.debugDescription)")
    }
    #expect(linter.run([LintSource(path: "A.swift", text: "")]).lineCount == 0)
    // A finding on the third line of a file saved with classic Mac line ends is on line 3.
    let nested = "// one\r// two\rfunc g() { a { b { c { d { } } } } }\r"
    let findings = linter.run([LintSource(path: "A.swift", text: nested)]).findings
    #expect(!findings.isEmpty && findings.allSatisfy { $0.location.line == 3 }, "\(findings)")
  }

  @Test("a folder's Swift files are found whatever the case of their extension")
  func extensionCase() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-lint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["Upper.SWIFT", "Mixed.Swift", "plain.swift", "notes.txt"] {
      try Data("let a = 1\n".utf8).write(to: folder.appending(path: name))
    }
    let path = folder.path
    let (sources, _) = try await onThread { LintFiles.collect([path]) }.value
    #expect(
      sources.map { URL(fileURLWithPath: $0.path).lastPathComponent }.sorted()
        == ["Mixed.Swift", "Upper.SWIFT", "plain.swift"])
  }
}

@Suite("Sources the parser cannot read in time")
struct ParseGuardTests {
  @Test(
    "directly nested `[` past the limit is reported as not linted, at once, and the run goes on")
  func nestedSquareBrackets() {
    let deep =
      "let x = " + String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
    let report = Linter(rules: LintRules.all).run([
      LintSource(path: "Deep.swift", text: deep),
      LintSource(path: "Fine.swift", text: "let grid: [[[Int]]] = [[[1]]]\n"),
    ])
    #expect(report.problems.map(\.path) == ["Deep.swift"])
    #expect(report.problems.first?.message.contains("exponential time") == true)
    #expect(report.fileCount == 1)  // the files linted
  }

  @Test(
    "the guard counts `[` across whitespace and comments, not inside strings or after other tokens",
    arguments: [
      (String(repeating: "[ /* c */ ", count: 13), true),
      (String(repeating: "[\n", count: 13), true),
      (String(repeating: "[ // c\n", count: 13), true),
      (String(repeating: "[", count: 12), false),
      ("\"" + String(repeating: "[", count: 40) + "\"", false),
      ("\"\"\"\n" + String(repeating: "[", count: 40) + "\n\"\"\"", false),
      ("// " + String(repeating: "[", count: 40), false),
      (String(repeating: "[1, ", count: 40), false),
      (String(repeating: "[f(", count: 40), false),
    ])
  func guardShapes(text: String, refused: Bool) {
    #expect((ParseGuard.refusal(text) != nil) == refused, "\(text.debugDescription)")
  }

  @Test("the guard names the line where the nesting reaches the limit")
  func guardLine() {
    let text = "let a = 1\n\n/* two\nlines */ let b = " + String(repeating: "[", count: 13)
    #expect(
      ParseGuard.refusal(text)?.contains("line 4") == true, "\(ParseGuard.refusal(text) ?? "")")
  }
}

@Suite("Files too large to lint")
struct LargeFileTests {
  @Test("a file over the limit is refused by its size, before it is read")
  func refusedBySize() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "yaia-large-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A sparse file: 1 GiB by its size, no disk, and far more than the limit to read.
    let path = folder.appending(path: "Huge.swift").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    let (sources, problems) = LintFiles.collect([folder.path])
    #expect(sources.isEmpty)
    #expect(problems.count == 1)
    #expect(problems.first?.message.contains("over the limit") == true, "\(problems)")
  }

  @Test("a file at the limit is read whole; one byte more is refused")
  func atTheLimit() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "yaia-limit-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let line = Data("let x = 1\n".utf8)
    var text = Data(repeating: UInt8(ascii: " "), count: LintFiles.maxFileBytes - line.count)
    text.append(line)
    try text.write(to: folder.appending(path: "Exact.swift"))
    #expect(
      LintFiles.collect([folder.path]).sources.first?.text.utf8.count == LintFiles.maxFileBytes)
    text.append(UInt8(ascii: "\n"))
    try text.write(to: folder.appending(path: "Exact.swift"))
    #expect(LintFiles.collect([folder.path]).sources.isEmpty)
  }
}
