#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// Walking the view hierarchy: `superview.superview`, or scanning `subviews` for a view of
  /// some type, instead of holding a direct reference to the view needed.
  public struct ViewHierarchyRule: LintRule {
    /// The rule's id.
    public let id = "view-hierarchy"
    /// It looks at one file only, so it runs as soon as that file is parsed.
    public let readsOtherFiles = false
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.warning
    /// Why the rule exists.
    public let reason =
      "Walking superviews or scanning subviews by type couples code to a layout that will change; a direct relationship says what it needs."
    /// What to do about a finding.
    public let fix = "Keep a reference to the view you need, or send an event up to the state."

    /// The rule.
    public init() {}

    /// The findings in `file`.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      // A file that never names them walks no hierarchy: one byte search spares the loop.
      guard contains(file.text, "superview") || contains(file.text, "subviews") else { return [] }
      var findings: [RuleFinding] = []
      for node in file.nodes.memberAccesses { Self.check(node, into: &findings) }
      return findings
    }

    /// The member access under optional chaining or a force unwrap, if any.
    private static func access(_ expression: ExprSyntax?) -> MemberAccessExprSyntax? {
      var current = expression
      while let wrapped = current {
        if let access = wrapped.as(MemberAccessExprSyntax.self) { return access }
        if let optional = wrapped.as(OptionalChainingExprSyntax.self) {
          current = optional.expression
        } else if let forced = wrapped.as(ForceUnwrapExprSyntax.self) {
          current = forced.expression
        } else {
          return nil
        }
      }
      return nil
    }

    private static func check(_ node: MemberAccessExprSyntax, into findings: inout [RuleFinding]) {
      if node.declName.baseName.text == "superview",
        access(node.base)?.declName.baseName.text == "superview"
      {
        // Report the innermost pair once: the outer accesses of a longer chain see a base that
        // was already reported.
        if let base = access(node.base), access(base.base)?.declName.baseName.text != "superview" {
          findings.append(RuleFinding(base, "walks up the view hierarchy (superview.superview)"))
        }
      }
      if node.declName.baseName.text == "subviews",
        let call = node.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(
          FunctionCallExprSyntax.self),
        call.hasCast
      {
        findings.append(RuleFinding(node.declName, "scans subviews by type"))
      }
    }
  }

  extension SyntaxProtocol {
    /// Whether a type check or cast (`is`, `as?`, `as!`) appears inside.
    var hasCast: Bool {
      tokens(viewMode: .sourceAccurate).contains {
        $0.tokenKind == .keyword(.is) || $0.tokenKind == .keyword(.as)
      }
    }
  }
#endif
