import ArgumentParser

/// `yaia`: Yaia's command-line tools.
@main
struct Yaia: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "yaia",
    abstract: "Tools for apps built with Yaia.",
    subcommands: [
      DemoCommand.self, MockServerCommand.self, GraphCommand.self, LintCommand.self,
      InspectCommand.self,
    ])
}
