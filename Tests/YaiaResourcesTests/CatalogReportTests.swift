import Foundation
import Testing

@testable import YaiaResources

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("yaia resources check's report: files found, exit status, formats")
struct CatalogReportTests {
  /// A folder with one catalog (a key used, a key unused, a missing German text) and a source.
  static func project() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "resources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appending(path: "Sources/App"), withIntermediateDirectories: true)
    try Data(
      #"""
      {"sourceLanguage":"en","strings":{
      "home.title":{"localizations":{"en":{"stringUnit":{"value":"Speakers"}},"de":{"stringUnit":{"value":"Lautsprecher"}}}},
      "old.key":{"localizations":{"en":{"stringUnit":{"value":"Old"}}}}
      }}
      """#.utf8
    ).write(to: folder.appending(path: "Sources/App/App.xcstrings"))
    try Data("let title: LocalizedText = .homeTitle\n".utf8).write(
      to: folder.appending(path: "Sources/App/Home.swift"))
    return folder
  }

  @Test(
    "findings with file and line exit 1; the unused key and the missing German text are both there")
  func findings() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = CatalogReport.check(ResourceFiles.find(in: [folder.path]))
    #expect(report.exitStatus == 1)
    #expect(report.catalogCount == 1)
    #expect(report.sourceCount == 1)
    #expect(report.findings.map(\.rule) == [.missingTranslation, .unusedKey])
    let text = report.rendered(as: .text)
    #expect(
      text.contains(
        "\(folder.path)/Sources/App/App.xcstrings:3: warning: old.key [de]: no de text [missing-translation]"
      ))
    #expect(text.hasSuffix("2 findings in 1 catalog (1 Swift source read)\n"))
    // Skipping rules leaves nothing: exit 0.
    let skipped = CatalogReport.check(
      ResourceFiles.find(in: [folder.path]), skipping: [.missingTranslation, .unusedKey])
    #expect(skipped.exitStatus == 0)
  }

  @Test("a checked-in file of yaia-text-keys' accessors is no use of a key: old.key stays unused")
  func generatedAccessorsAreNoUse() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = try StringCatalog(
      contentsOf: folder.appending(path: "Sources/App/App.xcstrings").path)
    // As a team would check it in: a preamble, then the generator's output, which names
    // "old.key" as a literal and as an accessor.
    let accessors = "// swift-format-ignore-file\n\n" + (try TextKeySource.swift(for: [catalog]))
    #expect(accessors.contains(#""old.key""#))
    let path = folder.appending(path: "Sources/App/TextKeys.swift")
    try Data(accessors.utf8).write(to: path)
    let found = ResourceFiles.find(in: [folder.path])
    #expect(found.generated == [path.path])
    #expect(found.sources.map(\.path) == [folder.appending(path: "Sources/App/Home.swift").path])
    let report = CatalogReport.check(found)
    #expect(report.findings.map(\.rule) == [.missingTranslation, .unusedKey])
    #expect(report.notes.contains { $0.hasPrefix(path.path) && $0.contains("not counted") })
  }

  @Test("SARIF and JSON read back; an unreadable input makes the run unsuccessful, exit 2")
  func formats() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "Sources/App/Pipe\u{1B}[2J.swift")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let report = CatalogReport.check(ResourceFiles.find(in: [folder.path]))
    // The FIFO is refused, not waited on.
    #expect(report.problems.count == 1)
    #expect(report.problems.first?.contains("FIFO") == true)
    // The file's name reaches no terminal raw.
    #expect(!report.rendered(as: .text).unicodeScalars.contains("\u{1B}"))
    #expect(report.exitStatus == 2)
    let sarif = try #require(
      try JSONSerialization.jsonObject(with: Data(report.rendered(as: .sarif).utf8))
        as? [String: Any])
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    #expect((run["results"] as? [Any])?.count == 2)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.rendered(as: .json).utf8))
        as? [String: Any])
    #expect((json["findings"] as? [Any])?.count == 2)
    #expect(report.rendered(as: .github).hasPrefix("::warning file="))  // the rule's level
  }

  @Test("nothing to check is a problem, not a pass; no sources is a note")
  func nothingFound() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = CatalogReport.check(ResourceFiles.find(in: [folder.path, "/nonexistent/x"]))
    #expect(report.exitStatus == 2)
    #expect(report.problems.contains { $0.hasSuffix("no such file or folder") })
    let catalogOnly = try Self.project()
    defer { try? FileManager.default.removeItem(at: catalogOnly) }
    let unchecked = CatalogReport.check(
      ResourceFiles.find(in: [catalogOnly.appending(path: "Sources/App/App.xcstrings").path]))
    #expect(unchecked.notes == ["no Swift sources under the paths given: unused keys not checked"])
    #expect(unchecked.findings.map(\.rule) == [.missingTranslation])
    #expect(CatalogReport.uriReference("/a b/#c.xcstrings") == "file:///a%20b/%23c.xcstrings")
  }
}
