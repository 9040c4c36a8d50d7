#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// The expressions that several rules look at, gathered in one walk of a file: the closures
  /// (with how deeply each is nested) and the member accesses. A walk of a whole tree costs about
  /// as much as a rule's own work, so the rules that need these read the lists instead of walking
  /// again (what keeps all rules together under the cost of parsing).
  struct FileNodes: Sendable {
    /// Every closure, in source order, with its depth (1 for a closure in no other closure).
    var closures: [(node: ClosureExprSyntax, depth: Int)] = []
    /// Every member access (`a.b`), in source order, outer accesses before inner ones.
    var memberAccesses: [MemberAccessExprSyntax] = []

    /// Gathers the nodes of `tree`.
    init(_ tree: SourceFileSyntax) {
      let walk = Walk(viewMode: .sourceAccurate)
      walk.walk(tree)
      closures = walk.closures
      memberAccesses = walk.memberAccesses
    }

    private final class Walk: SyntaxVisitor {
      var closures: [(node: ClosureExprSyntax, depth: Int)] = []
      var memberAccesses: [MemberAccessExprSyntax] = []
      var depth = 0

      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        depth += 1
        closures.append((node, depth))
        return .visitChildren
      }

      override func visitPost(_ node: ClosureExprSyntax) {
        depth -= 1
      }

      override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        memberAccesses.append(node)
        return .visitChildren
      }
    }
  }
#endif
