#if Lint  // the trait; without it, TraitRequirement.swift names it
  import Yams

  extension LintConfiguration {
    /// The largest configuration file read (a configuration is a few dozen lines).
    public static let maxFileBytes = 1 << 20

    /// Reads a configuration from `yaml`, checking every key and value against `rules`.
    ///
    /// ```yaml
    /// rules:
    ///   state-purity: { severity: error, allowed-classes: [Logger] }
    ///   nested-closures: { max-depth: 4 }
    ///   commented-out-code: off
    /// layers:
    ///   - { name: view, paths: ["Sources/App/Views/**"], may-use: [domain] }
    ///   - { name: domain, modules: [AppDomain], may-use: [data] }
    ///   - { name: data, modules: [AppData] }
    ///   - { name: view-models, paths: ["**/*ViewModel.swift"], forbid-imports: [UIKit, SwiftUI] }
    /// exclude: ["**/Generated/**"]
    /// skip: [".*", DerivedData, Carthage]   # names never entered (default adds Pods)
    /// unlinted-files: warning    # a file that does not parse only warns (default: error)
    /// ```
    ///
    /// - Throws: ``LintConfigurationError`` naming `path` and the line of the first unknown
    ///   key, bad value, unknown rule or layer, or YAML that does not parse.
    public static func load(yaml: String, path: String, rules: [any LintRule])
      throws(LintConfigurationError) -> LintConfiguration
    {
      guard yaml.utf8.count <= maxFileBytes else {
        throw LintConfigurationError(
          path: path, line: nil, message: "is larger than \(maxFileBytes) bytes")
      }
      let root: Node?
      do {
        root = try Yams.compose(yaml: yaml)
      } catch {
        throw LintConfigurationError(path: path, line: nil, message: "is not valid YAML: \(error)")
      }
      let reader = Reader(path: path, rules: rules)
      guard let root else { return LintConfiguration() }
      return try reader.configuration(root)
    }
  }

  /// A configuration file that cannot be used: which file, which line, and what is wrong.
  public struct LintConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The line, when one is to blame.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// An error.
    public init(path: String, line: Int?, message: String) {
      self.path = path
      self.line = line
      self.message = message
    }

    /// `.yaia-lint.yml:4: unknown key 'max-dept' for rule nested-closures (known: max-depth)`.
    public var description: String {
      "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
  }

  /// Walks the YAML nodes, checking each against what it may be.
  private struct Reader {
    let path: String
    let rules: [String: any LintRule]

    init(path: String, rules: [any LintRule]) {
      self.path = path
      self.rules = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func fail(_ node: Node, _ message: String) -> LintConfigurationError {
      LintConfigurationError(path: path, line: node.mark?.line, message: message)
    }

    func mapping(_ node: Node, _ what: String) throws(LintConfigurationError) -> [(
      String, Node, Node
    )] {
      if case .alias = node { throw fail(node, "YAML aliases are not allowed here") }
      guard let mapping = node.mapping else { throw fail(node, "\(what) must be a mapping") }
      var pairs: [(String, Node, Node)] = []
      for (key, value) in mapping {
        guard let name = key.scalar?.string else { throw fail(key, "keys of \(what) must be text") }
        if case .alias = value { throw fail(value, "YAML aliases are not allowed here") }
        pairs.append((name, key, value))
      }
      return pairs
    }

    func strings(_ node: Node, _ what: String) throws(LintConfigurationError) -> [String] {
      if let scalar = node.scalar { return [scalar.string] }
      guard let sequence = node.sequence else {
        throw fail(node, "\(what) must be a name or a list of names")
      }
      var names: [String] = []
      for item in sequence {
        guard let text = item.scalar?.string, !text.isEmpty else {
          throw fail(item, "\(what) must hold names")
        }
        names.append(text)
      }
      return names
    }

    func configuration(_ root: Node) throws(LintConfigurationError) -> LintConfiguration {
      var configuration = LintConfiguration()
      for (key, keyNode, value) in try mapping(root, "the configuration") {
        switch key {
        case "rules":
          for (id, idNode, settings) in try mapping(value, "rules") {
            guard let rule = rules[id] else {
              throw fail(
                idNode,
                "unknown rule '\(id)' (known: \(rules.keys.sorted().joined(separator: ", ")))"
              )
            }
            configuration.rules[id] = try self.settings(settings, for: rule)
          }
        case "layers":
          guard let sequence = value.sequence else { throw fail(value, "layers must be a list") }
          for item in sequence { configuration.layers.append(try layer(item)) }
          try checkLayers(configuration.layers, at: value)
        case "exclude":
          configuration.excluded = try strings(value, "exclude")
        case "skip":
          configuration.skipped = try strings(value, "skip")
        case "unlinted-files":
          switch value.scalar?.string {
          case "error": configuration.failsOnUnlintedFiles = true
          case "warning": configuration.failsOnUnlintedFiles = false
          default: throw fail(value, "unlinted-files must be error or warning")
          }
        default:
          throw fail(
            keyNode, "unknown key '\(key)' (known: rules, layers, exclude, skip, unlinted-files)")
        }
      }
      return configuration
    }

    func settings(_ node: Node, for rule: any LintRule) throws(LintConfigurationError)
      -> LintConfiguration.RuleSettings
    {
      var settings = LintConfiguration.RuleSettings()
      if let word = node.scalar?.string {
        switch word {
        case "off", "false": settings.isEnabled = false
        case "on", "true": break
        case "warning", "error": settings.severity = LintSeverity(rawValue: word)
        default:
          throw fail(
            node, "rule \(rule.id) takes on, off, warning, error, or a mapping; not '\(word)'")
        }
        return settings
      }
      for (key, keyNode, value) in try mapping(node, "rule \(rule.id)") {
        switch key {
        case "enabled":
          guard let flag = value.scalar?.string, ["true", "false", "on", "off"].contains(flag)
          else {
            throw fail(value, "enabled must be true or false")
          }
          settings.isEnabled = flag == "true" || flag == "on"
        case "severity":
          guard let word = value.scalar?.string, let severity = LintSeverity(rawValue: word) else {
            throw fail(value, "severity must be warning or error")
          }
          settings.severity = severity
        default:
          guard let option = rule.options.first(where: { $0.key == key }) else {
            let known = ["enabled", "severity"] + rule.options.map(\.key)
            throw fail(
              keyNode,
              "unknown key '\(key)' for rule \(rule.id) (known: \(known.joined(separator: ", ")))")
          }
          switch option.kind {
          case .integer(_, let range):
            guard let text = value.scalar?.string, let number = Int(text), range.contains(number)
            else {
              throw fail(
                value,
                "\(key) of rule \(rule.id) must be a whole number from \(range.lowerBound) to \(range.upperBound)"
              )
            }
            settings.integers[key] = number
          case .names:
            settings.names[key] = try strings(value, "\(key) of rule \(rule.id)")
          }
        }
      }
      return settings
    }

    func layer(_ node: Node) throws(LintConfigurationError) -> LintLayer {
      var layer = LintLayer(name: "")
      for (key, keyNode, value) in try mapping(node, "a layer") {
        switch key {
        case "name":
          guard let name = value.scalar?.string, !name.isEmpty else {
            throw fail(value, "a layer's name must be text")
          }
          layer.name = name
        case "paths": layer.paths = try strings(value, "paths")
        case "modules": layer.modules = try strings(value, "modules")
        case "may-use": layer.mayUse = try strings(value, "may-use")
        case "forbid-imports": layer.forbidImports = try strings(value, "forbid-imports")
        default:
          throw fail(
            keyNode,
            "unknown key '\(key)' for a layer (known: name, paths, modules, may-use, forbid-imports)"
          )
        }
      }
      guard !layer.name.isEmpty else { throw fail(node, "a layer needs a name") }
      guard !layer.paths.isEmpty || !layer.modules.isEmpty else {
        throw fail(node, "layer \(layer.name) needs paths or modules")
      }
      return layer
    }

    func checkLayers(_ layers: [LintLayer], at node: Node) throws(LintConfigurationError) {
      var seen: Set<String> = []
      for layer in layers {
        guard seen.insert(layer.name).inserted else {
          throw fail(node, "layer \(layer.name) is declared twice")
        }
      }
      for layer in layers {
        for used in layer.mayUse where !seen.contains(used) {
          throw fail(node, "layer \(layer.name) may use '\(used)', which is not a layer")
        }
      }
    }
  }
#endif
