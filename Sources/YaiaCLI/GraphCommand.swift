import ArgumentParser
import YaiaDemo
import YaiaSequencer

/// `yaia graph`: prints the sample app's launch graph.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Print the sample app's launch graph.",
    discussion: """
      Each launch scenario has its own graph of steps and dependencies. `text` lists the \
      waves of steps that run together; `mermaid` and `dot` draw the graph (paste Mermaid \
      into Markdown, render DOT with Graphviz). Steps that wait for the user are drawn \
      rounded; arrows from optional steps are dashed.
      """)

  /// The launch scenarios, by their command-line names.
  enum Launch: String, ExpressibleByArgument, CaseIterable {
    case regular
    case firstRun = "first-run"
    case push

    var scenario: DemoScenario {
      switch self {
      case .regular: .regular
      case .firstRun: .firstRun
      case .push: .push(message: "A push notification")
      }
    }
  }

  /// The output formats.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, mermaid, dot
  }

  @Option(help: "The launch scenario: \(Launch.allCases.map(\.rawValue).joined(separator: ", ")).")
  var launch: Launch = .regular

  @Option(help: "The output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
  var format: Format = .text

  func run() throws {
    print(try Self.render(launch, format: format), terminator: "")
  }

  /// The graph of `launch` in `format`.
  static func render(_ launch: Launch, format: Format) throws -> String {
    let plan = try DemoLaunch.plan(launch.scenario)
    switch format {
    case .text:
      let critical = plan.criticalPath().map(\.description).joined(separator: " -> ")
      return "Launch \(launch.rawValue): \(plan.count) steps in \(plan.waves.count) waves\n"
        + plan.outline()
        + "critical path: \(critical)\n"
    case .mermaid:
      return plan.mermaid()
    case .dot:
      return plan.dot(name: "launch-\(launch.rawValue)")
    }
  }
}
