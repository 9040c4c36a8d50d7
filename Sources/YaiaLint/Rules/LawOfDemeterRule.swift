#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// The Law of Demeter: a chain of property accesses that reaches through more objects than the
  /// configured number (`order.customer.address.city.name`). Method calls end a reach (fluent
  /// builders are not findings), and so do chains that start at a type (`Color.red`).
  public struct LawOfDemeterRule: LintRule {
    /// The rule's id.
    public let id = "law-of-demeter"
    /// It looks at one file only, so it runs as soon as that file is parsed.
    public let readsOtherFiles = false
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.warning
    /// Off by default: on real apps more than 5% of its findings are wrong (TheRules.md gives
    /// the measured rate); a team that wants it names it in its configuration.
    public let isEnabledByDefault = false
    /// Why the rule exists.
    public let reason =
      "Reaching through objects couples code to the structure of things it does not own (the Law of Demeter: talk to your immediate friends)."
    /// What to do about a finding.
    public let fix =
      "Ask the nearest object for what you need (a computed property or a method), or pass the value in."
    /// The options a configuration may set.
    public let options = [
      LintOption(
        "max-chain", .integer(default: 3, range: 1...20),
        help: "How many property accesses a chain may make from its first object.")
    ]

    /// The rule.
    public init() {}

    /// The findings in `file`.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      let chains = Chains(limit: context.integer("max-chain", default: 3))
      return file.nodes.memberAccesses.compactMap { chains.finding(at: $0) }
    }

    /// Measures the chain that ends at a member access.
    private struct Chains {
      let limit: Int

      /// The expression under optional chaining or a force unwrap.
      private func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
          if let optional = current.as(OptionalChainingExprSyntax.self) {
            current = optional.expression
          } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
            current = forced.expression
          } else {
            return current
          }
        }
      }

      /// Whether `node` is accessed or called by its parent (then it is not a chain's end).
      private func continues(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let wrapper = parent,
          wrapper.is(OptionalChainingExprSyntax.self) || wrapper.is(ForceUnwrapExprSyntax.self)
        {
          parent = wrapper.parent
        }
        return parent?.is(MemberAccessExprSyntax.self) == true
      }

      /// Reads of plain values, not reaches into another object: a tuple's element (`.0`), and
      /// at the chain's end a value's own facts (`.count`, `.isEmpty`, `.rawValue`, …).
      static func isValueStep(_ access: MemberAccessExprSyntax, atEnd: Bool) -> Bool {
        let name = access.declName.baseName
        switch name.tokenKind {
        case .integerLiteral, .floatLiteral: return true  // `t.0`, and `t.0.1` read as one token
        default: break
        }
        return atEnd && valueFacts.contains(name.text)
      }

      static let valueFacts: Set<String> = [
        "count", "isEmpty", "rawValue", "description", "first", "last", "hashValue",
        "absoluteString", "width", "height", "x", "y", "id",
      ]

      /// The finding for the chain ending at `node`, if it reaches too far.
      func finding(at node: MemberAccessExprSyntax) -> RuleFinding? {
        // A bound first, read without names or parents: the accesses below count at most the
        // member accesses linked through their bases, so a chain of no more than the limit
        // (nearly every one) is passed by at once.
        var accesses = 0
        var probe: ExprSyntax? = ExprSyntax(node)
        while let expression = probe.map(unwrapped),
          let access = expression.as(MemberAccessExprSyntax.self)
        {
          accesses += 1
          probe = access.base
        }
        guard accesses > limit, !continues(node) else { return nil }
        // Count property accesses from this end back to the first object.
        var count = 0
        var current: ExprSyntax? = ExprSyntax(node)
        var root: ExprSyntax?
        while let expression = current.map(unwrapped) {
          if let access = expression.as(MemberAccessExprSyntax.self) {
            let isCalled = access.parent?.is(FunctionCallExprSyntax.self) == true
            if isCalled {
              count = 0
            } else if !Self.isValueStep(access, atEnd: access.id == node.id) {
              count += 1
            }
            current = access.base
            root = access.base
          } else if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.is(MemberAccessExprSyntax.self)
          {
            // A method call's result is the first object of the reach.
            current = nil
            root = ExprSyntax(call)
          } else {
            current = nil
          }
        }
        guard count > limit, let root = root.map(unwrapped) else { return nil }
        if let name = root.as(DeclReferenceExprSyntax.self)?.baseName.text {
          if name.first?.isUppercase == true { return nil }
          if name == "self" { count -= 1 }
        }
        guard count > limit else { return nil }
        return RuleFinding(
          node, "reaches through \(count) properties (\(node.trimmedDescription)); at most \(limit)"
        )
      }
    }
  }
#endif
