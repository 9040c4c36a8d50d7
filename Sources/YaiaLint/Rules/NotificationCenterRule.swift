#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// NotificationCenter between the app's own types: posting or observing a notification name
  /// the app declares, where a direct relationship (a delegate, a closure, an event) would say
  /// who talks to whom. System notifications (the keyboard, the app's life cycle) are fine.
  public struct NotificationCenterRule: LintRule {
    /// The rule's id.
    public let id = "notification-center"
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.warning
    /// Why the rule exists.
    public let reason =
      "Notifications between the app's own objects hide who depends on whom; a direct relationship can be read and tested."
    /// What to do about a finding.
    public let fix =
      "Pass a closure, a delegate or an event source to the object that needs to know; keep NotificationCenter for the system's notifications."

    /// The rule.
    public init() {}

    static let methods: Set<String> = [
      "post", "addObserver", "publisher", "notifications",
    ]

    /// The findings in `file`: what it finds in the file alone, each waiting on a question
    /// about the other files, where the index answers yes.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      decided(file, context)
    }

    /// Each call that posts or observes through NotificationCenter, with the name it passes:
    /// one made from a string literal is the app's own whatever the other files say; a member
    /// (`.refreshed`) is if the app declares it on `Notification.Name`. A call is reported for
    /// the first of its names that is the app's own.
    func candidates(_ file: LintedFile, _ context: LintContext) -> [CandidateFinding] {
      guard contains(file.text, "NotificationCenter") else { return [] }
      let scan = Scan()
      scan.walk(file.tree)
      return scan.candidates
    }

    /// What a call does, for a finding's message: `post` posts, the others observe.
    static func verb(_ method: String) -> String {
      method == "post" ? "posts" : "observes (\(method))"
    }

    private final class Scan: SyntaxVisitor {
      var candidates: [CandidateFinding] = []

      init() {
        super.init(viewMode: .sourceAccurate)
      }

      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let access = node.calledExpression.as(MemberAccessExprSyntax.self),
          NotificationCenterRule.methods.contains(access.declName.baseName.text),
          let base = access.base,
          base.tokens(viewMode: .sourceAccurate).contains(where: {
            $0.text == "NotificationCenter"
          })
        else { return .visitChildren }
        // Each name waits on its own condition, and on no earlier name being the app's own.
        var earlier: [IndexCondition] = []
        for argument in node.arguments
        where ["name", "forName", "named", "for", nil].contains(argument.label?.text) {
          guard let (own, condition) = ownName(argument.expression) else { continue }
          candidates.append(
            CandidateFinding(
              finding: RuleFinding(
                node,
                "\(NotificationCenterRule.verb(access.declName.baseName.text)) the app's own \(own.hasPrefix("message ") ? own : "notification \(own)") through NotificationCenter"
              ),
              condition: earlier.isEmpty ? condition : .all([condition] + earlier.map { .not($0) })
            ))
          if condition == .always { break }  // no later name can come first
          earlier.append(condition)
        }
        return .visitChildren
      }

      /// Whether `text` is the name of a system notification: `NS…`, `UI…`, `AV…`, `MP…`,
      /// `CL…`, `WK…` or `UN…`, ending in `Notification`.
      static func isSystemName(_ text: String) -> Bool {
        let prefixes = ["NS", "UI", "AV", "MP", "CL", "WK", "UN"]
        return text.hasSuffix("Notification") && prefixes.contains { text.hasPrefix($0) }
          && text.allSatisfy { $0.isLetter || $0.isNumber }
      }

      /// The app's own name or message `expression` may refer to, and what makes it the
      /// app's: a member the app declares on `Notification.Name` (or as a typed message's
      /// identifier), a name made from a string literal (`Notification.Name("x")`), or a typed
      /// message (Swift 6.2's `NotificationCenter.MainActorMessage` or `AsyncMessage`) the app
      /// declares, posted as a value (`DocumentSaved(…)`) or observed by its type
      /// (`for: DocumentSaved.self`). A literal among a message's own arguments is no name.
      private func ownName(_ expression: ExprSyntax) -> (String, IndexCondition)? {
        if let access = expression.as(MemberAccessExprSyntax.self) {
          let name = access.declName.baseName.text
          if name == "self", let base = access.base {
            let type = simpleTypeName(base)
            return type.map { ("message \($0)", .notificationMessage($0)) }
          }
          return (name, .notificationName(name))
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
          let called = call.calledExpression.trimmedDescription
          if [
            "Notification.Name", "NSNotification.Name", "Notification.Name.init",
            "NSNotification.Name.init", ".init", "Name", ".Name",
          ].contains(called),
            let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)
          {
            let text = literal.segments.trimmedDescription
            // A system event named by its string (`"NSApplicationDidBecomeActiveNotification"`
            // under Catalyst) is the platform's, not the app's own channel.
            if Self.isSystemName(text) { return nil }
            return ("\"\(text)\"", .always)
          }
          // A message's value, `DocumentSaved(…)` or `DocumentSaved.init(…)`: the app's own
          // when it declares that type as a message.
          let typeExpression =
            call.calledExpression.as(MemberAccessExprSyntax.self).flatMap {
              $0.declName.baseName.text == "init" ? $0.base : nil
            } ?? call.calledExpression
          if let type = simpleTypeName(typeExpression) {
            return ("message \(type)", .notificationMessage(type))
          }
        }
        return nil
      }

      /// The type a reference names (`DocumentSaved`, `Editor.DocumentSaved`), by its last
      /// name; `nil` for anything else (a value, a call).
      private func simpleTypeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
          let name = reference.baseName.text
          return name.first?.isUppercase == true ? name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
          let name = member.declName.baseName.text
          return name.first?.isUppercase == true ? name : nil
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) {
          return simpleTypeName(generic.expression)
        }
        return nil
      }
    }
  }

  extension NotificationCenterRule: DeferringRule {
    /// The files that name `NotificationCenter` (the check finds nothing in others).
    func reads(
      _ facts: FileFacts, text: String, index: LintIndex, configuration: LintConfiguration
    ) -> Bool {
      contains(text, "NotificationCenter")
    }

    /// The same files: the text alone decides.
    func probablyReads(_ facts: FileFacts, text: String, configuration: LintConfiguration) -> Bool {
      contains(text, "NotificationCenter")
    }
  }
#endif
