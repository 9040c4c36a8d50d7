#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// A state hands its children their events through the forwarding helpers, and gives a state
  /// it makes the reader of a shared value, not a copy of the value: two wirings that compile,
  /// pass the happy path, and go wrong later.
  ///
  /// - An event handed on by hand (`recording.handle(event)` inside `handle`) skips what the
  ///   helpers do: a timed child is not told the time (it stamps its stale `now`), an event for a
  ///   child that is gone is not reported.
  /// - A state made with `reader.value` (or an element of it) holds a snapshot: a screen pushed
  ///   that way shows the old value after a change made elsewhere, and nothing tells.
  public struct StateWiringRule: LintRule {
    /// The rule's id.
    public let id = "state-wiring"
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.warning
    /// Why the rule exists.
    public let reason =
      "A child handed its event by hand is told no time and its dropped events go unreported; a state made with a shared value's snapshot never sees the value change."
    /// What to do about a finding.
    public let fix =
      "Forward with handle(event, in: \\.child, lift: …) (or handle(_:for:in:lift:) for a row); give a new state the SharedReader, not reader.value."

    /// The rule.
    public init() {}

    /// The findings in `file`, where the index says the type is a state.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      decided(file, context)
    }

    /// What would be findings in `file` if its types were states.
    func candidates(_ file: LintedFile, _ context: LintContext) -> [CandidateFinding] {
      var candidates: [CandidateFinding] = []
      for scope in StateScope.every(in: file) {
        let stored = Self.storedTypes(in: scope)
        for block in scope.blocks {
          for member in block.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self),
              Self.isHandle(function), let body = function.body
            else { continue }
            let scan = WiringScan(state: scope.name, stored: stored)
            scan.walk(body)
            candidates += scan.findings.map {
              CandidateFinding(finding: $0.finding, condition: .all([.state(scope.name)] + $0.also))
            }
          }
        }
      }
      return candidates
    }

    /// Whether `function` is a state's `handle(_:)`: one unlabelled parameter.
    static func isHandle(_ function: FunctionDeclSyntax) -> Bool {
      let parameters = function.signature.parameterClause.parameters
      return function.name.text == "handle" && parameters.count == 1
        && parameters.first?.firstName.tokenKind == .wildcard
    }

    /// The type of each stored property of the state, as its declaration names it: the element
    /// type for a collection or an optional (`var rows: KeyedChildren<ID, Row>` is `Row`,
    /// `var detail: Detail?` is `Detail`), the called type for `var form = Form()`. A reader keeps
    /// its own name: `SharedReader`.
    static func storedTypes(in scope: StateScope) -> [String: String] {
      var types: [String: String] = [:]
      for member in scope.primary?.members ?? [] {
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
        for binding in variable.bindings {
          guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
          else { continue }
          if let annotation = binding.typeAnnotation {
            types[name] = elementType(annotation.type)
          } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
          {
            types[name] = callee.baseName.text
          }
        }
      }
      return types
    }

    /// The type a child is of, in a property's type: through optionals, arrays and the last
    /// generic argument of a collection (`KeyedChildren<ID, Row>`, `[Row]`, `Row?`).
    static func elementType(_ type: TypeSyntax) -> String? {
      if let optional = type.as(OptionalTypeSyntax.self) {
        return elementType(optional.wrappedType)
      }
      if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        return elementType(unwrapped.wrappedType)
      }
      if let array = type.as(ArrayTypeSyntax.self) { return elementType(array.element) }
      guard let identifier = type.as(IdentifierTypeSyntax.self) else { return nil }
      let name = identifier.name.text
      if name == "SharedReader" { return name }
      if let last = identifier.genericArgumentClause?.arguments.last,
        ["KeyedChildren", "Array", "Optional", "IdentifiedArray"].contains(name),
        case .type(let argument) = last.argument
      {
        return elementType(argument)
      }
      return name
    }
  }

  /// Walks one `handle` body for events handed on by hand and snapshots of shared values.
  private final class WiringScan: SyntaxVisitor {
    let state: String
    /// The state's stored properties and their types (``StateWiringRule/storedTypes(in:)``).
    let stored: [String: String]
    /// Locals copied from a stored property (`guard var child = onboarding`), by name.
    var copies: [String: String] = [:]
    /// Each finding, with what else the index must say (the child's type is a state).
    var findings: [(finding: RuleFinding, also: [IndexCondition])] = []

    init(state: String, stored: [String: String]) {
      self.state = state
      self.stored = stored
      super.init(viewMode: .sourceAccurate)
    }

    /// The stored property a name stands for: itself, or the one a local was copied from.
    func property(_ name: String) -> String? {
      if let copied = copies[name] { return copied }
      return stored[name] == nil ? nil : name
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
      noteCopy(node.pattern, node.initializer?.value)
      return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
      noteCopy(node.pattern, node.initializer?.value)
      return .visitChildren
    }

    /// Notes a local named by `pattern` that copies a stored child (`var child = sheet`).
    private func noteCopy(_ pattern: PatternSyntax, _ value: ExprSyntax?) {
      guard let name = pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let value, let source = Self.childName(value), let property = property(source)
      else { return }
      copies[name] = property
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      if let access = node.calledExpression.as(MemberAccessExprSyntax.self),
        access.declName.baseName.text == "handle", let base = access.base,
        node.arguments.count == 1, node.arguments.first?.label == nil,
        node.trailingClosure == nil, let receiver = Self.childName(base),
        let child = property(receiver), let type = stored[child], type != "SharedReader"
      {
        findings.append(
          (
            RuleFinding(
              node,
              "\(state).handle hands the event to \(child) by hand: a timed child is told no time and an event for a child that is gone is dropped unreported; forward it with handle(event, in: \\.\(child), lift: …)"
            ), [.state(type)]
          ))
      }
      if Self.makesAValue(node) {
        for argument in node.arguments {
          if let reader = snapshot(argument.expression) {
            // A type's initializer counts only when the index says the type is a state
            // (`String(describing:)`, `Set(…)` copy a value to use it, not to keep it).
            let made = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            findings.append(
              (
                RuleFinding(
                  argument.expression,
                  "\(state).handle keeps a snapshot of \(reader).value: it will not show a change made elsewhere; give the state the reader (\(reader)) and let it read \(reader).value"
                ), made.map { [.state($0)] } ?? []
              ))
          }
        }
      }
      return .visitChildren
    }

    /// The child a receiver names (`child`, `self.child`, `rows[id: id]?`), or `nil` for `self`
    /// and for what is no stored child (a call's result).
    static func childName(_ base: ExprSyntax) -> String? {
      let expression = unwrapped(base)
      if let reference = expression.as(DeclReferenceExprSyntax.self) {
        let name = reference.baseName.text
        return name == "self" || name == "super" ? nil : name
      }
      if let access = expression.as(MemberAccessExprSyntax.self),
        access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
      {
        return access.declName.baseName.text
      }
      return nil
    }

    /// `expression` without the optional chaining, force unwraps and subscripts that pick an
    /// element of it: `rows[id: id]?` is `rows`.
    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
      if let chained = expression.as(OptionalChainingExprSyntax.self) {
        return unwrapped(chained.expression)
      }
      if let forced = expression.as(ForceUnwrapExprSyntax.self) {
        return unwrapped(forced.expression)
      }
      if let subscripted = expression.as(SubscriptCallExprSyntax.self) {
        return unwrapped(subscripted.calledExpression)
      }
      return expression
    }

    /// Whether the call makes a value a state keeps: a type's initializer (`Detail(…)`), an
    /// enum case (`.detail(…)`), or adding to a collection (`append`, `push`, `insert`).
    static func makesAValue(_ call: FunctionCallExprSyntax) -> Bool {
      if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
        return StatePurityRule.mayBeCapitalized(callee.baseName.text)
      }
      guard let access = call.calledExpression.as(MemberAccessExprSyntax.self) else {
        return false
      }
      let name = access.declName.baseName.text
      if access.base == nil {
        // An enum case in an array literal is a command returned (`[.save(settings.value)]`),
        // not a screen kept.
        return call.parent?.as(ArrayElementSyntax.self) == nil
      }
      return ["append", "push", "insert"].contains(name)
    }

    /// The reader whose whole value, or one element of it, `expression` copies: `reader.value`,
    /// `reader.value[i]`, `reader.value.first { … }`, each optionally unwrapped. A part of an
    /// element (`reader.value[i].id`) is a key, not a snapshot of what a screen shows.
    func snapshot(_ expression: ExprSyntax) -> String? {
      var expression = Self.unwrapped(expression)
      while true {
        if let call = expression.as(FunctionCallExprSyntax.self),
          let access = call.calledExpression.as(MemberAccessExprSyntax.self),
          ["first", "last", "filter", "sorted"].contains(access.declName.baseName.text),
          let base = access.base
        {
          expression = Self.unwrapped(base)
        } else if let access = expression.as(MemberAccessExprSyntax.self),
          ["first", "last"].contains(access.declName.baseName.text),
          let base = access.base
        {
          expression = Self.unwrapped(base)
        } else {
          break
        }
      }
      guard let access = expression.as(MemberAccessExprSyntax.self),
        access.declName.baseName.text == "value", let base = access.base,
        let reader = Self.childName(base), stored[reader] == "SharedReader"
      else { return nil }
      return reader
    }
  }

  extension StateWiringRule: StateRule {}
#endif
