#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// The expressions that several rules look at, gathered in one walk of a file: the closures
  /// (each with the closure it is written in) and the member accesses. A walk of a whole tree
  /// costs about as much as a rule's own work, so the rules that need these read the lists
  /// instead of walking again (what keeps all rules together under the cost of parsing).
  struct FileNodes: Sendable {
    /// Every closure, in source order, with the index in this list of the closure it is
    /// written in (`nil` at the top). Whether each is a callback (``isCallback(_:)``) is not
    /// decided here: that reads the closure's body, and only the closures nested deep enough
    /// to matter are asked (``callbackDepth(of:isCallback:)``).
    var closures: [(node: ClosureExprSyntax, outer: Int?)] = []
    /// Every member access (`a.b`), in source order, outer accesses before inner ones.
    var memberAccesses: [MemberAccessExprSyntax] = []

    /// Gathers the nodes of `tree`.
    init(_ tree: SourceFileSyntax) {
      let walk = Walk(viewMode: .sourceAccurate)
      walk.walk(tree)
      closures = walk.closures
      memberAccesses = walk.memberAccesses
    }

    /// How many closures `index` is nested in, itself included, whatever their kind: a bound
    /// on its depth in callbacks, read without looking at any closure's body.
    func nesting(of index: Int) -> Int {
      var count = 1
      var current = closures[index].outer
      while let outer = current {
        count += 1
        current = closures[outer].outer
      }
      return count
    }

    /// The callback depth of the closure at `index` (1 for a callback in no other callback;
    /// 0 for a closure that is no callback), and the outermost callback it is in (itself at
    /// depth 1). `isCallback` answers for a closure's index, and is asked once per closure on
    /// the way out: callers memoize it.
    func callbackDepth(of index: Int, isCallback: (Int) -> Bool) -> (
      depth: Int, outermost: Int?
    ) {
      guard isCallback(index) else { return (0, nil) }
      var depth = 1
      var outermost = index
      var current = closures[index].outer
      while let outer = current {
        if isCallback(outer) {
          depth += 1
          outermost = outer
        }
        current = closures[outer].outer
      }
      return (depth, outermost)
    }

    /// Whether `closure` is result-builder content (a SwiftUI view's body, `.sheet { … }`,
    /// `Scope { Feature() }`) rather than a callback. Without types, its statements tell: every
    /// one declares something to build (a call of a type, `Text("a")`, `VStack { … }`, with any
    /// modifiers after it, `.padding()`), or an `if`/`switch`/`#if` whose branches do, and none
    /// does anything (no assignment, no call of a function or method, no `await`). A `let`
    /// among the content (`let title = model.title`, which builders allow) builds nothing and
    /// does nothing later, so it decides nothing; at least one statement must build.
    /// A `Button { store.send(.tap) }` action is a callback; its `label: { Text("Tap") }` is not.
    static func isBuilderContent(_ closure: ClosureExprSyntax) -> Bool {
      builds(closure.statements) && closure.statements.contains { !isLocalConstant($0.item) }
    }

    /// Whether every statement of `statements` builds content or is a local constant.
    private static func builds(_ statements: CodeBlockItemListSyntax) -> Bool {
      statements.allSatisfy { isLocalConstant($0.item) || isDeclarative($0.item) }
    }

    /// Whether `item` is a `let` declaration, which a result builder allows among its content.
    private static func isLocalConstant(_ item: CodeBlockItemSyntax.Item) -> Bool {
      guard case .decl(let declaration) = item,
        let variable = declaration.as(VariableDeclSyntax.self)
      else { return false }
      return variable.bindingSpecifier.tokenKind == .keyword(.let)
    }

    /// Calls whose closures run in place or as structured child tasks, not later as callbacks:
    /// a synchronous transform (`map`, `filter`, …) or structured concurrency (`Task`,
    /// `withTaskGroup`, `addTask`, continuations). Nesting them builds no pyramid of callbacks.
    static let inPlaceCalls: Set<String> = [
      "map", "compactMap", "filter", "reduce", "sorted", "sort", "first", "last", "contains",
      "allSatisfy", "forEach", "min", "max", "drop", "prefix", "firstIndex", "lastIndex",
      "partition", "removeAll", "mapValues", "compactMapValues", "Task", "detached",
      "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup",
      "withThrowingDiscardingTaskGroup", "addTask", "addTaskUnlessCancelled",
      "withTaskCancellationHandler", "withCheckedContinuation", "withCheckedThrowingContinuation",
      "withUnsafeContinuation", "withUnsafeThrowingContinuation", "withAnimation",
      "withExtendedLifetime", "Promise", "Future",
    ]

    /// Whether `closure` is a callback: not result-builder content, and not handed to a call that
    /// runs it in place (``inPlaceCalls``).
    static func isCallback(_ closure: ClosureExprSyntax) -> Bool {
      // Each test below alone makes the closure no callback, so the cheap ones, which look only
      // at the closure's parents, come first; the two that read its body come last.
      // A function value handed back (`return { conn in … }`, or a function whose body is the
      // closure): the function's own body, not a callback waited for.
      if isReturned(closure) { return false }
      // Called where it is written: `{ … }()`.
      if let call = closure.parent?.as(FunctionCallExprSyntax.self),
        call.calledExpression.id == closure.id
      {
        return false
      }
      if let name = calledName(of: closure), inPlaceCalls.contains(name) { return false }
      if isBuilderContent(closure) { return false }
      // Already async code (`.run { await … }`): what a pyramid would be rewritten into.
      return !awaitsDirectly(closure)
    }

    /// Whether `closure` is returned: the operand of `return`, or the only statement of a
    /// function's or computed property's body.
    private static func isReturned(_ closure: ClosureExprSyntax) -> Bool {
      guard let parent = closure.parent else { return false }
      if parent.is(ReturnStmtSyntax.self) { return true }
      guard let item = parent.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
        let block = list.parent
      else { return false }
      if let body = block.as(CodeBlockSyntax.self) {
        return body.parent?.is(FunctionDeclSyntax.self) == true
      }
      return block.is(AccessorBlockSyntax.self)
    }

    /// Whether `closure`'s own statements (not those of closures inside it) `await`.
    private static func awaitsDirectly(_ closure: ClosureExprSyntax) -> Bool {
      final class Finder: SyntaxVisitor {
        var found = false
        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
          found = true
          return .skipChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
          .skipChildren
        }
      }
      let finder = Finder(viewMode: .sourceAccurate)
      finder.walk(closure.statements)
      return finder.found
    }

    /// The name of the function a closure is an argument or trailing closure of.
    private static func calledName(of closure: ClosureExprSyntax) -> String? {
      var node = Syntax(closure).parent
      // An argument (`f(x: { … })`) or an extra trailing closure (`f { … } label: { … }`).
      while let current = node,
        current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
          || current.is(MultipleTrailingClosureElementSyntax.self)
          || current.is(MultipleTrailingClosureElementListSyntax.self)
      {
        node = current.parent
      }
      guard let call = node?.as(FunctionCallExprSyntax.self) else { return nil }
      var called = call.calledExpression
      if let specialized = called.as(GenericSpecializationExprSyntax.self) {
        called = specialized.expression  // `Promise<Void> { seal in … }`
      }
      if let reference = called.as(DeclReferenceExprSyntax.self) {
        return reference.baseName.text
      }
      return called.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    private static func isDeclarative(_ item: CodeBlockItemSyntax.Item) -> Bool {
      switch item {
      case .expr(let expression): return isDeclarative(expression)
      case .stmt(let statement):
        if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
          return isDeclarative(expression)
        }
        // A factory: `provider: { context in return DetailViewController(context) }`.
        if let returned = statement.as(ReturnStmtSyntax.self)?.expression {
          return isDeclarative(returned)
        }
        return false
      case .decl(let declaration):
        // `#if` around content.
        guard let clauses = declaration.as(IfConfigDeclSyntax.self)?.clauses else { return false }
        return clauses.allSatisfy { clause in
          guard case .statements(let statements)? = clause.elements else { return false }
          return builds(statements)
        }
      }
    }

    private static func isDeclarative(_ expression: ExprSyntax) -> Bool {
      if let branch = expression.as(IfExprSyntax.self) {
        let body = builds(branch.body.statements)
        switch branch.elseBody {
        case nil: return body
        case .ifExpr(let next)?: return body && isDeclarative(ExprSyntax(next))
        case .codeBlock(let block)?: return body && builds(block.statements)
        }
      }
      if let choice = expression.as(SwitchExprSyntax.self) {
        return choice.cases.allSatisfy { item in
          guard case .switchCase(let switchCase) = item else { return false }
          return builds(switchCase.statements)
        }
      }
      // A view held in a variable, placed as it is: `header`, `rows.first`. (A statement of a
      // bare name does nothing in a callback.)
      if expression.is(DeclReferenceExprSyntax.self) { return true }
      // A chain of modifiers ends, at its root, in the call of a type: `Text("a").bold()`.
      var current = expression
      while true {
        if let configured = current.as(PostfixIfConfigExprSyntax.self), let base = configured.base {
          current = base  // modifiers under `#if os(iOS)`
          continue
        }
        if let call = current.as(FunctionCallExprSyntax.self) {
          if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = access.base
          {
            // Work sent elsewhere (`DispatchQueue.main.async { … }`), not a view's modifier.
            if dispatchCalls.contains(access.declName.baseName.text) { return false }
            current = base  // a modifier: `.padding()` on what comes before
            continue
          }
          return isTypeName(call.calledExpression)
        }
        if let access = current.as(MemberAccessExprSyntax.self), let base = access.base {
          current = base  // `.bold` without a call, `Color.red`
          continue
        }
        if current.is(MacroExpansionExprSyntax.self) { return false }
        // A bare type or constant of one (`EmptyView()` is a call; `Color.red` was handled).
        return isTypeName(current)
      }
    }

    /// Calls that send work to run elsewhere: no SwiftUI modifier has these names.
    static let dispatchCalls: Set<String> = [
      "async", "asyncAfter", "sync", "asyncAndWait", "addOperation", "perform", "performAndWait",
    ]

    /// Whether `expression` names a type: `Text`, `SwiftUI.Text`, `Foo<Bar>`.
    private static func isTypeName(_ expression: ExprSyntax) -> Bool {
      if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
        return name.first?.isUppercase == true
      }
      if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
        return isTypeName(specialized.expression)
      }
      if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
        let name = access.declName.baseName
        return name.text.first?.isUppercase == true && isTypeName(base)
      }
      return false
    }

    private final class Walk: SyntaxVisitor {
      var closures: [(node: ClosureExprSyntax, outer: Int?)] = []
      var memberAccesses: [MemberAccessExprSyntax] = []
      /// The indexes of the closures the walk is in, innermost last.
      var open: [Int] = []

      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        closures.append((node, open.last))
        open.append(closures.count - 1)
        return .visitChildren
      }

      override func visitPost(_ node: ClosureExprSyntax) {
        open.removeLast()
      }

      override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        memberAccesses.append(node)
        return .visitChildren
      }
    }
  }
#endif
