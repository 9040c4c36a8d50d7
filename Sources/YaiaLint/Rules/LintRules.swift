#if Lint  // the trait; without it, TraitRequirement.swift names it
  /// The built-in rules.
  public enum LintRules {
    /// Every built-in rule, in the order the documentation lists them.
    public static let all: [any LintRule] = [
      StatePurityRule(), ValueTypesRule(), LayersRule(), MassiveTypeRule(), ViewHierarchyRule(),
      NotificationCenterRule(), StringAnyDictionaryRule(), CommentedOutCodeRule(),
      NestedClosuresRule(), LawOfDemeterRule(), UnusedPrivateRule(), StateWiringRule(),
    ]
  }
#endif
