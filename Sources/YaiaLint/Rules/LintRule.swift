#if Lint  // the trait; without it, TraitRequirement.swift names it
  public import SwiftSyntax

  /// A rule of the architecture, as a value: its id, why it exists (citing the principle), how
  /// to fix what it finds, the options a configuration may set, and the check itself.
  ///
  /// A check looks at one parsed file, with the ``LintIndex`` of every file for what crosses
  /// files (which types are states, which are classes, which layer declares a type), and
  /// returns where it found something and what. The ``Linter`` turns that into
  /// ``LintFinding``s with locations, severities and suppressions applied.
  public protocol LintRule: Sendable {
    /// The rule's id in configurations, suppressions and output (`state-purity`).
    var id: String { get }
    /// The severity when the configuration says nothing.
    var defaultSeverity: LintSeverity { get }
    /// Whether the rule runs when the configuration does not name it. A rule whose findings on
    /// real apps are wrong more than 5% of the time is off by default (its DocC section says
    /// why and with what measured rate); a team turns it on by naming it.
    var isEnabledByDefault: Bool { get }
    /// One line: why the rule exists, citing its principle.
    var reason: String { get }
    /// What to do about a finding.
    var fix: String { get }
    /// The options a configuration may set, with their defaults and ranges.
    var options: [LintOption] { get }
    /// Whether the check reads the ``LintIndex`` (what other files declare). A rule that does
    /// not runs on each file right after it is parsed, while its tree is still in the
    /// processor's caches; one that does runs once every file is indexed. The built-in rules
    /// that read other files keep no tree meanwhile; a rule of your own that does makes the
    /// linter keep every file's tree until the index exists (about 4 KB a line of source).
    var readsOtherFiles: Bool { get }
    /// What the rule finds in `file`.
    func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding]
  }

  extension LintRule {
    /// No options.
    public var options: [LintOption] { [] }
    /// On unless the rule says otherwise.
    public var isEnabledByDefault: Bool { true }
    /// A rule reads other files unless it says it does not: the safe assumption.
    public var readsOtherFiles: Bool { true }
  }

  /// What a rule found, before the linter gives it a location and a severity.
  public struct RuleFinding: Sendable {
    /// Where, in the file's syntax tree.
    public var position: AbsolutePosition
    /// What is wrong, naming the code involved.
    public var message: String

    /// A finding at `node`'s first token (trivia skipped).
    public init(_ node: some SyntaxProtocol, _ message: String) {
      self.position = node.positionAfterSkippingLeadingTrivia
      self.message = message
    }

    /// A finding at `position`.
    public init(at position: AbsolutePosition, _ message: String) {
      self.position = position
      self.message = message
    }
  }

  /// An option a rule takes from the configuration: a whole number in a range, or a list of
  /// names.
  public struct LintOption: Sendable, Hashable {
    /// What kind of value, with its default.
    public enum Kind: Sendable, Hashable {
      /// A whole number in `range`.
      case integer(default: Int, range: ClosedRange<Int>)
      /// A list of names (type names, for example).
      case names(default: [String])
    }

    /// The option's key (`max-depth`).
    public var key: String
    /// Its kind and default.
    public var kind: Kind
    /// What it means, for the documentation and error messages.
    public var help: String

    /// An option.
    public init(_ key: String, _ kind: Kind, help: String) {
      self.key = key
      self.kind = kind
      self.help = help
    }
  }

  /// A file as rules see it: its path, module and layer, and its syntax tree.
  public struct LintedFile: Sendable {
    /// The path, as given.
    public let path: String
    /// The module the file belongs to (`Sources/<Module>/…`), if the path says.
    public let module: String?
    /// The tree.
    public let tree: SourceFileSyntax
    /// The source text.
    public let text: String
    /// The line of a position.
    let lines: LineTable
    /// The closures and member accesses, gathered once for every rule.
    let nodes: FileNodes

    /// The 1-based line of `position`.
    public func line(of position: AbsolutePosition) -> Int {
      lines.location(of: position).line
    }
  }

  /// What a rule may know beyond its file: the index of all files, the rule's options as
  /// configured, and the layers.
  public struct LintContext: Sendable {
    /// What every file declares.
    public let index: LintIndex
    /// The configuration.
    public let configuration: LintConfiguration
    /// The rule being run, for its options.
    let ruleID: String

    /// The configured value of the integer option `key` (its default otherwise).
    public func integer(_ key: String, default value: Int) -> Int {
      configuration.settings(for: ruleID).integers[key] ?? value
    }

    /// The configured names of the option `key` (its default otherwise).
    public func names(_ key: String, default value: [String]) -> [String] {
      configuration.settings(for: ruleID).names[key] ?? value
    }
  }
#endif
