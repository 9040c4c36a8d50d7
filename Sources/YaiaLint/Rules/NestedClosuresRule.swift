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
      let nodes = file.nodes
      // Whether each closure is a callback reads its body, so it is asked only of closures
      // nested (in closures of any kind) past the limit, and of the closures around them.
      var answers: [Int: Bool] = [:]
      let isCallback = { (index: Int) -> Bool in
        if let known = answers[index] { return known }
        let answer = FileNodes.isCallback(nodes.closures[index].node)
        answers[index] = answer
        return answer
      }
      // Only the closure that first goes past the limit in each pyramid (the callbacks under
      // one outermost callback): its inner ones and its siblings are the same pyramid.
      var findings: [RuleFinding] = []
      var reported: Int?
      for index in nodes.closures.indices where nodes.nesting(of: index) > limit {
        let (depth, outermost) = nodes.callbackDepth(of: index, isCallback: isCallback)
        guard depth == limit + 1, let outermost, outermost != reported else { continue }
        reported = outermost
        findings.append(
          RuleFinding(
            nodes.closures[index].node.leftBrace, "closure nested \(depth) deep (at most \(limit))")
        )
      }
      return findings
    }
  }
#endif
