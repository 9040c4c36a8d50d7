#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// Dictionaries used as objects: `[String: Any]` as a property, parameter or return type of
  /// the app's own (non-private) API, where a struct would name and type each field.
  public struct StringAnyDictionaryRule: LintRule {
    /// The rule's id.
    public let id = "string-any-dictionary"
    /// It looks at one file only, so it runs as soon as that file is parsed.
    public let readsOtherFiles = false
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.warning
    /// Off by default: on real apps more than 5% of its findings are wrong (TheRules.md gives
    /// the measured rate); a team that wants it names it in its configuration.
    public let isEnabledByDefault = false
    /// Why the rule exists.
    public let reason =
      "A [String: Any] is an object without a type: every reader guesses its keys and casts its values."
    /// What to do about a finding.
    public let fix = "Declare a struct (Codable if it crosses a boundary) with a field per key."

    /// The rule.
    public init() {}

    /// The findings in `file`.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      guard contains(file.text, "Any") else { return [] }
      let scan = Scan(viewMode: .sourceAccurate)
      scan.walk(file.tree)
      return scan.findings
    }

    private final class Scan: SyntaxVisitor {
      var findings: [RuleFinding] = []

      /// Each `[String: Any]` in `type`; `what` names the declaration, and is worded only for
      /// a finding.
      private func check(_ type: TypeSyntax?, _ what: @autoclosure () -> String) {
        guard let type else { return }
        for node in type.descendants(DictionaryTypeSyntax.self)
        where simpleName(node.key) == "String"
          && ["Any", "Any?", "AnyObject"].contains(node.value.trimmedDescription)
        {
          findings.append(RuleFinding(node, "\(what()) is a [String: Any]"))
        }
      }

      override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.modifiers.isPrivate,
          node.parent?.parent?.is(MemberBlockItemListSyntax.self) == true
            || node.parent?.parent?.is(CodeBlockItemListSyntax.self) == true
              && node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        else { return .skipChildren }
        for binding in node.bindings {
          check(binding.typeAnnotation?.type, "property \(binding.pattern.trimmedDescription)")
        }
        return .skipChildren
      }

      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.modifiers.isPrivate else { return .skipChildren }
        for parameter in node.signature.parameterClause.parameters {
          check(
            parameter.type,
            "parameter \((parameter.secondName ?? parameter.firstName).text) of \(node.name.text)")
        }
        check(node.signature.returnClause?.type, "the result of \(node.name.text)")
        return .skipChildren
      }

      override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.modifiers.isPrivate else { return .skipChildren }
        for parameter in node.signature.parameterClause.parameters {
          check(
            parameter.type,
            "parameter \((parameter.secondName ?? parameter.firstName).text) of init")
        }
        return .skipChildren
      }
    }
  }

  extension SyntaxProtocol {
    /// Every descendant of type `type`, this node included.
    func descendants<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
      var found: [T] = []
      if let node = self.as(T.self) { found.append(node) }
      for child in children(viewMode: .sourceAccurate) { found += child.descendants(type) }
      return found
    }
  }
#endif
