import Foundation
import YaiaSupport

/// What `yaia resources check` reports: every finding in the catalogs under its paths, the
/// files it could not read, and its exit status (0 clean, 1 findings, 2 input it could not
/// use), as `yaia lint` does.
public struct CatalogReport: Sendable {
  /// Every finding, by file and line.
  public var findings: [CatalogFinding] = []
  /// Each catalog or source that could not be used, and why: they fail the run (status 2), so
  /// CI never passes a catalog nobody checked.
  public var problems: [String] = []
  /// What the run did not check, and why (no Swift sources, so no `unused-key`).
  public var notes: [String] = []
  /// How many catalogs were checked.
  public var catalogCount = 0
  /// How many Swift sources were read for key names.
  public var sourceCount = 0

  /// A report of `findings` and `problems`, for a tool that checks catalogs its own way and
  /// prints them as `yaia resources check` does.
  public init(
    findings: [CatalogFinding] = [], problems: [String] = [], notes: [String] = [],
    catalogCount: Int = 0, sourceCount: Int = 0
  ) {
    self.findings = findings
    self.problems = problems
    self.notes = notes
    self.catalogCount = catalogCount
    self.sourceCount = sourceCount
  }

  /// The report on the catalogs and sources `found`, leaving out the findings of `skipped`
  /// rules. Keys are used when a source names them (``KeyUsage``); with no sources, the
  /// `unused-key` rule is not run and a note says so.
  public static func check(
    _ found: ResourceFiles.Found, skipping skipped: Set<CatalogFinding.Rule> = []
  ) -> CatalogReport {
    var report = CatalogReport()
    report.problems = found.problems
    report.sourceCount = max(found.sourceCount, found.sources.count)
    if found.catalogs.isEmpty && found.problems.isEmpty {
      report.problems.append("no string catalog (.xcstrings) under the paths given")
    }
    let checksUsage = report.sourceCount > 0 && !skipped.contains(.unusedKey)
    if report.sourceCount == 0, !skipped.contains(.unusedKey) {
      report.notes.append("no Swift sources under the paths given: unused keys not checked")
    }
    for path in found.generated {
      report.notes.append(
        "\(path): written by yaia-text-keys, so its accessors are not counted as uses of the keys")
    }
    var catalogs: [StringCatalog] = []
    for path in found.catalogs {
      do {
        catalogs.append(try StringCatalog(contentsOf: path))
      } catch {
        report.problems.append(error.description)
      }
    }
    report.catalogCount = catalogs.count
    // The sources are read once for every catalog, and accessors are named over all the
    // catalogs found, as the generator names them over a target's.
    // The sources were scanned as they were read (their texts need not be held); a `Found`
    // made by hand with texts and no names is scanned here.
    var names = found.names
    if names == KeyUsage.Names() {
      for source in found.sources { names.formUnion(KeyUsage.scan(source.text)) }
    }
    let accessors = KeyAccessorName.names(for: catalogs.flatMap { $0.entries.map(\.key) })
    for catalog in catalogs {
      // An `InfoPlist.xcstrings` holds the keys of the app's Info.plist (its name, its
      // permission prompts): the system reads them, no Swift code names them.
      let infoPlist = catalog.file.split(separator: "/").last == "InfoPlist.xcstrings"
      let used =
        checksUsage && !infoPlist
        ? KeyUsage.usedKeys(of: catalog, names: names, accessors: accessors) : nil
      report.findings += CatalogCheck.findings(in: catalog, usedKeys: used).filter {
        !skipped.contains($0.rule)
      }
    }
    return report
  }

  /// 2 when something could not be read, else 1 when anything was found, else 0.
  public var exitStatus: Int32 {
    !problems.isEmpty ? 2 : findings.isEmpty ? 0 : 1
  }

  /// The report written in `format`.
  public func rendered(as format: CatalogReportFormat) -> String {
    switch format {
    case .text:
      var lines = findings.map {
        "\($0.fileAndLine): \($0.rule.level): \($0.sentence) [\($0.rule.rawValue)]"
      }
      lines += problems.map { "error: \(VisibleText.escaped($0))" }
      lines += notes.map { "note: \(VisibleText.escaped($0))" }
      lines.append(
        "\(findings.count) finding\(findings.count == 1 ? "" : "s") in \(catalogCount) catalog\(catalogCount == 1 ? "" : "s") (\(sourceCount) Swift source\(sourceCount == 1 ? "" : "s") read)"
          + (problems.isEmpty ? "" : "; \(problems.count) not checked"))
      return lines.joined(separator: "\n") + "\n"
    case .json:
      return Self.encoded(
        JSONReport(
          findings: findings.map(JSONFinding.init), problems: problems, notes: notes,
          catalogs: catalogCount, sources: sourceCount))
    case .sarif:
      return Self.encoded(sarif)
    case .github:
      let lines =
        findings.map {
          "::\($0.rule.level == "note" ? "notice" : $0.rule.level) file=\(Self.property($0.file)),line=\($0.line),title=\($0.rule.rawValue)::\(Self.message($0.sentence))"
        } + problems.map { "::error title=yaia resources check::\(Self.message($0))" }
      return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
  }

  private struct JSONFinding: Encodable {
    var file: String
    var line: Int
    var key: String
    var language: String?
    var rule: String
    var message: String

    init(_ finding: CatalogFinding) {
      file = finding.file
      line = finding.line
      key = finding.key.name
      language = finding.language
      rule = finding.rule.rawValue
      message = finding.message
    }
  }

  private struct JSONReport: Encodable {
    var findings: [JSONFinding]
    var problems: [String]
    var notes: [String]
    var catalogs: Int
    var sources: Int
  }

  private static func encoded(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Our own values: encoding them cannot fail.
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// GitHub's workflow-command escaping of a message: `%`, CR, LF; control characters shown.
  private static func message(_ text: String) -> String {
    VisibleText.escaped(text).replacingOccurrences(of: "%", with: "%25")
  }

  /// A property value also escapes `:` and `,`.
  private static func property(_ text: String) -> String {
    message(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
      of: ",", with: "%2C")
  }
}

/// How `yaia resources check` writes its report.
public enum CatalogReportFormat: String, CaseIterable, Sendable {
  /// `file:line: error: key [lang]: message [rule]` (`warning`, `note` by the rule's level),
  /// which editors and Xcode jump to.
  case text
  /// One JSON object: findings, problems, notes, counts.
  case json
  /// SARIF 2.1.0 for code-scanning services, each rule with what it checks.
  case sarif
  /// GitHub Actions annotations.
  case github
}

extension CatalogFinding {
  /// `Localizable.xcstrings:12`, escaped.
  var fileAndLine: String { "\(VisibleText.escaped(file)):\(line)" }

  /// `home.speakers [de]: message`, the key escaped: it came from a file.
  var sentence: String {
    VisibleText.escaped(key.name, atMost: 200)
      + (language.map { " [\(VisibleText.escaped($0, atMost: 40))]" } ?? "") + ": "
      + VisibleText.escaped(message)
  }
}
