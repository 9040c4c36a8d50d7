#if Lint  // the trait; without it, TraitRequirement.swift names it
  /// How much a finding matters: a warning is shown, an error fails the run (exit status 1).
  public enum LintSeverity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Shown; does not fail the run.
    case warning
    /// Fails the run.
    case error

    /// A warning is less than an error.
    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
      lhs == .warning && rhs == .error
    }
  }

  /// A place in a source file, 1-based, as editors and Xcode count.
  public struct LintLocation: Hashable, Sendable, Codable, Comparable {
    /// The file's path, as it was given to the linter.
    public var path: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1 (UTF-8 bytes, as the compiler counts).
    public var column: Int

    /// A location.
    public init(path: String, line: Int, column: Int) {
      self.path = path
      self.line = line
      self.column = column
    }

    /// By path, then line, then column.
    public static func < (lhs: LintLocation, rhs: LintLocation) -> Bool {
      (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
  }

  /// One thing a rule found: where, what, how much it matters, and what to do about it.
  public struct LintFinding: Hashable, Sendable, Codable {
    /// The rule that found it (`state-purity`).
    public var ruleID: String
    /// Its severity, after the configuration.
    public var severity: LintSeverity
    /// What is wrong here, naming the code involved.
    public var message: String
    /// Where.
    public var location: LintLocation
    /// What to do about it.
    public var fix: String

    /// A finding.
    public init(
      ruleID: String, severity: LintSeverity, message: String, location: LintLocation, fix: String
    ) {
      self.ruleID = ruleID
      self.severity = severity
      self.message = message
      self.location = location
      self.fix = fix
    }
  }

  /// A file the linter could not lint, and why: it is reported, and the other files are
  /// linted all the same.
  public struct LintProblem: Hashable, Sendable, Codable {
    /// The file (or directory).
    public var path: String
    /// What was wrong with it.
    public var message: String
    /// Whether a Swift file was left unchecked (it does not parse, or the parser cannot read it
    /// safely, or it is not text): such a run fails unless the configuration says
    /// `unlinted-files: warning`, so CI never passes with files nobody checked.
    public var isUnparsed: Bool
    /// The configuration's pattern the problem is about (an `exclude` pattern or a layer's path
    /// that matched nothing), when it is about one rather than a file: then `path` is the
    /// pattern, and no file went unlinted for it.
    public var pattern: String?

    /// A problem.
    public init(path: String, message: String, isUnparsed: Bool = false, pattern: String? = nil) {
      self.path = path
      self.message = message
      self.isUnparsed = isUnparsed
      self.pattern = pattern
    }
  }
#endif
