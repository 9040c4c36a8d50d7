#if Lint  // the trait; without it, TraitRequirement.swift names it
  /// The `exclude` patterns as a run applies them: before a file is read (an excluded folder is
  /// not entered, an excluded file that is too big or not text is never opened), noting which
  /// patterns matched, so that one matching nothing is named in a warning rather than checking
  /// more than the team believes it excludes, or less than it believes it lints.
  public struct LintExclusion: Sendable {
    /// The patterns, as the configuration wrote them.
    public let patterns: [String]
    private let globs: [Glob]
    private var matched: Set<Int> = []

    /// The exclusion of `patterns` (see ``LintConfiguration/excluded``), nothing matched yet.
    public init(_ patterns: [String]) {
      self.patterns = patterns
      globs = patterns.map(Glob.init)
    }

    /// Whether `path` (a file or a folder, as reported) is left out; every pattern that
    /// matches it is noted as used.
    public mutating func excludes(_ path: String) -> Bool {
      var excluded = false
      for (index, glob) in globs.enumerated() where glob.matches(path) {
        matched.insert(index)
        excluded = true
      }
      return excluded
    }

    /// The patterns that matched no file or folder so far, in the configuration's order.
    public var unmatched: [String] {
      patterns.indices.filter { !matched.contains($0) }.map { patterns[$0] }
    }

    /// A warning for each pattern that matched nothing: a run never quietly lints files a team
    /// believes it left out.
    public var unmatchedProblems: [LintProblem] {
      unmatched.map {
        LintProblem(
          path: $0,
          message:
            "(an exclude pattern) matched nothing in the paths linted: it leaves nothing out (a folder is written as its path, `Sources/Generated`, or its name, `Generated`)",
          pattern: $0)
      }
    }
  }
#endif
