#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// Unused code: a `private` or `fileprivate` declaration nothing in its file refers to.
  public struct UnusedPrivateRule: LintRule {
    /// The rule's id.
    public let id = "unused-private"
    /// It looks at one file only, so it runs as soon as that file is parsed.
    public let readsOtherFiles = false
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
    ///
    /// Two passes: the private declarations (declarations only, bodies skipped), then the uses
    /// of those names, which stops as soon as every one has been seen: most private members
    /// are used near where they are declared.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      guard contains(file.text, "private") else { return [] }
      let scan = Scan()
      scan.walk(file.tree)
      guard !scan.declared.isEmpty else { return [] }
      // Any identifier token with a declared name, other than the declaration's own name, is
      // a use; the scan ends when every name has been used.
      var pending = Set(scan.declared.map(\.0))
      let names = Set(scan.declared.map { $0.1.id })
      for token in file.tree.tokens(viewMode: .sourceAccurate) {
        guard let text = Self.usedName(token.tokenKind) else { continue }
        // `x`, and a property wrapper's `$x` (projected value) and `_x` (storage). The cheap
        // questions first: most identifiers name nothing pending.
        let wrapped =
          text.hasPrefix("$") || text.hasPrefix("_") ? String(text.dropFirst()) : nil
        let usesText = pending.contains(text)
        let usesWrapped = wrapped.map { pending.contains($0) } ?? false
        guard usesText || usesWrapped, !names.contains(Syntax(token).id) else { continue }
        if usesText { pending.remove(text) }
        if let wrapped, usesWrapped { pending.remove(wrapped) }
        if pending.isEmpty { break }
      }
      return scan.declared.filter { pending.contains($0.0) }.map { name, node in
        RuleFinding(node, "private \(name) is never used")
      }
    }

    /// The name a token refers to: an identifier (`x`, `` `x` `` without its backticks), or a
    /// projected value (`$x`).
    private static func usedName(_ kind: TokenKind) -> String? {
      switch kind {
      case .identifier(let text):
        return text.hasPrefix("`") && text.hasSuffix("`") && text.count > 2
          ? String(text.dropFirst().dropLast()) : text
      case .dollarIdentifier(let text): return text
      default: return nil
      }
    }

    private final class Scan: DeclarationVisitor {
      var declared: [(String, Syntax)] = []

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
            return Self.frameworkAttributes.contains(name)
          }
      }

      /// Attributes under which the runtime or a framework uses the declaration: `@objc`,
      /// Interface Builder's, Core Data's, and the app-delegate adaptors (the wrapper installs the
      /// delegate; nothing needs to read the variable).
      static let frameworkAttributes: Set<String> = [
        "objc", "IBAction", "IBOutlet", "IBInspectable", "NSManaged",
        "UIApplicationDelegateAdaptor",
        "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor",
        "WKExtensionDelegateAdaptor",
      ]

      private func declare(
        _ name: TokenSyntax, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax
      ) {
        guard modifiers.isPrivate, !isExempt(attributes, modifiers), name.text != "CodingKeys"
        else {
          return
        }
        let text =
          name.text.hasPrefix("`") && name.text.hasSuffix("`") && name.text.count > 2
          ? String(name.text.dropFirst().dropLast()) : name.text
        declared.append((text, Syntax(name)))
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
    }
  }
#endif
