import Foundation
import Testing
import YaiaLint
import YaiaTesting

/// The labelled corpus (Corpus/labels.tsv: findings on four open-source iOS apps and an AppKit
/// one, read by hand) and the shapes that fooled the rules there (Corpus/Shapes, each our own
/// small example).
@Suite("The labelled corpus of findings on real apps")
struct CorpusTests {
  struct Label {
    var sample: String
    var rule: String
    var verdict: String
    var pattern: String
  }

  struct Shape {
    var name: String
    var rule: String
    var pattern: String
    var config: String?
    var expected: [Int]
    var text: String
  }

  /// The samples of the four apps, oldest first, then each app added later with its own sample
  /// (`appkit`: NetNewsWire, an AppKit app that broadcasts through NotificationCenter).
  static let samples = ["before", "after", "final"] + laterApps
  /// The samples of apps added after the four, each drawn with the rules as they are now.
  static let laterApps = ["appkit"]
  /// The samples that measure the rules as they are now.
  static let current = ["final"] + laterApps

  static var folder: URL {
    get throws { try #require(Bundle.module.resourceURL).appending(path: "Corpus") }
  }

  static func labels() throws -> [Label] {
    let text = try String(contentsOf: folder.appending(path: "labels.tsv"), encoding: .utf8)
    let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
    return try rows.map { row in
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      try #require(fields.count == 9, "a label has 9 fields: \(row)")
      return Label(sample: fields[0], rule: fields[1], verdict: fields[6], pattern: fields[7])
    }
  }

  static func shapes() throws -> [Shape] {
    let files = try FileManager.default.contentsOfDirectory(
      at: folder.appending(path: "Shapes"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    return try files.map { file in
      let text = try String(contentsOf: file, encoding: .utf8)
      var header: [String: String] = [:]
      for line in text.split(separator: "\n") where line.hasPrefix("// ") {
        let parts = line.dropFirst(3).split(separator: ":", maxSplits: 1)
        if parts.count == 2 {
          header[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
      let rule = try #require(header["rule"], "\(file.lastPathComponent) names its rule")
      let expect = try #require(header["expect"], "\(file.lastPathComponent) says what to expect")
      // `none`, or lines separated by commas (spaces allowed): a line that does not read is
      // an error, never dropped (`18, 19` once read as 18 alone).
      let lines =
        try expect == "none"
        ? []
        : expect.split(separator: ",").map { part in
          try #require(
            Int(part.trimmingCharacters(in: .whitespaces)),
            "\(file.lastPathComponent): expect holds \(part), not a line")
        }
      return Shape(
        name: file.deletingPathExtension().lastPathComponent, rule: rule,
        pattern: header["pattern"] ?? "", config: header["config"], expected: lines, text: text)
    }
  }

  @Test("every label is well formed: a known rule, a verdict, a pattern for every false one")
  func wellFormed() throws {
    let labels = try Self.labels()
    #expect(labels.count >= 250)
    let rules = Set(LintRules.all.map(\.id))
    for label in labels {
      #expect(rules.contains(label.rule), "unknown rule \(label.rule)")
      #expect(["TP", "FP", "DEBATABLE"].contains(label.verdict), "verdict \(label.verdict)")
      #expect((label.verdict == "TP") == (label.pattern == "-"), "\(label.rule) \(label.pattern)")
      #expect(Self.samples.contains(label.sample), "sample \(label.sample)")
    }
  }

  @Test("each shape from the corpus gives exactly the findings it expects")
  func shapesHold() async throws {
    let shapes = try Self.shapes()
    #expect(shapes.count >= 12)
    for shape in shapes {
      let found = try await lines(
        of: shape.rule, in: ["Sources/App/\(shape.name).swift": shape.text],
        yaml: shape.config)
      #expect(found == shape.expected, "\(shape.name): \(shape.rule) found \(found)")
    }
  }

  @Test("every false positive of a rule on by default, in the newest sample, has its shape here")
  func falsePositivesHaveShapes() throws {
    let labels = try Self.labels()
    let shapes = Set(try Self.shapes().map(\.pattern))
    let onByDefault = Set(LintRules.all.filter(\.isEnabledByDefault).map(\.id))
    let newest = labels.filter {
      Self.current.contains($0.sample) && onByDefault.contains($0.rule)
    }
    for label in newest where label.verdict == "FP" {
      #expect(shapes.contains(label.pattern), "\(label.rule): no shape for \(label.pattern)")
    }
  }

  @Test(
    "a rule on by default is wrong at most 5% of the time in its newest labelled sample, not counting false positives a shape here shows fixed"
  )
  func falsePositiveRates() throws {
    let labels = try Self.labels()
    let fixed = Set(try Self.shapes().filter { $0.expected.isEmpty }.map(\.pattern))
    for rule in LintRules.all where rule.isEnabledByDefault {
      let sample = labels.filter { $0.rule == rule.id }
      // The newest sample of the four apps, and each later app's own sample: every one of them
      // is held to the bound, so a new app's style cannot hide behind the old apps' numbers.
      let fourApps = ["final", "after", "before"].first { name in
        sample.contains { $0.sample == name }
      }
      let newest = (fourApps.map { [$0] } ?? []) + Self.laterApps
      for name in newest {
        let rows = sample.filter { $0.sample == name }
        let wrong = rows.filter { $0.verdict == "FP" && !fixed.contains($0.pattern) }.count
        #expect(
          Double(wrong) <= 0.05 * Double(rows.count),
          "\(rule.id): \(wrong) of \(rows.count) wrong in the \(name) sample")
      }
    }
  }
}
