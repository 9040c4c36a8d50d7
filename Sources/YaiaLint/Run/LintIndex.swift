#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// What every linted file declares, gathered before any rule runs: which types exist and of
  /// what kind, what each conforms to (in its declaration and in extensions, in any file), where
  /// each is declared, and the notification names the app defines. Rules read it to decide what
  /// crosses files: whether a type is a state, whether a property's type is a class, which
  /// layer a referenced type belongs to.
  public struct LintIndex: Sendable {
    /// The kind of a declared type.
    public enum Kind: String, Sendable, Codable {
      /// A struct.
      case `struct`
      /// A class.
      case `class`
      /// An enum.
      case `enum`
      /// An actor.
      case actor
      /// A protocol.
      case `protocol`
    }

    /// Where a type is declared.
    public struct Declaration: Sendable, Hashable {
      /// The file.
      public var path: String
      /// Its module, if known.
      public var module: String?
    }

    private(set) var kinds: [String: Kind] = [:]
    private(set) var inherited: [String: Set<String>] = [:]
    private(set) var declarations: [String: [Declaration]] = [:]
    private(set) var nestedDeclarations: [String: [Declaration]] = [:]
    /// The modules each module re-exports (`@_exported import`, `public import`).
    private(set) var reexports: [String: Set<String>] = [:]
    /// Notification names the app declares (`extension Notification.Name { static let … }`).
    public private(set) var notificationNames: Set<String> = []
    /// The state protocols Yaia itself declares: an app imports them, so the linted files never
    /// declare them, and a `TimedState` (or an `OngoingWorkState`) is as much a state as a
    /// `ShellState`. The old name is still a state: apps move to the new one at their own
    /// pace. A test reads `Sources/Yaia` and fails when a protocol refining `ShellState` is
    /// missing here.
    public static let yaiaStateProtocols: Set<String> = [
      "ShellState", "SceneState", "TimedState", "ScreenState", "OngoingWorkState",
    ]
    private var stateProtocols = LintIndex.yaiaStateProtocols

    /// An index of `facts`, one per file.
    /// An index of no files: what a rule that reads no other file is given.
    static let empty = LintIndex([])

    init(_ facts: [FileFacts]) {
      for file in facts {
        for type in file.types {
          kinds[type.name] = kinds[type.name] ?? type.kind
          inherited[type.name, default: []].formUnion(type.inherited)
          let declaration = Declaration(path: file.path, module: file.module)
          if type.isTopLevel {
            declarations[type.name, default: []].append(declaration)
          } else {
            nestedDeclarations[type.name, default: []].append(declaration)
          }
        }
        for added in file.extensions {
          inherited[added.name, default: []].formUnion(added.conformances)
        }
        notificationNames.formUnion(file.notificationNames)
        if let module = file.module, !file.reexports.isEmpty {
          reexports[module, default: []].formUnion(file.reexports)
        }
      }
      // Protocols that refine ShellState, however indirectly.
      var changed = true
      while changed {
        changed = false
        for (name, kind) in kinds where kind == .protocol && !stateProtocols.contains(name) {
          if !(inherited[name] ?? []).isDisjoint(with: stateProtocols) {
            stateProtocols.insert(name)
            changed = true
          }
        }
      }
    }

    /// Whether `name` is a state: it conforms to `ShellState`, directly, in an extension, or
    /// through a protocol that refines it.
    public func isState(_ name: String) -> Bool {
      kinds[name] != .protocol && !(inherited[name] ?? []).isDisjoint(with: stateProtocols)
    }

    /// The protocols a typed notification message conforms to (Swift 6.2's Foundation).
    public static let messageProtocols: Set<String> = ["MainActorMessage", "AsyncMessage"]

    /// Whether the linted files declare `name` as a typed notification message: a type that
    /// conforms to `NotificationCenter.MainActorMessage` or `AsyncMessage`, in its declaration
    /// or an extension.
    public func isNotificationMessage(_ name: String) -> Bool {
      kinds[name] != .protocol && !(inherited[name] ?? []).isDisjoint(with: Self.messageProtocols)
    }

    /// The modules a file that imports `modules` sees besides them: those they re-export, and
    /// those re-exported in turn, however far the chain goes.
    public func reexported(through modules: Set<String>) -> Set<String> {
      var seen = modules
      var waiting = Array(modules)
      var found: Set<String> = []
      while let module = waiting.popLast() {
        for next in reexports[module] ?? [] where seen.insert(next).inserted {
          found.insert(next)
          waiting.append(next)
        }
      }
      return found
    }

    /// The kind of the type `name`, if the linted files declare it.
    public func kind(of name: String) -> Kind? { kinds[name] }

    /// Where top-level types named `name` are declared in the linted files (nested types are
    /// named through their outer type, so they are not listed).
    public func declarations(of name: String) -> [Declaration] { declarations[name] ?? [] }

    /// Where types named `name` are declared inside other types or functions.
    public func nestedDeclarations(of name: String) -> [Declaration] {
      nestedDeclarations[name] ?? []
    }
  }

  /// What one file declares, for the index.
  struct FileFacts: Sendable, Codable, Equatable {
    struct TypeFact: Sendable, Codable, Equatable {
      var name: String
      var kind: LintIndex.Kind
      var inherited: [String]
      /// Declared at the top level of its file (not inside another type or a function).
      var isTopLevel = true
    }

    var path: String
    var module: String?
    var types: [TypeFact] = []
    /// Each extension's type and the conformances it adds.
    var extensions: [Extension] = []
    var notificationNames: [String] = []
    /// The modules this file passes on: `@_exported import X` re-exports X's names to whoever
    /// imports its module; `public import X` puts X's types in the module's public API, so a
    /// file that imports the module uses them through it. Both are followed by `layers` (a
    /// same-named type of a module the file imports itself, or of its own, wins).
    var reexports: [String] = []

    struct Extension: Sendable, Codable, Equatable {
      var name: String
      var conformances: [String]
    }

    init(path: String, module: String?, tree: SourceFileSyntax) {
      self.path = path
      self.module = module
      let collector = FactCollector()
      collector.walk(tree)
      types = collector.types
      extensions = collector.extensions.map { Extension(name: $0.0, conformances: $0.1) }
      notificationNames = collector.notificationNames
      reexports = LayersRule.imports(of: tree).compactMap { declaration in
        let exported =
          declaration.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "_exported"
          } || declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) }
        return exported ? declaration.path.first?.name.text : nil
      }
    }
  }

  /// The last component of a type's name: `Yaia.ShellState` is `ShellState`.
  ///
  /// A name (`Foo<Bar>`) or a member (`Yaia.ShellState`) is read from its token; another type
  /// (`any P`, `@preconcurrency P`) is printed. Printing trims a copy of the tree, and every
  /// conformance and extension of every file is named here.
  func simpleName(_ type: some SyntaxProtocol) -> String {
    if let name = type.as(IdentifierTypeSyntax.self)?.name.text { return name }
    if let name = type.as(MemberTypeSyntax.self)?.name.text { return name }
    let text = type.trimmedDescription
    let base = text.split(separator: "<").first.map(String.init) ?? text
    return base.split(separator: ".").last.map(String.init) ?? base
  }

  private final class FactCollector: DeclarationVisitor {
    var types: [FileFacts.TypeFact] = []
    var extensions: [(String, [String])] = []
    var notificationNames: [String] = []

    private var nesting = 0

    private func add(
      _ name: TokenSyntax, _ kind: LintIndex.Kind, _ clause: InheritanceClauseSyntax?
    ) {
      types.append(
        .init(name: name.text, kind: kind, inherited: names(clause), isTopLevel: nesting == 0))
    }

    private func names(_ clause: InheritanceClauseSyntax?) -> [String] {
      clause?.inheritedTypes.map { simpleName($0.type) } ?? []
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      add(node.name, .struct, node.inheritanceClause)
      nesting += 1
      return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { nesting -= 1 }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      add(node.name, .class, node.inheritanceClause)
      nesting += 1
      return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { nesting -= 1 }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      add(node.name, .enum, node.inheritanceClause)
      nesting += 1
      return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { nesting -= 1 }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      add(node.name, .actor, node.inheritanceClause)
      nesting += 1
      return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { nesting -= 1 }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
      add(node.name, .protocol, node.inheritanceClause)
      return .skipChildren
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      nesting += 1
      return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { nesting -= 1 }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      if Self.isNotificationName(node.extendedType)
        || simpleName(node.extendedType) == "MessageIdentifier"
      {
        for member in node.memberBlock.members {
          guard let variable = member.decl.as(VariableDeclSyntax.self),
            variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
          else { continue }
          for binding in variable.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self) {
              notificationNames.append(name.identifier.text)
            }
          }
        }
      }
      extensions.append((simpleName(node.extendedType), names(node.inheritanceClause)))
      nesting += 1
      return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { nesting -= 1 }

    /// Whether `type` is `Notification.Name` or `NSNotification.Name`, read from its tokens.
    static func isNotificationName(_ type: TypeSyntax) -> Bool {
      guard let member = type.as(MemberTypeSyntax.self), member.name.text == "Name",
        member.genericArgumentClause == nil,
        let base = member.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil
      else { return false }
      return base.name.text == "Notification" || base.name.text == "NSNotification"
    }
  }
#endif
