import SwiftSyntax

/// Closures nested deeper than the configured depth: the pyramid of callbacks that async/await,
/// commands and events replace.
public struct NestedClosuresRule: LintRule {
  /// The rule's id.
  public let id = "nested-closures"
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
    let scan = Scan(limit: context.integer("max-depth", default: 3))
    scan.walk(file.tree)
    return scan.findings
  }

  private final class Scan: SyntaxVisitor {
    let limit: Int
    var depth = 0
    var findings: [RuleFinding] = []

    init(limit: Int) {
      self.limit = limit
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
      depth += 1
      // Only the closure that first goes past the limit: its inner ones are the same pyramid.
      if depth == limit + 1 {
        findings.append(
          RuleFinding(node.leftBrace, "closure nested \(depth) deep (at most \(limit))"))
      }
      return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
      depth -= 1
    }
  }
}
