#if Lint  // the trait; without it, TraitRequirement.swift names it
  /// What a team decides about the rules: which run, how severe each is, their thresholds, the
  /// layers of the app and which may use which, and the paths left out. Read from
  /// `.yaia-lint.yml` by ``LintConfiguration/load(yaml:path:rules:)``.
  public struct LintConfiguration: Sendable {
    /// One rule's settings.
    public struct RuleSettings: Sendable, Hashable {
      /// Whether the rule runs.
      public var isEnabled = true
      /// Its severity; `nil` for the rule's default.
      public var severity: LintSeverity?
      /// Whole-number options set (`max-depth: 4`).
      public var integers: [String: Int] = [:]
      /// Name-list options set (`allowed-classes: [Logger]`).
      public var names: [String: [String]] = [:]

      /// Default settings: enabled, default severity, default options.
      public init() {}
    }

    /// Each rule's settings, by id; a rule not listed runs with its defaults.
    public var rules: [String: RuleSettings] = [:]
    /// The app's layers, in the order they were declared.
    public var layers: [LintLayer] = []
    /// Path globs left out (`**/Generated/**`).
    public var excluded: [String] = []
    /// The names of files and folders never entered, at any depth, as globs on the name alone
    /// (`skip:`; default ``LintFiles/builtInSkips``: hidden names, `DerivedData`, `Pods`,
    /// `Carthage`). Each one met is named in the run's summary, so a module that happens to be
    /// called `Pods` is not dropped in silence; a team whose code lives there lists the others.
    public var skipped: [String] = LintFiles.builtInSkips
    /// Whether a Swift file left unchecked (it does not parse, or cannot be read safely) fails
    /// the run (`unlinted-files: error`, the default) or only warns (`unlinted-files: warning`).
    public var failsOnUnlintedFiles = true

    /// Every rule enabled with its defaults, no layers, nothing excluded.
    public init() {}

    /// The settings of the rule `id`.
    public func settings(for id: String) -> RuleSettings {
      rules[id] ?? RuleSettings()
    }

    /// Whether `rule` runs: as the configuration says when it names the rule (naming it with
    /// any setting turns it on, unless the setting is `off`), else by the rule's default.
    public func isEnabled(_ rule: any LintRule) -> Bool {
      rules[rule.id]?.isEnabled ?? rule.isEnabledByDefault
    }

    /// The layer a file belongs to: the first whose module list has `module` or whose globs
    /// match `path`.
    public func layer(path: String, module: String?) -> LintLayer? {
      layers.first { layer in
        (module.map(layer.modules.contains) ?? false)
          || layer.paths.contains { Glob($0).matches(path) }
      }
    }

    /// The layer that holds the module `module`, if one lists it.
    public func layer(ofModule module: String) -> LintLayer? {
      layers.first { $0.modules.contains(module) }
    }

    /// Whether `path` is left out.
    public func isExcluded(_ path: String) -> Bool {
      excluded.contains { Glob($0).matches(path) }
    }
  }

  /// A layer of the app: which files belong to it (path globs, module names) and which other
  /// layers it may use. View → domain → data is three layers, each allowed the next.
  public struct LintLayer: Sendable, Hashable {
    /// Its name (`view`).
    public var name: String
    /// Globs of the paths in it (`Sources/App/Views/**`).
    public var paths: [String]
    /// Modules in it.
    public var modules: [String]
    /// The layers it may use, besides itself.
    public var mayUse: [String]
    /// Modules its files may not import, whatever layer they are in or none (`UIKit` for view
    /// models, so that they stay testable without a screen).
    public var forbidImports: [String]

    /// A layer.
    public init(
      name: String, paths: [String] = [], modules: [String] = [], mayUse: [String] = [],
      forbidImports: [String] = []
    ) {
      self.name = name
      self.paths = paths
      self.modules = modules
      self.mayUse = mayUse
      self.forbidImports = forbidImports
    }
  }
#endif
