import ArgumentParser
import Foundation
import Yaia
import YaiaCommandLine

/// `yaia`: Yaia's command-line tools.
@main
struct Yaia: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "yaia",
    abstract: "Tools for apps built with Yaia.",
    subcommands: [
      DemoCommand.self, MockServerCommand.self, GraphCommand.self, LintLauncherCommand.self,
      InspectCommand.self, ResourcesCommand.self,
    ])

  /// Runs the command, its argument errors shown escaped (`mainShowingArgumentsSafely`).
  static func main() async {
    await mainShowingArgumentsSafely()
  }
}
