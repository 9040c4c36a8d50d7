#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax

  /// A visitor of declarations only: it does not enter bodies, accessors or initial values,
  /// where no declaration another file or rule cares about can be (a type local to a function
  /// is nobody else's business). Skipping them halves a walk.
  class DeclarationVisitor: SyntaxVisitor {
    /// A visitor of the source as written.
    init() {
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
      .skipChildren
    }
  }

  extension DeclModifierListSyntax {
    /// Whether the declaration is `private` or `fileprivate`.
    /// Whether the declaration is `private` or `fileprivate` (a `private(set)` setter alone
    /// does not make it private: the getter is seen elsewhere).
    var isPrivate: Bool {
      contains {
        ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate))
          && $0.detail == nil
      }
    }
  }
#endif
