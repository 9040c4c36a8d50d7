#if Lint  // the trait; without it, TraitRequirement.swift names it
  /// A question about the other files that a finding waits on: whether a type is a state, what
  /// kind a type is, whether the app declares a notification name. The index answers it once
  /// every file is read.
  indirect enum IndexCondition: Sendable, Equatable, Codable {
    /// Holds whatever the other files say.
    case always
    /// The type of this name is a state (``LintIndex/isState(_:)``).
    case state(String)
    /// The type of this name is of one of these kinds (a class, say).
    case kind(of: String, in: Set<LintIndex.Kind>)
    /// The app declares this notification name.
    case notificationName(String)
    /// The app declares this type as a typed notification message (Swift 6.2's
    /// `NotificationCenter.MainActorMessage` or `AsyncMessage`).
    case notificationMessage(String)
    /// Every one of these holds.
    case all([IndexCondition])
    /// This does not hold.
    case not(IndexCondition)

    /// Whether the condition holds in `index`.
    func holds(in index: LintIndex) -> Bool {
      switch self {
      case .always: return true
      case .state(let name): return index.isState(name)
      case .kind(let name, let kinds): return index.kind(of: name).map(kinds.contains) ?? false
      case .notificationName(let name): return index.notificationNames.contains(name)
      case .notificationMessage(let name): return index.isNotificationMessage(name)
      case .all(let conditions): return conditions.allSatisfy { $0.holds(in: index) }
      case .not(let condition): return !condition.holds(in: index)
      }
    }
  }

  /// A finding, placed and with its severity, that waits on the other files: what the linter
  /// keeps of a ``CandidateFinding`` after the first pass, and what the cache keeps.
  struct DeferredFinding: Sendable, Codable {
    /// The finding, as it is reported if the condition holds.
    var finding: LintFinding
    /// What the other files must say.
    var condition: IndexCondition
  }

  /// What would be a finding if the index agrees: the finding, and the condition it waits on.
  struct CandidateFinding {
    /// The finding, as the rule words it.
    var finding: RuleFinding
    /// What the other files must say for it to be one.
    var condition: IndexCondition
  }

  /// A rule that reads other files only to answer questions about them: it finds in one file
  /// alone what would be a finding, each with the question it waits on (``IndexCondition``),
  /// and the index answers once every file is read.
  ///
  /// The linter runs it on each file right after parsing, like a rule that reads no other file,
  /// and keeps only its candidates, not the tree (about 4 KB a line) until the index exists.
  /// Its ``LintRule/check(_:_:)`` is its candidates that hold (``decided(_:_:)``), so the two
  /// ways to run it find the same.
  protocol DeferringRule: FileSelectingRule {
    /// What would be a finding in `file`, whatever the other files say; `context.index` is not
    /// read.
    func candidates(_ file: LintedFile, _ context: LintContext) -> [CandidateFinding]
  }

  extension DeferringRule {
    /// The findings among `file`'s candidates, by `context`'s index: what ``LintRule/check(_:_:)``
    /// returns.
    func decided(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      candidates(file, context).filter { $0.condition.holds(in: context.index) }.map(\.finding)
    }
  }
#endif
