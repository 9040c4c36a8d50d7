#if Lint  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import YaiaHTTP

  /// A team's layers, started from its package: one layer per target of `Package.swift`, which
  /// may use the targets it depends on. `yaia lint --package-layers` prints them as the
  /// `layers:` section of a configuration, to paste and then edit (merge targets into layers,
  /// add `forbid-imports`).
  ///
  /// This type reads the manifest as `swift package dump-package` writes it (JSON) and
  /// evaluates no Swift itself; but producing that JSON compiles and runs the package's
  /// `Package.swift`, as every SwiftPM command does, so `yaia lint --package-layers` says so and
  /// is run only on a package one trusts.
  public enum PackageLayers {
    /// The layers of the package whose `dump-package` output is `data`: its library, executable
    /// and macro targets (not its tests and plugins), each allowed the targets of the same
    /// package it depends on directly, or with `transitive` every target it reaches through
    /// them: what SwiftPM lets it import, since a target sees its dependencies' dependencies.
    ///
    /// - Throws: ``LintConfigurationError`` when `data` is not that JSON.
    public static func layers(fromDump data: Data, transitive: Bool = false)
      throws(LintConfigurationError) -> [LintLayer]
    {
      let manifest: Manifest
      do {
        manifest = try JSONDecoder().decode(Manifest.self, from: data)
      } catch {
        throw LintConfigurationError(
          path: "swift package dump-package", line: nil,
          message: "is not a package description: \(error)")
      }
      let kept = manifest.targets.filter { !["test", "plugin"].contains($0.type) }
      let names = Set(kept.map(\.name))
      var direct: [String: [String]] = [:]
      for target in kept {
        var uses: [String] = []
        for dependency in target.dependencies
        where names.contains(dependency.name) && !uses.contains(dependency.name) {
          uses.append(dependency.name)
        }
        direct[target.name] = uses
      }
      return kept.map { target in
        let uses = direct[target.name] ?? []
        guard transitive else {
          return LintLayer(name: target.name, modules: [target.name], mayUse: uses)
        }
        // Every target reached, in the manifest's order; a cycle (which SwiftPM refuses
        // anyway) ends where it closes.
        var reached: Set<String> = []
        var waiting = uses
        while let next = waiting.popLast() {
          guard next != target.name, reached.insert(next).inserted else { continue }
          waiting.append(contentsOf: direct[next] ?? [])
        }
        return LintLayer(
          name: target.name, modules: [target.name],
          mayUse: kept.map(\.name).filter(reached.contains))
      }
    }

    /// `layers` as the `layers:` section of a `.yaia-lint.yml`.
    public static func yaml(_ layers: [LintLayer]) -> String {
      var text = "layers:\n"
      // Every name double-quoted and escaped: a target's name is whatever its manifest says,
      // and written bare, `C, Z` became two modules and `#x` a comment.
      func quoted(_ name: String) -> String { "\"" + JSONText.escaped(name) + "\"" }
      for layer in layers {
        text +=
          "  - name: \(quoted(layer.name))\n    modules: [\(layer.modules.map(quoted).joined(separator: ", "))]\n"
        if !layer.mayUse.isEmpty {
          text += "    may-use: [\(layer.mayUse.map(quoted).joined(separator: ", "))]\n"
        }
      }
      return text
    }

    private struct Manifest: Decodable {
      var targets: [Target]
    }

    private struct Target: Decodable {
      var name: String
      var type: String
      var dependencies: [Dependency]
    }

    /// `{"byName": ["Core", null]}`, `{"target": ["Core", null]}` or
    /// `{"product": ["Logging", "swift-log", null, null]}`: the name comes first.
    private struct Dependency: Decodable {
      var name: String

      private enum Kind: String, CodingKey { case byName, target, product }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Kind.self)
        guard let kind = container.allKeys.first else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "an unknown dependency"))
        }
        var fields = try container.nestedUnkeyedContainer(forKey: kind)
        let name = try fields.decode(String.self)
        // A product of another package is not one of this package's layers.
        self.name = kind == .product ? "" : name
      }
    }
  }
#endif
