import Foundation
import Testing
import Yaia
import YaiaLint
import YaiaTesting

/// The cache between runs: a file whose text did not change is not read again, and nothing a
/// change elsewhere affects is taken from it.
@Suite("The lint cache")
struct LintCacheTests {
  /// The key a test's caches are tagged with.
  static let secret = LintCacheSecret(bytes: Array(repeating: 7, count: 32))

  static let state = """
    protocol ShellState {}
    struct Cart {
      mutating func handle(_ event: Int) -> [Int] {
        _ = Date()
        return []
      }
    }
    """

  func run(_ files: [String: String], rules: [any LintRule] = LintRules.all, cache: LintCache?)
    async throws -> (report: LintReport, cache: LintCache)
  {
    let sources = files.sorted { $0.key < $1.key }.map { LintSource(path: $0.key, text: $0.value) }
    return try await onThread { Linter(rules: rules).run(sources, cache: cache) }.value
  }

  @Test("an unchanged file's findings come from the cache, not from linting it again")
  func reuse() async throws {
    let files = ["Sources/App/A.swift": "private let unused = 1\n"]
    let first = try await run(files, cache: LintCache(key: "k"))
    #expect(first.report.findings.map(\.ruleID) == ["unused-private"])
    #expect(first.cache.count == 1)
    // No rules at all: only the cache can still know the finding.
    let second = try await run(files, rules: [], cache: first.cache)
    #expect(second.report.findings == first.report.findings)
    // A changed text is read again.
    let edited = try await run(
      ["Sources/App/A.swift": "private let unused = 2\n"], rules: [], cache: first.cache)
    #expect(edited.report.findings.isEmpty)
  }

  @Test("a change in one file's declarations checks the unchanged files again")
  func crossFile() async throws {
    var files = [
      "Sources/App/Cart.swift": Self.state, "Sources/App/Other.swift": "struct Other {}\n",
    ]
    let first = try await run(files, cache: LintCache(key: "k"))
    #expect(!first.report.findings.contains { $0.ruleID == "state-purity" })
    // Cart.swift is unchanged, but another file now makes Cart a state.
    files["Sources/App/Other.swift"] = "extension Cart: ShellState {}\n"
    let second = try await run(files, cache: first.cache)
    // Cart.swift said nothing of being a state, so it kept no candidates: it is parsed again,
    // as well as the changed file.
    #expect(second.report.parseCount == 2)
    let purity = second.report.findings.filter { $0.ruleID == "state-purity" }
    #expect(purity.map(\.location.path) == ["Sources/App/Cart.swift"])
    #expect(purity.map(\.location.line) == [4])
    // And the same as a run with no cache.
    let fresh = try await run(files, cache: nil)
    #expect(second.report.findings == fresh.report.findings)
  }

  @Test("a change in another file decides the kept candidates again without parsing their file")
  func candidatesDecidedAgain() async throws {
    var files = [
      "Sources/App/Cart.swift": """
      import Foundation
      struct Cart: AppState {
        mutating func handle(_ event: Int) -> [Int] {
          _ = Date()
          return []
        }
      }
      """,
      "Sources/App/Protocols.swift": "protocol ShellState {}\nprotocol AppState: ShellState {}\n",
    ]
    let first = try await run(files, cache: LintCache(key: "k"))
    #expect(first.report.findings.map(\.ruleID) == ["state-purity"])
    #expect(first.report.parseCount == 2)
    // AppState is no state any more: Cart's candidate no longer holds, and only the changed
    // file is parsed.
    files["Sources/App/Protocols.swift"] = "protocol AppState {}\n"
    let second = try await run(files, cache: first.cache)
    #expect(second.report.findings.isEmpty)
    #expect(second.report.parseCount == 1)
    let summary = LintFormat.text.render(
      second.report, rules: LintRules.all, under: LintConfiguration())
    #expect(summary.contains("(1 parsed, the others from the cache)"))
    // And back: the candidate holds again, still without parsing Cart.swift.
    files["Sources/App/Protocols.swift"] =
      "protocol ShellState {}\nprotocol AppState: ShellState {}\n"
    let third = try await run(files, cache: second.cache)
    #expect(third.report.findings.map(\.location.line) == [4])
    #expect(third.report.parseCount == 1)
    let fresh = try await run(files, cache: nil)
    #expect(third.report.findings == fresh.report.findings)
  }

  @Test("a cache of another key, another format or damaged is an empty cache")
  func readsSafely() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "deep/cache.json")
    var cache = LintCache(key: "a")
    cache.key = "a"
    try cache.write(to: file, secret: Self.secret)
    #expect(LintCache.read(from: file, key: "a", secret: Self.secret).key == "a")
    #expect(LintCache.read(from: file, key: "b", secret: Self.secret).count == 0)
    try Data("{not json".utf8).write(to: file)
    #expect(LintCache.read(from: file, key: "a", secret: Self.secret).count == 0)
    #expect(
      LintCache.read(from: folder.appending(path: "missing.json"), key: "a", secret: Self.secret)
        .count == 0)
    #expect(LintCache.hash("a") != LintCache.hash("b"))
    #expect(LintCache.hash("yaia") == LintCache.hash("yaia"))
  }

  @Test("a cache edited by hand is an empty cache: findings are never hidden by one")
  func editedCache() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "cache.json")
    let files = ["Sources/App/A.swift": "private let unused = 1\n"]
    let first = try await run(files, cache: LintCache(key: "k"))
    try first.cache.write(to: file, secret: Self.secret)
    #expect(LintCache.read(from: file, key: "k", secret: Self.secret).count == 1)
    // The finding removed by hand, the tag line kept: the cache is not trusted.
    let text = try String(contentsOf: file, encoding: .utf8)
    let edited = text.replacingOccurrences(of: "unused-private", with: "nothing-at-all")
    #expect(edited != text)
    try Data(edited.utf8).write(to: file)
    let read = LintCache.read(from: file, key: "k", secret: Self.secret)
    #expect(read.count == 0)
    let rerun = try await run(files, cache: read)
    #expect(rerun.report.findings.map(\.ruleID) == ["unused-private"])
  }

  @Test("a forged cache, tagged right by the old scheme or under another key, hides nothing")
  func forgedCache() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "cache.json")
    let files = ["Sources/App/A.swift": "private let unused = 1\n"]
    // The attacker runs the linter on a clean copy of the file, with a key of their own, and
    // commits the cache with the finding's file changed: the same key and format, a tag they
    // could compute.
    let clean = try await run(["Sources/App/A.swift": "let used = 1\n"], cache: LintCache(key: "k"))
    let theirs = LintCacheSecret(bytes: Array(repeating: 9, count: 32))
    try clean.cache.write(to: file, secret: theirs)
    #expect(LintCache.read(from: file, key: "k", secret: theirs).count == 1)
    #expect(LintCache.read(from: file, key: "k", secret: Self.secret).count == 0)
    // The old scheme's checksum (FNV-1a over the key, then the body), which anyone could
    // compute from the configuration and the linter: no longer a tag.
    let text = try String(contentsOf: file, encoding: .utf8)
    let body = Array(text.utf8.drop { $0 != UInt8(ascii: "\n") }.dropFirst())
    var fnv = LintCache.hash("k")
    for byte in body {
      fnv ^= UInt64(byte)
      fnv &*= 0x0000_0100_0000_01b3
    }
    try Data((String(fnv, radix: 16) + "\n").utf8 + body).write(to: file)
    let forged = LintCache.read(from: file, key: "k", secret: Self.secret)
    #expect(forged.count == 0)
    let rerun = try await run(files, cache: forged)
    #expect(rerun.report.findings.map(\.ruleID) == ["unused-private"])
  }

  @Test(
    "the cache key is made once in the state folder, 0600, and refused when others can write it")
  func secretFile() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-state-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = folder.path + "/state/yaia"
    let first = try LintCacheSecret.load(stateFolder: state)
    #expect(first.bytes.count == 32)
    #expect(try LintCacheSecret.load(stateFolder: state).bytes == first.bytes)
    var info = stat()
    #expect(stat(state + "/lint-cache.key", &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(stat(state, &info) == 0 && info.st_mode & 0o777 == 0o700)
    // Writable by the group: another user could forge, so it is not used.
    #expect(chmod(state + "/lint-cache.key", 0o620) == 0)
    #expect(throws: LintCacheSecret.Unavailable.self) {
      try LintCacheSecret.load(stateFolder: state)
    }
    // A link in its place is refused, not followed.
    #expect(unlink(state + "/lint-cache.key") == 0)
    #expect(symlink("/etc/hostname", state + "/lint-cache.key") == 0)
    #expect(throws: LintCacheSecret.Unavailable.self) {
      try LintCacheSecret.load(stateFolder: state)
    }
    // A key of the wrong size (a crash while it was written) is refused with what to do.
    #expect(unlink(state + "/lint-cache.key") == 0)
    let short = open(state + "/lint-cache.key", O_WRONLY | O_CREAT | O_EXCL, 0o600)
    #expect(short >= 0)
    close(short)
    let sizeError = #expect(throws: LintCacheSecret.Unavailable.self) {
      try LintCacheSecret.load(stateFolder: state)
    }
    #expect(sizeError?.description.contains("delete it") == true)
    #expect(unlink(state + "/lint-cache.key") == 0)
    // A state folder others may write in (no sticky bit): another user could swap the key.
    #expect(chmod(state, 0o777) == 0)
    let folderError = #expect(throws: LintCacheSecret.Unavailable.self) {
      try LintCacheSecret.load(stateFolder: state)
    }
    #expect(folderError?.description.contains("others may write") == true)
    #expect(
      LintCacheSecret.stateFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/yaia")
    #expect(LintCacheSecret.stateFolder(environment: ["HOME": "/h"]) == "/h/.local/state/yaia")
    #expect(LintCacheSecret.stateFolder(environment: ["HOME": "relative"]) == nil)
  }

  @Test("a cache path that is a device or a FIFO is neither read nor replaced")
  func notARegularFile() throws {
    #expect(
      LintCache.read(from: URL(fileURLWithPath: "/dev/zero"), key: "k", secret: Self.secret).count
        == 0)
    #expect(
      throws: OutsideFile.Failure.notRegularFile(path: "/dev/null", kind: "a character device")
    ) {
      try LintCache(key: "k").write(to: URL(fileURLWithPath: "/dev/null"), secret: Self.secret)
    }
    var info = stat()
    #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    let fifo = FileManager.default.temporaryDirectory.appending(
      path: "lint-fifo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: fifo) }
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // Opened without blocking: no writer is needed for the read to come back.
    #expect(LintCache.read(from: fifo, key: "k", secret: Self.secret).count == 0)
    #expect(throws: OutsideFile.Failure.notRegularFile(path: fifo.path, kind: "a FIFO")) {
      try LintCache(key: "k").write(to: fifo, secret: Self.secret)
    }
  }

  @Test("the key follows the linter's and the configuration's content")
  func contentKey() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "lint-key-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let linter = folder.appending(path: "linter")
    try Data(repeating: 7, count: 100_003).write(to: linter)
    let key = LintCache.key(linter: linter.path, configuration: "a: 1")
    #expect(LintCache.key(linter: linter.path, configuration: "a: 1") == key)
    #expect(LintCache.key(linter: linter.path, configuration: "a: 2") != key)
    // The same size, one byte changed: another linter.
    var bytes = [UInt8](repeating: 7, count: 100_003)
    bytes[50_000] = 8
    try Data(bytes).write(to: linter)
    #expect(LintCache.key(linter: linter.path, configuration: "a: 1") != key)
    #expect(
      LintCache.key(linter: folder.appending(path: "gone").path, configuration: "")
        != LintCache.key(linter: folder.appending(path: "gone").path, configuration: ""))
  }
}
