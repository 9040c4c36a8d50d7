import Dispatch
import Foundation
import SwiftParser
import YaiaBenchSupport
import YaiaLint

/// `yaia lint` on a generated tree of 100,000 lines of realistic Swift (views, states, shells,
/// services), against swift-syntax's bare parse of the same tree, both on all cores: how fast
/// the rules run, and what they cost beyond parsing.
enum LintBenchmark {
  static let targetLines = 100_000

  static func run() -> [Figure] {
    let sources = tree()
    let lines = sources.reduce(0) {
      $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count
    }
    let linter = Linter(rules: LintRules.all, configuration: everyRule)
    var lintSeconds = Double.infinity
    var parseSeconds = Double.infinity
    var findings = 0
    let clock = ContinuousClock()
    // The first run, as a command line run meets it (no memory the allocator already holds),
    // and the most memory a run holds at once.
    var firstSeconds = 0.0
    let peak = ResidentMemory.peakGrowthMB {
      firstSeconds = seconds(clock.measure { findings = linter.run(sources).findings.count })
    }
    for _ in 0..<3 {
      lintSeconds = min(
        lintSeconds, seconds(clock.measure { findings = linter.run(sources).findings.count }))
      parseSeconds = min(parseSeconds, seconds(clock.measure { parseAll(sources) }))
    }
    let linted = Double(lines) / lintSeconds
    let parsed = Double(lines) / parseSeconds
    return [
      Figure(
        name: "lint.lines", value: Double(lines), unit: "lines",
        label: "generated tree (\(sources.count) files, \(findings) findings)"),
      Figure(
        name: "lint.lines_per_s", value: linted, unit: "lines/s",
        label: "yaia lint, all rules, 2 cores",
        target: ">= 200000"),
      Figure(
        name: "lint.first_run_lines_per_s", value: Double(lines) / firstSeconds, unit: "lines/s",
        label: "yaia lint's first run in the process"),
      Figure(
        name: "lint.peak_mb", value: peak ?? -1, unit: "MB",
        label: "memory a run holds at its peak (-1: not reported)"),
      Figure(
        name: "lint.parse_only_lines_per_s", value: parsed, unit: "lines/s",
        label: "swift-syntax parse only, 2 cores"),
      Figure(
        name: "lint.rules_to_parse_ratio", value: linted / parsed, unit: "x",
        label: "lint speed / parse-only speed", target: ">= 0.5"),
    ]
  }

  /// Every rule on, the ones off by default too: the figures measure all the work.
  static var everyRule: LintConfiguration {
    var configuration = LintConfiguration()
    for rule in LintRules.all { configuration.rules[rule.id] = .init() }
    return configuration
  }

  /// `yaia lint` on real apps: the folders in `YAIA_LINT_CORPUS` (separated by `:`), each linted
  /// with every rule and parsed bare, on all cores; best of three. Tests/YaiaLintTests/Corpus
  /// says which apps and how to fetch them.
  static func runCorpus() throws -> [Figure] {
    guard let list = ProcessInfo.processInfo.environment["YAIA_LINT_CORPUS"], !list.isEmpty
    else {
      throw BenchmarkFailed(
        "lint-corpus reads the folders to lint from YAIA_LINT_CORPUS (folder:folder:…)")
    }
    var figures: [Figure] = []
    let clock = ContinuousClock()
    for folder in list.split(separator: ":").map(String.init) {
      let (sources, _) = LintFiles.collect([folder])
      let lines = sources.reduce(0) {
        $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count
      }
      let linter = Linter(rules: LintRules.all, configuration: everyRule)
      var lintSeconds = Double.infinity
      var parseSeconds = Double.infinity
      var report: LintReport?
      let peak = ResidentMemory.peakGrowthMB { report = linter.run(sources) }
      for _ in 0..<3 {
        lintSeconds = min(lintSeconds, seconds(clock.measure { report = linter.run(sources) }))
        parseSeconds = min(parseSeconds, seconds(clock.measure { parseAll(sources) }))
      }
      let name = URL(fileURLWithPath: folder).lastPathComponent
      let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
      let findings = report?.findings.count ?? 0
      figures += [
        Figure(
          name: "lint_corpus.\(key).lines_per_s", value: Double(lines) / lintSeconds,
          unit: "lines/s",
          label: "\(name): \(sources.count) files, \(lines) lines, \(findings) findings"),
        Figure(
          name: "lint_corpus.\(key).lint_to_parse", value: lintSeconds / parseSeconds, unit: "x",
          label: "\(name): lint time / bare parse time"),
        Figure(
          name: "lint_corpus.\(key).peak_mb", value: peak ?? -1, unit: "MB",
          label: "\(name): resident memory the first run adds (what earlier apps freed is reused)"),
      ]
    }
    return figures
  }

  /// Parses every source on all cores, keeping nothing.
  static func parseAll(_ sources: [LintSource]) {
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
      blackHole(Parser.parse(source: sources[index].text))
    }
  }

  /// About `targetLines` lines in files of four kinds, as an app's feature folders hold them.
  static func tree() -> [LintSource] {
    var sources: [LintSource] = []
    var lines = 0
    var index = 0
    while lines < targetLines {
      let kind = index % 4
      let text: String
      switch kind {
      case 0: text = state(index)
      case 1: text = view(index)
      case 2: text = shell(index)
      default: text = service(index)
      }
      sources.append(
        LintSource(path: "Sources/App/Feature\(index / 4)/File\(index).swift", text: text))
      lines += text.split(separator: "\n", omittingEmptySubsequences: false).count
      index += 1
    }
    return sources
  }

  static func state(_ n: Int) -> String {
    var cases = ""
    var handling = ""
    for i in 0..<12 {
      cases += "    case edited\(i)(String)\n    case tapped\(i)\n"
      handling += """
            case .edited\(i)(let text):
              draft\(i % 4) = text.trimmingCharacters(in: .whitespaces)
              message = draft\(i % 4).isEmpty ? "Field \(i) is empty." : nil
              return []
            case .tapped\(i):
              guard !draft\(i % 4).isEmpty else { return [] }
              isLoading = true
              return [.save(id: \(i), value: draft\(i % 4))]

        """
    }
    return """
      import Foundation
      import Yaia

      /// The state of feature \(n): drafts, a loading flag and a message.
      struct Feature\(n)State: ShellState {
        enum Event: Equatable, Sendable {
      \(cases)    case saved(Result<Int, SaveError>)
        }

        enum Command: Equatable, Sendable {
          case save(id: Int, value: String)
        }

        struct ViewModel: Equatable, Sendable {
          var title: String
          var drafts: [String]
          var isLoading: Bool
          var message: String?
        }

        struct SaveError: Error, Equatable, Sendable { var reason: String }

        private var draft0 = ""
        private var draft1 = ""
        private var draft2 = ""
        private var draft3 = ""
        private var isLoading = false
        private var message: String?

        mutating func handle(_ event: Event) -> [Command] {
          switch event {
      \(handling)      case .saved(.success):
            isLoading = false
            return []
          case .saved(.failure(let error)):
            isLoading = false
            message = "Not saved: \\(error.reason)"
            return []
          }
        }

        var viewModel: ViewModel {
          ViewModel(
            title: "Feature \(n)", drafts: [draft0, draft1, draft2, draft3], isLoading: isLoading,
            message: message)
        }
      }

      """
  }

  static func view(_ n: Int) -> String {
    var rows = ""
    for i in 0..<16 {
      rows += """
                HStack {
                  Text(model.drafts[\(i % 4)])
                    .font(.headline)
                    .foregroundStyle(model.isLoading ? .secondary : .primary)
                  Spacer()
                  Button("Save \(i)") { send(.tapped\(i % 12)) }
                    .disabled(model.isLoading)
                }
                .padding(.horizontal, 12)

        """
    }
    return """
      import SwiftUI

      /// The screen of feature \(n).
      struct Feature\(n)View: View {
        let model: Feature\(n - 1)State.ViewModel
        let send: (Feature\(n - 1)State.Event) -> Void

        var body: some View {
          ScrollView {
            VStack(alignment: .leading, spacing: 8) {
      \(rows)        if let message = model.message {
                Text(message).foregroundStyle(.red)
              }
            }
          }
          .navigationTitle(model.title)
        }
      }

      """
  }

  static func shell(_ n: Int) -> String {
    var handlers = ""
    for i in 0..<10 {
      handlers += """
          func run\(i)(_ command: Command, _ effects: Effects) {
            switch command {
            case .save(let id, let value):
              effects.run(id: "save-\\(id)") {
                do {
                  let saved = try await service.save(id: id, value: value)
                  return .saved(.success(saved))
                } catch {
                  return .saved(.failure(SaveError(reason: "\\(error)")))
                }
              }
            }
          }

        """
    }
    return """
      import Foundation
      import Yaia

      /// The shell of feature \(n): runs its commands against the service.
      @MainActor
      struct Feature\(n)Shell {
        typealias Command = Feature\(n - 2)State.Command
        typealias Effects = ShellEffects<Feature\(n - 2)State>
        typealias SaveError = Feature\(n - 2)State.SaveError
        let service: Feature\(n + 1)Service

      \(handlers)}

      """
  }

  static func service(_ n: Int) -> String {
    var calls = ""
    for i in 0..<10 {
      calls += """
          /// Saves value \(i) and returns the stored id.
          func save\(i)(id: Int, value: String) async throws -> Int {
            var request = URLRequest(url: baseURL.appending(path: "items/\\(id)"))
            request.httpMethod = "PUT"
            request.httpBody = Data(value.utf8)
            let (data, response) = try await session.data(for: request)
            guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
              throw URLError(.badServerResponse)
            }
            return try JSONDecoder().decode(Int.self, from: data)
          }

        """
    }
    return """
      import Foundation

      /// The service of feature \(n): the server's endpoints.
      struct Feature\(n)Service: Sendable {
        let baseURL: URL
        let session: URLSession

        func save(id: Int, value: String) async throws -> Int {
          try await save0(id: id, value: value)
        }

      \(calls)}

      """
  }
}
