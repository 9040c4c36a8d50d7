#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// A state's `Command` and `ViewModel` are values: structs or enums that hold no closures, no
  /// class references and no `Any`, so a test compares them with `==` and a journal can replay
  /// them.
  public struct ValueTypesRule: LintRule {
    /// The rule's id.
    public let id = "value-types"
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.error
    /// Why the rule exists.
    public let reason =
      "Commands and view models are values: compared in tests, recorded and replayed; a closure, a class or Any cannot be."
    /// What to do about a finding.
    public let fix =
      "Make it a struct or an enum of values; describe work as data (an enum case) and let the shell hold the closure."

    /// The rule.
    public init() {}

    /// The findings in `file`: what it finds in the file alone, each waiting on a question
    /// about the other files, where the index answers yes.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      decided(file, context)
    }

    /// What would be findings in `file` if its types were states: each waits on its type being
    /// one, and a reference held also on that type being a class or an actor.
    func candidates(_ file: LintedFile, _ context: LintContext) -> [CandidateFinding] {
      var candidates: [CandidateFinding] = []
      for scope in StateScope.every(in: file) {
        for block in scope.blocks {
          for member in block.members {
            candidates += check(member.decl, in: scope.name)
          }
        }
      }
      return candidates
    }

    private static let names: Set<String> = ["Command", "ViewModel"]

    private func check(_ decl: DeclSyntax, in state: String) -> [CandidateFinding] {
      let isState = IndexCondition.state(state)
      if let type = decl.as(ClassDeclSyntax.self), Self.names.contains(type.name.text) {
        return [
          CandidateFinding(
            finding: RuleFinding(
              type.classKeyword, "\(state).\(type.name.text) is a class, not a value"),
            condition: isState)
        ]
      }
      if let type = decl.as(ActorDeclSyntax.self), Self.names.contains(type.name.text) {
        return [
          CandidateFinding(
            finding: RuleFinding(
              type.actorKeyword, "\(state).\(type.name.text) is an actor, not a value"),
            condition: isState)
        ]
      }
      if let alias = decl.as(TypeAliasDeclSyntax.self), Self.names.contains(alias.name.text) {
        return problems(
          in: alias.initializer.value, what: "\(state).\(alias.name.text)", state: state)
      }
      var findings: [CandidateFinding] = []
      if let type = decl.as(StructDeclSyntax.self), Self.names.contains(type.name.text) {
        for member in type.memberBlock.members {
          guard let variable = member.decl.as(VariableDeclSyntax.self),
            !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
          else { continue }
          for binding in variable.bindings {
            guard let annotation = binding.typeAnnotation else { continue }
            if let accessors = binding.accessorBlock, case .getter = accessors.accessors {
              continue
            }
            findings += problems(
              in: annotation.type,
              what: "\(state).\(type.name.text).\(binding.pattern.trimmedDescription)", state: state
            )
          }
        }
      }
      if let type = decl.as(EnumDeclSyntax.self), Self.names.contains(type.name.text) {
        for member in type.memberBlock.members {
          guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
          for element in cases.elements {
            for parameter in element.parameterClause?.parameters ?? [] {
              findings += problems(
                in: parameter.type, what: "\(state).\(type.name.text).\(element.name.text)",
                state: state)
            }
          }
        }
      }
      return findings
    }

    /// What `type` holds that a value must not, in a member of the type `state`: a closure,
    /// `Any`, and (if the index says so) a class or an actor.
    private func problems(in type: TypeSyntax, what: String, state: String) -> [CandidateFinding] {
      let mentions = TypeMentions(type)
      let isState = IndexCondition.state(state)
      var findings: [CandidateFinding] = []
      if let function = mentions.function {
        findings.append(
          CandidateFinding(
            finding: RuleFinding(function, "\(what) holds a closure"), condition: isState))
      }
      for (name, node) in mentions.names {
        if name == "Any" || name == "AnyObject" {
          findings.append(
            CandidateFinding(
              finding: RuleFinding(node, "\(what) holds \(name)"), condition: isState))
        } else {
          findings.append(
            CandidateFinding(
              finding: RuleFinding(node, "\(what) holds \(name), a reference type"),
              condition: .all([isState, .kind(of: name, in: [.class, .actor])])))
        }
      }
      return findings
    }
  }

  extension ValueTypesRule: StateRule {}
#endif
