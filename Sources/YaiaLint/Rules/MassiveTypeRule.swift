#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// The Massive View Controller and the Massive App Delegate: a view controller subclass or an
  /// app delegate longer than the configured number of lines.
  public struct MassiveTypeRule: LintRule {
    /// The rule's id.
    public let id = "massive-type"
    /// It looks at one file only, so it runs as soon as that file is parsed.
    public let readsOtherFiles = false
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.warning
    /// Why the rule exists.
    public let reason =
      "A massive view controller or app delegate mixes logic, I/O and layout; logic belongs in states, I/O in shells."
    /// What to do about a finding.
    public let fix =
      "Move decisions into a ShellState and effects into its shell; keep the controller to binding views."
    /// The options a configuration may set.
    public let options = [
      LintOption(
        "max-view-controller-lines", .integer(default: 300, range: 10...100_000),
        help: "The longest a view controller subclass may be."),
      LintOption(
        "max-app-delegate-lines", .integer(default: 150, range: 10...100_000),
        help: "The longest an app delegate may be."),
    ]

    /// The rule.
    public init() {}

    static let delegateProtocols: Set<String> = [
      "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate",
    ]

    /// The findings in `file`.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      let controllerLimit = context.integer("max-view-controller-lines", default: 300)
      let delegateLimit = context.integer("max-app-delegate-lines", default: 150)
      var findings: [RuleFinding] = []
      // A type's extensions in the same file are the type too: splitting a controller into
      // `extension` blocks of one file does not make it smaller.
      var extensionLines: [String: Int] = [:]
      for statement in file.tree.statements {
        guard let extended = statement.item.as(ExtensionDeclSyntax.self) else { continue }
        extensionLines[simpleName(extended.extendedType), default: 0] += lineCount(extended, file)
      }
      for statement in file.tree.statements {
        guard let type = statement.item.as(ClassDeclSyntax.self) else { continue }
        let inherited = type.inheritanceClause?.inheritedTypes.map { simpleName($0.type) } ?? []
        let own = lineCount(type, file)
        let extra = extensionLines[type.name.text] ?? 0
        let lines = own + extra
        let size =
          extra == 0
          ? "\(lines) lines long" : "\(lines) lines long with its extensions in this file"
        if inherited.contains(where: { $0.hasSuffix("ViewController") }), lines > controllerLimit {
          findings.append(
            RuleFinding(
              type.name,
              "view controller \(type.name.text) is \(size) (at most \(controllerLimit))"))
        } else if type.name.text == "AppDelegate"
          || inherited.contains(where: Self.delegateProtocols.contains), lines > delegateLimit
        {
          // Named for what it is: a scene's delegate is not the app's.
          let scene = inherited.contains { $0.hasSuffix("SceneDelegate") }
          let kind = scene ? "scene delegate" : "app delegate"
          findings.append(
            RuleFinding(
              type.name, "\(kind) \(type.name.text) is \(size) (at most \(delegateLimit))"))
        }
      }
      return findings
    }

    private func lineCount(_ node: some SyntaxProtocol, _ file: LintedFile) -> Int {
      file.line(of: node.endPositionBeforeTrailingTrivia)
        - file.line(of: node.positionAfterSkippingLeadingTrivia) + 1
    }
  }
#endif
