#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// The declarations of a type in one file that may be a state: the type's own declaration
  /// and its extensions. Whether it is a state is the index's to say: the state rules find
  /// candidates in every type's scope (``every(in:)``), each waiting on ``IndexCondition/state(_:)``.
  struct StateScope {
    /// The state's name.
    var name: String
    /// The member blocks: the declaration's and each extension's.
    var blocks: [MemberBlockSyntax]
    /// The primary declaration's block, where stored properties live.
    var primary: MemberBlockSyntax?

    /// Every state declared or extended in `file`.
    static func all(in file: LintedFile, index: LintIndex) -> [StateScope] {
      every(in: file).filter { index.isState($0.name) }
    }

    /// Every type declared or extended in `file`, each with all its blocks in the file, state
    /// or not.
    static func every(in file: LintedFile) -> [StateScope] {
      let collector = Collector()
      collector.walk(file.tree)
      return collector.order.compactMap { collector.scopes[$0] }
    }

    private final class Collector: DeclarationVisitor {
      var scopes: [String: StateScope] = [:]
      var order: [String] = []

      func add(_ name: String, _ block: MemberBlockSyntax, primary: Bool) {
        if scopes[name] == nil {
          scopes[name] = StateScope(name: name, blocks: [], primary: nil)
          order.append(name)
        }
        scopes[name]?.blocks.append(block)
        if primary { scopes[name]?.primary = block }
      }

      override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node.memberBlock, primary: true)
        return .visitChildren
      }
      override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node.memberBlock, primary: true)
        return .visitChildren
      }
      override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node.memberBlock, primary: true)
        return .visitChildren
      }
      override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node.memberBlock, primary: true)
        return .visitChildren
      }
      override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(simpleName(node.extendedType), node.memberBlock, primary: false)
        return .visitChildren
      }
    }
  }

  /// The type names a type annotation mentions (`[Speaker: Logger?]` mentions Speaker and
  /// Logger), and whether it holds a function type.
  struct TypeMentions {
    var names: [(String, Syntax)] = []
    var function: Syntax?

    init(_ type: some SyntaxProtocol) {
      let visitor = Visitor(viewMode: .sourceAccurate)
      visitor.walk(type)
      names = visitor.names
      function = visitor.function
    }

    private final class Visitor: SyntaxVisitor {
      var names: [(String, Syntax)] = []
      var function: Syntax?
      override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        names.append((node.name.text, Syntax(node)))
        return .visitChildren
      }
      override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        names.append((node.name.text, Syntax(node)))
        return .visitChildren
      }
      override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind {
        if function == nil { function = Syntax(node) }
        return .visitChildren
      }
    }
  }
#endif
