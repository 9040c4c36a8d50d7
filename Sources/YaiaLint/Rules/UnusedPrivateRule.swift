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
      scan.declared.removeAll { scan.mayBeWitness($0.0, $0.2) }
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
      return scan.declared.filter { pending.contains($0.0) }.map { name, node, _ in
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

    /// Where a private declaration sits, to tell whether it may be a protocol's witness.
    private struct Owner {
      /// The type it is a member of (an extension's extended type), if any.
      var type: String?
      /// Whether it is a member (a function, property, subscript or type alias) that could
      /// satisfy a requirement; a nested type declared private is never one here.
      var couldWitness: Bool
    }

    private final class Scan: DeclarationVisitor {
      var declared: [(String, Syntax, Owner)] = []
      /// The types being walked, innermost last: name, and whether it is private or
      /// fileprivate (or inside one that is).
      private var enclosing: [(name: String, isPrivate: Bool)] = []
      /// Each type's conformances written in this file (its declaration and its extensions).
      private var conformances: [String: Set<String>] = [:]
      /// The types declared private or fileprivate in this file (their members may witness
      /// requirements at that level).
      private var privateTypes: Set<String> = []
      /// The requirements' names of each protocol declared in this file.
      private var requirements: [String: Set<String>] = [:]

      /// Whether a private declaration may witness a protocol requirement, decided
      /// conservatively (deleting a witness breaks the build): its type conforms, in this
      /// file, to a protocol of this file that requires its name, or to one declared
      /// elsewhere (another file, the standard library, Foundation, SwiftUI) whose
      /// requirements cannot be seen here, when the type is private or fileprivate (only
      /// then may a private member be its witness).
      func mayBeWitness(_ name: String, _ owner: Owner) -> Bool {
        guard owner.couldWitness, let type = owner.type, let conformed = conformances[type] else {
          return false
        }
        return conformed.contains { protocolName in
          if let required = requirements[protocolName] { return required.contains(name) }
          return privateTypes.contains(type)
        }
      }

      private func enter(
        _ name: String, _ modifiers: DeclModifierListSyntax, _ inheritance: InheritanceClauseSyntax?
      ) {
        let isPrivate = modifiers.isPrivate || (enclosing.last?.isPrivate ?? false)
        if isPrivate { privateTypes.insert(name) }
        for inherited in inheritance?.inheritedTypes ?? [] {
          // `Foo.Bar` and `Bar<T>` by their last name, as protocols are declared.
          var written = inherited.type.trimmedDescription
          if let angle = written.firstIndex(of: "<") { written = String(written[..<angle]) }
          if let dot = written.lastIndex(of: ".") {
            written = String(written[written.index(after: dot)...])
          }
          conformances[name, default: []].insert(written)
        }
        enclosing.append((name, isPrivate))
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
        _ name: TokenSyntax, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax,
        couldWitness: Bool = true
      ) {
        guard modifiers.isPrivate, !isExempt(attributes, modifiers), name.text != "CodingKeys"
        else {
          return
        }
        let text =
          name.text.hasPrefix("`") && name.text.hasSuffix("`") && name.text.count > 2
          ? String(name.text.dropFirst().dropLast()) : name.text
        declared.append(
          (text, Syntax(name), Owner(type: enclosing.last?.name, couldWitness: couldWitness)))
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
        declare(node.name, node.attributes, node.modifiers, couldWitness: false)
        enter(node.name.text, node.modifiers, node.inheritanceClause)
        return .visitChildren
      }
      override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }
      override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name, node.attributes, node.modifiers, couldWitness: false)
        enter(node.name.text, node.modifiers, node.inheritanceClause)
        return .visitChildren
      }
      override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }
      override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name, node.attributes, node.modifiers, couldWitness: false)
        enter(node.name.text, node.modifiers, node.inheritanceClause)
        return .visitChildren
      }
      override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }
      override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.modifiers, node.inheritanceClause)
        return .visitChildren
      }
      override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }
      override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        var name = node.extendedType.trimmedDescription
        if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        // An extension's own `private` makes its members fileprivate, not the type private.
        enter(name, DeclModifierListSyntax([]), node.inheritanceClause)
        enclosing[enclosing.count - 1].isPrivate = privateTypes.contains(name)
        return .visitChildren
      }
      override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }
      override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        var names: Set<String> = []
        for member in node.memberBlock.members {
          let decl = member.decl
          if let function = decl.as(FunctionDeclSyntax.self) { names.insert(function.name.text) }
          if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
              if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                names.insert(name)
              }
            }
          }
          if let associated = decl.as(AssociatedTypeDeclSyntax.self) {
            names.insert(associated.name.text)
          }
          if decl.is(SubscriptDeclSyntax.self) { names.insert("subscript") }
        }
        // One that refines another protocol inherits requirements that may not be in this
        // file: it counts as unseen (left out of `requirements`).
        if node.inheritanceClause == nil { requirements[node.name.text] = names }
        return .skipChildren  // requirements, not declarations of the file's own
      }
      override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name, node.attributes, node.modifiers)
        return .visitChildren
      }
    }
  }
#endif
