#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// The layered architecture: a layer uses only itself and the layers the configuration lets
  /// it use. An import of another layer's module, or a reference to a type declared in another
  /// layer of the same module (layers by folder), is a finding naming both ends; so is one that
  /// closes a cycle between layers.
  public struct LayersRule: LintRule {
    /// The rule's id.
    public let id = "layers"
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.error
    /// Why the rule exists.
    public let reason =
      "A layer can only interact with its adjacent one: the compiler does not complain when a view calls the data layer, but the design forbids it."
    /// What to do about a finding.
    public let fix =
      "Go through the layer between (a view sends an event, the state returns a command, the shell calls the service)."

    /// The rule.
    public init() {}

    /// Every import of `tree`: at the top level and in every branch of every `#if`, however
    /// nested (the multiplatform files a layer rule is written for import inside them). Walked
    /// with a list rather than recursion, so no nesting can exhaust the stack.
    static func imports(of tree: SourceFileSyntax) -> [ImportDeclSyntax] {
      var found: [ImportDeclSyntax] = []
      var waiting: [CodeBlockItemListSyntax] = [tree.statements]
      while let items = waiting.popLast() {
        var branches: [CodeBlockItemListSyntax] = []
        for item in items {
          if let declaration = item.item.as(ImportDeclSyntax.self) {
            found.append(declaration)
          } else if let condition = item.item.as(IfConfigDeclSyntax.self) {
            for clause in condition.clauses {
              if case .statements(let statements)? = clause.elements { branches.append(statements) }
            }
          }
        }
        // In the order written: the first branch is read next.
        waiting.append(contentsOf: branches.reversed())
      }
      return found
    }

    /// The findings in `file`.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      let configuration = context.configuration
      guard let layer = configuration.layer(path: file.path, module: file.module) else { return [] }
      var findings: [RuleFinding] = []
      let reach = Reach(configuration.layers)
      func verdict(_ other: LintLayer) -> String? {
        guard other.name != layer.name else { return nil }
        if !layer.mayUse.contains(other.name) {
          return "layer \(layer.name) may not use layer \(other.name)"
            + (layer.mayUse.isEmpty ? "" : " (it may use \(layer.mayUse.joined(separator: ", ")))")
        }
        if reach.reaches(from: other.name, to: layer.name) {
          return "layers \(layer.name) and \(other.name) depend on each other (a cycle)"
        }
        return nil
      }
      for importDecl in Self.imports(of: file.tree) {
        guard let module = importDecl.path.first.map({ $0.name.text }) else { continue }
        if layer.forbidImports.contains(module) {
          findings.append(
            RuleFinding(
              importDecl.path,
              "\(file.path) imports \(module): layer \(layer.name) may not import it (forbid-imports)"
            ))
          continue
        }
        guard let other = configuration.layer(ofModule: module), let problem = verdict(other)
        else { continue }
        findings.append(
          RuleFinding(importDecl.path, "\(file.path) imports \(module): \(problem)"))
      }
      // The modules this file sees only because a module it imports re-exports them: their
      // types are checked by the layer of the module that declares them, as if imported.
      let imported = Set(Self.imports(of: file.tree).compactMap { $0.path.first?.name.text })
      var reexported = context.index.reexported(through: imported)
      reexported.subtract(imported)
      if let own = file.module { reexported.remove(own) }
      let scan = References(viewMode: .sourceAccurate)
      scan.walk(file.tree)
      var reported: Set<String> = []
      if !reexported.isEmpty {
        for (name, node) in scan.names
        where !reported.contains(name) && !scan.generic.contains(name) {
          let declarations = context.index.declarations(of: name).filter {
            $0.module.map(reexported.contains) ?? false
          }
          let verdicts = declarations.map { declaration in
            configuration.layer(path: declaration.path, module: declaration.module).flatMap(
              verdict)
          }
          guard let declaration = declarations.first, let problem = verdicts.first ?? nil,
            !verdicts.contains(where: { $0 == nil }),
            // A type of that name in a module it imports, or its own, is the one meant.
            !context.index.declarations(of: name).contains(where: {
              $0.module.map { imported.contains($0) || $0 == file.module } ?? true
            })
          else { continue }
          reported.insert(name)
          findings.append(
            RuleFinding(
              node,
              "\(file.path) refers to \(name), declared in module \(declaration.module ?? "?") (\(declaration.path)), which a module it imports re-exports: \(problem)"
            ))
        }
      }
      for (name, node) in scan.names where !reported.contains(name) && !scan.generic.contains(name)
      {
        // A name is a crossing only when every type of that name lives in a layer this one
        // may not use (a same-named type nearer is the one meant).
        // Only types of the file's own module: another module's types need its import, which
        // is checked above, and a same-named type of a module outside the linted files (GRDB's
        // `Row`) must not look like one of ours.
        let declarations = context.index.declarations(of: name).filter { $0.module == file.module }
        let nested = context.index.nestedDeclarations(of: name)
        let verdicts = (declarations + nested).map { declaration in
          configuration.layer(path: declaration.path, module: declaration.module).flatMap(verdict)
        }
        guard let declaration = declarations.first, let problem = verdicts.first ?? nil,
          !verdicts.contains(where: { $0 == nil })
        else { continue }
        reported.insert(name)
        findings.append(
          RuleFinding(
            node, "\(file.path) refers to \(name), declared in \(declaration.path): \(problem)"))
      }
      return findings
    }

    /// Which layers each layer reaches through `may-use`, however indirectly.
    private struct Reach {
      let edges: [String: [String]]

      init(_ layers: [LintLayer]) {
        edges = Dictionary(layers.map { ($0.name, $0.mayUse) }, uniquingKeysWith: { a, _ in a })
      }

      func reaches(from start: String, to goal: String) -> Bool {
        var seen: Set<String> = [start]
        var queue = [start]
        while let next = queue.popLast() {
          for used in edges[next] ?? [] where seen.insert(used).inserted {
            if used == goal { return true }
            queue.append(used)
          }
        }
        return false
      }
    }

    private final class References: SyntaxVisitor {
      var names: [(String, Syntax)] = []
      /// Generic parameters declared in the file: `State` in `Shell<State>` is not a type of
      /// another layer.
      var generic: Set<String> = []
      override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind {
        generic.insert(node.name.text)
        return .visitChildren
      }
      override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
        generic.insert(node.name.text)
        return .visitChildren
      }
      override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        names.append((node.name.text, Syntax(node)))
        return .visitChildren
      }
      override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `Outer.Inner`: the member's name is Outer's business.
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id
        {
          return .visitChildren
        }
        let name = node.baseName.text
        if name.first?.isUppercase == true {
          names.append((name, Syntax(node)))
        }
        return .visitChildren
      }
    }
  }

  extension LayersRule: FileSelectingRule {
    /// The files in a layer (the check finds nothing in others).
    func reads(
      _ facts: FileFacts, text: String, index: LintIndex, configuration: LintConfiguration
    ) -> Bool {
      configuration.layer(path: facts.path, module: facts.module) != nil
    }

    /// The same files: the configuration alone decides.
    func probablyReads(_ facts: FileFacts, text: String, configuration: LintConfiguration) -> Bool {
      configuration.layer(path: facts.path, module: facts.module) != nil
    }
  }
#endif
