import Dispatch
import Foundation
import Testing
import YaiaTesting

@testable import YaiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `yaia lint` is given that is not plain Swift in plain folders: excluded folders, FIFOs,
/// patterns that match nothing. Each is said, and none stops the run.
@Suite("The linter says when it checks less, and no input stops it")
struct LintInputTests {
  /// A folder of its own for one test, removed by the caller.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-input-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("an excluded folder is never entered: its huge and binary files are not read or reported")
  func excludedBeforeReading() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let generated = folder.appending(path: "Sources/App/Generated")
    try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
    try Data(repeating: 0x61, count: LintFiles.maxFileBytes + 1).write(
      to: generated.appending(path: "Huge.swift"))
    try Data([0xFF, 0xFE, 0x00]).write(to: generated.appending(path: "Binary.swift"))
    try Data("struct Kept {}\n".utf8).write(to: folder.appending(path: "Sources/App/Kept.swift"))

    let (sources, problems) = LintFiles.collect(
      [folder.path], relativeTo: folder.path, excluding: ["Generated"])
    #expect(sources.map(\.path) == ["Sources/App/Kept.swift"])
    #expect(problems.isEmpty, "\(problems)")

    // Without the exclusion, both are reported as not linted: the exclusion is what hid them.
    let (_, unexcluded) = LintFiles.collect([folder.path], relativeTo: folder.path)
    #expect(unexcluded.filter(\.isUnparsed).count == 2, "\(unexcluded)")
  }

  @Test("a folder skipped for its name is named, and `skip:` decides which names are skipped")
  func skippedByName() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in [
      "Sources/Pods/A.swift", "Sources/App/B.swift", ".build/C.swift", "Sources/.D.swift",
    ] {
      let file = folder.appending(path: path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("struct S {}\n".utf8).write(to: file)
    }
    try Data("x".utf8).write(to: folder.appending(path: ".gitignore"))
    // The built-in skips: an app module at Sources/Pods is left out, but said.
    let builtIn = LintFiles.collect(
      [folder.path], relativeTo: folder.path, skipping: LintFiles.builtInSkips)
    #expect(builtIn.sources.map(\.path) == ["Sources/App/B.swift"])
    #expect(builtIn.skipped.byName == [".build", "Sources/.D.swift", "Sources/Pods"])
    // A team whose module is called Pods lists the skips it wants.
    let configuration = try LintConfiguration.load(
      yaml: "skip: [\".*\", DerivedData]\n", path: ".yaia-lint.yml", rules: LintRules.all)
    let own = LintFiles.collect(
      [folder.path], relativeTo: folder.path, skipping: configuration.skipped)
    #expect(own.sources.map(\.path) == ["Sources/App/B.swift", "Sources/Pods/A.swift"])
    #expect(own.skipped.byName == [".build", "Sources/.D.swift"])
    // The summary names them; SARIF carries each as a notification.
    var report = Linter(rules: []).run(own.sources)
    report.skipped = own.skipped
    let text = LintFormat.text.render(report, rules: [], under: LintConfiguration())
    #expect(text.contains("2 skipped by name (.build, Sources/.D.swift"), "\(text)")
    let sarif = LintFormat.sarif.render(report, rules: [], under: LintConfiguration())
    #expect(sarif.contains("not entered: its name is skipped"), "\(sarif)")
  }

  @Test("an exclusion holds through a link, and an excluded path named on the command line is said")
  func exclusionThroughLinks() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let generated = folder.appending(path: "Sources/Generated")
    try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
    try Data("struct G {}\n".utf8).write(to: generated.appending(path: "G.swift"))
    try Data("struct K {}\n".utf8).write(to: folder.appending(path: "Sources/K.swift"))
    #expect(symlink("Generated", folder.appending(path: "Sources/Link").path) == 0)
    let (sources, problems) = LintFiles.collect(
      [folder.path], relativeTo: folder.path, excluding: ["Sources/Generated"])
    #expect(sources.map(\.path) == ["Sources/K.swift"])
    #expect(problems.isEmpty, "\(problems)")
    // Named on the command line: reported, not a silent "0 files".
    let named = LintFiles.collect(
      [
        generated.appending(path: "G.swift").path,
        folder.appending(path: "Sources/Link/G.swift").path,
      ],
      relativeTo: folder.path, excluding: ["Sources/Generated"])
    #expect(named.sources.isEmpty)
    #expect(named.problems.count == 2, "\(named.problems)")
    #expect(named.problems.allSatisfy { $0.message.contains("excluded by the configuration") })
  }

  @Test("an exclude pattern that matches nothing is a warning naming it, not a failure")
  func unmatchedExclude() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("struct A {}\n".utf8).write(to: folder.appending(path: "A.swift"))
    let (sources, problems) = LintFiles.collect(
      [folder.path], relativeTo: folder.path, excluding: ["A.swift", "Sources/Generated/**"])
    #expect(sources.isEmpty)
    #expect(problems.map(\.path) == ["Sources/Generated/**"])
    #expect(problems.first?.message.contains("leaves nothing out") == true)
    #expect(problems.allSatisfy { !$0.isUnparsed }, "a warning: the run does not fail for it")
  }

  @Test("a layer path that matches no file is a warning naming it and its layer")
  func unmatchedLayerPath() {
    var configuration = LintConfiguration()
    configuration.layers = [
      LintLayer(name: "view", paths: ["Sources/App/Views/**"]),
      LintLayer(name: "domain", paths: ["Sources/App/Domian/**"]),
    ]
    let report = Linter(rules: LintRules.all, configuration: configuration).run([
      LintSource(path: "Sources/App/Views/Row.swift", text: "struct Row {}\n")
    ])
    #expect(report.problems.map(\.path) == ["Sources/App/Domian/**"])
    #expect(report.problems.first?.message.contains("layer 'domain'") == true)
    #expect(!report.fails(under: configuration))
  }

  @Test("a FIFO named *.swift is reported and skipped: the run goes on")
  func fifo() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "Pipe.swift")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    try Data("struct A {}\n".utf8).write(to: folder.appending(path: "A.swift"))
    // On a thread of its own, bounded: a read that blocks on the FIFO fails the test rather
    // than hanging the suite.
    let collected = Task.detached { LintFiles.collect([folder.path], relativeTo: folder.path) }
    let (sources, problems) = try #require(
      await value(of: collected, timeout: .seconds(60)), "reading the folder blocked on the FIFO")
    #expect(sources.map(\.path) == ["A.swift"])
    #expect(problems.map(\.path) == ["Pipe.swift"])
    #expect(problems.first?.message.contains("not a regular file") == true)
  }
}

@Suite("Slow files never stop a run")
struct SlowFileTests {
  @Test("as many slow files as cores and more: the rest still start, and the map ends")
  func stuckWorkersAreReplaced() async throws {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let slow = cores + 1
    let elements = Array(0..<(slow + 20))
    // The slow ones wait until the test lets them go, after the map returned without them.
    let release = DispatchSemaphore(value: 0)
    let mapped = Task.detached { () -> [String] in
      concurrentMap(elements, timeLimit: .seconds(2), timedOut: { "gave up \($0)" }) { element in
        if element < slow { release.wait() }  // blocks: the map's own threads, not the pool
        return "did \(element)"
      }
    }
    let result = await value(of: mapped, timeout: .seconds(60))
    for _ in 0..<slow { release.signal() }
    let results = try #require(result, "the map did not end while \(slow) elements were stuck")
    #expect(results.count == elements.count)
    #expect(results.prefix(slow).allSatisfy { $0.hasPrefix("gave up") }, "\(results)")
    // Each fast element ran, or (on a machine too busy to start a thread in two seconds) was
    // given up: none is missing, and the map ended.
    #expect(
      zip(results, elements).dropFirst(slow).allSatisfy {
        $0.0 == "did \($0.1)" || $0.0 == "gave up \($0.1)"
      })
  }
}

@Suite("commented-out-code trims as Foundation's whitespaces did, without Foundation")
struct CommentTrimTests {
  @Test("spaces, tabs and Unicode's space separators go; line ends, letters and marks stay")
  func sameAsFoundation() {
    let lines = [
      "", " ", "\t", "  let x = 1  ", "\tfoo()\t", "\u{00A0}bar\u{3000}", "text:\r", "\r",
      "é ", " e\u{301}", "\u{2028}x", "a b",
    ]
    for line in lines {
      #expect(
        String(CommentedOutCodeRule.trimmed(line)) == line.trimmingCharacters(in: .whitespaces),
        "\(line.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    // A zero-width space is a format character (Cf), not a space separator: kept, as Apple
    // documents `whitespaces` (Linux's Foundation drops it).
    #expect(CommentedOutCodeRule.trimmed(" \u{200B}word ") == "\u{200B}word")
  }

  @Test("a line looks like code read as bytes exactly as read as characters")
  func bytesAsCharacters() {
    let lines = [
      "", " ", "let x = 1", "  let", "let\t", "lets go", "\tif ok", "return", "return\r",
      "returns", "see f(x)", "a = b", "plain words", "\u{00A0}let x", "let\u{00A0}",
      "\u{3000}func\u{3000}", "é(", "enum", "structure", "case .a:", "x;", "[1]", "é", " ",
      "import\u{301} x", "caf\u{E9} for", "\u{200B}let", "for\u{200B}",
      // A mark that joins an ASCII byte into one character: after it, or (prepended) before.
      "x =\u{338} y", "f(\u{301}x", "a \u{600}= b", "[\u{301}", "let \u{301}x", "let\u{301} x",
      "x \u{300}\u{301}; y", "é = 1", "x = é", "for é in x",
    ]
    for line in lines {
      #expect(
        CommentedOutCodeRule.looksLikeCode(line)
          == CommentedOutCodeRule.looksLikeCodeByCharacters(line),
        "\(line.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
