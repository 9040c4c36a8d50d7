#if Lint  // the trait; without it, TraitRequirement.swift names it
  /// A rule that reads other files and can say which files it looks at.
  ///
  /// Rules that read the ``LintIndex`` run once every file is indexed, so without this the
  /// linter would keep every file's tree between its two passes: about 4 KB a line, 440 MB for
  /// 100,000 lines, and a tenth of the run spent by the kernel handing out that memory. With
  /// it, the linter keeps only the trees a rule will probably read, and parses again the few it
  /// guessed wrong. The guess decides only speed; ``reads(_:text:index:configuration:)`` alone
  /// decides which files are checked, and it is exact.
  protocol FileSelectingRule: LintRule {
    /// Whether ``LintRule/check(_:_:)`` may find anything in the file whose facts are `facts`
    /// and whose text is `text`, now that every file is indexed: `false` only where the check
    /// would find nothing.
    func reads(
      _ facts: FileFacts, text: String, index: LintIndex, configuration: LintConfiguration
    ) -> Bool

    /// Before the index exists: whether ``reads(_:text:index:configuration:)`` will probably
    /// choose the file, so its tree is worth keeping. A wrong guess costs a parse or some
    /// memory, never a finding.
    func probablyReads(_ facts: FileFacts, text: String, configuration: LintConfiguration) -> Bool
  }

  /// A rule about states (``StatePurityRule``, ``ValueTypesRule``): it looks at the files that
  /// declare or extend one.
  protocol StateRule: DeferringRule {}

  extension StateRule {
    /// The files that declare or extend a state.
    func reads(
      _ facts: FileFacts, text: String, index: LintIndex, configuration: LintConfiguration
    ) -> Bool {
      StateFiles.declaresState(facts, index: index)
    }

    /// The files that say they declare a state.
    func probablyReads(_ facts: FileFacts, text: String, configuration: LintConfiguration) -> Bool {
      StateFiles.probablyDeclaresState(facts)
    }
  }

  /// Which files declare or extend a state, for the state rules (``StateRule``).
  enum StateFiles {
    /// Whether the file declares or extends a type the index calls a state: the types
    /// ``StateScope`` gathers are named exactly as the facts name them.
    static func declaresState(_ facts: FileFacts, index: LintIndex) -> Bool {
      facts.types.contains { index.isState($0.name) }
        || facts.extensions.contains { index.isState($0.name) }
    }

    /// Whether the file itself says it declares a state: a type or extension that conforms to
    /// one of Yaia's state protocols, or to a protocol whose name ends in `State` (an app's own
    /// refinement). A state whose conformance is declared elsewhere is missed here and found by
    /// ``declaresState(_:index:)``.
    static func probablyDeclaresState(_ facts: FileFacts) -> Bool {
      facts.types.contains { conformsLikeAState($0.inherited) }
        || facts.extensions.contains { conformsLikeAState($0.conformances) }
    }

    private static func conformsLikeAState(_ names: [String]) -> Bool {
      names.contains { LintIndex.yaiaStateProtocols.contains($0) || $0.hasSuffix("State") }
    }
  }
#endif
