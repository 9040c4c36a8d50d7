import Foundation
import Testing
import YaiaLint

@Suite("layers")
struct LayersRuleTests {
  static let yaml = """
    layers:
      - { name: view, paths: ["Sources/App/Views/**"], may-use: [domain] }
      - { name: domain, paths: ["Sources/App/Domain/**"], may-use: [data] }
      - { name: data, paths: ["Sources/App/Data/**"], modules: [AppData] }
    """

  static let files = [
    "Sources/App/Views/SpeakerView.swift": """
    import AppData
    import SwiftUI
    struct SpeakerView { var state: SpeakersState; var store: SpeakerStore }
    """,
    "Sources/App/Domain/SpeakersState.swift": """
    struct SpeakersState { var count = 0 }
    func load(_ store: SpeakerStore) {}
    """,
    "Sources/App/Data/SpeakerStore.swift": """
    struct SpeakerStore { var view: SpeakerView? }
    """,
    "Sources/AppData/Cache.swift": """
    struct Cache { var count = 0 }
    """,
  ]

  @Test("an import of a forbidden layer and a reference to its type name both ends")
  func crossings() async throws {
    let found = try await findings(in: Self.files, yaml: Self.yaml).filter { $0.ruleID == "layers" }
    let summary = found.map { "\($0.location.path):\($0.location.line)" }
    #expect(
      summary == [
        "Sources/App/Data/SpeakerStore.swift:1", "Sources/App/Views/SpeakerView.swift:1",
        "Sources/App/Views/SpeakerView.swift:3",
      ])
    #expect(found.first?.message.contains("refers to SpeakerView") == true)
    #expect(
      found.dropFirst().first?.message.contains(
        "imports AppData: layer view may not use layer data") == true)
    #expect(
      found.last?.message.contains(
        "refers to SpeakerStore, declared in Sources/App/Data/SpeakerStore.swift: layer view may not use layer data"
      ) == true)
  }

  @Test("a cycle the configuration allows is a finding at the reference that closes it")
  func cycle() async throws {
    let yaml = """
      layers:
        - { name: a, paths: ["Sources/App/A/**"], may-use: [b] }
        - { name: b, paths: ["Sources/App/B/**"], may-use: [a] }
      """
    let files = [
      "Sources/App/A/One.swift": "struct One { var two: Two }",
      "Sources/App/B/Two.swift": "struct Two { var count = 0 }",
    ]
    let found = try await findings(in: files, yaml: yaml).filter { $0.ruleID == "layers" }
    #expect(found.count == 1)
    #expect(found.first?.message.contains("depend on each other") == true)
  }

  @Test("look-alikes: allowed uses, same-layer uses, files in no layer, another module's namesake")
  func allowed() async throws {
    let files = [
      "Sources/App/Views/A.swift":
        "import SwiftUI\nstruct A { var b: B; var s: SpeakersState; var row: Row }",
      "Sources/App/Views/B.swift": "struct B {}",
      "Sources/App/Domain/SpeakersState.swift": "struct SpeakersState {}",
      // A `Row` of the data module: the view's `Row` is another module's (GRDB's, say).
      "Sources/AppData/Row.swift": "struct Row {}",
      "Scripts/Tool.swift": "struct Tool { var a: A }",
    ]
    #expect(try await lines(of: "layers", in: files, yaml: Self.yaml).isEmpty)
  }
}

@Suite("Layers from the package, and imports a layer forbids")
struct PackageLayerTests {
  @Test("a layer's forbid-imports reports the import, wherever the module lives")
  func forbidImports() async throws {
    let yaml = """
      layers:
        - { name: view-models, paths: ["Sources/App/ViewModels/**"], forbid-imports: [UIKit, SwiftUI] }
        - { name: views, paths: ["Sources/App/Views/**"], may-use: [view-models] }
      """
    let files = [
      "Sources/App/ViewModels/CartViewModel.swift":
        "import Foundation\nimport UIKit\nimport struct SwiftUI.Color\nstruct CartViewModel {}\n",
      "Sources/App/Views/CartView.swift": "import UIKit\nstruct CartView {}\n",
    ]
    let found = try await findings(in: files, yaml: yaml).filter { $0.ruleID == "layers" }
    #expect(found.map(\.location.path) == Array(repeating: files.keys.sorted()[0], count: 2))
    #expect(found.map(\.location.line) == [2, 3])
    #expect(found.first?.message.contains("layer view-models may not import it") == true)
  }

  @Test("imports inside every #if branch, however nested, are checked too")
  func importsInsideConditions() async throws {
    let yaml = """
      layers:
        - { name: view-models, paths: ["Sources/App/ViewModels/**"], forbid-imports: [UIKit, AppKit, SwiftUI] }
      """
    let source = """
      import Foundation
      #if canImport(UIKit)
        import UIKit
      #elseif os(macOS)
        #if DEBUG
          import AppKit
        #endif
      #else
        import SwiftUI
      #endif
      struct CartViewModel {}
      """
    let found = try await findings(
      in: ["Sources/App/ViewModels/CartViewModel.swift": source], yaml: yaml
    ).filter { $0.ruleID == "layers" }
    #expect(found.map(\.location.line) == [3, 6, 9])
  }

  @Test("swift package dump-package's JSON gives one layer per target, using its dependencies")
  func fromDump() throws {
    let dump = """
      {"name": "Shop", "targets": [
        {"name": "Core", "type": "regular", "dependencies": []},
        {"name": "Data", "type": "regular", "dependencies": [
          {"byName": ["Core", null]},
          {"product": ["GRDB", "GRDB.swift", null, {"platformNames": ["ios"]}]}]},
        {"name": "App", "type": "executable", "dependencies": [
          {"target": ["Data", null]}, {"byName": ["Core", null]}, {"byName": ["Core", null]}]},
        {"name": "AppTests", "type": "test", "dependencies": [{"target": ["App", null]}]}
      ]}
      """
    let layers = try PackageLayers.layers(fromDump: Data(dump.utf8))
    #expect(layers.map(\.name) == ["Core", "Data", "App"])
    #expect(layers.map(\.mayUse) == [[], ["Core"], ["Data", "Core"]])
    let yaml = PackageLayers.yaml(layers)
    #expect(
      yaml.contains(
        "  - name: \"App\"\n    modules: [\"App\"]\n    may-use: [\"Data\", \"Core\"]\n"))
    let configuration = try LintConfiguration.load(
      yaml: yaml, path: ".yaia-lint.yml", rules: LintRules.all)
    #expect(configuration.layers == layers)
    #expect(throws: LintConfigurationError.self) {
      try PackageLayers.layers(fromDump: Data("{\"targets\": 3}".utf8))
    }
  }

  @Test("a target's name is written quoted: one with a comma, a hash or a quote stays one module")
  func quotedNames() throws {
    let dump = #"""
      {"name": "Odd", "targets": [
        {"name": "C, Z", "type": "regular", "dependencies": []},
        {"name": "#x\"y", "type": "regular", "dependencies": [{"byName": ["C, Z", null]}]}
      ]}
      """#
    let layers = try PackageLayers.layers(fromDump: Data(dump.utf8))
    #expect(layers.map(\.modules) == [["C, Z"], ["#x\"y"]])
    let configuration = try LintConfiguration.load(
      yaml: PackageLayers.yaml(layers), path: ".yaia-lint.yml", rules: LintRules.all)
    #expect(configuration.layers == layers)
  }

  @Test("with transitive, a target may use every target it reaches, as SwiftPM lets it import")
  func transitiveFromDump() async throws {
    let dump = """
      {"name": "Shop", "targets": [
        {"name": "Core", "type": "regular", "dependencies": []},
        {"name": "Model", "type": "regular", "dependencies": [{"byName": ["Core", null]}]},
        {"name": "Data", "type": "regular", "dependencies": [{"byName": ["Model", null]}]},
        {"name": "App", "type": "executable", "dependencies": [{"target": ["Data", null]}]},
        {"name": "Loop", "type": "regular", "dependencies": [{"byName": ["Loop2", null]}]},
        {"name": "Loop2", "type": "regular", "dependencies": [{"byName": ["Loop", null]}]}
      ]}
      """
    let direct = try PackageLayers.layers(fromDump: Data(dump.utf8))
    #expect(direct.first { $0.name == "App" }?.mayUse == ["Data"])
    let layers = try PackageLayers.layers(fromDump: Data(dump.utf8), transitive: true)
    #expect(
      layers.map(\.mayUse) == [
        [], ["Core"], ["Core", "Model"], ["Core", "Model", "Data"], ["Loop2"], ["Loop"],
      ])
    // App imports Core, which SwiftPM builds: no finding with the transitive layers.
    let yaml = PackageLayers.yaml(layers)
    let found = try await findings(
      in: ["Sources/App/main.swift": "import Core\nimport Data\n"], yaml: yaml)
    #expect(found.filter { $0.ruleID == "layers" }.isEmpty, "\(found)")
  }

  @Test("a type seen through @_exported or public import is checked by the layer that declares it")
  func reexportedTypes() async throws {
    let yaml = """
      layers:
        - { name: view, modules: [View], may-use: [domain] }
        - { name: domain, modules: [Domain], may-use: [data] }
        - { name: data, modules: [Data] }
      """
    for reexport in ["@_exported import Data", "public import Data"] {
      let found = try await findings(
        in: [
          "Sources/View/Screen.swift":
            "import Domain\nstruct Screen { let record: Record; let rule: Rule }\n",
          "Sources/Domain/Exports.swift": "\(reexport)\npublic struct Rule {}\n",
          "Sources/Data/Record.swift": "public struct Record {}\n",
        ], yaml: yaml
      ).filter { $0.ruleID == "layers" }
      // Record is the data layer's, seen through Domain's re-export: the view may not use it.
      // Rule is the domain's own, which the view may use.
      #expect(found.map(\.location.path) == ["Sources/View/Screen.swift"], "\(reexport): \(found)")
      #expect(found.first?.message.contains("refers to Record, declared in module Data") == true)
      #expect(found.first?.message.contains("layer view may not use layer data") == true)
    }
    // A chain: View imports Domain, which re-exports Service, which re-exports Data.
    let chained = try await findings(
      in: [
        "Sources/View/Screen.swift": "import Domain\nstruct Screen { let record: Record }\n",
        "Sources/Domain/Exports.swift": "@_exported import Service\n",
        "Sources/Service/Exports.swift": "@_exported import Data\n",
        "Sources/Data/Record.swift": "public struct Record {}\n",
      ],
      yaml: """
        layers:
          - { name: view, modules: [View], may-use: [domain] }
          - { name: domain, modules: [Domain], may-use: [service] }
          - { name: service, modules: [Service], may-use: [data] }
          - { name: data, modules: [Data] }
        """
    ).filter { $0.ruleID == "layers" }
    #expect(found(chained, in: "Sources/View/Screen.swift") == 1, "\(chained)")
  }

  func found(_ findings: [LintFinding], in path: String) -> Int {
    findings.filter { $0.location.path == path }.count
  }
}
