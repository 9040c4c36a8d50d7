#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// Closures nested deeper than the configured depth: the pyramid of callbacks that async/await,
  /// commands and events replace.
  public struct NestedClosuresRule: LintRule {
    /// The rule's id.
    public let id = "nested-closures"
    /// It looks at one file only, so it runs as soon as that file is parsed.
    public let readsOtherFiles = false
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.warning
    /// Why the rule exists.
    public let reason =
      "Deeply nested closures hide the order of events; a state's events and commands, or async/await, make it flat."
    /// What to do about a finding.
    public let fix =
      "Name the inner closures as functions, or turn the callbacks into events and commands."
    /// The options a configuration may set.
    public let options = [
      LintOption(
        "max-depth", .integer(default: 3, range: 1...50),
        help: "How many closures may be nested inside one another.")
    ]

    /// The rule.
    public init() {}

    /// The findings in `file`.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      let limit = context.integer("max-depth", default: 3)
      // Only the closure that first goes past the limit in each pyramid (the callbacks under
      // one outermost callback): its inner ones and its siblings are the same pyramid.
      var findings: [RuleFinding] = []
      var pyramid = 0
      var reported = -1
      for closure in file.nodes.closures {
        if closure.depth == 1 { pyramid += 1 }
        guard closure.depth == limit + 1, reported != pyramid else { continue }
        reported = pyramid
        findings.append(
          RuleFinding(
            closure.node.leftBrace, "closure nested \(closure.depth) deep (at most \(limit))"))
      }
      return findings
    }
  }
#endif
