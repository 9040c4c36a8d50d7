#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// A state does no I/O, awaits nothing, reads no clock, randomness or globals, and holds
  /// values: in every `ShellState`, `handle` and `viewModel` (and the members they call) are
  /// checked, and so are its stored properties.
  public struct StatePurityRule: LintRule {
    /// The rule's id.
    public let id = "state-purity"
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.error
    /// Why the rule exists.
    public let reason =
      "A state is a pure value: the dependency arrow points from I/O to logic, so handle and viewModel do no I/O, await nothing and read no clock, randomness or globals."
    /// What to do about a finding.
    public let fix =
      "Return a command the shell runs, and send its result back as an event; pass times, ids and random values in events."
    /// The options a configuration may set.
    public let options = [
      LintOption(
        "allowed-classes", .names(default: []),
        help: "Class types a state may hold (an immutable cache the team has vetted).")
    ]

    /// The rule.
    public init() {}

    /// Types whose use is I/O or a global, named in findings as they are.
    static let effectTypes: [String: String] = [
      "URLSession": "the network", "FileManager": "the file system",
      "UserDefaults": "stored preferences", "NotificationCenter": "notifications",
      "DispatchQueue": "a dispatch queue", "NSManagedObjectContext": "Core Data",
      "NSPersistentContainer": "Core Data", "NSFetchRequest": "Core Data",
      "NSManagedObject": "Core Data", "DatabaseQueue": "GRDB", "DatabasePool": "GRDB",
      "DatabaseWriter": "GRDB", "DatabaseReader": "GRDB", "Database": "GRDB",
      "SystemRandomNumberGenerator": "randomness", "ProcessInfo": "the process environment",
    ]
    static let singletonNames: Set<String> = ["shared", "default", "standard", "main"]

    /// Whether `name` may start with a capital, as a type's name does: an ASCII capital, or
    /// a character beyond ASCII (asked no further here). Asked before a name is hashed, since
    /// most names in a body (values, cases, members) start in lower case.
    static func mayBeCapitalized(_ name: String) -> Bool {
      guard let first = name.utf8.first else { return false }
      return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) || first >= 0x80
    }

    static let randomFunctions: Set<String> = [
      "arc4random", "arc4random_uniform", "drand48", "random",
    ]

    /// The findings in `file`: what it finds in the file alone, each waiting on a question
    /// about the other files, where the index answers yes.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      decided(file, context)
    }

    /// What would be findings in `file` if the types were states: each waits on its type being
    /// one, and a class property also on its type being a class.
    func candidates(_ file: LintedFile, _ context: LintContext) -> [CandidateFinding] {
      let allowed = Set(context.names("allowed-classes", default: []))
      var candidates: [CandidateFinding] = []
      for scope in StateScope.every(in: file) {
        let isState = IndexCondition.state(scope.name)
        candidates += impurities(in: scope).map {
          CandidateFinding(finding: $0, condition: isState)
        }
        if let primary = scope.primary {
          candidates += classProperties(of: scope.name, in: primary, allowed: allowed)
        }
      }
      return candidates
    }

    /// What `handle`, `viewModel` and the members they reach do that a value must not.
    private func impurities(in state: StateScope) -> [RuleFinding] {
      var members: [String: [Syntax]] = [:]
      for block in state.blocks {
        for member in block.members {
          if let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body {
            members[function.name.text, default: []].append(Syntax(body))
          } else if let variable = member.decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
              guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let accessors = binding.accessorBlock
              else { continue }
              members[name, default: []].append(Syntax(accessors))
            }
          }
        }
      }
      var reached: [String] = ["handle", "viewModel"].filter { members[$0] != nil }
      var seen = Set(reached)
      var findings: [RuleFinding] = []
      let names = Set(members.keys)
      while let name = reached.popLast() {
        for body in members[name] ?? [] {
          let scan = ImpurityScan(state: state.name, member: name, members: names)
          scan.walk(body)
          findings += scan.findings
          for called in scan.calledMembers where seen.insert(called).inserted {
            reached.append(called)
          }
        }
      }
      return findings
    }

    /// Stored properties whose type may be a class the index knows (and the configuration does
    /// not allow): each waits on the state being one and the type being a class.
    private func classProperties(
      of state: String, in block: MemberBlockSyntax, allowed: Set<String>
    ) -> [CandidateFinding] {
      var findings: [CandidateFinding] = []
      for member in block.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self),
          !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
        else { continue }
        for binding in variable.bindings {
          if let accessors = binding.accessorBlock, case .getter = accessors.accessors { continue }
          let name =
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            ?? binding.pattern.trimmedDescription
          var types: [(String, Syntax)] = []
          if let annotation = binding.typeAnnotation {
            types = TypeMentions(annotation.type).names
          } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
          {
            types = [(callee.baseName.text, Syntax(callee))]
          }
          for (type, node) in types where !allowed.contains(type) {
            findings.append(
              CandidateFinding(
                finding: RuleFinding(
                  node,
                  "\(state).\(name) holds \(type), a class: a state's stored properties are values"
                ),
                condition: .all([.state(state), .kind(of: type, in: [.class])])))
          }
        }
      }
      return findings
    }
  }

  /// Walks one member's body for effects, and notes the state's members it calls.
  private final class ImpurityScan: SyntaxVisitor {
    let state: String
    let member: String
    let members: Set<String>
    var findings: [RuleFinding] = []
    var calledMembers: Set<String> = []

    init(state: String, member: String, members: Set<String>) {
      self.state = state
      self.member = member
      self.members = members
      super.init(viewMode: .sourceAccurate)
    }

    private func report(_ node: some SyntaxProtocol, _ what: String) {
      findings.append(RuleFinding(node, "\(state).\(member) \(what)"))
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
      report(node, "awaits: a state decides at once and leaves waiting to the shell")
      return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      let noArguments = node.arguments.isEmpty && node.trailingClosure == nil
      let firstLabel = node.arguments.first?.label
      if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self) {
        let name = callee.baseName.text
        switch name {
        case "Task": report(node, "starts a Task")
        case "Date" where noArguments: report(node, "reads the clock (Date())")
        case "Date"
        where firstLabel?.text == "timeIntervalSinceNow":
          report(node, "reads the clock (Date(timeIntervalSinceNow:))")
        case "UUID" where noArguments: report(node, "makes a random UUID()")
        case "IDSequence" where noArguments:
          report(
            node,
            "starts a new IDSequence(): its ids repeat those of every other IDSequence() (keep one sequence in the state and call next(), or give a new state ids.split())"
          )
        case "CFAbsoluteTimeGetCurrent", "CACurrentMediaTime", "mach_absolute_time",
          "clock_gettime", "gettimeofday":
          report(node, "reads the clock (\(name))")
        default:
          if StatePurityRule.randomFunctions.contains(name) {
            report(node, "reads randomness (\(name))")
          } else if members.contains(name) {
            calledMembers.insert(name)
          }
        }
      } else if let access = node.calledExpression.as(MemberAccessExprSyntax.self) {
        let name = access.declName.baseName.text
        // Only a bare name matters below (`Task.detached`, `self.reduce()`): read as a token,
        // not by printing the base (a trimmed copy of the tree, for every call).
        let base = access.base?.as(DeclReferenceExprSyntax.self).flatMap {
          $0.argumentNames == nil ? $0.baseName.text : nil
        }
        if base == "Task" {
          report(node, "starts a Task (Task.\(name))")
        } else if name == "now", noArguments {
          report(node, "reads the clock (.now())")
        } else if ["random", "randomElement", "shuffled", "shuffle"].contains(name) {
          report(node, "reads randomness (.\(name))")
        } else if base == "self", members.contains(name) {
          calledMembers.insert(name)
        }
      }
      return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
      // `.now` on its own (`let at: Date = .now`) reads the clock whatever type it names; a
      // call `.now()` is reported as a call.
      let called = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
      if node.base == nil, node.declName.baseName.text == "now", !called {
        report(node, "reads the clock (.now)")
        return .visitChildren
      }
      // Only `Type.member` matters: a base that is no capitalized name is passed by at once.
      guard let base = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
        StatePurityRule.mayBeCapitalized(base)
      else {
        return .visitChildren
      }
      let name = node.declName.baseName.text
      if !called, name == "now" || (base == "Date" && name == "timeIntervalSinceReferenceDate") {
        // `ContinuousClock.now`, `DispatchTime.now` are clock reads too, not only `Date.now`.
        report(node, "reads the clock (\(base).\(name))")
      } else if StatePurityRule.singletonNames.contains(name), base.first?.isUppercase == true,
        StatePurityRule.effectTypes[base] == nil
      {
        report(node, "reads a global (\(base).\(name))")
      }
      return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
      let name = node.baseName.text
      if StatePurityRule.mayBeCapitalized(name), let what = StatePurityRule.effectTypes[name] {
        report(node, "uses \(name) (\(what))")
      }
      return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
      let name = node.name.text
      if StatePurityRule.mayBeCapitalized(name), let what = StatePurityRule.effectTypes[name] {
        report(node, "uses \(name) (\(what))")
      }
      return .visitChildren
    }
  }

  extension StatePurityRule: StateRule {}
#endif
