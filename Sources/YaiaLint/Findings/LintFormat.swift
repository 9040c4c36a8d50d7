#if Lint  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import Yaia
  import YaiaToolSupport

  /// How findings are written: for people and editors (`text`), for tools (`json`), for code
  /// scanning services (`sarif`, SARIF 2.1.0), or as GitHub Actions annotations (`github`).
  public enum LintFormat: String, CaseIterable, Sendable {
    /// `path:line:column: warning: message [rule-id]`, which editors and Xcode jump to.
    case text
    /// One JSON object: findings, problems, counts.
    case json
    /// SARIF 2.1.0, with each rule's reason and fix.
    case sarif
    /// `::warning file=…,line=…,col=…,title=…::message` lines.
    case github

    /// `report` written in this format. Text from source files (in messages) is shown with
    /// control and format characters escaped (the core's `VisibleText`), so nothing reaches a
    /// terminal that acts on it. Whether the run failed is judged under `configuration`, as
    /// the exit status is: SARIF's `executionSuccessful` says the same.
    public func render(
      _ report: LintReport, rules: [any LintRule], under configuration: LintConfiguration
    ) -> String {
      switch self {
      case .text: return Self.text(report)
      case .json: return Self.json(report)
      case .sarif:
        return Self.sarif(report, rules: rules, successful: !report.fails(under: configuration))
      case .github: return Self.github(report)
      }
    }

    private static func text(_ report: LintReport) -> String {
      var lines = report.findings.map { finding in
        let place = finding.location
        return
          "\(VisibleText.escaped(place.path)):\(place.line):\(place.column): \(finding.severity.rawValue): \(VisibleText.escaped(finding.message)) [\(finding.ruleID)]"
      }
      let errors = report.findings.filter { $0.severity == .error }.count
      lines.append(
        "\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s")) in \(report.fileCount) file\(report.fileCount == 1 ? "" : "s"), \(report.lineCount) lines"
          + Self.cacheSummary(report) + Self.problemsSummary(report.problems)
          + Self.skippedSummary(report.skipped))
      return lines.joined(separator: "\n") + "\n"
    }

    /// How much of the run the cache spared, when it spared any: ` (2 parsed, the others from
    /// the cache)`.
    private static func cacheSummary(_ report: LintReport) -> String {
      report.parseCount < report.fileCount
        ? " (\(report.parseCount) parsed, the others from the cache)" : ""
    }

    /// The end of the summary line: files not linted, and patterns of the configuration that
    /// matched nothing, counted apart.
    private static func problemsSummary(_ problems: [LintProblem]) -> String {
      let patterns = problems.filter { $0.pattern != nil }.count
      let files = problems.count - patterns
      return (files == 0 ? "" : "; \(files) not linted")
        + (patterns == 0
          ? "" : "; \(patterns) pattern\(patterns == 1 ? "" : "s") matched nothing (above)")
    }

    /// The end of the summary line: what was not entered for its name, the first few named.
    private static func skippedSummary(_ skipped: LintFiles.Skipped) -> String {
      let names = skipped.byName
      guard !names.isEmpty else { return "" }
      let shown = names.prefix(5).map { VisibleText.escaped($0, atMost: 120) }.joined(
        separator: ", ")
      return
        "; \(names.count) skipped by name (\(shown)\(names.count > 5 ? ", …" : ""); `skip:` sets which)"
    }

    private struct JSONReport: Encodable {
      var findings: [LintFinding]
      var problems: [LintProblem]
      var skipped: [String]
      var files: Int
      var lines: Int
    }

    private static func encode(_ value: some Encodable) -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      // Our own values: encoding them cannot fail.
      let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
      return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func json(_ report: LintReport) -> String {
      encode(
        JSONReport(
          findings: report.findings, problems: report.problems,
          skipped: report.skipped.byName, files: report.fileCount, lines: report.lineCount))
    }

    // SARIF 2.1.0 through the tools' `SARIFLog`, the model `yaia resources check` writes too.
    private static func sarif(_ report: LintReport, rules: [any LintRule], successful: Bool)
      -> String
    {
      let results = report.findings.map { finding in
        SARIFLog.Result(
          ruleID: finding.ruleID, level: finding.severity.rawValue, message: finding.message,
          location: location(
            finding.location.path, report, line: finding.location.line,
            column: finding.location.column))
      }
      let notifications =
        report.problems.map { problem in
          SARIFLog.Notification(
            problem.message, location: location(problem.path, report, line: 1, column: 1))
        }
        + report.skipped.byName.map { path in
          SARIFLog.Notification(
            "not entered: its name is skipped (the configuration's `skip:`, by default hidden names, DerivedData, Pods, Carthage)",
            location: location(path, report, line: 1, column: 1))
        }
      return encode(
        SARIFLog(
          tool: "yaia lint",
          rules: rules.map { rule in
            SARIFLog.Rule(
              id: rule.id, description: rule.reason, help: rule.fix,
              level: rule.defaultSeverity.rawValue)
          },
          results: results, notifications: notifications, successful: successful,
          baseURIs: report.root.map { root in
            let folder = root.hasSuffix("/") ? root : root + "/"
            return [Self.sourceRoot: "file://" + encodedPath(folder)]
          }))
    }

    /// The base id of paths relative to the run's root (the configuration file's folder).
    static let sourceRoot = "SRCROOT"

    /// A path's place as SARIF writes it: a URI reference, percent-encoded (a space is `%20`),
    /// relative to ``sourceRoot`` when the report knows its root and the path is not absolute.
    private static func location(_ path: String, _ report: LintReport, line: Int, column: Int)
      -> SARIFLog.Location
    {
      let relative = report.root != nil && !path.hasPrefix("/")
      return SARIFLog.Location(
        uri: relative ? encodedPath(path) : "file://" + encodedPath(path),
        uriBaseId: relative ? sourceRoot : nil, line: line, column: column)
    }

    /// `path` with every character a URI path may not hold percent-encoded.
    static func encodedPath(_ path: String) -> String {
      var allowed = CharacterSet.urlPathAllowed
      allowed.remove(charactersIn: ";?#[]")
      return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// GitHub's workflow-command escaping: `%`, CR and LF in messages; also `:` and `,` in
    /// properties.
    private static func escaped(_ text: String, property: Bool) -> String {
      var result = VisibleText.escaped(text).replacingOccurrences(of: "%", with: "%25")
      if property {
        result = result.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
          of: ",", with: "%2C")
      }
      return result
    }

    private static func github(_ report: LintReport) -> String {
      var lines = report.findings.map { finding in
        let place = finding.location
        return
          "::\(finding.severity.rawValue) file=\(escaped(place.path, property: true)),line=\(place.line),col=\(place.column),title=\(finding.ruleID)::\(escaped(finding.message, property: false))"
      }
      lines += report.problems.map {
        "::error file=\(escaped($0.path, property: true)),title=yaia lint::\(escaped($0.message, property: false))"
      }
      return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
  }
#endif
