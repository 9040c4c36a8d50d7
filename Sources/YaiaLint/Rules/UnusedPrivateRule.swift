import SwiftSyntax

/// Unused code: a `private` or `fileprivate` declaration nothing in its file refers to.
public struct UnusedPrivateRule: LintRule {
  /// The rule's id.
  public let id = "unused-private"
  /// The severity when the configuration sets none.
  public let defaultSeverity = LintSeverity.warning
  /// Why the rule exists.
  public let reason =
    "Unused code costs every reader time and is never tested; git keeps it if it is needed again."
  /// What to do about a finding.
  public let fix = "Delete it."

  /// The rule.
  public init() {}

  /// The findings in `file`.
  public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
    guard contains(file.text, "private") else { return [] }
    let scan = Scan(viewMode: .sourceAccurate)
    scan.walk(file.tree)
    var findings: [RuleFinding] = []
    for (name, node) in scan.declared where (scan.references[name] ?? 0) == 0 {
      findings.append(RuleFinding(node, "private \(name) is never used"))
    }
    return findings
  }

  private final class Scan: SyntaxVisitor {
    var declared: [(String, Syntax)] = []
    var references: [String: Int] = [:]

    private func isPrivate(_ modifiers: DeclModifierListSyntax) -> Bool {
      modifiers.contains {
        $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)
      }
    }

    /// Declarations the rule leaves alone: overrides and members the runtime or a framework
    /// calls (`@objc`, `@IBAction`, `@IBOutlet`), and `CodingKeys`.
    private func isExempt(_ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax)
      -> Bool
    {
      modifiers.contains { $0.name.tokenKind == .keyword(.override) }
        || attributes.contains {
          guard let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription else {
            return true
          }
          return ["objc", "IBAction", "IBOutlet", "IBInspectable", "NSManaged"].contains(name)
        }
    }

    private func declare(
      _ name: TokenSyntax, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax
    ) {
      guard isPrivate(modifiers), !isExempt(attributes, modifiers), name.text != "CodingKeys" else {
        return
      }
      declared.append((name.text, Syntax(name)))
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node.name, node.attributes, node.modifiers)
      return .visitChildren
    }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      for binding in node.bindings {
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier {
          declare(name, node.attributes, node.modifiers)
        }
      }
      return .visitChildren
    }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node.name, node.attributes, node.modifiers)
      return .visitChildren
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node.name, node.attributes, node.modifiers)
      return .visitChildren
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node.name, node.attributes, node.modifiers)
      return .visitChildren
    }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node.name, node.attributes, node.modifiers)
      return .visitChildren
    }
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
      references[node.baseName.text, default: 0] += 1
      return .visitChildren
    }
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
      references[node.name.text, default: 0] += 1
      return .visitChildren
    }
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
      references[node.name.text, default: 0] += 1
      return .visitChildren
    }
    override func visit(_ node: KeyPathPropertyComponentSyntax) -> SyntaxVisitorContinueKind {
      references[node.declName.baseName.text, default: 0] += 1
      return .visitChildren
    }
  }
}
