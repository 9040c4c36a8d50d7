#if Lint  // the trait; without it, TraitRequirement.swift names it
  public import Foundation

  /// Findings a team accepts while it adopts the rules on an existing codebase: a run fails
  /// only on findings not in the baseline. Findings are matched by rule, file and message, not
  /// by line, so editing code above a finding keeps it matched; each baseline entry matches one
  /// finding, so a second copy of a problem is new.
  public struct LintBaseline: Codable, Sendable, Equatable {
    /// One accepted finding.
    public struct Entry: Codable, Sendable, Hashable {
      /// The rule.
      public var rule: String
      /// The file.
      public var path: String
      /// The message.
      public var message: String
    }

    /// The format's version.
    public var version = 1
    /// The accepted findings.
    public var entries: [Entry]

    /// The baseline of every finding in `report`.
    public init(_ report: LintReport) {
      entries = report.findings.map {
        Entry(rule: $0.ruleID, path: $0.location.path, message: $0.message)
      }
    }

    /// The baseline stored in `data`.
    ///
    /// - Throws: ``LintBaselineError`` when it is not a baseline written by `--write-baseline`.
    public static func read(_ data: Data, path: String) throws(LintBaselineError) -> LintBaseline {
      do {
        return try JSONDecoder().decode(LintBaseline.self, from: data)
      } catch {
        throw LintBaselineError(path: path, reason: "\(error)")
      }
    }

    /// The baseline as JSON, sorted so that it diffs well.
    public func data() -> Data {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      var sorted = self
      sorted.entries.sort { ($0.path, $0.rule, $0.message) < ($1.path, $1.rule, $1.message) }
      return (try? encoder.encode(sorted)) ?? Data()
    }

    /// `report` without the findings this baseline accepts.
    public func filter(_ report: LintReport) -> LintReport {
      var remaining: [Entry: Int] = [:]
      for entry in entries { remaining[entry, default: 0] += 1 }
      var kept = report
      kept.findings = report.findings.filter { finding in
        let entry = Entry(
          rule: finding.ruleID, path: finding.location.path, message: finding.message)
        guard let count = remaining[entry], count > 0 else { return true }
        remaining[entry] = count - 1
        return false
      }
      return kept
    }
  }

  /// A baseline file that cannot be read.
  public struct LintBaselineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Why.
    public var reason: String

    public var description: String { "\(path): not a baseline file (\(reason))" }
  }
#endif
